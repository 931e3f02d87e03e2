"""Players at a table as the web layer hands them to a round-based engine, and a
refusal read from both `check` and `play`: helpers shared by the round tests."""

from dataclasses import dataclass

import pytest

from games.kinds.rounds import InvalidRound


@dataclass(frozen=True)
class Player:
    pk: int
    seat: int
    name: str


def seated(*names, first_pk=1):
    """Players in seating order, pks from `first_pk` on."""
    return [Player(first_pk + seat, seat, name) for seat, name in enumerate(names)]


def refused(game, entry):
    """The French message refusing `entry`, and the field at fault."""
    with pytest.raises(InvalidRound) as caught:
        game.check(entry)
    with pytest.raises(InvalidRound):
        game.play(entry)
    return str(caught.value), caught.value.field
