"""The contract every registered kind keeps, run against each of them: a game
is created, entered, taken back, read again from the database, finished and
ranked through the same model verbs and the same `State` interface, whatever
the kind. A kind added to the registry without a sample game below fails the
first test: adding a kind means adding its sample here."""

import gc
import json
import types
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.core.cache import caches
from django.core.exceptions import ValidationError
from django.db import models
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bands.models import BandGame
from games.access import Access
from games.dialogs import BoxPreview
from games.kinds import registry
from games.kinds.base import UnknownKind
from games.kinds.state import Standing
from games.models import Game
from games.sheet import draw_sheet
from keepsakes.export import game_csv, game_json, game_log
from keepsakes.imports import import_game
from tests.factories import CROSS, total
from tests.helpers import kept_by_another_process, read_by_that_process, replayed

pytestmark = pytest.mark.django_db


@dataclass(frozen=True)
class Sample:
    """A short game of one kind: its players, its options (set so that the game
    ends quickly), the next move of a game in play, how the host records it and
    what its dialog shows before Valider (each player's total after it)."""

    names: tuple[str, ...]
    options: dict[str, object]
    move: Callable[[Game], Any]
    record: Callable[[Game, Any], object]
    preview: Callable[[Game, Any], dict[int, int]]

    def next_move(self, game: Game) -> object:
        return self.record(game, self.move(game))


def yams_move(game: Game) -> tuple[int, str, str, dict[str, object]]:
    """The player whose turn it is writes 12 at the chance, then crosses out
    every other box, one box a turn."""
    current = game.state().current
    assert current is not None
    free = list(current.scorecard.free_boxes("free"))
    if "chance" in free:
        return current.player.pk, "free", "chance", total(12)
    return current.player.pk, "free", free[0], CROSS


def yams_preview(game: Game, move: tuple[int, str, str, Any]) -> dict[int, int]:
    state = game.state()
    preview = BoxPreview.of_move(state, *move)
    return {**state.totals, move[0]: preview.after.total}


def round_move(entry: Callable[[list[int], int], dict[str, object]]):
    """The next move of a kind scored by rounds: `entry(pks, number)` gives the
    entry of round `number` (from 1) for players `pks` in seating order."""

    def move(game: Game) -> dict[str, object]:
        pks = [player.pk for player in game.players.all()]
        return entry(pks, game.state().number)

    return move


def record_round(game: Game, entry: dict[str, object]) -> object:
    return game.record_round(entry)


def round_preview(game: Game, entry: dict[str, object]) -> dict[int, int]:
    return dict(game.state().preview(entry).totals_after)


def skyjo_entry(pks: list[int], number: int) -> dict[str, object]:
    cards = {str(pk): 10 + 5 * seat for seat, pk in enumerate(pks)}
    return {"cards": cards, "finisher": pks[0]}


def tarot_entry(pks: list[int], number: int) -> dict[str, object]:
    taker = pks[number % len(pks)]
    return {"taker": taker, "contract": "garde", "bouts": 2, "points": 45}


def tally_entry(pks: list[int], number: int) -> dict[str, object]:
    return {"points": {str(pk): seat * number - 1 for seat, pk in enumerate(pks)}}


def belote_entry(pks: list[int], number: int) -> dict[str, object]:
    return {"team": 2 - number % 2, "points": 100}


def coinche_entry(pks: list[int], number: int) -> dict[str, object]:
    return {"team": 2 - number % 2, "contract": "80", "trump": "coeur", "points": 100}


def molkky_entry(pks: list[int], number: int) -> dict[str, object]:
    """Léa knocks the 10 down each throw (10, 20… 50 pile at her fifth), Tom
    misses once then scores 3 a throw: nobody is out before she wins."""
    return {"points": 10 if number % 2 else (0 if number == 2 else 3)}


def skull_king_entry(pks: list[int], number: int) -> dict[str, object]:
    # Round n deals n cards: the first player bids and wins them all, the
    # black 14 among them.
    players = {str(pk): {"bid": 0, "tricks": 0} for pk in pks}
    players[str(pks[0])] = {"bid": number, "tricks": number, "black_fourteen": True}
    return {"players": players}


def rounds_sample(names, options, entry) -> Sample:
    return Sample(names, options, round_move(entry), record_round, round_preview)


