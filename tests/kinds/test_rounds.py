"""What the round-based kinds share: the engines stay pure, their French is
marked for translation, and undo, ranking and replay behave alike for all."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from games.kinds import skyjo, tally, tarot
from games.kinds.rounds import (
    InvalidEntry,
    InvalidRound,
    RoundRefused,
    RuleError,
    signed,
)
from tests.kinds.tables import seated
from tests.kinds.yams.test_presets import _unmarked_french

ROOT = Path(__file__).resolve().parents[2]
KINDS = ROOT / "games" / "kinds"
ROUND_MODULES = [
    KINDS / "rounds.py",
    KINDS / "messages.py",
    *sorted((KINDS / "skyjo").glob("*.py")),
    *sorted((KINDS / "tarot").glob("*.py")),
    *sorted((KINDS / "tally").glob("*.py")),
    *sorted((KINDS / "belote").glob("*.py")),
    *sorted((KINDS / "coinche").glob("*.py")),
]


def test_the_round_engines_never_import_django():
    code = (
        "import sys, games.kinds.skyjo, games.kinds.tarot, games.kinds.tally, "
        "games.kinds.belote, games.kinds.coinche; "
        "assert 'django' not in sys.modules, 'django'"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("path", ROUND_MODULES, ids=lambda p: str(p.relative_to(KINDS)))
def test_french_literals_are_marked_for_translation(path):
    assert _unmarked_french(path) == []


def test_every_kind_refuses_with_the_same_errors_as_yams():
    from games.kinds import yams

    assert issubclass(InvalidRound, yams.InvalidEntry)
    assert InvalidEntry is yams.InvalidEntry
    assert issubclass(RoundRefused, yams.RuleError)


PLAYERS = seated("Léa", "Tom", "Zoé", "Max")
# A first round for each kind at four players.
FIRST_ROUNDS = {
    "skyjo": (skyjo.build_rules(), {"cards": {"1": 5, "2": 9, "3": 5, "4": 20},
                                   "finisher": 4}),
    "tarot": (tarot.build_rules(), {"taker": 2, "contract": "prise", "bouts": 1,
                                   "points": 60}),
    "tally": (tally.build_rules(), {"points": {"1": 5, "3": 5}}),
}  # fmt: skip


@pytest.mark.parametrize("kind", FIRST_ROUNDS)
def test_undo_drops_the_last_round_and_nothing_else(kind):
    rules, entry = FIRST_ROUNDS[kind]
    start = rules.start(PLAYERS)
    one = start.play(entry)
    two = one.play(entry)
    assert two.undo() == one
    assert two.undo().undo() == start
    with pytest.raises(RoundRefused) as caught:
        start.undo()
    assert caught.value.code == "nothing_to_undo"
    assert str(caught.value) == "Aucune manche à annuler."


@pytest.mark.parametrize("kind", FIRST_ROUNDS)
def test_a_stored_entry_survives_json_and_replays_to_the_same_game(kind):
    rules, entry = FIRST_ROUNDS[kind]
    played = rules.start(PLAYERS).play(entry).play(entry)
    stored = json.loads(json.dumps(played.entries))
    assert rules.replay(PLAYERS, stored) == played
    assert rules.replay(PLAYERS, stored, closed=True).finished


@pytest.mark.parametrize("kind", FIRST_ROUNDS)
def test_a_kept_game_keeps_each_round_but_its_calculation_and_shows_the_next_one(
    kind,
):
    rules, entry = FIRST_ROUNDS[kind]
    played = rules.start(PLAYERS).play(entry).play(entry)
    kept = played.kept()
    assert all(round_.calculation for round_ in played.rounds)
    assert [round_.calculation for round_ in kept.rounds] == [(), ()]
    assert [(r.entry, r.points, r.detail) for r in kept.rounds] == [
        (r.entry, r.points, r.detail) for r in played.rounds
    ]
    assert [type(player).__name__ for player in kept.players] == ["KeptPlayer"] * 4
    assert [(p.pk, p.seat, p.name) for p in kept.players] == [
        (p.pk, p.seat, p.name) for p in PLAYERS
    ]
    assert kept.totals == played.totals
    assert [(s.rank, s.player.pk, s.total) for s in kept.ranking()] == [
        (s.rank, s.player.pk, s.total) for s in played.ranking()
    ]
    assert kept.preview(entry).calculation == played.preview(entry).calculation
    assert kept.preview(entry).calculation
    assert kept.kept() == kept


@pytest.mark.parametrize("kind", FIRST_ROUNDS)
def test_equal_totals_share_a_rank_and_the_next_rank_skips(kind):
    rules, entry = FIRST_ROUNDS[kind]
    ranking = rules.start(PLAYERS).play(entry).ranking()
    ranks = [standing.rank for standing in ranking]
    totals = [standing.total for standing in ranking]
    for index in range(1, len(ranking)):
        tied = totals[index] == totals[index - 1]
        assert ranks[index] == (ranks[index - 1] if tied else index + 1)
    assert ranks[0] == 1


def test_before_any_round_everybody_is_first_with_zero():
    game = tally.build_rules().start(PLAYERS)
    assert game.totals == dict.fromkeys([p.pk for p in PLAYERS], 0)
    assert game.running_totals == ()
    assert [s.rank for s in game.ranking()] == [1, 1, 1, 1]
    assert game.number == 1


@pytest.mark.parametrize("kind", FIRST_ROUNDS)
def test_the_rules_keep_their_kind_key_and_label(kind):
    rules, _entry = FIRST_ROUNDS[kind]
    assert rules.key == kind
    assert rules.label


def test_a_non_dict_options_value_is_refused_by_every_kind():
    for module in (skyjo, tarot, tally):
        with pytest.raises(RuleError):
            module.build_rules(["limit"])
        assert module.build_rules(None) == module.build_rules({})


@pytest.mark.parametrize(("points", "text"), [(20, "+20"), (-20, "\u221220"), (0, "0")])
def test_signed_points_read_as_a_calculation_writes_them(points, text):
    assert signed(points) == text
