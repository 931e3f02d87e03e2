"""Mölkky, throw by throw: whose turn it is, exactly 50 wins, over 50 falls back
to 25, three misses in a row eliminate, the house options, every refusal; the
worked examples of RULES.md; and properties over random games."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.kinds import molkky
from games.kinds.rounds import RoundRefused, RuleError
from tests.kinds.tables import refused, seated
from tests.kinds.yams.test_presets import _unmarked_french

ROOT = Path(__file__).resolve().parents[2]
RULES = molkky.build_rules()
LEA, TOM, ZOE = seated("Léa", "Tom", "Zoé")
PAIR = [LEA, TOM]
THREE = [LEA, TOM, ZOE]


def throws(game, *points):
    """The game once these throws are made, each by whoever's turn it is."""
    for value in points:
        game = game.play({"points": value})
    return game


def lea_on(total, rules=RULES):
    """Léa and Tom, Léa on `total` (Tom scoring 1s), Léa's turn to throw."""
    game = rules.start(PAIR)
    while game.totals[LEA.pk] < total:
        game = throws(game, min(12, total - game.totals[LEA.pk]), 1)
    assert game.totals[LEA.pk] == total and game.next_player == LEA
    return game


# RULES.md's worked examples: Léa's total before, the throw, after, won, fell back.
WORKED = [
    ("the 6 alone on 44 wins", 44, 6, 50, True, False),
    ("three pins on 44", 44, 3, 47, False, False),
    ("the 8 alone on 47 falls back", 47, 8, 25, False, True),
]


@pytest.mark.parametrize(
    ("case", "before", "points", "after", "won", "fell_back"),
    WORKED,
    ids=[case for case, *_ in WORKED],
)
def test_the_worked_examples(case, before, points, after, won, fell_back):
    game = lea_on(before)
    played = game.play({"points": points})
    throw = played.rounds[-1].detail
    assert (throw.before, throw.points, throw.after) == (before, points, after)
    assert (throw.won, throw.fell_back) == (won, fell_back)
    assert played.totals[LEA.pk] == after
    # The round gives the thrower the change of their total, the others 0.
    assert played.rounds[-1].points == {LEA.pk: after - before, TOM.pk: 0}
    assert played.finished is won


def test_the_worked_example_of_misses():
    # Léa misses, scores 4, misses, misses: still in, two misses in a row.
    game = RULES.start(PAIR)
    game = throws(game, 0, 5, 4, 5, 0, 5, 0, 5)
    assert LEA.pk not in game.eliminated
    assert game.misses_in_a_row == {LEA.pk: 2, TOM.pk: 0}
    assert molkky.warned(game) == {LEA.pk}
    assert game.next_player == LEA
    # A third miss then eliminates her; Tom alone is left and wins.
    out = game.play({"points": 0})
    assert out.rounds[-1].detail.eliminated
    assert out.eliminated == {LEA.pk}
    assert molkky.eliminated(out) == {LEA.pk}
    assert out.finished
    assert out.winners() == [TOM]


def test_exactly_50_ends_the_game_at_once_in_the_middle_of_a_round():
    game = RULES.start(THREE)
    game = throws(game, 12, 1, 1, 12, 1, 1, 12, 1, 1, 12, 1, 1)
    assert game.totals[LEA.pk] == 48
    won = game.play({"points": 2})
    assert won.finished
    assert won.next_player is None
    assert won.winners() == [LEA]
    assert [s.player for s in won.ranking()] == [LEA, TOM, ZOE]
    with pytest.raises(RoundRefused) as caught:
        won.play({"points": 1})
    assert caught.value.code == "finished"


def test_seat_order_and_the_sheets_rounds():
    game = RULES.start(THREE)
    order = []
    for _ in range(7):
        order.append((game.next_player, game.turn))
        game = game.play({"points": 1})
    assert order == [
        (LEA, 1), (TOM, 1), (ZOE, 1), (LEA, 2), (TOM, 2), (ZOE, 2), (LEA, 3)
    ]  # fmt: skip
    assert [r.detail.turn for r in game.rounds] == [1, 1, 1, 2, 2, 2, 3]
    assert game.thrower == game.dealer == TOM


def test_an_eliminated_player_is_skipped_and_ranks_after_those_still_in():
    game = RULES.start(THREE)
    # Léa misses three times; Tom and Zoé score.
    game = throws(game, 0, 12, 1, 0, 12, 1, 0)
    assert game.eliminated == {LEA.pk}
    assert not game.finished
    assert game.next_player == TOM
    game = throws(game, 3, 4)
    assert game.next_player == TOM  # Léa's turn is skipped
    assert [(s.rank, s.player) for s in game.ranking()] == [
        (1, TOM),
        (2, ZOE),
        (3, LEA),
    ]


