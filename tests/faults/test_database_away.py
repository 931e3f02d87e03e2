"""A database that is away (or a disk with no room) answers 503 with Retry-After
and words for the table, never Django's 500; nothing is recorded, and the same
request sent again once it is back counts once."""

import pytest
from django.db import InterfaceError, OperationalError
from django.test import RequestFactory

from games.models import Entry
from scorekeeper.middleware import UnavailableMiddleware
from tests.factories import make_game
from tests.faults.outages import database_refuses, disk_full, postgresql_at_closed_port
from tests.games.helpers import dialog, write_url
from tests.helpers import HTMX, request_key, text, watch_url

AWAY_FR = "le point est gardé sur ce téléphone et sera envoyé de nouveau tout seul"
AWAY_EN = "the point is kept on this phone and will be sent again by itself"


def entry_post(client, game, token, **extra):
    """Opens Sarah's threes like the host, then posts 3 from it (not yet sent)."""
    page = dialog(client, token, game, "Sarah", "threes").content.decode()
    data = {"request_key": request_key(page), "seen_version": game.version}
    data["value"] = "3"
    url = write_url(token, "record", game, "Sarah", "threes")
    return lambda: client.post(url, data, **extra)


@pytest.mark.django_db
def test_an_entry_while_the_database_is_away_answers_503_with_a_fragment(client):
    game, token = make_game(["Sarah"])
    send = entry_post(client, game, token, **HTMX)
    with database_refuses():
        response = send()
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    assert response["Cache-Control"] == "no-store"
    body = response.content.decode()
    assert "<html" not in body
    assert AWAY_FR in text(response)
    assert 'data-unavailable="database"' in body


@pytest.mark.django_db
def test_the_fragment_speaks_english_to_an_english_phone(client):
    game, token = make_game(["Sarah"])
    send = entry_post(client, game, token, HTTP_ACCEPT_LANGUAGE="en", **HTMX)
    with database_refuses():
        response = send()
    assert response.status_code == 503
    assert AWAY_EN in text(response)


@pytest.mark.django_db
def test_nothing_is_recorded_and_the_same_entry_sent_again_counts_once(client):
    game, token = make_game(["Sarah"])
    send = entry_post(client, game, token, **HTMX)
    with database_refuses():
        assert send().status_code == 503
    assert Entry.objects.count() == 0
    assert send().status_code == 200
    assert send().status_code == 200
    assert Entry.objects.count() == 1


@pytest.mark.django_db
def test_a_page_while_the_database_is_away_is_a_page_that_reloads_itself(client):
    game, _ = make_game(["Sarah"])
    with database_refuses():
        response = client.get(watch_url(game))
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    body = response.content.decode()
    assert "<html" in body
    assert '<meta http-equiv="refresh" content="5">' in body
    assert "Le serveur ne répond pas pour l'instant." in text(response)
    assert "Les points déjà validés sont en sécurité." in text(response)


@pytest.mark.django_db
def test_a_form_sent_without_javascript_is_asked_to_be_sent_again(client):
    game, token = make_game(["Sarah"])
    send = entry_post(client, game, token)
    with database_refuses():
        response = send()
    assert response.status_code == 503
    assert "http-equiv" not in response.content.decode()
    assert "validez-le de nouveau dans un instant" in text(response)


@pytest.mark.django_db
def test_the_retry_after_follows_its_setting(client, settings):
    settings.UNAVAILABLE_RETRY_AFTER = 12
    game, _ = make_game(["Sarah"])
    with database_refuses():
        response = client.get(watch_url(game))
    assert response["Retry-After"] == "12"


@pytest.mark.django_db
def test_a_full_disk_lets_the_watch_page_answer_and_says_a_write_has_no_room(client):
    game, token = make_game(["Sarah"])
    send = entry_post(client, game, token, **HTMX)
    with disk_full():
        assert client.get(watch_url(game)).status_code == 200
        response = send()
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    assert 'data-unavailable="disk"' in response.content.decode()
    assert "Le serveur n'a plus de place pour enregistrer" in text(response)
    assert Entry.objects.count() == 0


@pytest.mark.django_db
def test_a_full_disk_page_says_the_server_has_no_room(client):
    game, _ = make_game(["Sarah"])
    with disk_full(on_writes_only=False):
        response = client.get(watch_url(game))
    assert response.status_code == 503
    assert "Le serveur n'a plus de place pour enregistrer." in text(response)


def test_a_refused_postgresql_connection_is_an_operational_error_answered_503(
    django_db_blocker,
):
    away = postgresql_at_closed_port()
    # Not the suite's database: a connection of its own, to a closed port.
    with django_db_blocker.unblock(), pytest.raises(OperationalError) as refused:
        away.ensure_connection()
    request = RequestFactory().post("/h/token/undo/", HTTP_HX_REQUEST="true")
    middleware = UnavailableMiddleware(lambda request: None)
    response = middleware.process_exception(request, refused.value)
    assert response.status_code == 503
    assert response["Retry-After"]


def test_a_connection_broken_under_a_request_is_a_503_too():
    request = RequestFactory().get("/")
    middleware = UnavailableMiddleware(lambda request: None)
    response = middleware.process_exception(request, InterfaceError("closed"))
    assert response.status_code == 503


def test_other_errors_are_left_to_django():
    request = RequestFactory().get("/")
    middleware = UnavailableMiddleware(lambda request: None)
    assert middleware.process_exception(request, ValueError("a bug")) is None