SAMPLES = {
    "yams": Sample(
        ("Sarah", "Hugo"),
        {},
        yams_move,
        lambda game, move: game.record(*move),
        yams_preview,
    ),
    "skyjo": rounds_sample(("Léa", "Tom", "Zoé"), {"limit": 100}, skyjo_entry),
    "tarot": rounds_sample(("Ana", "Bruno", "Chloé", "Dan"), {"deals": 3}, tarot_entry),
    "tally": rounds_sample(("Ana", "Bruno"), {"rounds": 3}, tally_entry),
    "molkky": rounds_sample(("Léa", "Tom & Max"), {"target": 50}, molkky_entry),
    "skull_king": rounds_sample(("Léa", "Tom", "Zoé"), {"rounds": 3}, skull_king_entry),
    "belote": rounds_sample(
        ("Léa", "Tom", "Max", "Zoé"), {"target": 200}, belote_entry
    ),
    "coinche": rounds_sample(
        ("Léa", "Tom", "Max", "Zoé"), {"target": 300}, coinche_entry
    ),
}

KINDS = list(registry.KINDS)


def new_game(key: str) -> Game:
    kind = registry.get(key)
    sample = SAMPLES[key]
    game, _host = Game.objects.create_game(
        list(sample.names), kind.default_preset, sample.options, kind=key
    )
    return game


def play_to_the_end(game: Game) -> int:
    """Every move until the game is over; returns how many were made."""
    moves = 0
    while not game.state().finished:
        SAMPLES[game.kind].next_move(game)
        moves += 1
        assert moves < 200, "the sample game never ends"
    game.refresh_from_db()
    return moves


def seen(state) -> tuple[object, ...]:
    """What a player sees of a state: totals, running totals, ranking, who plays."""
    return (
        dict(state.totals),
        [dict(totals) for totals in state.running_totals],
        [(s.rank, s.player.pk, s.total) for s in state.ranking()],
        state.next_player.pk if state.next_player else None,
        state.finished,
        state.started,
    )


def test_every_registered_kind_has_a_sample_game():
    assert sorted(SAMPLES) == sorted(registry.KINDS)


def test_an_unknown_kind_is_refused_never_taken_for_another():
    with pytest.raises(UnknownKind):
        registry.get("belote-de-comptoir")
    with pytest.raises(ValidationError):
        Game.objects.create_game(["Ana", "Bruno"], "", {}, kind="belote-de-comptoir")
    assert not Game.objects.exists()


@pytest.mark.parametrize("key", KINDS)
def test_a_new_game_has_every_player_at_zero_and_nothing_started(key):
    state = new_game(key).state()
    names = [player.name for player in state.players]
    assert names == list(SAMPLES[key].names)
    assert set(state.totals.values()) == {0}
    assert not state.started and not state.finished
    assert state.running_totals == [] or list(state.running_totals) == []
    assert [s.rank for s in state.ranking()] == [1] * len(names)
    assert set(state.prospects()) == {player.pk for player in state.players}


@pytest.mark.parametrize("key", KINDS)
def test_a_kind_refuses_more_players_than_it_takes(key):
    kind = registry.get(key)
    names = [f"Joueur {n}" for n in range(kind.max_players + 1)]
    with pytest.raises(ValidationError):
        Game.objects.create_game(names, kind.default_preset, {}, kind=key)
    assert not Game.objects.exists()


@pytest.mark.parametrize("key", KINDS)
def test_a_move_moves_the_version_on_and_starts_the_game(key):
    game = new_game(key)
    version = game.version
    SAMPLES[key].next_move(game)
    game.refresh_from_db()
    state = game.state()
    assert game.version == version + 1
    assert state.started
    assert dict(state.running_totals[-1]) == dict(state.totals)


@pytest.mark.parametrize("key", KINDS)
def test_the_preview_changes_nothing_and_says_what_the_move_will_give(key):
    game = new_game(key)
    sample = SAMPLES[key]
    sample.next_move(game)
    game.refresh_from_db()
    version, before = game.version, seen(game.state())
    move = sample.move(game)
    foreseen = sample.preview(game, move)
    game.refresh_from_db()
    assert game.version == version and seen(game.state()) == before
    sample.record(game, move)
    assert dict(game.state().totals) == foreseen