def test_the_last_player_still_in_wins_whatever_the_totals():
    game = RULES.start(THREE)
    game = throws(game, 12, 0, 1, 12, 0, 1, 12, 0)
    assert game.eliminated == {TOM.pk}
    # Tom is out; Zoé scores 1s while Léa misses three times.
    game = throws(game, 1, 0, 1, 0, 1, 0)
    assert game.eliminated == {TOM.pk, LEA.pk}
    assert game.finished
    assert game.winners() == [ZOE]
    ranking = [(s.rank, s.player, s.total) for s in game.ranking()]
    assert ranking == [(1, ZOE, 5), (2, LEA, 36), (3, TOM, 0)]


def test_a_score_resets_the_count_of_misses():
    game = throws(RULES.start(PAIR), 0, 1, 0, 1, 7, 1, 0, 1, 0)
    assert game.misses_in_a_row[LEA.pk] == 2
    assert not game.eliminated


# --- house options -------------------------------------------------------------


def test_elimination_off_counts_misses_but_eliminates_nobody():
    rules = molkky.build_rules({"three_misses": "none"})
    game = throws(rules.start(PAIR), *([0, 1] * 5))
    assert game.misses_in_a_row[LEA.pk] == 5
    assert not game.eliminated and not game.finished
    assert molkky.warned(game) == frozenset()


def test_three_misses_can_drop_the_total_to_zero_and_the_player_plays_on():
    rules = molkky.build_rules({"three_misses": "zero"})
    game = throws(lea_on(30, rules), 0, 1, 0, 1)
    assert molkky.warned(game) == {LEA.pk}
    dropped = game.play({"points": 0})
    throw = dropped.rounds[-1].detail
    assert (throw.before, throw.after, throw.back_to_zero) == (30, 0, True)
    assert throw.misses == 0 and not throw.eliminated
    assert dropped.rounds[-1].points[LEA.pk] == -30
    assert dropped.totals[LEA.pk] == 0
    assert not dropped.eliminated and not dropped.finished


@pytest.mark.parametrize(
    ("target", "before", "points", "after"),
    [(40, 35, 6, 20), (45, 40, 8, 22), (100, 95, 6, 50), (50, 49, 12, 25)],
)
def test_another_target_falls_back_to_half_of_it_rounded_down(
    target, before, points, after
):
    rules = molkky.build_rules({"target": target})
    assert rules.fall_back == target // 2
    played = lea_on(before, rules).play({"points": points})
    assert played.totals[LEA.pk] == after
    assert played.rounds[-1].detail.fell_back


def test_another_target_is_won_exactly():
    rules = molkky.build_rules({"target": 30})
    played = lea_on(25, rules).play({"points": 5})
    assert played.finished and played.winners() == [LEA]


# --- the calculation, the preview, the stored entry ------------------------------


@pytest.mark.parametrize(
    ("before", "points", "line"),
    [
        (44, 6, "Léa : 44 + 6 = 50, pile le total : gagné !"),
        (44, 3, "Léa : 44 + 3 = 47."),
        (47, 8, "Léa : 47 + 8 = 55, plus de 50 : retour à 25."),
        (47, 0, "Léa : raté (1 de suite), reste à 47."),
    ],
)
def test_the_calculation_says_what_the_throw_did(before, points, line):
    round_ = lea_on(before).check({"points": points})
    assert [str(m) for m in round_.calculation] == [line]


def test_the_calculation_warns_at_the_second_miss_and_says_the_third():
    game = throws(RULES.start(PAIR), 0, 1)
    second = game.check({"points": 0})
    assert str(second.calculation[0]) == (
        "Léa : raté, deux de suite : attention, un troisième l'élimine."
    )
    game = throws(game, 0, 1)
    assert str(game.check({"points": 0}).calculation[0]) == (
        "Léa : raté, trois de suite : hors jeu, ne lance plus."
    )
    zero = molkky.build_rules({"three_misses": "zero"})
    game = throws(zero.start(PAIR), 5, 1, 0, 1, 0, 1)
    assert str(game.check({"points": 0}).calculation[0]) == (
        "Léa : raté, trois de suite : le total retombe de 5 à 0."
    )


