"""Skyjo: the finisher's doubling, the end at the limit, the lowest total winning,
and every refusal; the worked examples of RULES.md."""

import pytest

from games.kinds import skyjo
from games.kinds.rounds import RoundRefused, RuleError
from tests.kinds.tables import refused, seated

LEA, TOM, ZOE = seated("Léa", "Tom", "Zoé")
RULES = skyjo.build_rules()


def game(rules=RULES):
    return rules.start([LEA, TOM, ZOE])


def round_of(lea, tom, zoe, finisher=ZOE):
    return {"cards": {"1": lea, "2": tom, "3": zoe}, "finisher": finisher.pk}


# RULES.md's worked example and its two variations, then the tie the house option
# keeps undoubled: card totals (Léa, Tom, Zoé), Zoé ending the round.
WORKED_EXAMPLES = [
    ("tied for lowest, doubled", (3, 12, 3), 6, True),
    ("not the lowest, doubled", (4, 12, 3), 3, False),
    ("negative, never doubled", (-6, 12, -5), -5, False),
]


@pytest.mark.parametrize(
    ("case", "cards", "zoe_scores", "doubled"),
    WORKED_EXAMPLES,
    ids=[case for case, *_ in WORKED_EXAMPLES],
)
def test_the_finisher_scores_as_the_worked_example_says(
    case, cards, zoe_scores, doubled
):
    round_ = game().check(round_of(*cards))
    assert round_.points[ZOE.pk] == zoe_scores
    assert round_.detail.doubled is doubled
    # The others score their cards as counted.
    assert round_.points[LEA.pk] == cards[0]
    assert round_.points[TOM.pk] == cards[1]


@pytest.mark.parametrize(
    ("cards", "zoe_scores"),
    [((3, 12, 3), 3), ((2, 12, 3), 6), ((4, 12, 3), 3), ((3, 12, 0), 0)],
)
def test_the_house_option_keeps_a_tie_undoubled(cards, zoe_scores):
    house = skyjo.build_rules({"double_on_tie": False})
    assert game(house).check(round_of(*cards)).points[ZOE.pk] == zoe_scores


@pytest.mark.parametrize(
    ("own", "lowest_other", "tie_doubles", "doubled"),
    [
        (5, 5, True, True),
        (5, 5, False, False),
        (5, 4, False, True),
        (5, 6, True, False),
        (0, -2, True, False),
        (-1, -3, True, False),
        (1, 1, True, True),
    ],
)
def test_finisher_doubled_reads_the_rule_alone(own, lowest_other, tie_doubles, doubled):
    assert skyjo.finisher_doubled(own, lowest_other, tie_doubles) is doubled


def test_the_calculation_says_why_the_finisher_is_doubled_or_not():
    lines = {
        cards: str(game().check(round_of(*cards)).calculation[0])
        for cards in [(3, 12, 3), (4, 12, 3), (-6, 12, -5), (2, 12, 3)]
    }
    assert lines[(3, 12, 3)] == (
        "Zoé a fini la manche avec 3, à égalité avec le plus petit total : "
        "doublé, 3 × 2 = 6."
    )
    assert lines[(4, 12, 3)] == (
        "Zoé a fini la manche avec le plus petit total, 3 : pas de doublement."
    )
    assert "jamais doublé" in lines[(-6, 12, -5)]
    assert lines[(2, 12, 3)] == (
        "Zoé a fini la manche avec 3, plus que 2 : doublé, 3 × 2 = 6."
    )


def test_the_preview_shows_the_doubling_and_the_new_totals():
    started = game().play(round_of(10, 20, 5))
    shown = skyjo.preview(started, round_of(3, 12, 3))
    assert shown.detail.doubled
    assert shown.points == {LEA.pk: 3, TOM.pk: 12, ZOE.pk: 6}
    assert shown.totals_before == {LEA.pk: 10, TOM.pk: 20, ZOE.pk: 5}
    assert shown.totals_after == {LEA.pk: 13, TOM.pk: 32, ZOE.pk: 11}
    assert not shown.ends_game
    assert started.rounds == game().play(round_of(10, 20, 5)).rounds


def test_the_game_ends_with_the_round_in_which_a_total_reaches_100():
    played = game().play(round_of(40, 50, 10)).play(round_of(30, 49, 20))
    assert not played.finished  # Tom at 99
    last = played.play(round_of(5, 1, 2, TOM))
    assert last.totals == {LEA.pk: 75, TOM.pk: 100, ZOE.pk: 32}
    assert last.finished
    with pytest.raises(RoundRefused) as caught:
        last.check(round_of(1, 1, 1))
    assert caught.value.code == "finished"


def test_the_lowest_total_wins_and_equal_totals_tie():
    played = game().play(round_of(40, 100, 40, TOM))
    assert played.finished
    assert [(s.rank, s.player.name, s.total) for s in played.ranking()] == [
        (1, "Léa", 40),
        (1, "Zoé", 40),
        (3, "Tom", 200),
    ]
    assert played.winners() == [LEA, ZOE]


def test_a_house_limit_ends_the_game_sooner():
    rules = skyjo.build_rules({"limit": 50})
    assert game(rules).play(round_of(50, 1, 2, TOM)).finished
    assert not game(rules).play(round_of(49, 1, 2, TOM)).finished


