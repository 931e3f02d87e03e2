"""Every kind of game the app keeps: one line each. The one place that lists
them; everything else asks `get(key)` or walks `KINDS` (see base.py for what a
kind gives)."""

from .base import GameKind, UnknownKind
from .molkky.kind import MOLKKY
from .skyjo.kind import SKYJO
from .tally.kind import TALLY
from .tarot.kind import TAROT
from .yams.kind import YAMS

# In the order the create page offers them; the first is the default.
KINDS: dict[str, GameKind] = {
    kind.key: kind
    for kind in (
        YAMS,
        SKYJO,
        TAROT,
        TALLY,
        MOLKKY,
    )
}

DEFAULT = next(iter(KINDS))


def get(key: object) -> GameKind:
    """The kind of that key, or UnknownKind: never another kind in its place."""
    try:
        return KINDS[key]  # type: ignore[index]
    except (KeyError, TypeError):
        raise UnknownKind(key) from None


def choices() -> list[tuple[str, str]]:
    """(key, French name) of every kind, for a model or form field."""
    return [(kind.key, kind.label) for kind in KINDS.values()]
