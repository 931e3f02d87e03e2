"""What a process keeps of a game between requests: its sheets, each entry as plain
values rather than a database row, and every write from them answers as from the
rows themselves; a write's answer keeps no text of its own."""

import pytest
from django.core.cache import caches
from django.db import models
from django.urls import reverse

from games.models import Entry, Game
from tests.factories import CROSS, count, make_game, play
from tests.games.helpers import enter

pytestmark = pytest.mark.django_db


def kept_entries(game):
    _version, state = caches["local"].get(game.state_key())
    return [entry for seat in state.seats for entry in seat.entries]


def test_a_write_keeps_its_entries_as_plain_values_not_rows(
    django_capture_on_commit_callbacks,
):
    game, _host = make_game(["Sarah", "Hugo"])
    with django_capture_on_commit_callbacks(execute=True):
        play(game, ("Sarah", "free", "ones", count(3)), ("Hugo", "free", "yams", CROSS))

    kept = kept_entries(game)

    assert not any(isinstance(entry, models.Model) for entry in kept)
    rows = Entry.objects.filter(game=game).order_by("seq")
    assert [
        (e.pk, e.player_id, e.column, e.box, e.data, e.points, e.seq) for e in kept
    ] == [(e.pk, e.player_id, e.column, e.box, e.data, e.points, e.seq) for e in rows]


def test_an_undo_from_the_kept_sheets_answers_with_the_row_as_undone(
    django_capture_on_commit_callbacks,
):
    game, _host = make_game(["Sarah", "Hugo"])
    with django_capture_on_commit_callbacks(execute=True):
        play(game, ("Sarah", "free", "ones", count(3)), ("Hugo", "free", "yams", CROSS))
    assert not isinstance(kept_entries(game)[-1], models.Model)

    undone = Game.objects.get(pk=game.pk).undo(request_key="k1", by="host")

    assert isinstance(undone, Entry)
    assert (undone.box, undone.player.name, undone.undo_key) == ("yams", "Hugo", "k1")
    assert undone.undone_at is not None
    assert (undone.undone_by, undone.undone_by_label) == ("host", "")
    row = Entry.objects.get(pk=undone.pk)
    assert (row.undone_at, row.undone_by) == (undone.undone_at, "host")
    state = Game.objects.get(pk=game.pk).state()
    assert [seat.turns for seat in state.seats] == [1, 0]
    assert state.current.player.name == "Hugo"


def test_a_retried_undo_answers_the_same_row_again(
    django_capture_on_commit_callbacks,
):
    game, _host = make_game(["Sarah", "Hugo"])
    with django_capture_on_commit_callbacks(execute=True):
        play(game, ("Sarah", "free", "ones", count(3)), ("Hugo", "free", "yams", CROSS))
        first = Game.objects.get(pk=game.pk).undo(request_key="k1")

    again = Game.objects.get(pk=game.pk).undo(request_key="k1")

    assert again.pk == first.pk
    assert Entry.objects.filter(game=game, undone_at__isnull=True).count() == 1


def test_a_writes_answer_keeps_no_sheet_text_and_drops_the_page_of_before(client):
    game, host = make_game(["Sarah", "Hugo"])
    kept_text = f"sheet:{game.watch_token}:host:fr"
    client.get(reverse("games:host", kwargs={"host_token": host}))
    assert caches["local"].get(kept_text)[0] == game.version
    written = f'data-version="{game.version + 1}"'

    answer = enter(
        client, host, game, "Sarah", "fours", {"value": "3"}, HTTP_HX_REQUEST="true"
    )

    # The host's page shows the new sheet from the answer and asks for no more.
    assert answer.status_code == 200
    assert written in answer.content.decode()
    assert caches["local"].get(kept_text) is None
    # A reload draws it again, and keeps it for the next one.
    page = client.get(reverse("games:host", kwargs={"host_token": host}))
    assert written in page.content.decode()
    assert caches["local"].get(kept_text)[0] == game.version + 1
