"""A request whose body is shorter than its Content-Length records nothing.

`points=25` cut by one byte would read `points=2`: under every server the
project uses (runserver, any WSGI server, ASGI) such a request answers 400.
"""

import asyncio
import io
import time

import pytest
from django.contrib.staticfiles.handlers import StaticFilesHandler
from django.core.handlers.asgi import ASGIHandler
from django.http import HttpResponse
from django.test import RequestFactory
from django.test.testcases import LiveServerThread

from games.models import Entry
from scorekeeper.middleware import CompleteBodyMiddleware
from scorekeeper.wsgi import application
from tests.games.helpers import write_url
from tests.security.cut_body import cut_record, send_cut, typed_points_game
from tests.security.helpers import connection_kept, served


def wsgi_post(path, headers, body, declared):
    """The WSGI application (scorekeeper/wsgi.py) given what a WSGI server hands
    on for a body that stopped early: the bytes that came, the announced length."""
    environ = RequestFactory().generic("POST", path, headers=headers).environ
    environ.update(CONTENT_LENGTH=str(declared), **{"wsgi.input": io.BytesIO(body)})
    started = {}

    def start_response(status, response_headers, exc_info=None):
        started["status"] = int(status[:3])

    with connection_kept():
        b"".join(application(environ, start_response))
    return started["status"]


@pytest.mark.django_db
def test_a_cut_entry_under_wsgi_answers_400_and_records_nothing():
    game, token = typed_points_game()
    path, headers, body = cut_record(game, token, "25")
    assert wsgi_post(path, headers, body[:-1], len(body)) == 400
    assert Entry.objects.count() == 0
    # The whole request goes through.
    assert wsgi_post(path, headers, body, len(body)) == 302
    assert list(Entry.objects.values_list("points", flat=True)) == [25]


@pytest.mark.django_db
def test_a_cut_trailing_field_lets_no_record_nor_undo_through():
    game, token = typed_points_game()
    path, headers, body = cut_record(game, token, "25")
    # Cut inside the request key, the first field: still no entry.
    cut_at = body.index(b"&")
    assert wsgi_post(path, headers, body[:cut_at], len(body)) == 400
    assert Entry.objects.count() == 0
    assert wsgi_post(path, headers, body, len(body)) == 302
    game.refresh_from_db()
    undo = write_url(token, "undo")
    form = f"seen_version={game.version}&request_key=undo-key-0123456789".encode()
    assert wsgi_post(undo, headers, form[:-3], len(form)) == 400
    assert Entry.objects.filter(undone_at__isnull=True).count() == 1


@pytest.mark.django_db
def test_a_garbled_content_length_answers_400():
    game, token = typed_points_game()
    path, headers, body = cut_record(game, token, "25")
    environ = RequestFactory().generic("POST", path, headers=headers).environ
    environ.update(CONTENT_LENGTH="²", **{"wsgi.input": io.BytesIO(body)})
    statuses = []
    with connection_kept():
        application(environ, lambda status, *_: statuses.append(status))
    assert statuses[0].startswith("400")
    assert Entry.objects.count() == 0


@pytest.fixture
def runserver():
    """Django's development server (runserver's WSGI server and request handler)
    on a free loopback port; (host, port)."""
    thread = LiveServerThread("127.0.0.1", StaticFilesHandler, port=0)
    thread.daemon = True
    thread.start()
    thread.is_ready.wait(timeout=10)
    if thread.error:
        raise thread.error
    yield "127.0.0.1", thread.port
    thread.terminate()


@pytest.mark.django_db(transaction=True)
def test_a_cut_entry_on_runserver_answers_400_and_records_nothing(runserver):
    game, token = typed_points_game()
    path, headers, body = cut_record(game, token, "25")
    status = send_cut(*runserver, path, headers, body)
    assert status == 400
    assert Entry.objects.count() == 0
    # The whole request goes through.
    assert send_cut(*runserver, path, headers, body, missing=0) == 302
    assert list(Entry.objects.values_list("points", flat=True)) == [25]


def asgi_post(path, headers, body, declared, more_body=False):
    """Django's ASGI application given the body `body` for a request announcing
    `declared` bytes; `more_body=True` then the client going away."""
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [
            (b"host", b"testserver"),
            (b"content-length", str(declared).encode()),
            *[(k.lower().encode(), v.encode()) for k, v in headers.items()],
        ],
        "client": ("127.0.0.1", 50000),
        "server": ("testserver", 80),
    }
    events = [{"type": "http.request", "body": body, "more_body": more_body}]
    if more_body:
        events.append({"type": "http.disconnect"})
    sent = []

    async def receive():
        if events:
            return events.pop(0)
        await asyncio.sleep(3600)

    async def send(message):
        sent.append(message)

    asyncio.run(ASGIHandler()(scope, receive, send))
    starts = [m for m in sent if m["type"] == "http.response.start"]
    return starts[0]["status"] if starts else None


@pytest.mark.django_db(transaction=True)
def test_a_cut_entry_under_asgi_answers_400_or_nothing_and_records_nothing():
    game, token = typed_points_game()
    path, headers, body = cut_record(game, token, "25")
    # An ASGI server that passes the short body on as complete.
    assert asgi_post(path, headers, body[:-1], len(body)) == 400
    # uvicorn's way: the client went away; Django aborts without an answer.
    assert asgi_post(path, headers, body[:-1], len(body), more_body=True) is None
    assert Entry.objects.count() == 0
    assert asgi_post(path, headers, body, len(body)) == 302
    assert list(Entry.objects.values_list("points", flat=True)) == [25]


@pytest.mark.django_db(transaction=True)
def test_a_cut_entry_under_uvicorn_records_nothing():
    # As `python -m scorekeeper.serve` runs it: uvicorn sees the client go away
    # before the announced end and Django aborts: no answer at all.
    pytest.importorskip("uvicorn")
    game, token = typed_points_game()
    path, headers, body = cut_record(game, token, "25")
    with served() as port:
        status = send_cut("127.0.0.1", port, path, headers, body)
        time.sleep(0.2)
        assert status is None
        assert Entry.objects.count() == 0
        # The whole request goes through.
        assert send_cut("127.0.0.1", port, path, headers, body, missing=0) == 302
    assert list(Entry.objects.values_list("points", flat=True)) == [25]


def test_the_check_holds_in_an_async_middleware_chain_too():
    async def view(request):
        return HttpResponse(request.POST.get("points", ""))

    middleware = CompleteBodyMiddleware(view)

    def answer(body, declared):
        request = RequestFactory().generic(
            "POST", "/", body, "application/x-www-form-urlencoded"
        )
        request.META["CONTENT_LENGTH"] = str(declared)
        return asyncio.run(middleware(request))

    assert answer(b"points=2", 9).status_code == 400
    whole = answer(b"points=25", 9)
    assert (whole.status_code, whole.content) == (200, b"25")
