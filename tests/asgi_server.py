"""The tests' ASGI tools. The browser tests' server: the project's ASGI application
under uvicorn, as in production (scorekeeper/serve.py), in a thread of the test
process; and a link in front of it that a test can cut, as a table's Wi-Fi drops.

A thread rather than a process, so that the server sees the test database and any
setting a test overrides. Live streams need an ASGI server: Django's own live
server is WSGI, which answers a stream with a 204 and leaves the page polling.
"""

import asyncio
import contextlib
import socket
import threading
import time

import uvicorn
from asgiref.sync import async_to_sync
from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler
from django.test.utils import modify_settings

HOST = "127.0.0.1"


class AsgiLiveServer:
    def __init__(self):
        from scorekeeper.asgi import application

        self.socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.socket.bind((HOST, 0))
        self.port = self.socket.getsockname()[1]
        config = uvicorn.Config(
            # Static files from the finders, as Django's live server serves them.
            ASGIStaticFilesHandler(application),
            lifespan="on",
            log_level="warning",
            server_header=False,
            timeout_graceful_shutdown=2,
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(
            target=self.server.run, kwargs={"sockets": [self.socket]}, daemon=True
        )
        # pytest-django's live-server helper enables this around each test.
        self._live_server_modified_settings = modify_settings(
            ALLOWED_HOSTS={"append": HOST}
        )

    @property
    def url(self):
        return f"http://{HOST}:{self.port}"

    def __str__(self):
        return self.url

    def start(self):
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the test ASGI server did not start")
            time.sleep(0.02)

    def stop(self):
        self.server.should_exit = True
        self.thread.join(timeout=10)


class CuttableLink:
    """A loopback TCP relay in front of the test server: `cut()` drops every open
    connection and refuses new ones, as a table's Wi-Fi does; `mend()` lets them
    through again. The browser reaches the site through `url`."""

    def __init__(self, server_url):
        host, port = server_url.removeprefix("http://").split(":")
        self.target = (host, int(port))
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.listener.getsockname()[1]}"
        self.up = True
        self.open = []
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            # Under the lock: a connection accepted as the link is cut is refused,
            # or dropped with the others, never left open through the cut.
            with self.lock:
                if not self.up:
                    client.close()
                    continue
                upstream = socket.create_connection(self.target)
                self.open += [client, upstream]
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def _pipe(source, sink):
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for end in (source, sink):
                with contextlib.suppress(OSError):
                    end.shutdown(socket.SHUT_RDWR)

    def cut(self):
        with self.lock:
            self.up = False
            for end in self.open:
                with contextlib.suppress(OSError):
                    end.shutdown(socket.SHUT_RDWR)
            self.open = []

    def mend(self):
        with self.lock:
            self.up = True

    def close(self):
        self.cut()
        self.listener.close()


class AsgiClient:
    """Django's AsyncClient, for sync tests: each request goes through the ASGI
    request handler and the middleware in their async mode, as under uvicorn; a
    GET of a stream URL through the project's application (`AppClient`), whose
    route serves it. Keyword arguments spelt `HTTP_…` become headers, as with
    the WSGI Client. A live stream never ends: its first message is read into
    `first_chunk`, then the stream is closed."""

    def __init__(self):
        from django.test import AsyncClient

        self.async_client = AsyncClient()

    def get(self, path, data=None, **extra):
        return self._request("get", path, data, extra)

    def post(self, path, data=None, **extra):
        return self._request("post", path, data, extra)

    def _request(self, method, path, data, extra):
        return async_to_sync(self._arequest)(method, path, data, extra)

    async def _arequest(self, method, path, data, extra):
        headers = {
            key.removeprefix("HTTP_").replace("_", "-"): value
            for key, value in extra.items()
            if key.startswith("HTTP_")
        }
        others = {k: v for k, v in extra.items() if not k.startswith("HTTP_")}
        if method == "get" and data is None and not others and is_stream(path):
            response = await AppClient().get(path, headers=headers)
        else:
            send = getattr(self.async_client, method)
            response = await send(path, data, headers=headers, **others)
        if response.streaming:
            chunks = aiter(response.streaming_content)
            response.first_chunk = await asyncio.wait_for(anext(chunks), 5)
            await chunks.aclose()
        return response


