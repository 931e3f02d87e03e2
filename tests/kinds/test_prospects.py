"""What is still possible, kind by kind, as the engines say it: where each player
stands against the leader (whichever way the kind wins), how far from Skyjo's
limit or the counter's target, how many deals or rounds are left, and whether a
player can still win (Skyjo: everyone while the game goes on; the counter: as
far as the rounds left allow; tarot: not said)."""

import pytest

from games.kinds import skyjo, tally, tarot
from tests.kinds.tables import seated

LEA, TOM, ZOE = seated("Léa", "Tom", "Zoé")
MAX = seated("Léa", "Tom", "Zoé", "Max")[3]
MILLION = 1_000_000


def said(game):
    """{name: (the lines in French, can_win)}."""
    prospects = game.prospects()
    return {
        player.name: (
            tuple(str(line) for line in prospects[player.pk].lines),
            prospects[player.pk].can_win,
        )
        for player in game.players
    }


def cards(lea, tom, zoe, finisher=ZOE):
    return {"cards": {"1": lea, "2": tom, "3": zoe}, "finisher": finisher.pk}


def points(**given):
    pks = {"lea": LEA.pk, "tom": TOM.pk, "zoe": ZOE.pk}
    return {"points": {str(pks[name]): value for name, value in given.items()}}


def deal(taker, contract="prise", bouts=2, made=41):
    return {"taker": taker.pk, "contract": contract, "bouts": bouts, "points": made}


def played(rules, players, *rounds):
    game = rules.start(players)
    for round_ in rounds:
        game = game.play(round_)
    return game


SKYJO = skyjo.build_rules()
THREE = [LEA, TOM, ZOE]

CASES = [
    (
        "skyjo before the first round: the limit only",
        played(SKYJO, THREE),
        {
            "Léa": (("Encore 100 avant 100",), True),
            "Tom": (("Encore 100 avant 100",), True),
            "Zoé": (("Encore 100 avant 100",), True),
        },
    ),
    (
        "skyjo: the lowest leads, everyone can still win",
        played(SKYJO, THREE, cards(10, 20, 5), cards(30, 12, 10)),
        {
            "Léa": (("25 derrière Zoé", "Encore 60 avant 100"), True),
            "Tom": (("17 derrière Zoé", "Encore 68 avant 100"), True),
            "Zoé": (("En tête", "Encore 85 avant 100"), True),
        },
    ),
    (
        "skyjo at a lower limit, two level in the lead",
        played(skyjo.build_rules({"limit": 50}), THREE, cards(5, 5, 20)),
        {
            "Léa": (("En tête, à égalité", "Encore 45 avant 50"), True),
            "Tom": (("En tête, à égalité", "Encore 45 avant 50"), True),
            # Zoé ended the round without the lowest total: doubled, 40.
            "Zoé": (("35 derrière Léa et Tom", "Encore 10 avant 50"), True),
        },
    ),
    (
        "skyjo over: the limit reached, the winner alone can win",
        played(SKYJO, THREE, cards(90, 20, 5), cards(12, 3, 1)),
        {
            "Léa": (("96 derrière Zoé", "100 atteint"), False),
            "Tom": (("17 derrière Zoé", "Encore 77 avant 100"), False),
            "Zoé": (("En tête", "Encore 94 avant 100"), True),
        },
    ),
    (
        "tarot without a number of deals: the gap to the leader",
        played(tarot.build_rules(), THREE, deal(LEA)),
        {
            "Léa": (("En tête",), None),
            "Tom": (("75 derrière Léa",), None),
            "Zoé": (("75 derrière Léa",), None),
        },
    ),
    (
        "tarot in five deals: the deals left",
        played(
            tarot.build_rules({"deals": 5}), [*THREE, MAX], deal(TOM, "garde", 2, 49)
        ),
        {
            "Léa": (("264 derrière Tom", "Donnes restantes : 4"), None),
            "Tom": (("En tête", "Donnes restantes : 4"), None),
            "Zoé": (("264 derrière Tom", "Donnes restantes : 4"), None),
            "Max": (("264 derrière Tom", "Donnes restantes : 4"), None),
        },
    ),
    (
        "counter to a target: how far from it",
        played(tally.build_rules({"target": 50}), THREE, points(lea=10, tom=-4)),
        {
            "Léa": (("En tête", "Encore 40 avant 50"), True),
            "Tom": (("14 derrière Léa", "Encore 54 avant 50"), True),
            "Zoé": (("10 derrière Léa", "Encore 50 avant 50"), True),
        },
    ),
    (
        "counter where the lowest wins: the fewest points lead",
        played(
            tally.build_rules({"winner": "lowest", "target": 20}),
            THREE,
            points(lea=10, tom=25, zoe=3),
        ),
        {
            "Léa": (("7 derrière Zoé", "Encore 10 avant 20"), False),
            "Tom": (("22 derrière Zoé", "20 atteint"), False),
            "Zoé": (("En tête", "Encore 17 avant 20"), True),
        },
    ),
    (
        "counter in three rounds: the rounds left",
        played(tally.build_rules({"rounds": 3}), THREE, points(lea=7)),
        {
            "Léa": (("En tête", "Manches restantes : 2"), True),
            "Tom": (("7 derrière Léa", "Manches restantes : 2"), True),
            "Zoé": (("7 derrière Léa", "Manches restantes : 2"), True),
        },
    ),
    (
        "counter: a gap no round left can close",
        played(
            tally.build_rules({"rounds": 3}),
            THREE,
            points(lea=MILLION, tom=-MILLION),
            points(lea=MILLION, tom=-MILLION),
        ),
        {
            "Léa": (("En tête", "Manches restantes : 1"), True),
            "Tom": ((f"{4 * MILLION} derrière Léa", "Manches restantes : 1"), False),
            "Zoé": ((f"{2 * MILLION} derrière Léa", "Manches restantes : 1"), True),
        },
    ),
    (
        "counter without an end: the host ends it, nobody's chances said",
        played(tally.build_rules(), THREE, points(zoe=3)),
        {
            "Léa": (("3 derrière Zoé",), None),
            "Tom": (("3 derrière Zoé",), None),
            "Zoé": (("En tête",), None),
        },
    ),
    (
        "counter alone at the table: no race to tell",
        played(tally.build_rules(), [LEA], {"points": {"1": 3}}),
        {"Léa": ((), None)},
    ),
]


@pytest.mark.parametrize(
    ("case", "game", "expected"), CASES, ids=[case for case, *_ in CASES]
)
def test_each_kind_says_what_is_still_possible(case, game, expected):
    assert said(game) == expected
