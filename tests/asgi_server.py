"""The tests' ASGI tools. The browser tests' server: the project's ASGI application
under uvicorn, as in production (scorekeeper/serve.py), in a thread of the test
process.

A thread rather than a process, so that the server sees the test database and any
setting a test overrides. Live streams need an ASGI server: Django's own live
server is WSGI, which answers a stream with a 204 and leaves the page polling.
"""

import asyncio
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


class AsgiClient:
    """Django's AsyncClient, for sync tests: each request goes through the ASGI
    request handler and the middleware in their async mode, as under uvicorn.
    Keyword arguments spelt `HTTP_…` become headers, as with the WSGI Client. A
    live stream never ends: its first message is read into `first_chunk`, then
    the stream is closed."""

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
        send = getattr(self.async_client, method)
        response = await send(path, data, headers=headers, **others)
        if response.streaming:
            chunks = aiter(response.streaming_content)
            response.first_chunk = await asyncio.wait_for(anext(chunks), 5)
            await chunks.aclose()
        return response