def test_the_preview_shows_the_throw_and_changes_nothing():
    game = lea_on(47)
    shown = molkky.preview(game, {"points": 8})
    assert shown.detail.fell_back
    assert shown.totals_before[LEA.pk] == 47
    assert shown.totals_after[LEA.pk] == 25
    assert not shown.ends_game
    assert molkky.preview(game, {"points": 2}).ends_game is False
    assert lea_on(44).preview({"points": 6}).ends_game is True
    assert game.totals[LEA.pk] == 47


def test_the_stored_entry_names_the_thrower_and_replays_the_same():
    game = throws(RULES.start(THREE), 3, 0, 12)
    assert game.entries == (
        {"thrower": LEA.pk, "points": 3},
        {"thrower": TOM.pk, "points": 0},
        {"thrower": ZOE.pk, "points": 12},
    )
    stored = json.loads(json.dumps(game.entries))
    again = RULES.replay(THREE, stored)
    assert again == game
    assert isinstance(again, molkky.MolkkyGame)
    assert again.next_player == LEA
    # A thrower given as its pk's digits (a JSON key) is read the same.
    assert game.play({"thrower": str(LEA.pk), "points": 2}).totals[LEA.pk] == 5


def test_undo_gives_the_throw_back_to_its_thrower():
    game = throws(RULES.start(PAIR), 0, 1, 0, 1, 0)
    assert game.eliminated == {LEA.pk} and game.finished
    back = game.undo()
    assert not back.eliminated and not back.finished
    assert back.next_player == LEA
    assert back.misses_in_a_row[LEA.pk] == 2


def test_the_highlights_count_throws_misses_falls_and_eliminations():
    game = throws(lea_on(47), 8, 1, 0, 1, 0, 1, 0)
    figures = RULES.highlights(game)
    assert figures[LEA.pk] == {"throws": 8, "misses": 3, "fell_back": 1,
                               "eliminated": 1}  # fmt: skip
    assert figures[TOM.pk]["throws"] == 7
    assert figures[TOM.pk]["eliminated"] == 0


def test_what_is_still_possible():
    game = throws(RULES.start(THREE), 0, 12, 1, 0, 12, 1, 0)
    prospects = game.prospects()
    assert prospects[LEA.pk].can_win is False
    assert [str(line) for line in prospects[LEA.pk].lines] == [
        "Éliminé : ne lance plus."
    ]
    assert prospects[TOM.pk].can_win is True
    assert str(prospects[TOM.pk].lines[0]) == "Encore 26 points pour gagner."
    won = throws(lea_on(44), 6)
    assert won.prospects()[LEA.pk].can_win is True
    assert won.prospects()[TOM.pk].can_win is False


# --- refusals --------------------------------------------------------------------

