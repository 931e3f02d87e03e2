"""SQLite with many writers at once, as settings.py sets it up: every score entry
lands, a writer that finds the database busy waits for its turn instead of failing
with "database is locked", and a writer that never finishes does not hang the
others past the busy timeout. The writers of one process queue in Python
(scorekeeper/lib/writes.py): one asks SQLite for its lock only once the writer
before it has committed."""

import threading

import pytest
from django.db import connection, connections, transaction

from games.models import Entry, Game, StaleVersion
from scorekeeper.lib.writes import write_transaction
from tests.factories import CLASSIC_BOXES, count, make_game

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "sqlite", reason="SQLite's single write lock"
    ),
]

HOSTS = 24


def in_thread(target):
    """Runs `target` on its own connection; returns (thread, errors it raised)."""
    errors = []

    def run():
        try:
            target()
        except Exception as exc:  # noqa: BLE001 - reported to the test
            errors.append(exc)
        finally:
            connections.close_all()

    thread = threading.Thread(target=run)
    thread.start()
    return thread, errors


def test_hosts_entering_scores_at_once_lose_none():
    games = [make_game([f"Hôte {n}"])[0] for n in range(HOSTS)]
    versions_before = [game.version for game in games]
    start = threading.Barrier(HOSTS)

    def host(game_pk):
        def fill_the_sheet():
            start.wait(10)
            game = Game.objects.get(pk=game_pk)
            player = game.players.get()
            for box in CLASSIC_BOXES:
                game.record(player.pk, "free", box, {"kind": "cross"})

        return fill_the_sheet

    runs = [in_thread(host(game.pk)) for game in games]
    for thread, _errors in runs:
        thread.join(60)

    assert not any(thread.is_alive() for thread, _ in runs), "a writer is stuck"
    assert [error for _, errors in runs for error in errors] == []
    for game, version_before in zip(games, versions_before, strict=True):
        entries = Entry.objects.filter(game=game).order_by("seq")
        assert [e.box for e in entries] == CLASSIC_BOXES
        game.refresh_from_db()
        assert game.version == version_before + len(CLASSIC_BOXES)


def test_a_second_writer_waits_for_the_first_then_lands():
    game, _token = make_game(["Sarah", "Hugo"])
    started, landed = threading.Event(), threading.Event()

    def second_writer():
        started.set()
        with transaction.atomic():
            Game.objects.filter(pk=game.pk).update(version=100)
        landed.set()

    with transaction.atomic():
        Game.objects.filter(pk=game.pk).update(version=50)
        thread, errors = in_thread(second_writer)
        started.wait(5)
        assert not landed.wait(0.3)  # it waits, it does not fail
    thread.join(10)
    assert errors == []
    game.refresh_from_db()
    assert game.version == 100


def test_a_rolled_back_write_leaves_the_database_to_the_next_writer():
    game, _token = make_game(["Sarah"])
    with pytest.raises(RuntimeError), transaction.atomic():
        Game.objects.filter(pk=game.pk).update(version=7)
        raise RuntimeError("refused")
    done = []
    thread, errors = in_thread(
        lambda: done.append(Game.objects.filter(pk=game.pk).update(version=8))
    )
    thread.join(5)
    assert not thread.is_alive() and errors == [] and done == [1]
    game.refresh_from_db()
    assert game.version == 8


# A plain transaction stands for a writer of another process (the task worker,
# a management command), which meets SQLite's busy handler, not the queue.
@pytest.mark.parametrize(
    "write", [transaction.atomic, write_transaction], ids=["sqlite", "queued"]
)
def test_a_writer_that_never_finishes_does_not_hang_the_others(write):
    game, _token = make_game(["Sarah"])
    options = connections["default"].settings_dict["OPTIONS"]
    old = options["timeout"]
    options["timeout"] = 0.5  # read by the next connection opened, and the queue
    try:
        with write():
            Game.objects.filter(pk=game.pk).update(version=9)

            def impatient():
                with write():
                    Game.objects.filter(pk=game.pk).update(version=10)

            thread, errors = in_thread(impatient)
            thread.join(10)
            # Refused after its timeout: an error to show (503), not a hang.
            assert not thread.is_alive()
            assert len(errors) == 1 and "locked" in str(errors[0])
    finally:
        options["timeout"] = old
    game.refresh_from_db()
    assert game.version == 9


