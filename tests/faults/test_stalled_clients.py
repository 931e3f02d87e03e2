"""A client that stops taking its response, or stops sending its body, holds
nothing: the send is timed out and the stream closed; the body's wait ends in a
408; the server's connections carry a TCP user timeout for what the application
cannot close."""

import asyncio
import socket
import threading

import pytest
import uvicorn
from django.core.exceptions import RequestAborted
from django.core.handlers.asgi import ASGIHandler
from django.test import override_settings

from scorekeeper import serve
from scorekeeper.middleware import StalledClientMiddleware
from tests.faults import stalled_urls

SCOPE = {
    "type": "http",
    "asgi": {"version": "3.0"},
    "http_version": "1.1",
    "method": "GET",
    "scheme": "http",
    "path": "/forever/",
    "raw_path": b"/forever/",
    "query_string": b"",
    "headers": [(b"host", b"127.0.0.1")],
    "client": ("127.0.0.1", 50000),
    "server": ("127.0.0.1", 8000),
}


def never_returns():
    return asyncio.get_running_loop().create_future()


def test_a_body_send_the_client_never_takes_is_timed_out_as_a_client_gone():
    seen = []

    async def app(scope, receive, send):
        await send({"type": "http.response.start", "status": 200, "headers": []})
        try:
            await send({"type": "http.response.body", "body": b"x", "more_body": True})
        except RequestAborted:
            seen.append("aborted")
            raise

    async def send(message):
        if message["type"] == "http.response.body":
            await never_returns()

    async def receive():
        return {"type": "http.request", "body": b""}

    with pytest.raises(RequestAborted):
        asyncio.run(StalledClientMiddleware(app, timeout=0.05)(SCOPE, receive, send))
    assert seen == ["aborted"]


def test_the_response_start_is_not_timed():
    sent = []

    async def app(scope, receive, send):
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"ok"})

    async def send(message):
        if message["type"] == "http.response.start":
            await asyncio.sleep(0.2)
        sent.append(message["type"])

    async def receive():
        return {"type": "http.request", "body": b""}

    asyncio.run(StalledClientMiddleware(app, timeout=0.05)(SCOPE, receive, send))
    assert sent == ["http.response.start", "http.response.body"]


@override_settings(ROOT_URLCONF="tests.faults.stalled_urls", ALLOWED_HOSTS=["*"])
def test_django_closes_a_stream_whose_client_stopped_reading():
    stalled_urls.CLOSED.clear()
    bodies = []

    async def send(message):
        if message["type"] == "http.response.body":
            bodies.append(message)
            if len(bodies) >= 3:
                await never_returns()

    requests = [{"type": "http.request", "body": b""}]

    async def receive():
        if requests:
            return requests.pop()
        await never_returns()

    app = StalledClientMiddleware(ASGIHandler(), timeout=0.05)
    asyncio.run(asyncio.wait_for(app(SCOPE, receive, send), 5))
    assert stalled_urls.CLOSED == ["/forever/"]


def test_a_body_that_stops_arriving_gets_408_and_the_app_hears_a_disconnect():
    sent, heard = [], []

    async def app(scope, receive, send):
        heard.append(await receive())
        heard.append(await receive())

    async def receive():
        if not heard:
            return {"type": "http.request", "body": b"points=2", "more_body": True}
        await never_returns()

    async def send(message):
        sent.append(message)

    scope = {**SCOPE, "method": "POST"}
    asyncio.run(StalledClientMiddleware(app, timeout=0.05)(scope, receive, send))
    assert heard[-1] == {"type": "http.disconnect"}
    assert sent[0]["status"] == 408
    assert (b"connection", b"close") in sent[0]["headers"]


def test_after_the_body_the_wait_for_a_disconnect_is_not_cut():
    heard = []

    async def app(scope, receive, send):
        heard.append(await receive())
        heard.append(await receive())

    async def receive():
        if not heard:
            return {"type": "http.request", "body": b"", "more_body": False}
        await asyncio.sleep(0.2)
        return {"type": "http.disconnect", "reason": "client"}

    async def send(message):
        raise AssertionError("nothing is sent")

    asyncio.run(StalledClientMiddleware(app, timeout=0.05)(SCOPE, receive, send))
    assert heard[-1] == {"type": "http.disconnect", "reason": "client"}


def test_the_server_socket_drops_connections_stalled_past_the_send_timeout():
    config = uvicorn.Config(app=None, host="127.0.0.1", port=0)
    sock = serve.listening_socket(config, {"LIVE_SEND_TIMEOUT": "30"})
    try:
        value = sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_USER_TIMEOUT)
    finally:
        sock.close()
    assert value == 30_000


def test_the_send_timeout_follows_its_setting():
    assert serve.send_timeout_ms({}) == 30_000
    assert serve.send_timeout_ms({"LIVE_SEND_TIMEOUT": "2.5"}) == 2_500


