"""Two phones, a double tap, a retried request: every entry is recorded once.

Each thread loads its own Game (as each request would) on its own database
connection, closed when the thread ends. Runs on SQLite and PostgreSQL.
"""

import random
import threading
import uuid

import pytest

from bands.models import Band
from games.kinds import yams
from games.models import Entry, Game, ScoreRefused, StaleVersion
from tests.factories import FULL_SHEET, make_game
from tests.helpers import run_at_once

pytestmark = pytest.mark.django_db(transaction=True)

WORKERS = 16


def expected_total(variant, moves):
    return (
        yams.Scorecard.replay(variant, [("free", b, e) for b, e in moves])
        .totals()
        .total
    )


def run_in_threads(calls, workers=WORKERS):
    """Runs every call from `workers` threads started together; returns
    [(call, result or exception)] in completion order."""
    return run_at_once(calls, lambda call: call["run"](), workers)


def record_call(game_pk, player_pk, box, entry, key, seen_version=None):
    def run():
        game = Game.objects.get(pk=game_pk)
        return game.record(
            player_pk, "free", box, entry, request_key=key, seen_version=seen_version
        )

    return {"run": run, "key": key, "box": box}


def assert_only_refusals(outcomes):
    unexpected = [
        r
        for _, r in outcomes
        if isinstance(r, Exception) and not isinstance(r, ScoreRefused)
    ]
    assert not unexpected, unexpected[:3]


@pytest.fixture
def results_recorded(monkeypatch):
    """Counts the band's record_result calls (made once, when a game ends)."""
    calls, lock = [], threading.Lock()
    original = Band.record_result

    def record_result(band, game_id, *args, **kwargs):
        with lock:
            calls.append(game_id)
        return original(band, game_id, *args, **kwargs)

    monkeypatch.setattr(Band, "record_result", record_result)
    return calls


def test_two_hundred_writes_with_duplicates_record_each_entry_once(results_recorded):
    game, _ = make_game(["Solo"])
    player = game.players.get()
    calls = []
    for box, entry in FULL_SHEET:
        key = f"tap-{box}"
        # A double tap and retries after a dropped connection: the same key.
        calls += [record_call(game.pk, player.pk, box, entry, key) for _ in range(13)]
        # A second phone entering the same box: its own key.
        calls.append(record_call(game.pk, player.pk, box, entry, f"other-{box}"))
    # Forms loaded before any entry: always stale.
    calls += [
        record_call(
            game.pk,
            player.pk,
            "chance",
            {"kind": "total", "value": 5},
            f"stale-{n}",
            seen_version=0,
        )
        for n in range(200 - len(calls))
    ]
    assert len(calls) == 200
    random.Random(6).shuffle(calls)

    outcomes = run_in_threads(calls)

    assert len(outcomes) == 200
    assert_only_refusals(outcomes)
    entries = list(Entry.objects.filter(game=game).order_by("seq"))
    assert sorted(e.box for e in entries) == sorted(box for box, _ in FULL_SHEET)
    assert [e.seq for e in entries] == list(range(1, 14))
    # Every call with the winning key got the one entry it made (a retry never
    # sees an error); the other phone was told the box is taken.
    for call, result in outcomes:
        if call["key"].startswith("stale-"):
            continue
        stored = next(e for e in entries if e.box == call["box"])
        if call["key"] == stored.request_key:
            assert isinstance(result, Entry) and result.pk == stored.pk, result
        else:
            assert isinstance(result, ScoreRefused), result
            # "box taken", or "game over" when it was the last box.
            assert result.code in {"taken", "finished"}, result.message
    stale = [r for c, r in outcomes if c["key"].startswith("stale-")]
    assert all(isinstance(r, StaleVersion) for r in stale)
    game.refresh_from_db()
    assert game.version == 1 + len(FULL_SHEET)
    state = game.state()
    assert state.finished and game.finished_at is not None
    assert state.seats[0].total == expected_total(game.variant, FULL_SHEET)
    assert results_recorded == [game.pk]


