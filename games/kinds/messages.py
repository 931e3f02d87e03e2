"""French messages that the Django layer translates at render time, for every
kind alike: one `Message`, `RuleError` and `InvalidEntry`, so that the web layer
catches and translates a refusal the same way whatever the game.

The engine stays free of Django, so it cannot call gettext itself: every French
literal goes through `gettext_noop` (so makemessages extracts it) and anything with
values is a `Message` whose template is translated before the params are applied.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field


def gettext_noop(s: str) -> str:
    return s


def pgettext(context: str, s: str) -> str:
    """Marks a string with a context (short box labels, "abréviation", may share
    their French with a long label but not their English); the Django layer
    translates it with the real pgettext."""
    return s


def _identity(s: str) -> str:
    return s


@dataclass(frozen=True, slots=True)
class Message:
    """A French template with %(name)s placeholders and the values to put in them.

    A param may itself be a Message (a box or column label, say), so that it gets
    translated too when the whole message is rendered with `format(gettext)`.
    """

    template: str
    params: Mapping[str, object] = field(default_factory=dict)

    def format(self, translate: Callable[[str], str] = _identity) -> str:
        params = {
            name: value.format(translate) if isinstance(value, Message) else value
            for name, value in self.params.items()
        }
        text = translate(self.template)
        # Same convention as Django's: a template without params is used verbatim.
        return text % params if params else text

    def __str__(self) -> str:
        return self.format()


class RuleError(ValueError):
    """A refusal from the rules engine; `message` is a `Message` in French."""

    def __init__(self, message: Message) -> None:
        super().__init__(str(message))
        self.message = message


class InvalidEntry(RuleError):
    """What the host entered for a box cannot be written there."""

    def __init__(self, message: Message, box: str | None = None) -> None:
        super().__init__(message)
        self.box = box
