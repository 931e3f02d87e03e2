"""Every page and write costs the same number of queries, whatever the size of the
game: 2 players after 1 round, or 6 players after 10 rounds."""

import contextlib

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from bands.models import Person
from tests.factories import CLASSIC_BOXES, SIX_NAMES, count, make_game, play
from tests.games.helpers import enter, write_url
from tests.helpers import HTMX, host_url, request_key, watch_url

BOXES = CLASSIC_BOXES
NAMES = SIX_NAMES
SIZES = [(2, 1), (6, 10)]

# The game (with its band), its players, its entries.
HOST_PAGE = 3
WATCH_PAGE = 3
# Committed as in production (the sheets a write made are kept once it commits):
# the game (with its band) by the link's token; BEGIN, the version moved on (the
# UPDATE that locks the row, made only if it still holds the version the form
# saw: no second read of the row), the entry inserted, COMMIT; then, for the
# htmx answer, nothing more: the players' faces were kept when the page the form
# came from was drawn (the band's people are asked again only when a name or a
# face changes). The players and entries are not read: the sheets kept for the
# version the form saw hold under the lock, and the sheet shown after is the one
# the write made.
RECORD = 5
# The game; then, in one transaction, lock, its players and entries (with the
# request key's own entry, if any), take back the last entry and bump.
UNDO = 8


@pytest.fixture
def notify():
    """The one statement a write adds on PostgreSQL: its NOTIFY
    (games/live/fanout.py)."""
    from django.db import connection

    return 1 if connection.vendor == "postgresql" else 0


@contextlib.contextmanager
def asking_the_band_nothing():
    """Fails if a query within reads the band's people (their faces)."""
    with CaptureQueriesContext(connection) as queries:
        yield
    people = Person._meta.db_table
    assert not [q["sql"] for q in queries if people in q["sql"]]


def played(players, rounds):
    game, token = make_game(NAMES[:players], "six_dice")
    moves = []
    for box in [
        "ones",
        "twos",
        "threes",
        "fours",
        "fives",
        "sixes",
        "pair",
        "two_pairs",
        "three_pairs",
        "three_kind",
    ][:rounds]:
        for name in NAMES[:players]:
            entry = count(2) if box in BOXES[:6] else {"kind": "cross"}
            moves.append((name, "free", box, entry))
    play(game, *moves)
    return game, token


@pytest.mark.django_db
@pytest.mark.parametrize(("players", "rounds"), SIZES)
def test_the_host_page_costs_the_same_whatever_the_game(
    client, django_assert_max_num_queries, players, rounds
):
    game, token = played(players, rounds)
    with django_assert_max_num_queries(HOST_PAGE):
        response = client.get(host_url(token))
    assert response.status_code == 200


@pytest.mark.django_db
@pytest.mark.parametrize(("players", "rounds"), SIZES)
def test_the_watch_page_costs_the_same_whatever_the_game(
    client, django_assert_max_num_queries, players, rounds
):
    game, _ = played(players, rounds)
    with django_assert_max_num_queries(WATCH_PAGE):
        response = client.get(watch_url(game))
    assert response.status_code == 200


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("players", "rounds"), SIZES)
@pytest.mark.parametrize("htmx", [False, True])
def test_recording_a_box_costs_the_same_whatever_the_game(
    client, django_assert_max_num_queries, notify, players, rounds, htmx
):
    game, token = played(players, rounds)
    page = client.get(write_url(token, "box", game, "Sarah", "chance")).content.decode()
    game.refresh_from_db()
    data = {
        "value": "20",
        "request_key": request_key(page),
        "seen_version": game.version,
    }
    extra = HTMX if htmx else {}
    url = write_url(token, "record", game, "Sarah", "chance")
    with django_assert_max_num_queries(RECORD + notify):
        response = client.post(url, data, **extra)
    assert response.status_code == (200 if htmx else 302)
    assert game.entries.count() == players * rounds + 1


# Committed as in production: the sheets the undo made are kept once it commits,
# and its answer shows them without reading them back.
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("players", "rounds"), SIZES)
@pytest.mark.parametrize("htmx", [False, True])
def test_undoing_a_box_costs_the_same_whatever_the_game(
    client, django_assert_max_num_queries, notify, players, rounds, htmx
):
    game, token = played(players, rounds)
    data = {"request_key": "undo-once", "seen_version": game.version}
    extra = HTMX if htmx else {}
    with django_assert_max_num_queries(UNDO + notify):
        response = client.post(write_url(token, "undo"), data, **extra)
    assert response.status_code == (200 if htmx else 302)
    assert game.entries.filter(undone_at__isnull=True).count() == players * rounds - 1


@pytest.mark.django_db
@pytest.mark.parametrize("players", [1, 6])
def test_the_end_screen_costs_the_same_whatever_the_game(
    client, django_assert_max_num_queries, players
):
    game, token = make_game(NAMES[:players])
    play(
        game,
        *[
            (name, "free", box, {"kind": "cross"})
            for box in BOXES
            for name in NAMES[:players]
        ],
    )
    with django_assert_max_num_queries(HOST_PAGE):
        response = client.get(host_url(token))
    assert 'id="podium"' in response.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize(("players", "rounds"), SIZES)
def test_the_dialog_and_the_preview_cost_the_same_whatever_the_game(
    client, django_assert_max_num_queries, players, rounds
):
    game, token = played(players, rounds)
    box = write_url(token, "box", game, "Sarah", "chance")
    preview = write_url(token, "preview", game, "Sarah", "chance")
    with django_assert_max_num_queries(HOST_PAGE):
        assert client.get(box, **HTMX).status_code == 200
    with django_assert_max_num_queries(HOST_PAGE):
        response = client.post(preview, {"value": "20"}, **HTMX)
    assert "Total des dés : 20" in response.content.decode()


@pytest.mark.django_db(transaction=True)
def test_the_watchers_sheet_of_a_write_asks_the_band_nothing_more(client):
    """The host's answer drew the new version's faces: the watchers' sheet of that
    version (its poll, its stream) shows them without asking the band again."""
    game, token = played(2, 1)
    seen = game.version
    response = enter(client, token, game, "Sarah", "chance", {"value": "20"}, **HTMX)
    assert response.status_code == 200
    poll = reverse("games:watch_sheet", kwargs={"watch_token": game.watch_token})
    with asking_the_band_nothing():
        sheet = client.get(f"{poll}?v={seen}", **HTMX).content.decode()
    assert f'data-version="{seen + 1}"' in sheet
    assert sheet.count('class="face-dot face-') >= 2  # both players' colours


@pytest.mark.django_db(transaction=True)
def test_a_write_that_changes_no_name_nor_face_asks_the_band_nothing(client):
    """The players' faces are kept for as long as their names and the band's faces
    stay the same: the answer to the next write shows them without a query."""
    game, token = played(2, 1)
    enter(client, token, game, "Sarah", "chance", {"value": "20"}, **HTMX)
    game.refresh_from_db()
    with asking_the_band_nothing():
        response = enter(client, token, game, "Hugo", "chance", {"value": "17"}, **HTMX)
    answer = response.content.decode()
    assert "17" in answer
    assert answer.count('class="face-dot face-') >= 2  # both players' colours
