"""A request served leaves nothing for the garbage collector: the request, its
forms and everything they hold are freed by reference counting once it is
answered. A process holding thousands of streams stops every thread for each
collection, so what a score entry leaves in cycles is paid by every watcher.

Served as the pages' threads serve them (Django's WSGI handler, the whole
middleware chain), not through the test client, which keeps the response, the
request and its context alive for the test."""

import functools
import gc
from urllib.parse import urlencode

import pytest
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from django.test import RequestFactory
from django.urls import reverse

from scorekeeper.lib.acyclic import HeldWeakly
from tests.factories import count, make_game, make_round_game, pks, play

pytestmark = pytest.mark.django_db

# The CSRF cookie's secret, sent back as the header htmx adds to its requests.
CSRF_SECRET = "a" * 32


@functools.cache
def handler():
    # Made once, as a server process makes it: its middleware chain is built once.
    return WSGIHandler()


def serve(method, path, data=None, htmx=False):
    """(status, body, headers) of one request served by Django's WSGI handler."""
    headers = {"Cookie": f"csrftoken={CSRF_SECRET}", "X-CSRFToken": CSRF_SECRET}
    if htmx:
        headers["HX-Request"] = "true"
    environ = (
        RequestFactory()
        .generic(
            method,
            path,
            urlencode(data or {}),
            content_type="application/x-www-form-urlencoded",
            headers=headers,
        )
        .environ
    )
    started = []
    # The test's own connection holds its transaction: not closed after the
    # request, as the test client leaves it too.
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        answer = handler()(
            environ, lambda *status_headers: started.append(status_headers)
        )
        try:
            body = b"".join(answer).decode()
            status, headers = started[0]
            return status, body, headers
        finally:
            answer.close()
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


def left_for_the_collector(serve_it):
    """The types of what `serve_it()` left in reference cycles, and its answer."""
    gc.collect()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        answer = serve_it()
        gc.collect()
        return sorted({type(o).__qualname__ for o in gc.garbage}), answer
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()


def box_path(host_token, player, box="ones"):
    return reverse(
        "games:record",
        kwargs={
            "host_token": host_token,
            "player_id": player.pk,
            "column": "free",
            "box": box,
        },
    )


def seen(game):
    """What every write's form sends: its key, and the version it was shown at."""
    return {"request_key": f"key-{game.version}", "seen_version": game.version}


def entry(game, value="3"):
    return {"value": value, **seen(game)}


def test_a_score_entry_answered_to_htmx_leaves_nothing_for_the_garbage_collector():
    game, host_token = make_game()
    sarah, hugo = game.players.order_by("seat")
    # The first request of the process compiles and translates what it draws.
    status, _, _ = serve("POST", box_path(host_token, sarah), entry(game), htmx=True)
    assert status.startswith("200")
    game.refresh_from_db()

    left, (status, answer, _) = left_for_the_collector(
        lambda: serve("POST", box_path(host_token, hugo), entry(game), htmx=True)
    )

    assert status.startswith("200")
    assert 'id="sheet"' in answer
    assert left == []
    assert game.entries.count() == 2


def test_a_round_answered_to_htmx_leaves_nothing_for_the_garbage_collector():
    game, host_token = make_round_game("tally")
    path = reverse("games:record_round", kwargs={"host_token": host_token})

    def a_round(points):
        game.refresh_from_db()
        fields = {f"points-{pk}": str(points) for pk in pks(game).values()}
        return serve("POST", path, seen(game) | fields, htmx=True)

    assert a_round(10)[0].startswith("200")

    left, (status, answer, _) = left_for_the_collector(lambda: a_round(20))

    assert status.startswith("200")
    assert 'id="sheet"' in answer
    assert left == []
    assert game.rounds.count() == 2


def test_a_refusal_told_by_a_flash_message_leaves_nothing_for_the_garbage_collector():
    game, host_token = make_game()
    sarah = game.players.get(name="Sarah")
    play(game, ("Sarah", "free", "ones", count(3)))
    game.refresh_from_db()
    # Sarah again, without JavaScript: not her turn; the message waits in a
    # cookie for the page the redirect leads to.
    serve("POST", box_path(host_token, sarah, "twos"), entry(game))

    left, (status, _, headers) = left_for_the_collector(
        lambda: serve("POST", box_path(host_token, sarah, "threes"), entry(game))
    )

    assert status.startswith("302")
    assert any(
        name == "Set-Cookie" and value.startswith("messages=")
        for name, value in headers
    )
    assert left == []
    assert game.entries.count() == 1


def test_the_host_page_and_its_forms_leave_nothing_for_the_garbage_collector():
    game, host_token = make_game()
    play(game, ("Sarah", "free", "ones", count(3)))
    path = reverse("games:host", kwargs={"host_token": host_token})
    serve("GET", path)

    left, (status, page, _) = left_for_the_collector(lambda: serve("GET", path))

    assert status.startswith("200")
    assert "Sarah" in page
    assert left == []


class Holder:
    owner = HeldWeakly[object]()


class Owner:
    pass


def test_an_owner_held_weakly_is_read_while_alive_and_said_gone_after():
    holder, owner = Holder(), Owner()
    holder.owner = owner
    assert holder.owner is owner
    del owner
    with pytest.raises(ReferenceError, match="owner"):
        holder.owner  # noqa: B018
