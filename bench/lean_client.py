"""A lean keep-alive HTTP client for many polling watchers.

2,000 watchers polling every second share the machine's two cores with the
server: aiohttp costs about 0.25 ms of CPU per request, this about a fifth.
It speaks just enough HTTP/1.1 for our own server: keep-alive, Content-Length or
chunked bodies, one request at a time per connection.
"""

import asyncio
import time

from loopback import HOST


class HTTPError(Exception):
    pass


class _Connection(asyncio.Protocol):
    def __init__(self):
        self.transport = None
        self.buffer = bytearray()
        self.waiter = None
        self.closed = False

    def connection_made(self, transport):
        self.transport = transport

    def data_received(self, data):
        self.buffer += data
        if self.waiter is not None and not self.waiter.done():
            self._try_parse()

    def connection_lost(self, exc):
        self.closed = True
        if self.waiter is not None and not self.waiter.done():
            self._try_parse(eof=True)

    def _try_parse(self, eof=False):
        head_end = self.buffer.find(b"\r\n\r\n")
        if head_end < 0:
            if eof:
                self.waiter.set_exception(HTTPError("connection closed"))
            return
        head = bytes(self.buffer[:head_end]).decode("latin-1").split("\r\n")
        status = int(head[0].split(" ", 2)[1])
        headers = {}
        for line in head[1:]:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
        start = head_end + 4
        if status in (204, 304) or 100 <= status < 200:
            body, end = b"", start
        elif "content-length" in headers:
            end = start + int(headers["content-length"])
            if len(self.buffer) < end:
                if eof:
                    self.waiter.set_exception(HTTPError("truncated body"))
                return
            body = bytes(self.buffer[start:end])
        elif headers.get("transfer-encoding", "").lower() == "chunked":
            parsed = _dechunk(self.buffer, start)
            if parsed is None:
                if eof:
                    self.waiter.set_exception(HTTPError("truncated chunks"))
                return
            body, end = parsed
        else:  # body until the server closes
            if not eof:
                return
            body, end = bytes(self.buffer[start:]), len(self.buffer)
        del self.buffer[:end]
        if headers.get("connection", "").lower() == "close":
            self.closed = True
        self.waiter.set_result((status, headers, body))


def _dechunk(buffer, pos):
    body = bytearray()
    while True:
        line_end = buffer.find(b"\r\n", pos)
        if line_end < 0:
            return None
        size = int(bytes(buffer[pos:line_end]).split(b";")[0], 16)
        pos = line_end + 2
        if size == 0:
            trailer_end = buffer.find(b"\r\n", pos)
            if trailer_end < 0:
                return None
            return bytes(body), trailer_end + 2
        if len(buffer) < pos + size + 2:
            return None
        body += buffer[pos : pos + size]
        pos += size + 2


class LeanClient:
    """At most `limit` keep-alive connections to one loopback server.

    Like a browser, it drops a connection idle for longer than the server keeps
    one (uvicorn: 5 s) and retries a GET once when a reused connection turns out
    to be closed before any answer (HTTP allows it for idempotent requests).
    """

    MAX_IDLE = 3.0

    def __init__(self, port, limit):
        self.port = port
        self.idle = []  # (connection, idle since)
        self.slots = asyncio.Semaphore(limit)
        self.opened = 0
        self.retried = 0

    async def _connection(self):
        now = time.monotonic()
        while self.idle:
            conn, since = self.idle.pop()
            if not conn.closed and now - since < self.MAX_IDLE:
                return conn, True
            conn.transport.close()
        loop = asyncio.get_running_loop()
        _transport, conn = await loop.create_connection(_Connection, HOST, self.port)
        self.opened += 1
        return conn, False

    async def get(self, path, headers=b"", timeout=10):
        """(status, headers, body) of a GET; raises on any failure."""
        request = (
            f"GET {path} HTTP/1.1\r\nHost: {HOST}:{self.port}\r\n".encode()
            + headers
            + b"\r\n"
        )
        async with self.slots:
            for attempt in (1, 2):
                conn, reused = await self._connection()
                conn.waiter = asyncio.get_running_loop().create_future()
                conn.transport.write(request)
                try:
                    result = await asyncio.wait_for(conn.waiter, timeout)
                except HTTPError:
                    conn.transport.close()
                    if reused and attempt == 1 and not conn.buffer:
                        self.retried += 1
                        continue
                    raise
                except BaseException:
                    conn.transport.close()
                    raise
                if conn.closed:
                    conn.transport.close()
                else:
                    self.idle.append((conn, time.monotonic()))
                return result

    def close(self):
        for conn, _since in self.idle:
            conn.transport.close()
        self.idle.clear()