def a_page_pool(app):
    from scorekeeper.pool import PagePool

    return PagePool(app, workers=1)


def test_a_page_whose_client_stopped_reading_gives_its_pool_thread_back():
    closed = []

    class LongAnswer:
        def __iter__(self):
            for _ in range(1000):  # far more than a2wsgi's queue holds
                yield b"x" * 1024

        def close(self):
            closed.append(True)

    def page(environ, start_response):
        start_response("200 OK", [("Content-Type", "text/plain")])
        return LongAnswer()

    async def send(message):
        if message["type"] == "http.response.body":
            await never_returns()

    async def receive():
        return {"type": "http.request", "body": b""}

    pool = a_page_pool(page)
    app = StalledClientMiddleware(pool, timeout=0.05)
    asyncio.run(asyncio.wait_for(app(SCOPE, receive, send), 5))
    assert closed == [True]
    # The pool's one thread is free for the next page.
    assert pool.executor.submit(lambda: "free").result(timeout=1) == "free"


def test_a_page_thread_hands_its_answer_over_without_waiting_for_a_busy_loop():
    done = threading.Event()
    sent = []

    class Answer(list):
        def close(self):
            done.set()  # the thread's last step: the page is answered

    def page(environ, start_response):
        start_response("200 OK", [("Content-Type", "text/plain")])
        return Answer([b"answered"])

    async def send(message):
        sent.append(message)

    async def receive():
        return {"type": "http.request", "body": b""}

    async def main():
        answering = asyncio.create_task(a_page_pool(page)(SCOPE, receive, send))
        await asyncio.sleep(0)  # the page is handed to the thread
        # The loop is busy (thousands of streams): the thread does not wait for
        # it to take its answer, and is free for the next page at once.
        handed_over = done.wait(timeout=5)
        await asyncio.wait_for(answering, 5)
        return handed_over

    assert asyncio.run(main())
    assert [m["type"] for m in sent] == [
        "http.response.start",
        "http.response.body",
        "http.response.body",
    ]
    assert sent[0]["status"] == 200
    assert b"".join(m.get("body", b"") for m in sent) == b"answered"


def test_a_page_whose_body_stops_arriving_never_takes_a_pool_thread():
    ran, sent = [], []

    def page(environ, start_response):
        ran.append(environ["PATH_INFO"])
        start_response("200 OK", [])
        return [b""]

    async def receive():
        if not sent:
            sent.append({"type": "asked"})
            return {"type": "http.request", "body": b"points=2", "more_body": True}
        await never_returns()

    async def send(message):
        sent.append(message)

    scope = {**SCOPE, "method": "POST"}
    app = StalledClientMiddleware(a_page_pool(page), timeout=0.05)
    asyncio.run(asyncio.wait_for(app(scope, receive, send), 5))
    assert ran == []
    assert sent[1]["status"] == 408


def test_a_page_whose_client_left_before_the_end_of_its_body_runs_nothing():
    ran, sent = [], []
    messages = [
        {"type": "http.disconnect"},
        {"type": "http.request", "body": b"points=2", "more_body": True},
    ]

    def page(environ, start_response):
        ran.append(environ["PATH_INFO"])
        start_response("200 OK", [])
        return [b""]

    async def receive():
        return messages.pop()

    async def send(message):
        sent.append(message)

    scope = {**SCOPE, "method": "POST"}
    asyncio.run(a_page_pool(page)(scope, receive, send))
    assert ran == [] and sent == []


def test_a_page_whose_client_hung_up_while_it_waited_for_a_thread_runs_nothing():
    ran, sent = [], []
    busy, free = threading.Event(), threading.Event()

    def page(environ, start_response):
        ran.append(environ["PATH_INFO"])
        if environ["PATH_INFO"] == "/busy/":
            busy.set()
            free.wait(5)
        start_response("200 OK", [])
        return [b"answered"]

    def client(path):
        hung_up = asyncio.Event()
        asked = []

        async def receive():
            if not asked:
                asked.append(path)
                return {"type": "http.request", "body": b"", "more_body": False}
            await hung_up.wait()
            return {"type": "http.disconnect"}

        async def send(message):
            sent.append((path, message["type"]))

        return {**SCOPE, "path": path}, receive, send, hung_up

    async def main():
        # One thread, taken by a first page: the second waits for it.
        pool = a_page_pool(page)
        scope, receive, send, _ = client("/busy/")
        first = asyncio.ensure_future(pool(scope, receive, send))
        await asyncio.to_thread(busy.wait, 5)
        scope, receive, send, hung_up = client("/waiting/")
        second = asyncio.ensure_future(pool(scope, receive, send))
        await asyncio.sleep(0.05)
        hung_up.set()
        await asyncio.sleep(0.05)
        free.set()
        await asyncio.wait_for(asyncio.gather(first, second), 5)

    asyncio.run(main())
    assert ran == ["/busy/"]
    assert [path for path, _ in sent] == ["/busy/", "/busy/", "/busy/"]