def test_turns_taken_in_order_survive_double_taps_and_two_phones(results_recorded):
    game, _ = make_game(["Sarah", "Hugo"])
    players = list(game.players.order_by("seat"))
    moves = [
        (player, box, entry, f"{player.name}-{box}")
        for box, entry in FULL_SHEET
        for player in players
    ]
    for index, (player, box, entry, key) in enumerate(moves):
        calls = [record_call(game.pk, player.pk, box, entry, key) for _ in range(6)]
        calls.append(record_call(game.pk, player.pk, box, entry, f"{key}-again"))
        if index + 1 < len(moves):
            # The next player's phone, a little too early: refused or in time.
            nxt = moves[index + 1]
            calls.append(record_call(game.pk, nxt[0].pk, nxt[1], nxt[2], nxt[3]))
        outcomes = run_in_threads(calls, workers=len(calls))
        assert_only_refusals(outcomes)

    game.refresh_from_db()
    entries = Entry.objects.filter(game=game)
    assert entries.count() == len(moves)
    assert game.version == 1 + len(moves)
    state = game.state()
    assert state.finished
    for seat in state.seats:
        assert seat.total == expected_total(game.variant, FULL_SHEET)
        assert sorted(e.box for e in seat.entries) == sorted(b for b, _ in FULL_SHEET)
    assert results_recorded == [game.pk]


def test_forms_seen_at_the_same_version_let_exactly_one_write_through():
    game, _ = make_game(["Solo"])
    player = game.players.get()
    version = game.version
    calls = [
        record_call(game.pk, player.pk, box, entry, uuid.uuid4().hex, version)
        for box, entry in FULL_SHEET
    ]
    outcomes = run_in_threads(calls, workers=len(calls))
    assert_only_refusals(outcomes)
    written = [r for _, r in outcomes if isinstance(r, Entry)]
    assert len(written) == 1
    assert sum(isinstance(r, StaleVersion) for _, r in outcomes) == len(FULL_SHEET) - 1
    assert Entry.objects.filter(game=game).count() == 1


def test_writes_that_go_by_the_row_as_read_land_once_each():
    """Every phone's Game read at the version its form saw, the sheets of that
    version kept: the writes go by the row as read, with no second read to lock
    it. One lands; a double tap of it gets its entry, every other form is
    stale."""
    game, _ = make_game(["Sarah", "Hugo"])
    players = list(game.players.order_by("seat"))
    moves = [(p, box, entry) for box, entry in FULL_SHEET[:5] for p in players]
    for seq, (player, box, entry) in enumerate(moves, start=1):
        game.refresh_from_db()
        game.state()  # kept for this version, as the page that showed the form
        key = f"{player.name}-{box}"
        calls = [
            record_call(game.pk, player.pk, box, entry, key, game.version)
            for _ in range(6)
        ]
        calls.append(
            record_call(game.pk, player.pk, box, entry, f"{key}-other", game.version)
        )
        outcomes = run_in_threads(calls, workers=len(calls))
        stored = Entry.objects.get(game=game, seq=seq)
        for call, result in outcomes:
            if call["key"] == stored.request_key:
                assert isinstance(result, Entry) and result.pk == stored.pk, result
            else:
                assert isinstance(result, StaleVersion), result
    game.refresh_from_db()
    assert game.version == 1 + len(moves)
    assert Entry.objects.filter(game=game).count() == len(moves)


def test_concurrent_undos_each_take_back_one_entry_or_are_stale():
    game, _ = make_game(["Solo"])
    player = game.players.get()
    for box, entry in FULL_SHEET[:8]:
        game.record(player.pk, "free", box, entry, request_key=f"k-{box}")
    game.refresh_from_db()
    version = game.version

    def undo(seen_version):
        return {
            "run": lambda: Game.objects.get(pk=game.pk).undo(seen_version=seen_version),
            "key": "undo",
            "box": None,
        }

    # Six phones showing the same sheet tap "undo": one wins.
    outcomes = run_in_threads([undo(version) for _ in range(6)], workers=6)
    assert_only_refusals(outcomes)
    assert sum(isinstance(r, Entry) for _, r in outcomes) == 1
    # Four undos that do not say what they saw take back four entries, in order.
    outcomes = run_in_threads([undo(None) for _ in range(4)], workers=4)
    assert_only_refusals(outcomes)
    undone = sorted(r.seq for _, r in outcomes)
    assert undone == [4, 5, 6, 7]
    active = Entry.objects.filter(game=game, undone_at__isnull=True)
    assert sorted(e.seq for e in active) == [1, 2, 3]
    game.refresh_from_db()
    assert game.version == version + 5
