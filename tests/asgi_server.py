"""The browser tests' server: the project's ASGI application under uvicorn, as in
production (scorekeeper/serve.py), in a thread of the test process.

A thread rather than a process, so that the server sees the test database and any
setting a test overrides. Live streams need an ASGI server: Django's own live
server is WSGI, which answers a stream with a 204 and leaves the page polling.
"""

import socket
import threading
import time

import uvicorn
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
