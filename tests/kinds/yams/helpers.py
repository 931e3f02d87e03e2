"""Entries as the host records them, and a refusal read from both `check` and `apply`:
helpers shared by the card tests."""

from dataclasses import dataclass

import pytest

from games.kinds.yams import InvalidEntry

CROSS = {"kind": "cross"}
MADE = {"kind": "made"}


def count(value, **extra):
    return {"kind": "count", "value": value, **extra}


def total(value, **extra):
    return {"kind": "total", "value": value, **extra}


def refused(card, column, box, entry):
    with pytest.raises(InvalidEntry) as caught:
        card.check(column, box, entry)
    with pytest.raises(InvalidEntry):
        card.apply(column, box, entry)
    return str(caught.value)


# The web layer's Player and Entry, as the engine reads them (its Protocols).
@dataclass
class Player:
    pk: int
    seat: int
    name: str


@dataclass
class Entry:
    player_id: int
    column: str
    box: str
    data: dict
    seq: int
    points: int = 0

    @property
    def pk(self):
        return self.seq
