"""The unchanged watch poll answered before Django (scorekeeper/fastpoll.py): the
same 204 with the same headers, and every other answer still Django's.

The requests go through the WSGI application itself (what gunicorn and runserver
serve), not the test client, which calls Django's handler directly. The database is
in autocommit as in production: the fast path closes old and failed connections as
Django does around a request, which would break a test's enclosing transaction."""

import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import pytest
from django.core.handlers.wsgi import WSGIHandler
from django.db import connection
from django.test import RequestFactory
from django.urls import reverse

from scorekeeper import fastpoll, wsgi
from tests.factories import make_game, play
from tests.games.helpers import text
from tests.games.scenarios import count

pytestmark = pytest.mark.django_db(transaction=True)

# A phone's browser: htmx's header, French first, the CSRF cookie the watch page set.
PHONE = {
    "HX-Request": "true",
    "Accept-Language": "fr-FR,fr;q=0.9,en;q=0.8",
    "Cookie": "csrftoken=abcdefghijABCDEFGHIJ0123456789ab",
}


@dataclass
class Answer:
    status: int
    headers: list
    content: bytes

    def __getitem__(self, name):
        return dict(self.headers)[name]

    def has(self, name):
        return name in dict(self.headers)


class Django:
    """Django's own WSGI application, counting the requests it is given."""

    def __init__(self):
        # What get_wsgi_application() returns, without setting Django up again.
        self.app = WSGIHandler()
        self.requests = 0

    def __call__(self, environ, start_response):
        self.requests += 1
        return self.app(environ, start_response)


def serve(app, url, method="GET", secure=False, **headers):
    """What a WSGI server gets back from `app` for that request."""
    environ = (
        RequestFactory()
        .generic(method, url, secure=secure, headers={**PHONE, **headers})
        .environ
    )
    started = {}

    def start_response(status, response_headers, exc_info=None):
        started.update(status=status, headers=response_headers)

    body = app(environ, start_response)
    try:
        content = b"".join(body)
    finally:
        if hasattr(body, "close"):
            body.close()
    return Answer(int(started["status"][:3]), started["headers"], content)


def watch_sheet(game, version):
    url = reverse("games:watch_sheet", kwargs={"watch_token": game.watch_token})
    return f"{url}?v={version}"


@pytest.fixture
def django_app():
    return Django()


@pytest.fixture
def app(django_app):
    return fastpoll.FastPoll(django_app)


@pytest.fixture
def game():
    game, _ = make_game(["Sarah", "Hugo"])
    return game


def test_the_served_application_answers_the_unchanged_watch_poll_itself(game):
    assert isinstance(wsgi.application, fastpoll.FastPoll)
    assert wsgi.application.enabled
    for _ in range(2):
        answer = serve(wsgi.application, watch_sheet(game, game.version))
        assert answer.status == 204 and answer.content == b""


def test_an_unchanged_watch_poll_is_answered_204_without_reaching_django(
    app, django_app, game, django_assert_num_queries
):
    # The first one of its kind is Django's: its headers are the ones sent again.
    assert serve(app, watch_sheet(game, game.version)).status == 204
    assert django_app.requests == 1
    for _ in range(3):
        with django_assert_num_queries(1):
            answer = serve(app, watch_sheet(game, game.version))
        assert answer.status == 204
        assert answer.content == b""
    assert django_app.requests == 1


@pytest.mark.parametrize(
    ("method", "headers"),
    [
        ("GET", {}),
        ("HEAD", {}),
        ("GET", {"Accept-Language": "en-GB,en;q=0.9"}),
        ("GET", {"Cookie": "django_language=en"}),
        ("GET", {"Accept-Language": "", "Cookie": ""}),
        ("GET", {"HX-Request": ""}),
    ],
)
def test_the_fast_204_carries_exactly_the_headers_django_sends(
    app, django_app, game, method, headers
):
    url = watch_sheet(game, game.version)
    serve(app, url, method, **headers)
    fast = serve(app, url, method, **headers)
    assert django_app.requests == 1
    from_django = serve(django_app.app, url, method, **headers)
    assert fast.status == from_django.status == 204
    assert fast.headers == from_django.headers
    assert fast.content == from_django.content == b""


def test_a_poll_in_another_language_gets_its_own_content_language(
    app, django_app, game
):
    url = watch_sheet(game, game.version)
    serve(app, url)
    assert serve(app, url)["Content-Language"] == "fr"
    english = serve(app, url, **{"Accept-Language": "en"})
    assert english["Content-Language"] == "en"
    assert serve(app, url, **{"Accept-Language": "en"})["Content-Language"] == "en"
    assert serve(app, url)["Content-Language"] == "fr"
    assert django_app.requests == 2


