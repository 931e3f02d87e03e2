"""The options a kind of game takes, as the create form shows them and the
rules check them: one `OptionSpec` for every kind. Pure Python, no Django."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, TypeGuard

from .messages import Message, RuleError, gettext_noop


def is_int(value: object) -> TypeGuard[int]:
    # A JSON true is not a 1: a forged or confused value, refused like any other.
    return isinstance(value, int) and not isinstance(value, bool)


OptionType = Literal["int", "choice", "bool", "columns"]


@dataclass(frozen=True)
class OptionSpec:
    """How the create form renders one option of a kind, and how it is checked.

    `type` is "int" (from `min` to `max`; None too when `optional`, meaning
    "none": no limit, the host ends the game), "choice" (one of `choices`, each
    value with its French label), "bool", or "columns" (Yams: a list of `min` to
    `max` distinct values among `choices`, checked by the Yams variant itself).
    """

    key: str
    label: str
    help: str
    type: OptionType
    default: object
    choices: tuple[tuple[str, str], ...] = ()
    min: int | None = None
    max: int | None = None
    optional: bool = False


def _option_error(spec: OptionSpec, template: str, **params: object) -> RuleError:
    return RuleError(Message(template, {"option": Message(spec.label), **params}))


def _option_value(spec: OptionSpec, value: object) -> object:
    if spec.type == "bool":
        if not isinstance(value, bool):
            raise _option_error(
                spec, gettext_noop("%(option)s : la valeur doit être vrai ou faux.")
            )
        return value
    if spec.type == "choice":
        allowed = [choice for choice, _label in spec.choices]
        if not isinstance(value, str) or value not in allowed:
            raise _option_error(
                spec,
                gettext_noop(
                    "%(option)s : « %(value)s » impossible (choix : %(choices)s)."
                ),
                value=str(value),
                choices=", ".join(allowed),
            )
        return value
    if value is None and spec.optional:
        return None
    assert spec.min is not None and spec.max is not None
    if not is_int(value) or not spec.min <= value <= spec.max:
        raise _option_error(
            spec,
            gettext_noop("%(option)s : un nombre entier de %(min)s à %(max)s."),
            min=spec.min,
            max=spec.max,
        )
    return value


def read_options(
    specs: Sequence[OptionSpec], options: object | None, kind_label: str
) -> dict[str, Any]:
    """The options of a kind, normalized, every missing one at its default; or
    RuleError for an unknown option or a value the option does not take."""
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise RuleError(
            Message(gettext_noop("Les options doivent être un dictionnaire."))
        )
    by_key = {spec.key: spec for spec in specs}
    for key in options:
        if key not in by_key:
            raise RuleError(
                Message(
                    gettext_noop(
                        "L'option « %(option)s » n'existe pas "
                        "pour la variante %(variant)s."
                    ),
                    {"option": str(key), "variant": Message(kind_label)},
                )
            )
    return {
        spec.key: _option_value(spec, options.get(spec.key, spec.default))
        for spec in specs
    }
