"""A form posted late or twice: each dialog carries its own request key and the
version it showed, so a repeated post records once and a form the sheet moved
under gets a clear message and the fresh sheet."""

import pytest

from games.models import Entry
from tests.factories import count, make_game, play
from tests.games.helpers import dialog, write_url
from tests.helpers import HTMX, host_url, request_key, text


@pytest.mark.django_db
def test_a_stale_form_gets_a_clear_message_and_the_fresh_sheet(client):
    game, token = make_game(["Sarah", "Hugo"])
    page = dialog(client, token, game, "Sarah", "ones").content.decode()
    key, version = request_key(page), game.version
    play(game, ("Sarah", "free", "twos", count(2)))  # another phone wrote meanwhile
    response = client.post(
        write_url(token, "record", game, "Hugo", "ones"),
        {"value": "1", "request_key": key, "seen_version": version},
    )
    assert response.status_code == 302
    assert "La feuille a changé entre-temps" in text(client.get(response["Location"]))
    assert Entry.objects.count() == 1
    response = client.post(
        write_url(token, "record", game, "Hugo", "ones"),
        {"value": "1", "request_key": key, "seen_version": version},
        **HTMX,
    )
    assert response.status_code == 200
    assert response["HX-Retarget"] == "#sheet"
    assert "La feuille a changé entre-temps" in text(response)
    assert f'data-version="{version + 1}"' in response.content.decode()


@pytest.mark.django_db
def test_a_repeated_post_records_once(client):
    game, token = make_game()
    page = dialog(client, token, game, "Sarah", "ones").content.decode()
    data = {
        "value": "3",
        "request_key": request_key(page),
        "seen_version": game.version,
    }
    url = write_url(token, "record", game, "Sarah", "ones")
    first = client.post(url, data)
    second = client.post(url, data)
    third = client.post(url, data, **HTMX)
    assert first["Location"] == second["Location"] == f"{host_url(token)}?done=1"
    # The retry is answered as a success, without "C'est au tour de Hugo".
    page = text(client.get(second["Location"]))
    assert "✓ Sarah · As : 3" in page and "C'est au tour" not in page
    assert "✓ Sarah · As : 3" in text(third)
    assert Entry.objects.count() == 1


@pytest.mark.django_db
def test_a_stale_form_for_a_box_filled_meanwhile_says_the_sheet_changed(client):
    game, token = make_game(["Sarah"])
    page = dialog(client, token, game, "Sarah", "ones").content.decode()
    data = {
        "value": "3",
        "request_key": request_key(page),
        "seen_version": game.version,
    }
    play(game, ("Sarah", "free", "ones", count(1)))  # the pencil was faster
    response = client.post(write_url(token, "record", game, "Sarah", "ones"), data)
    assert "La feuille a changé entre-temps" in text(client.get(response["Location"]))
    assert [e.points for e in Entry.objects.all()] == [1]


@pytest.mark.django_db
def test_every_dialog_has_its_own_request_key(client):
    game, token = make_game()
    first = request_key(dialog(client, token, game, "Sarah", "ones").content.decode())
    second = request_key(dialog(client, token, game, "Sarah", "ones").content.decode())
    assert first != second and len(first) >= 16