def test_over_https_the_fast_204_carries_hsts_and_plain_http_is_still_redirected(
    settings, game
):
    settings.SECURE_SSL_REDIRECT = True
    settings.SECURE_HSTS_SECONDS = 3600
    django_app = Django()
    app = fastpoll.FastPoll(django_app)
    url = watch_sheet(game, game.version)
    serve(app, url, secure=True)
    fast = serve(app, url, secure=True)
    assert django_app.requests == 1
    assert fast.status == 204
    assert fast["Strict-Transport-Security"].startswith("max-age=3600")
    assert fast.headers == serve(django_app.app, url, secure=True).headers
    plain = serve(app, url)
    assert plain.status == 301
    assert plain["Location"].startswith("https://")


def test_a_recorded_entry_makes_the_next_poll_answer_the_new_sheet(
    app, django_app, game
):
    seen = game.version
    serve(app, watch_sheet(game, seen))
    assert serve(app, watch_sheet(game, seen)).status == 204
    play(game, ("Sarah", "free", "fours", count(3)))
    answer = serve(app, watch_sheet(game, seen))
    assert answer.status == 200
    html = answer.content.decode()
    assert html.lstrip().startswith('<section id="sheet"')
    assert f'data-version="{seen + 1}"' in html
    assert "À Hugo de jouer" in text(answer)
    assert django_app.requests == 2
    # The page now shows the new version: unchanged again, answered fast.
    assert serve(app, watch_sheet(game, seen + 1)).status == 204
    assert django_app.requests == 2


def test_the_next_watchers_of_a_moved_sheet_get_it_without_reaching_django(
    app, django_app, game, django_assert_num_queries
):
    seen = game.version
    play(game, ("Sarah", "free", "fours", count(3)))
    # The first watcher to see the move gets Django's answer (it renders the sheet).
    first = serve(app, watch_sheet(game, seen))
    assert first.status == 200 and django_app.requests == 1
    for _ in range(3):
        with django_assert_num_queries(1):
            fast = serve(app, watch_sheet(game, seen))
        assert django_app.requests == 1
        assert fast.status == 200
        assert fast.content == first.content
        assert sorted(fast.headers) == sorted(first.headers)
        assert fast["Content-Length"] == str(len(fast.content))
    assert "À Hugo de jouer" in text(fast)


def test_a_moved_sheet_is_sent_in_the_watchers_language(app, django_app, game):
    seen = game.version
    play(game, ("Sarah", "free", "fours", count(3)))
    english = {"Accept-Language": "en"}
    serve(app, watch_sheet(game, seen))
    serve(app, watch_sheet(game, seen), **english)
    assert django_app.requests == 2
    assert "Hugo to play" in text(serve(app, watch_sheet(game, seen), **english))
    assert serve(app, watch_sheet(game, seen), **english)["Content-Language"] == "en"
    assert "À Hugo de jouer" in text(serve(app, watch_sheet(game, seen)))
    assert django_app.requests == 2


def test_a_sheet_not_rendered_for_the_new_version_is_djangos_to_render(
    app, django_app, game
):
    seen = game.version
    play(game, ("Sarah", "free", "fours", count(3)))
    serve(app, watch_sheet(game, seen))
    serve(app, watch_sheet(game, seen))
    assert django_app.requests == 1
    play(game, ("Hugo", "free", "fours", count(2)))
    answer = serve(app, watch_sheet(game, seen))
    assert django_app.requests == 2
    assert f'data-version="{seen + 2}"' in answer.content.decode()


@pytest.mark.parametrize(
    "token",
    ["a" * 32, "a" * 31, "a" * 31 + "!", "a" * 33],
    ids=["unknown", "short", "bad-character", "long"],
)
def test_a_watch_token_that_opens_nothing_still_polls_a_404_counted_as_a_miss(
    settings, app, django_app, game, token
):
    settings.CAPABILITY_MISS_LIMIT = 1
    url = watch_sheet(game, game.version)
    serve(app, url)
    answer = serve(app, f"/w/{token}/feuille/?v={game.version}")
    assert answer.status == 404
    assert answer["HX-Refresh"] == "true"
    # That miss used up the limit: even the good link is now refused, as before.
    refused = serve(app, url)
    assert refused.status == 429
    assert refused.has("Retry-After")
    assert django_app.requests == 3