WORTH = (
    "Un lancer vaut de 0 (raté) à 12 points : une quille seule, son numéro ; "
    "plusieurs, leur nombre."
)
REFUSALS = [
    ("more than 12", {"points": 13}, WORTH, "points"),
    ("below 0", {"points": -1}, WORTH, "points"),
    ("a fraction", {"points": 1.5}, WORTH, "points"),
    ("a boolean", {"points": True}, WORTH, "points"),
    ("text", {"points": "3"}, WORTH, "points"),
    ("no points", {}, "Il manque « points » dans la manche.", "points"),
    ("an unknown key", {"points": 3, "pins": [3]},
     "Donnée inconnue dans la manche : « pins ».", "pins"),
    ("not a dict", [3], "Une manche s'enregistre comme un dictionnaire.", None),
    ("out of turn", {"thrower": TOM.pk, "points": 3},
     "C'est à Léa de lancer, pas à Tom.", "thrower"),
    ("a stranger", {"thrower": 9, "points": 3},
     "« 9 » ne joue pas dans cette partie.", "thrower"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("case", "entry", "message", "field"),
    REFUSALS,
    ids=[case for case, *_ in REFUSALS],
)
def test_a_bad_throw_is_refused_with_a_clear_message(case, entry, message, field):
    game = RULES.start(THREE)
    assert refused(game, entry) == (message, field)


def test_a_throw_by_an_eliminated_player_is_refused():
    game = throws(RULES.start(THREE), 0, 12, 1, 0, 12, 1, 0)
    assert refused(game, {"thrower": LEA.pk, "points": 5}) == (
        "Léa, hors jeu après trois ratés de suite : plus aucun lancer.",
        "thrower",
    )
    # Stored throws that no longer fit (an earlier throw changed) are refused
    # on replay rather than given to someone else.
    stored = [*game.entries, {"thrower": LEA.pk, "points": 5}]
    with pytest.raises(molkky.InvalidRound):
        RULES.replay(THREE, stored)


@pytest.mark.parametrize("players", [2, 12])
def test_two_to_twelve_players_or_teams(players):
    names = [f"Équipe {n}" for n in range(players)]
    assert len(RULES.start(seated(*names)).players) == players


@pytest.mark.parametrize("players", [1, 13])
def test_fewer_than_two_or_more_than_twelve_are_refused(players):
    with pytest.raises(RuleError) as caught:
        RULES.start(seated(*[f"J{n}" for n in range(players)]))
    assert str(caught.value) == f"Mölkky : de 2 à 12 joueurs, pas {players}."


OPTION_REFUSALS = [
    ({"target": 5}, "Total à atteindre : un nombre entier de 10 à 200."),
    ({"target": None}, "Total à atteindre : un nombre entier de 10 à 200."),
    ({"three_misses": "twice"},
     "Trois ratés de suite : « twice » impossible (choix : eliminated, none, zero)."),
    ({"fall_back": 25},
     "L'option « fall_back » n'existe pas pour la variante Mölkky."),
]  # fmt: skip


@pytest.mark.parametrize(("options", "message"), OPTION_REFUSALS)
def test_a_bad_option_is_refused(options, message):
    with pytest.raises(RuleError) as caught:
        molkky.build_rules(options)
    assert str(caught.value) == message


def test_options_default_and_round_trip():
    assert RULES.options == {"target": 50, "three_misses": "eliminated"}
    assert RULES.key == "molkky" and RULES.fall_back == 25
    house = molkky.build_rules({"target": 40, "three_misses": "zero"})
    assert molkky.build_rules(house.options) == house
    assert molkky.build_rules(None) == molkky.build_rules({}) == RULES


def test_the_engine_never_imports_django_and_marks_its_french():
    code = "import sys, games.kinds.molkky; assert 'django' not in sys.modules"
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    for path in sorted((ROOT / "games" / "kinds" / "molkky").glob("*.py")):
        assert _unmarked_french(path) == [], path


# --- properties ------------------------------------------------------------------

fuzz = settings(
    database=None,
    deadline=None,
    max_examples=80,
    suppress_health_check=[HealthCheck.too_slow],
)


@st.composite
def played_games(draw):
    """Rules, a table, and the game after random throws up to its end."""
    rules = molkky.build_rules(
        {
            "target": draw(st.sampled_from([50, 50, 10, 25, 40, 45, 100])),
            "three_misses": draw(st.sampled_from(["eliminated", "none", "zero"])),
        }
    )
    players = seated(*[f"J{n}" for n in range(draw(st.integers(2, 6)))])
    game = rules.start(players)
    # Misses often enough to eliminate, high throws often enough to go over.
    points = st.sampled_from([0, 0, 0, 1, 2, 5, 8, 11, 12]) | st.integers(0, 12)
    for _ in range(draw(st.integers(0, 60))):
        if game.finished:
            break
        game = game.play({"points": draw(points)})
    return rules, players, game


@fuzz
@given(played_games())
def test_a_total_never_exceeds_the_target_and_going_over_falls_to_half(played):
    rules, players, game = played
    for round_, totals in zip(game.rounds, game.running_totals, strict=True):
        throw = round_.detail
        assert all(0 <= total <= rules.target for total in totals.values())
        if throw.before + throw.points > rules.target:
            assert throw.fell_back and throw.after == rules.target // 2
        elif throw.back_to_zero:
            assert throw.points == 0 and throw.after == 0
        else:
            assert throw.after == throw.before + throw.points
        assert throw.won == (throw.after == rules.target)
        assert totals[throw.thrower] == throw.after


@fuzz
@given(played_games())
def test_totals_are_the_sums_of_the_throws_and_turns_skip_the_eliminated(played):
    rules, players, game = played
    assert game.totals == {
        p.pk: sum(r.points[p.pk] for r in game.rounds) for p in players
    }
    before = rules.start(players)
    for entry, round_ in zip(game.entries, game.rounds, strict=True):
        thrower = round_.detail.thrower
        assert before.next_player.pk == thrower
        assert thrower not in before.eliminated
        before = before.play(entry)
    if rules.three_misses != "eliminated":
        assert not game.eliminated
    if game.finished:
        assert game.next_player is None
        winner = game.ranking()[0].player
        assert winner.pk not in game.eliminated
        assert game.winners() == [winner]
    assert rules.replay(players, game.entries) == game
