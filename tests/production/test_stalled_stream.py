"""A phone that stops reading its live stream holds nothing for long: the
server's socket carries TCP_USER_TIMEOUT at LIVE_SEND_TIMEOUT, so the kernel
drops the connection once the phone's window has stayed shut that long, and the
server ends the stream (scorekeeper/serve.py, scorekeeper/asgi.py)."""

import socket
import time

from bench.harness.servers import HOST


def held(server, client_port):
    try:
        server.holder_of(client_port)
    except LookupError:
        return False
    return True


def test_a_stream_whose_phone_stopped_reading_is_dropped_after_the_send_timeout(
    lone_server, game
):
    server = lone_server(workers=1, LIVE_SEND_TIMEOUT="2")
    phone = socket.socket()
    # A small window, and nothing read: the sheet the stream opens with fills it.
    phone.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
    phone.connect((HOST, server.port))
    try:
        phone.sendall(
            f"GET /w/{game['watch_token']}/events/ HTTP/1.1\r\nHost: {HOST}\r\n"
            "X-Forwarded-Proto: https\r\nAccept: text/event-stream\r\n\r\n".encode()
        )
        port = phone.getsockname()[1]
        time.sleep(0.5)
        assert held(server, port)
        deadline = time.monotonic() + 20
        while held(server, port) and time.monotonic() < deadline:
            time.sleep(0.25)
        assert not held(server, port), "the stalled stream is still held"
    finally:
        phone.close()