@pytest.mark.parametrize("role", ["host", "pencil"])
def test_host_and_pencil_polls_are_still_answered_by_django(app, django_app, role):
    game, host_token = make_game(["Sarah", "Hugo"])
    pencil = game.pass_pencil(host_token, "Léa")
    game.refresh_from_db()
    token = {"host": host_token, "pencil": pencil}[role]
    url = reverse(f"games:{role}_sheet", kwargs={f"{role}_token": token})
    for n in (1, 2, 3):
        assert serve(app, f"{url}?v={game.version}").status == 204
        assert django_app.requests == n
    game.take_back_pencil()
    game.refresh_from_db()
    expected = {"host": 204, "pencil": 410}[role]
    assert serve(app, f"{url}?v={game.version}").status == expected


@pytest.mark.parametrize(
    ("method", "query", "status"),
    [
        ("POST", "v={version}", 403),
        ("OPTIONS", "v={version}", 405),
        ("GET", "v=0{version}", 200),
        ("GET", "v={version}&tv=1", 204),
        ("GET", "", 200),
    ],
    ids=["post", "options", "leading-zero", "more-in-the-query", "no-version"],
)
def test_a_request_not_exactly_shaped_like_the_poll_is_answered_by_django(
    app, django_app, game, method, query, status
):
    url = reverse("games:watch_sheet", kwargs={"watch_token": game.watch_token})
    serve(app, watch_sheet(game, game.version))
    answer = serve(app, f"{url}?{query.format(version=game.version)}", method)
    assert answer.status == status
    assert django_app.requests == 2


def test_a_malformed_csrf_cookie_is_still_replaced_by_django(app, django_app, game):
    url = watch_sheet(game, game.version)
    serve(app, url)
    answer = serve(app, url, Cookie="csrftoken=not-a-token")
    assert answer.status == 204
    assert answer.has("Set-Cookie")
    assert django_app.requests == 2
    # The headers kept for the fast answer are not that one's.
    assert not serve(app, url).has("Set-Cookie")
    assert django_app.requests == 2


def test_a_host_not_allowed_is_still_refused_by_django(app, django_app, game):
    url = watch_sheet(game, game.version)
    serve(app, url)
    assert serve(app, url, Host="evil.example").status == 400
    assert django_app.requests == 2


def test_fast_polls_from_several_threads_each_use_their_own_connection(
    app, django_app, game
):
    url = watch_sheet(game, game.version)
    serve(app, url)

    together = threading.Barrier(4, timeout=30)

    def phone(_):
        try:
            statuses = {serve(app, url).status for _ in range(20)}
            together.wait()  # four threads at once, each still holding its own
            return statuses, connection.connection
        finally:
            connection.close()

    with ThreadPoolExecutor(max_workers=4) as pool:
        answers = list(pool.map(phone, range(4)))
    assert all(statuses == {204} for statuses, _ in answers)
    assert len({id(used) for _, used in answers}) == 4
    assert django_app.requests == 1


def test_a_connection_past_its_age_is_closed_before_the_fast_poll_queries(
    app, django_app, game
):
    url = watch_sheet(game, game.version)
    serve(app, url)
    connection.ensure_connection()
    old = connection.connection
    connection.close_at = time.monotonic() - 1
    assert serve(app, url).status == 204
    assert django_app.requests == 1
    assert connection.connection is not old
    assert connection.close_at > time.monotonic()


def test_a_failed_fast_query_leaves_the_answer_to_django_and_a_sound_connection(
    app, django_app, game, monkeypatch
):
    url = watch_sheet(game, game.version)
    serve(app, url)
    monkeypatch.setattr(app, "sql", "SELECT version FROM no_such_table WHERE x = %s")
    assert serve(app, url).status == 204
    assert django_app.requests == 2
    assert not connection.errors_occurred
    monkeypatch.undo()
    assert serve(app, url).status == 204
    assert django_app.requests == 2


def test_a_connection_the_database_dropped_is_closed_and_the_poll_still_answered(
    app, django_app, game
):
    if connection.vendor != "postgresql":
        pytest.skip("SQLite has no server to drop a connection")
    url = watch_sheet(game, game.version)
    serve(app, url)
    connection.ensure_connection()
    dropped = connection.connection
    dropped.close()
    # The fast query fails on it: Django answers, on a new connection.
    assert serve(app, url).status == 204
    assert django_app.requests == 2
    assert connection.connection is not dropped
    assert serve(app, url).status == 204
    assert django_app.requests == 2


def test_another_middleware_list_turns_the_fast_path_off(settings, game, caplog):
    settings.MIDDLEWARE = [*settings.MIDDLEWARE, "tests.live.test_fast_poll.Noop"]
    django_app = Django()
    app = fastpoll.FastPoll(django_app)
    assert not app.enabled
    assert "Fast watch poll off" in caplog.text
    for n in (1, 2):
        assert serve(app, watch_sheet(game, game.version)).status == 204
        assert django_app.requests == n


class Noop:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)