def test_undo_gives_the_game_back_as_it_was_before_the_round():
    before = game().play(round_of(40, 50, 10, LEA))
    after = before.play(round_of(60, 1, 2, TOM))
    assert after.finished
    assert after.undo() == before
    assert not after.undo().finished


def test_the_stored_entry_is_the_normal_form_and_replays_to_the_same_game():
    entry = {"cards": {1: 3, "2": 12, "3": 3}, "finisher": "3"}
    played = game().play(entry)
    assert played.entries == (round_of(3, 12, 3),)
    assert RULES.replay([LEA, TOM, ZOE], played.entries) == played


@pytest.mark.parametrize("players", [1, 9])
def test_skyjo_is_played_by_two_to_eight(players):
    with pytest.raises(RuleError) as caught:
        RULES.start(seated(*"ABCDEFGHI"[:players]))
    assert str(caught.value) == f"Skyjo : de 2 à 8 joueurs, pas {players}."


@pytest.mark.parametrize("players", [2, 8])
def test_two_and_eight_players_are_welcome(players):
    assert len(RULES.start(seated(*"ABCDEFGH"[:players])).players) == players


def test_a_player_seated_twice_is_refused():
    with pytest.raises(RuleError, match="deux fois à la table"):
        RULES.start([LEA, TOM, LEA])


CARDS = "un nombre entier de -17 à 142."
REFUSALS = [
    ("above what twelve cards make", round_of(3, 143, 3),
     f"Tom : {CARDS}", "cards"),
    ("below what twelve cards make", round_of(-18, 0, 3),
     f"Léa : {CARDS}", "cards"),
    ("a fraction", round_of(3, 2.5, 3), f"Tom : {CARDS}", "cards"),
    ("a float", round_of(3, 2.0, 3), f"Tom : {CARDS}", "cards"),
    ("a boolean", round_of(True, 2, 3), f"Léa : {CARDS}", "cards"),
    ("digits", round_of("3", 2, 3), f"Léa : {CARDS}", "cards"),
    ("a player missing", {"cards": {"1": 3, "2": 4}, "finisher": 1},
     "Il manque le total des cartes de Zoé.", "cards"),
    ("a stranger", {"cards": {"1": 3, "2": 4, "3": 5, "9": 1}, "finisher": 1},
     "« 9 » ne joue pas dans cette partie.", "cards"),
    ("a player twice", {"cards": {"1": 3, 1: 3, "2": 4, "3": 5}, "finisher": 1},
     "Léa figure deux fois dans la manche.", "cards"),
    ("a finisher who is not a player", {**round_of(1, 2, 3), "finisher": 9},
     "« 9 » ne joue pas dans cette partie.", "finisher"),
    ("a boolean finisher", {**round_of(1, 2, 3), "finisher": True},
     "« True » ne joue pas dans cette partie.", "finisher"),
    ("no finisher", {"cards": round_of(1, 2, 3)["cards"]},
     "Il manque « finisher » dans la manche.", "finisher"),
    ("an unknown key", {**round_of(1, 2, 3), "bonus": 5},
     "Donnée inconnue dans la manche : « bonus ».", "bonus"),
    ("cards as a list", {"cards": [1, 2, 3], "finisher": 1},
     "« cards » : il faut un dictionnaire par joueur.", "cards"),
    ("not a dict", [1, 2, 3], "Une manche s'enregistre comme un dictionnaire.", None),
]  # fmt: skip


@pytest.mark.parametrize(
    ("case", "entry", "message", "field"),
    REFUSALS,
    ids=[case for case, *_ in REFUSALS],
)
def test_a_bad_round_is_refused_with_a_clear_message(case, entry, message, field):
    assert refused(game(), entry) == (message, field)


@pytest.mark.parametrize("cards", [-17, 142])
def test_the_extreme_card_totals_are_accepted(cards):
    assert game().check(round_of(cards, 0, 0, TOM)).points[LEA.pk] == cards


OPTION_REFUSALS = [
    ({"limit": 0}, "Fin de partie : un nombre entier de 1 à 1000."),
    ({"limit": "100"}, "Fin de partie : un nombre entier de 1 à 1000."),
    ({"limit": True}, "Fin de partie : un nombre entier de 1 à 1000."),
    ({"limit": None}, "Fin de partie : un nombre entier de 1 à 1000."),
    ({"double_on_tie": 1}, "Égalité doublée : la valeur doit être vrai ou faux."),
    ({"deals": 5}, "L'option « deals » n'existe pas pour la variante Skyjo."),
    ([("limit", 50)], "Les options doivent être un dictionnaire."),
]


@pytest.mark.parametrize(("options", "message"), OPTION_REFUSALS)
def test_a_bad_option_is_refused(options, message):
    with pytest.raises(RuleError) as caught:
        skyjo.build_rules(options)
    assert str(caught.value) == message


def test_options_default_and_round_trip():
    assert RULES.options == {"limit": 100, "double_on_tie": True}
    house = skyjo.build_rules({"limit": 150, "double_on_tie": False})
    assert skyjo.build_rules(house.options) == house
    assert [spec.key for spec in skyjo.OPTION_SPECS] == ["limit", "double_on_tie"]


def test_the_rules_refuse_a_bad_option_even_built_directly():
    with pytest.raises(RuleError):
        skyjo.SkyjoRules(limit=-1)


def test_skyjo_has_no_dealer():
    assert game().dealer is None
