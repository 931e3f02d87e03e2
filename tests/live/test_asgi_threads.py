"""Under the ASGI server a page's work is paid for once per process, not once per
request: Django's WSGI handler answers pages in a fixed pool of threads, made once,
each keeping its database connection (scorekeeper/asgi.py, scorekeeper/pool.py).
No request starts a thread or opens a connection of its own, and none goes
through asgiref's switches between the event loop and a thread."""

import http.client
import re
import threading
import uuid
from concurrent.futures import ThreadPoolExecutor

import pytest
from asgiref.sync import SyncToAsync, async_to_sync
from django.db import connection

from games.models import Entry
from scorekeeper import asgi
from tests.asgi_server import HOST, AppClient
from tests.factories import make_game
from tests.helpers import host_url, watch_url

CSRF_HEADER = re.compile(r'"X-CSRFToken"\s*:\s*"([^"]+)"')
BOXES = ["ones", "twos", "threes", "fours", "fives", "sixes"]


@pytest.fixture
def switches(monkeypatch):
    counted = []
    enter = SyncToAsync.__call__

    async def counting(self, *args, **kwargs):
        counted.append(self.func)
        return await enter(self, *args, **kwargs)

    monkeypatch.setattr(SyncToAsync, "__call__", counting)
    return counted


@pytest.mark.django_db(transaction=True)
def test_pages_never_switch_through_asgiref(switches):
    game, host_token = make_game(["Sarah", "Hugo"])
    client = AppClient()
    for url in ("/robots.txt", watch_url(game), host_url(host_token)):
        response = async_to_sync(client.get)(url)
        assert response.status_code == 200, url
    assert switches == []


@pytest.fixture
def served(monkeypatch, live_server):
    """The project's ASGI application under uvicorn (the browser tests' server, in
    a thread of this test process); what each page's thread held once the
    request was over."""
    served_by = []  # (thread ident, DB-API connection) after each page
    handler = asgi.pages.app

    def recording(environ, start_response):
        response = handler(environ, start_response)
        try:
            body = list(response)
        finally:
            response.close()  # request_finished: the connection is kept or not
        served_by.append((threading.get_ident(), connection.connection))
        return body

    monkeypatch.setattr(asgi.pages, "app", recording)
    return live_server, served_by


@pytest.fixture
def thread_starts(monkeypatch):
    started = []
    start = threading.Thread.start

    def counting(self):
        started.append(self.name)
        return start(self)

    monkeypatch.setattr(threading.Thread, "start", counting)
    return started


class Phone:
    """One keep-alive connection, with its cookies and CSRF token."""

    def __init__(self, server):
        self.connection = http.client.HTTPConnection(HOST, server.port, timeout=10)
        self.cookies = {}
        self.csrf = ""

    def request(self, method, path, body=None, headers=None):
        headers = dict(headers or {})
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        self.connection.request(method, path, body, headers)
        response = self.connection.getresponse()
        text = response.read().decode()
        for header in response.headers.get_all("Set-Cookie") or []:
            name, _, rest = header.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]
        if match := CSRF_HEADER.search(text):
            self.csrf = match.group(1)
        return response.status

    def enter(self, path, value):
        body = f"value={value}&request_key={uuid.uuid4().hex}"
        headers = {
            "Content-Type": "application/x-www-form-urlencoded",
            "X-CSRFToken": self.csrf,
            "HX-Request": "true",
        }
        return self.request("POST", path, body, headers)