@pytest.mark.parametrize("key", KINDS)
def test_an_undo_gives_back_the_game_as_it_was(key):
    game = new_game(key)
    SAMPLES[key].next_move(game)
    before = seen(game.state())
    SAMPLES[key].next_move(game)
    undone = game.undo()
    assert undone is not None and undone.undone
    assert seen(game.state()) == before


@pytest.mark.parametrize("key", KINDS)
def test_a_game_read_again_from_the_database_is_the_game_kept(key):
    game = new_game(key)
    for _move in range(3):
        SAMPLES[key].next_move(game)
    game.undo()
    SAMPLES[key].next_move(game)
    kept = seen(game.state())
    assert seen(replayed(game)) == kept


def active_moves(game: Game) -> int:
    """The moves of the game that count (not undone), as the database has them."""
    written = getattr(game, game.game_kind.written)
    return written.filter(undone_at__isnull=True).count()


@pytest.mark.parametrize("key", KINDS)
def test_moves_made_by_another_process_are_played_on_the_state_kept_here(
    key, django_assert_num_queries
):
    game = new_game(key)
    SAMPLES[key].next_move(game)
    kept = kept_by_another_process(game)
    for _move in range(2):
        SAMPLES[key].next_move(game)
    there = read_by_that_process(game, kept)

    # The moves written since only: no replay of the game.
    with django_assert_num_queries(1):
        state = there.state()

    assert seen(state) == seen(replayed(game))
    assert there.version == game.version and active_moves(game) == 3


@pytest.mark.parametrize("key", KINDS)
def test_an_undo_made_by_another_process_makes_this_one_replay(key):
    game = new_game(key)
    for _move in range(2):
        SAMPLES[key].next_move(game)
    kept = kept_by_another_process(game)
    game.undo()
    SAMPLES[key].next_move(game)
    state = read_by_that_process(game, kept).state()
    assert seen(state) == seen(replayed(game))
    assert active_moves(game) == 2


@pytest.mark.parametrize("key", KINDS)
def test_a_move_made_on_a_process_that_kept_an_older_state_replays_nothing(
    key, monkeypatch
):
    game = new_game(key)
    SAMPLES[key].next_move(game)
    kept = kept_by_another_process(game)
    SAMPLES[key].next_move(game)
    move = SAMPLES[key].move(game)
    there = read_by_that_process(game, kept)

    def replay_refused(*args: object, **kwargs: object) -> None:
        raise AssertionError("the game was replayed")

    with monkeypatch.context() as patch:
        patch.setattr(Game, "read_state", replay_refused)
        SAMPLES[key].record(there, move)

    assert seen(there.state()) == seen(replayed(game))
    assert active_moves(game) == 3


# What a table does between two reads of another process: moves, undos, names.
WRITES = st.lists(st.sampled_from(["move", "move", "undo", "rename"]), max_size=6)


@pytest.mark.parametrize("key", KINDS)
@settings(
    max_examples=10,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(before=WRITES, between=WRITES)
def test_another_process_always_sees_what_a_replay_gives(key, before, between):
    game = new_game(key)
    renames = iter(range(100))

    def write(what: str) -> None:
        state = Game.objects.get(pk=game.pk).state()
        if what == "move" and not state.finished:
            SAMPLES[key].next_move(game)
        elif what == "undo":
            game.undo()
        elif what == "rename":
            game.rename(state.players[-1].pk, f"Joueur {next(renames)}")

    for what in before:
        write(what)
    kept = kept_by_another_process(game)
    for what in between:
        write(what)
    there = read_by_that_process(game, kept)
    state, replay = there.state(), replayed(game)
    assert seen(state) == seen(replay)
    # Every box, round, name and total the watchers see.
    watch = Access("watch", there)
    assert draw_sheet(watch, state) == draw_sheet(watch, replay)


def rows_held(root: object) -> set[str]:
    """The model classes of the rows reachable from `root`'s values (classes,
    modules and functions are not followed: they are the code, not the data)."""
    code = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType)
    found, seen_ids, waiting = set(), set(), [root]
    while waiting:
        value = waiting.pop()
        if id(value) in seen_ids or isinstance(value, code):
            continue
        seen_ids.add(id(value))
        if isinstance(value, models.Model):
            found.add(type(value).__name__)
            continue
        waiting.extend(gc.get_referents(value))
    return found