def test_a_writer_of_the_process_asks_sqlite_for_its_lock_once_the_first_commits():
    game, _token = make_game(["Sarah", "Hugo"])
    writing, release = threading.Event(), threading.Event()
    asked = []

    def first_writer():
        with write_transaction():
            Game.objects.filter(pk=game.pk).update(version=50)
            writing.set()
            release.wait(5)

    def note_begin(execute, sql, params, many, context):
        if sql.startswith("BEGIN"):
            asked.append(sql)
        return execute(sql, params, many, context)

    def second_writer():
        writing.wait(5)
        with connection.execute_wrapper(note_begin), write_transaction():
            Game.objects.filter(pk=game.pk).update(version=100)

    first, first_errors = in_thread(first_writer)
    second, second_errors = in_thread(second_writer)
    writing.wait(5)
    second.join(0.3)
    # Queued in the process: SQLite's busy handler, which sleeps between its
    # tries, never sees it.
    assert second.is_alive() and asked == []
    release.set()
    first.join(5)
    second.join(5)
    assert first_errors == second_errors == []
    assert asked == ["BEGIN IMMEDIATE"]
    game.refresh_from_db()
    assert game.version == 100


def test_the_next_writer_does_not_wait_for_what_a_write_does_once_committed():
    game, _token = make_game(["Sarah", "Hugo"])
    committed, release = threading.Event(), threading.Event()

    def after_commit():
        committed.set()
        release.wait(5)

    def first_writer():
        with write_transaction():
            Game.objects.filter(pk=game.pk).update(version=50)
            transaction.on_commit(after_commit)

    def second_writer():
        with write_transaction():
            Game.objects.filter(pk=game.pk).update(version=100)

    first, first_errors = in_thread(first_writer)
    assert committed.wait(5)
    second, second_errors = in_thread(second_writer)
    second.join(2)
    try:
        # Landed while the first still tells the streams and keeps its sheets.
        assert not second.is_alive() and first.is_alive()
    finally:
        release.set()
        first.join(5)
    assert first_errors == second_errors == []
    game.refresh_from_db()
    assert game.version == 100


@pytest.mark.parametrize("failure", ["rolled back", "after the commit"])
def test_a_write_that_fails_leaves_the_queue_to_the_next_writer(failure):
    game, _token = make_game(["Sarah"])

    def fail():
        raise RuntimeError("refused")

    with pytest.raises(RuntimeError), write_transaction():
        Game.objects.filter(pk=game.pk).update(version=7)
        if failure == "rolled back":
            fail()
        transaction.on_commit(fail)
    done = []

    def next_writer():
        with write_transaction():
            done.append(Game.objects.filter(pk=game.pk).update(version=8))

    thread, errors = in_thread(next_writer)
    thread.join(5)
    assert not thread.is_alive() and errors == [] and done == [1]


def test_an_entry_checked_before_a_write_that_lands_first_is_refused_whole():
    # A score entry is checked by the row as its page read it before it takes
    # the queue; a write of the same game that lands meanwhile makes it out of
    # date, and nothing of it is written.
    game, _token = make_game(["Sarah", "Hugo"])
    sarah = game.players.get(name="Sarah").pk
    game.state()  # kept, as every page of the game keeps it
    page = Game.objects.get(pk=game.pk)  # the page the late entry was sent from
    seen = page.version
    holding, release = threading.Event(), threading.Event()
    refused = []

    def other_phone():
        with write_transaction():
            holding.set()
            release.wait(5)
            game.record(sarah, "free", "ones", count(3))

    def late_entry():
        try:
            page.record(sarah, "free", "ones", count(1), seen_version=seen)
        except StaleVersion as refusal:
            refused.append(refusal)

    other, other_errors = in_thread(other_phone)
    assert holding.wait(5)
    late, late_errors = in_thread(late_entry)
    late.join(0.3)
    release.set()
    other.join(5)
    late.join(5)
    assert other_errors == late_errors == [] and len(refused) == 1
    assert [(e.box, e.points) for e in Entry.objects.filter(game=game)] == [("ones", 3)]
    game.refresh_from_db()
    assert game.version == seen + 1


def test_a_write_inside_a_write_of_the_same_thread_does_not_wait_for_itself():
    game, _token = make_game(["Sarah", "Hugo"])
    sarah = game.players.get(name="Sarah")
    done = []

    def nested():
        with write_transaction():
            Game.objects.filter(pk=game.pk).update(version=3)
            game.record(sarah.pk, "free", "ones", {"kind": "cross"})
        done.append(True)

    thread, errors = in_thread(nested)
    thread.join(10)
    assert not thread.is_alive() and errors == [] and done == [True]
    assert Entry.objects.filter(game=game, box="ones").exists()
