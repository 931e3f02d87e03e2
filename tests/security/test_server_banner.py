"""The server names no software in its answers (no `Server:` banner)."""

import http.client
import socket
import threading
import time

import pytest


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_the_served_app_sends_no_server_banner():
    serve = pytest.importorskip("scorekeeper.serve")
    uvicorn = pytest.importorskip("uvicorn")
    port = free_port()
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
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        connection.request("GET", "/robots.txt")
        response = connection.getresponse()
        response.read()
        connection.close()
        assert response.status == 200
        assert response.getheader("Server") is None
    finally:
        server.should_exit = True
        thread.join(timeout=15)