@pytest.mark.parametrize("key", KINDS)
def test_a_kept_state_holds_no_row_and_draws_the_very_same_sheets(key):
    # A process keeps the state of every game in play between requests: plain
    # values, not the web layer's rows with their model state.
    game, host_token = Game.objects.create_game(
        list(SAMPLES[key].names),
        registry.get(key).default_preset,
        SAMPLES[key].options,
        kind=key,
    )
    for _move in range(2):
        SAMPLES[key].next_move(game)
    game.refresh_from_db()
    state, _done = game.read_state()
    assert rows_held(state), "the replayed state was expected to hold its rows"
    kept = game.game_kind.kept(state)
    assert rows_held(kept) == set()
    assert seen(kept) == seen(state)
    for access in (Access("watch", game), Access("host", game, host_token)):
        assert draw_sheet(access, game.attached(kept)) == draw_sheet(access, state)
    # The next move is previewed on the state this process keeps as on a replay.
    game.keep_state(state)
    assert rows_held(game.kept_state()) <= {"Game"}  # attached to its game again
    move = SAMPLES[key].move(game)
    on_kept = SAMPLES[key].preview(game, move)
    caches["local"].clear()
    assert SAMPLES[key].preview(Game.objects.get(pk=game.pk), move) == on_kept


@pytest.mark.parametrize("key", KINDS)
def test_a_finished_game_is_ranked_and_told_to_its_band(key):
    game = new_game(key)
    play_to_the_end(game)
    state = game.state()
    assert state.finished and game.finished_at is not None
    assert state.next_player is None
    ranking = state.ranking()
    assert all(isinstance(standing, Standing) for standing in ranking)
    totals = [standing.total for standing in ranking]
    assert totals == sorted(totals, reverse=not state.lower_wins)
    assert [s.rank for s in ranking][0] == 1
    assert state.winners() == [s.player for s in ranking if s.rank == 1]
    kept = BandGame.objects.get(band=game.band, game_id=game.pk)
    assert kept.kind == key
    scores = {s.name: s.score for s in kept.scores.all()}
    assert scores == {s.player.name: s.total for s in ranking}


@pytest.mark.parametrize("key", KINDS)
def test_undoing_the_last_move_of_a_finished_game_reopens_it(key):
    game = new_game(key)
    play_to_the_end(game)
    game.undo()
    game.refresh_from_db()
    assert not game.state().finished and game.finished_at is None
    assert not BandGame.objects.filter(band=game.band, game_id=game.pk).exists()


@pytest.mark.parametrize("key", KINDS)
def test_a_finished_game_exported_imports_back_to_the_very_same_file(key):
    game = new_game(key)
    play_to_the_end(game)
    exported = game_json(game)
    imported, _host = import_game(json.dumps(exported).encode(), band=None)
    assert imported.kind == key and imported.state().finished
    again = game_json(imported)
    for moment in ("exported_at",):
        exported.pop(moment), again.pop(moment)
    assert again == exported


@pytest.mark.parametrize("key", KINDS)
def test_the_log_and_the_csv_say_every_write_of_every_kind(key):
    game = new_game(key)
    moves = play_to_the_end(game)
    game.undo()
    rows = game_log(game)
    assert len(rows) == moves
    assert [row.undone for row in rows] == [False] * (moves - 1) + [True]
    csv = game_csv(game)
    assert len(csv.strip().splitlines()) > moves


@pytest.mark.parametrize("key", KINDS)
def test_a_drawn_sheet_is_freed_at_once_never_left_to_the_garbage_collector(key):
    # Every write draws the sheet twice (the writer's answer, the watchers'
    # event); anything of it caught in a reference cycle waits for a collection,
    # which thousands of held streams make slow for the whole process.
    kind = registry.get(key)
    sample = SAMPLES[key]
    game, host_token = Game.objects.create_game(
        list(sample.names), kind.default_preset, sample.options, kind=key
    )
    sample.next_move(game)
    game.refresh_from_db()
    state = game.state()
    for access in (Access("watch", game), Access("host", game, host_token)):
        draw_sheet(access, state)  # templates compiled, words translated
        gc.collect()
        gc.disable()
        try:
            gc.set_debug(gc.DEBUG_SAVEALL)
            html = draw_sheet(access, state)
            assert gc.collect() == 0, sorted({type(o).__name__ for o in gc.garbage})
        finally:
            gc.set_debug(0)
            gc.garbage.clear()
            gc.enable()
        assert 'id="sheet"' in html
