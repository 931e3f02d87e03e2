"""The free counter: some players' points per round, the highest or the lowest
total winning, the optional end, and every refusal."""

import pytest

from games.kinds import tally
from games.kinds.rounds import RoundRefused, RuleError
from tests.kinds.tables import refused, seated

RULES = tally.build_rules()
SARAH, HUGO, JO = seated("Sarah", "Hugo", "Jo")


def game(rules=RULES, players=(SARAH, HUGO, JO)):
    return rules.start(list(players))


def points(**by_name):
    pks = {"sarah": SARAH.pk, "hugo": HUGO.pk, "jo": JO.pk}
    return {"points": {str(pks[name]): value for name, value in by_name.items()}}


def test_a_player_given_no_points_in_a_round_scores_zero_for_it():
    round_ = game().check(points(sarah=12, jo=-3))
    assert round_.points == {SARAH.pk: 12, HUGO.pk: 0, JO.pk: -3}
    assert [str(line) for line in round_.calculation] == [
        "Sarah : +12.",
        "Hugo : rien noté, 0.",
        "Jo : \u22123.",
    ]
    # The stored entry keeps what was typed, not the zeros.
    assert round_.entry == points(sarah=12, jo=-3)


def test_the_totals_are_the_sums_of_the_rounds():
    played = game().play(points(sarah=5, hugo=7)).play(points(hugo=-2, jo=4))
    assert played.running_totals == (
        {SARAH.pk: 5, HUGO.pk: 7, JO.pk: 0},
        {SARAH.pk: 5, HUGO.pk: 5, JO.pk: 4},
    )
    assert played.totals == {SARAH.pk: 5, HUGO.pk: 5, JO.pk: 4}


@pytest.mark.parametrize(
    ("winner", "expected"),
    [
        ("highest", [(1, "Sarah", 5), (1, "Hugo", 5), (3, "Jo", 4)]),
        ("lowest", [(1, "Jo", 4), (2, "Sarah", 5), (2, "Hugo", 5)]),
    ],
)
def test_the_highest_or_the_lowest_total_wins_as_set_at_the_start(winner, expected):
    rules = tally.build_rules({"winner": winner})
    played = game(rules).play(points(sarah=5, hugo=7)).play(points(hugo=-2, jo=4))
    assert [(s.rank, s.player.name, s.total) for s in played.ranking()] == expected


def test_a_target_ends_the_game_with_the_round_in_which_it_is_reached():
    rules = tally.build_rules({"target": 20})
    played = game(rules).play(points(sarah=19))
    assert not played.finished
    played = played.play(points(hugo=25, sarah=1))
    assert played.finished
    with pytest.raises(RoundRefused):
        played.play(points(jo=1))


def test_a_number_of_rounds_ends_the_game():
    rules = tally.build_rules({"rounds": 2})
    played = game(rules).play(points(sarah=1))
    assert not played.finished
    assert played.play(points(jo=0)).finished


def test_without_an_end_the_host_ends_the_game():
    played = game().play(points(sarah=10_000))
    assert not played.finished
    assert played.close().finished
    assert played.close().winners() == [SARAH]


def test_a_target_and_a_number_of_rounds_together_are_refused():
    with pytest.raises(RuleError) as caught:
        tally.build_rules({"target": 100, "rounds": 5})
    assert str(caught.value) == (
        "Un total à atteindre ou un nombre de manches, pas les deux."
    )


@pytest.mark.parametrize("players", [1, 10])
def test_one_to_ten_players_may_play(players):
    assert len(RULES.start(seated(*"ABCDEFGHIJ"[:players])).players) == players


@pytest.mark.parametrize("players", [0, 11])
def test_no_one_or_eleven_players_are_refused(players):
    with pytest.raises(RuleError) as caught:
        RULES.start(seated(*"ABCDEFGHIJK"[:players]))
    assert str(caught.value) == f"Compteur libre : de 1 à 10 joueurs, pas {players}."


BOUNDS = "un nombre entier de -1000000 à 1000000."
REFUSALS = [
    ("no points at all", {"points": {}}, "Aucun point dans cette manche.", "points"),
    ("a fraction", points(sarah=1.5), f"Sarah : {BOUNDS}", "points"),
    ("a boolean", points(hugo=False), f"Hugo : {BOUNDS}", "points"),
    ("a typing slip", points(jo=10**7), f"Jo : {BOUNDS}", "points"),
    ("a stranger", {"points": {"12": 3}}, "« 12 » ne joue pas dans cette partie.",
     "points"),
    ("a name for a key", {"points": {"Sarah": 3}},
     "« Sarah » ne joue pas dans cette partie.", "points"),
    ("no points key", {"scores": {"1": 3}},
     "Donnée inconnue dans la manche : « scores ».", "scores"),
    ("an empty entry", {}, "Il manque « points » dans la manche.", "points"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("case", "entry", "message", "field"),
    REFUSALS,
    ids=[case for case, *_ in REFUSALS],
)
def test_a_bad_round_is_refused_with_a_clear_message(case, entry, message, field):
    assert refused(game(), entry) == (message, field)


OPTION_REFUSALS = [
    ({"winner": "best"}, "Gagnant : « best » impossible (choix : highest, lowest)."),
    ({"target": 0}, "Total à atteindre : un nombre entier de 1 à 1000000."),
    ({"rounds": -1}, "Nombre de manches : un nombre entier de 1 à 1000."),
    ({"end": "host"}, "L'option « end » n'existe pas pour la variante Compteur libre."),
]


@pytest.mark.parametrize(("options", "message"), OPTION_REFUSALS)
def test_a_bad_option_is_refused(options, message):
    with pytest.raises(RuleError) as caught:
        tally.build_rules(options)
    assert str(caught.value) == message


def test_options_default_and_round_trip():
    assert RULES.options == {"winner": "highest", "target": None, "rounds": None}
    house = tally.build_rules({"winner": "lowest", "target": 500})
    assert tally.build_rules(house.options) == house


def test_the_preview_shows_the_round_and_the_new_totals():
    played = game().play(points(sarah=3))
    shown = tally.preview(played, points(sarah=2, jo=1))
    assert shown.points == {SARAH.pk: 2, HUGO.pk: 0, JO.pk: 1}
    assert shown.totals_after == {SARAH.pk: 5, HUGO.pk: 0, JO.pk: 1}
    assert played.totals == {SARAH.pk: 3, HUGO.pk: 0, JO.pk: 0}