_keeping = 0


@contextlib.contextmanager
def _keeping_connections():
    from django.core.signals import request_finished, request_started
    from django.db import close_old_connections

    global _keeping
    if _keeping == 0:
        request_started.disconnect(close_old_connections)
        request_finished.disconnect(close_old_connections)
    _keeping += 1
    try:
        yield
    finally:
        _keeping -= 1
        if _keeping == 0:
            request_started.connect(close_old_connections)
            request_finished.connect(close_old_connections)


def is_stream(url: str) -> bool:
    from games.live.streams import PATH

    return PATH.match(url.partition("?")[0]) is not None


class AppClient:
    """Async requests through the project's whole ASGI application
    (scorekeeper/asgi.py), as uvicorn makes them: a stream URL reaches the streams'
    route, any other URL Django's handler with all its middleware (CSRF
    included: a form is posted with Django's AsyncClient instead). The answer
    is a Django response: a held stream a StreamingHttpResponse whose content
    ends, and hangs up, when its iterator is closed; anything else an
    HttpResponse read whole. `address` is the client's (REMOTE_ADDR)."""

    def __init__(self, address: str = "127.0.0.1") -> None:
        self.address = address

    async def get(self, url, headers=None):
        return await self.request("GET", url, headers)

    async def head(self, url, headers=None):
        return await self.request("HEAD", url, headers)

    async def request(self, method, url, headers=None):
        from django.http import HttpResponse, StreamingHttpResponse

        from scorekeeper.asgi import application

        path, _, query = url.partition("?")
        scope = {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": method,
            "scheme": "http",
            "path": path,
            "raw_path": path.encode(),
            "query_string": query.encode(),
            "root_path": "",
            "headers": [
                (b"host", b"testserver"),
                *(
                    (name.lower().encode(), value.encode())
                    for name, value in (headers or {}).items()
                ),
            ],
            "client": (self.address, 50000),
            "server": ("testserver", 80),
        }
        sent = asyncio.Queue()
        hung_up = asyncio.Event()
        asked = False

        async def receive():
            nonlocal asked
            if not asked:
                asked = True
                return {"type": "http.request", "body": b"", "more_body": False}
            await hung_up.wait()
            return {"type": "http.disconnect"}

        # As Django's test clients do: the test's own connection (in its
        # transaction) is not closed by the request's signals.
        no_closing = _keeping_connections()
        no_closing.__enter__()
        app = asyncio.ensure_future(application(scope, receive, sent.put))

        async def next_message(timeout=None):
            taken = asyncio.ensure_future(sent.get())
            done, _ = await asyncio.wait(
                {taken, app}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED
            )
            if taken in done:
                return taken.result()
            taken.cancel()
            if app.done():
                app.result()  # raises what the application raised
                raise AssertionError("the application ended without answering")
            raise AssertionError(f"no answer within {timeout}s")

        try:
            start = await next_message(timeout=10)
        finally:
            no_closing.__exit__(None, None, None)
        names = dict(start.get("headers", []))
        content_type = names.get(b"content-type", b"").decode()
        response_headers = {
            name.decode(): value.decode() for name, value in start["headers"]
        }

        async def body():
            try:
                while True:
                    message = await next_message()
                    if message["body"]:
                        yield message["body"]
                    if not message.get("more_body"):
                        return
            finally:
                hung_up.set()
                await asyncio.wait_for(app, 5)

        if start["status"] == 200 and content_type.startswith("text/event-stream"):
            return StreamingHttpResponse(body(), status=200, headers=response_headers)
        content = b"".join([chunk async for chunk in body()])
        return HttpResponse(content, status=start["status"], headers=response_headers)