@pytest.mark.django_db(transaction=True)
def test_a_request_starts_no_thread_and_reuses_its_threads_database_connection(
    served, thread_starts
):
    server, served_by = served
    game, host_token = make_game(["Sarah", "Hugo"])
    players = list(game.players.order_by("seat"))
    pages = [watch_url(game), host_url(host_token), "/robots.txt"]
    phone = Phone(server)
    assert phone.request("GET", host_url(host_token)) == 200
    pool_size = asgi.pages.workers
    before = pool_connections()

    rounds = 30
    for n in range(rounds):
        for page in pages:
            assert phone.request("GET", page) == 200, page
        if n < 2 * len(BOXES):
            player, box = players[n % 2], BOXES[n // 2]
            record = host_url(
                host_token, "record", player_id=player.pk, column="free", box=box
            )
            assert phone.enter(record, 3) == 200

    assert Entry.objects.filter(game=game).count() == 2 * len(BOXES)
    requests = len(served_by)
    assert requests == 1 + rounds * len(pages) + 2 * len(BOXES)
    # At most the pool filling itself once, whatever the number of requests.
    assert len(thread_starts) <= pool_size
    threads = {ident for ident, _ in served_by}
    assert len(threads) <= pool_size
    if connection.vendor == "sqlite":
        # Each pool thread keeps one DB-API connection for all its requests
        # (none before its first request that reads the database).
        for ident in threads:
            held = [c for i, c in served_by if i == ident and c is not None]
            assert len({id(c) for c in held}) == 1
    else:
        # psycopg's pool lends its connections again: none is opened per request.
        assert pool_connections() - before <= pool_size < requests


@pytest.mark.django_db(transaction=True)
def test_a_pool_thread_makes_its_cache_objects_once_for_all_its_requests(
    served, monkeypatch
):
    from django.core.cache import CacheHandler

    made = []
    make = CacheHandler.create_connection

    def counting(self, alias):
        made.append((threading.get_ident(), alias))
        return make(self, alias)

    monkeypatch.setattr(CacheHandler, "create_connection", counting)
    server, served_by = served
    game, host_token = make_game(["Sarah", "Hugo"])
    players = list(game.players.order_by("seat"))
    phone = Phone(server)
    assert phone.request("GET", host_url(host_token)) == 200
    for n in range(2 * len(BOXES)):
        assert phone.request("GET", watch_url(game)) == 200
        player, box = players[n % 2], BOXES[n // 2]
        record = host_url(
            host_token, "record", player_id=player.pk, column="free", box=box
        )
        assert phone.enter(record, 3) == 200

    assert len(served_by) == 1 + 2 * 2 * len(BOXES)
    # Django's local cache, read by every page: one object per thread at most,
    # as under a WSGI server, not one per request.
    assert len(made) == len(set(made)) <= asgi.pages.workers


@pytest.mark.django_db(transaction=True)
def test_the_streams_renderings_keep_their_threads_database_connection():
    # A new version is rendered for its streams in a thread of the event loop's
    # pool: that thread keeps its SQLite connection from one rendering to the
    # next, and gives PostgreSQL's back to its pool after each.
    from games.live.streams import _render

    game, host_token = make_game(["Sarah", "Hugo"])
    before = pool_connections()

    def render_in_turn():
        held = []
        for kind, token in [("watch", game.watch_token), ("host", host_token)] * 3:
            event = _render(kind, token, "fr", game.version)
            assert event is not None and event.version == game.version
            held.append(connection.connection)
        connection.close()
        return held

    with ThreadPoolExecutor(max_workers=1) as thread:
        held = thread.submit(render_in_turn).result(timeout=10)
    if connection.vendor == "sqlite":
        assert held[0] is not None
        assert len({id(c) for c in held}) == 1
    else:
        assert held == [None] * len(held)
        assert pool_connections() - before <= 1


def pool_connections():
    """How many connections PostgreSQL's pool has opened so far (0 elsewhere)."""
    pool = getattr(connection, "pool", None)
    return pool.get_stats()["connections_num"] if pool is not None else 0


@pytest.mark.django_db(transaction=True)
def test_the_pages_pool_starts_every_thread_with_its_connection_at_once(thread_starts):
    from scorekeeper.pool import PagePool

    pool = PagePool(asgi.pages.app, workers=3)
    try:
        pool.start_threads()
        assert len(thread_starts) == 3
        # What each thread holds after its start, asked of all three at once.
        asked = threading.Barrier(3)

        def held():
            asked.wait(timeout=5)
            return threading.get_ident(), connection.connection is not None

        answers = [pool.executor.submit(held) for _ in range(3)]
        threads = dict(answer.result(timeout=10) for answer in answers)
        assert len(threads) == 3 and len(thread_starts) == 3
        # Kept as a page's thread keeps it: on SQLite, open; PostgreSQL's is
        # back in its pool.
        assert set(threads.values()) == {connection.vendor == "sqlite"}
    finally:
        closing = threading.Barrier(3)

        def close():
            closing.wait(timeout=5)
            connection.close()

        for call in [pool.executor.submit(close) for _ in range(3)]:
            call.result(timeout=10)
        pool.executor.shutdown(wait=True)


def test_the_pages_pool_is_made_once_with_its_setting(settings):
    assert asgi.pages.workers == settings.SERVER_THREADS
    assert asgi.pages.executor._max_workers == settings.SERVER_THREADS


def test_a_server_process_freezes_what_it_loaded_at_start():
    # What every server process loads once (settings, URLs, views, the game
    # page's template) is kept out of the collector's full passes, and the
    # objects of requests under way die young instead of growing the old
    # generation that a full pass walks, held streams and kept states included.
    import gc

    from scorekeeper import serve

    assert serve.options({})["app"] == "scorekeeper.asgi:served"
    before, thresholds = gc.get_freeze_count(), gc.get_threshold()
    try:
        assert asgi.served() is asgi.application
        assert gc.get_freeze_count() > before
        assert gc.get_threshold() == (asgi.GC_YOUNG_THRESHOLD, *thresholds[1:])
    finally:
        gc.unfreeze()
        gc.set_threshold(*thresholds)
