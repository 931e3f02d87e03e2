"""Helpers shared by the security tests."""

import contextlib
import socket
import threading
import time

from django.core.signals import request_finished, request_started
from django.db import close_old_connections


@contextlib.contextmanager
def connection_kept():
    """As Django's test client does around a request: a request handled (or a
    response closed) outside the client must not close the test's connection,
    which holds the test's transaction."""
    signals = (request_started, request_finished)
    for signal in signals:
        signal.disconnect(close_old_connections)
    try:
        yield
    finally:
        for signal in signals:
            signal.connect(close_old_connections)


@contextlib.contextmanager
def served():
    """The app under uvicorn as `python -m scorekeeper.serve` runs it (its options,
    one process, in a thread) on a free loopback port; yields the port."""
    import uvicorn

    from scorekeeper import serve

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    options = serve.options({"BIND": f"127.0.0.1:{port}"})
    options.pop("workers", None)
    server = uvicorn.Server(uvicorn.Config(**options))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 15
        while not server.started and time.monotonic() < deadline:
            time.sleep(0.05)
        assert server.started
        yield port
    finally:
        server.should_exit = True
        thread.join(timeout=15)
