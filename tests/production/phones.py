"""The production tests' clients: phones behind the TLS proxy.

The servers are the project's one harness (`bench.harness.servers.Server`, as the
benchmarks start them). `Phone` behaves like a phone behind the TLS proxy: it
keeps its cookies and sends X-Forwarded-Proto: https (trusted from loopback,
uvicorn's FORWARDED_ALLOW_IPS, and by Django's SECURE_PROXY_SSL_HEADER), so the
servers run with their production security settings (HTTPS redirect, secure
cookies, CSRF origin checks) and nothing is weakened for the test.
`EventStream` holds one live stream (…/events/) open, as a phone's EventSource
does.
"""

import contextlib
import http.client
import queue
import re
import socket
import threading
import time
from urllib.parse import urlencode

from bench.harness.servers import HOST


class Phone:
    """One person's browser: its own cookies, talking to one server over "HTTPS"."""

    CSRF_HEADER = re.compile(r'"X-CSRFToken"\s*:\s*"([^"]+)"')

    def __init__(self, server):
        self.server = server
        self.cookies = {}
        self.csrf = ""

    def _headers(self, extra=None):
        headers = {"X-Forwarded-Proto": "https", "Accept-Language": "fr"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        headers.update(extra or {})
        return headers

    def _keep_cookies(self, headers):
        for header in headers.get_all("Set-Cookie") or []:
            name, _, rest = header.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]

    def get(self, path, htmx=False):
        extra = {"HX-Request": "true"} if htmx else None
        status, headers, text = self.server.request(
            "GET", path, None, self._headers(extra)
        )
        self._keep_cookies(headers)
        match = self.CSRF_HEADER.search(text)
        if match:
            self.csrf = match.group(1)
        return status, headers, text

    def post(self, path, data, htmx=True):
        extra = {
            "Content-Type": "application/x-www-form-urlencoded",
            "Origin": self.server.origin,
            "Referer": self.server.origin + "/",
            "X-CSRFToken": self.csrf,
        }
        if htmx:
            extra["HX-Request"] = "true"
        status, headers, text = self.server.request(
            "POST", path, urlencode(data), self._headers(extra)
        )
        self._keep_cookies(headers)
        return status, headers, text


class EventStream:
    """One live stream held open on `server`, read line by line in a thread.

    Each message (the lines up to a blank one) lands in `messages` as
    (monotonic time of arrival, {field: value, …}); comment lines give
    {"comment": ""}; the end of the stream gives (time, None).
    """

    def __init__(self, server, path, headers=None):
        self.conn = http.client.HTTPConnection(HOST, server.port, timeout=30)
        self.conn.request(
            "GET",
            path,
            headers={
                "X-Forwarded-Proto": "https",
                "Accept": "text/event-stream",
                **(headers or {}),
            },
        )
        self.sock = self.conn.sock
        self.response = self.conn.getresponse()
        self.status = self.response.status
        self.headers = self.response.headers
        self.messages = queue.Queue()
        self.lines = []
        if self.status == 200:
            self.thread = threading.Thread(target=self._read, daemon=True)
            self.thread.start()

    def _read(self):
        message = {}
        try:
            while True:
                line = self.response.readline()
                if not line:
                    break
                line = line.decode().rstrip("\n")
                self.lines.append(line)
                if line == "":
                    self.messages.put((time.monotonic(), message))
                    message = {}
                    continue
                field, _, value = line.partition(":")
                value = value.removeprefix(" ")
                if field == "data" and "data" in message:
                    value = message["data"] + "\n" + value
                message[field or "comment"] = value
        except Exception:  # noqa: BLE001 - closed under it, cut: the end either way
            pass
        self.messages.put((time.monotonic(), None))

    def next(self, timeout=5):
        """(arrival time, message) of the next message, or of the end (None)."""
        try:
            return self.messages.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError(f"nothing on the stream within {timeout}s") from None

    def wait_for(self, keep, timeout=5):
        """(arrival time, message) of the first message `keep` accepts."""
        deadline = time.monotonic() + timeout
        while True:
            at, message = self.next(max(deadline - time.monotonic(), 0.01))
            assert message is not None, f"the stream ended: {self.lines[-5:]}"
            if keep(message):
                return at, message

    def close(self):
        """Hangs up (and wakes the reading thread)."""
        with contextlib.suppress(OSError):
            self.sock.shutdown(socket.SHUT_RDWR)
        self.response.close()
        self.conn.close()
        self.sock.close()
        if self.status == 200:
            self.thread.join(5)

    def holder(self, server):
        """The pid of the server process holding this stream's connection."""
        return server.holder_of(self.sock.getsockname()[1])
