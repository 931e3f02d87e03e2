"""The load over loopback: what phones do to the server, and nothing else.

- Loopback only: every URL loaded and every client socket's address are checked
  to be on 127.0.0.0/8.
- An aiohttp session with a bounded pool, and a GET loop with a deadline and a
  request budget (`hammer`).
- A host's phone (`ScoringHost`) entering the planned moves of one game with its
  CSRF cookie, as the entry dialog posts them; `Writes` keeps their latencies.
- `LeanClient`: keep-alive HTTP/1.1 just enough for many polling watchers.
"""

import asyncio
import ipaddress
import re
import secrets
import time
from dataclasses import dataclass, field
from urllib.parse import unquote

from .servers import HOST

LOOPBACK = ipaddress.ip_network("127.0.0.0/8")


def check_loopback(url):
    if not url.startswith(f"http://{HOST}:"):
        raise SystemExit(f"refusing to load anything but {HOST}: {url}")


def source_address(index):
    """The index-th loopback source address: 127.1.0.1, 127.1.0.2, … (not .0/.255)."""
    address = f"127.{1 + index // 64516}.{index // 254 % 254}.{index % 254 + 1}"
    if ipaddress.ip_address(address) not in LOOPBACK:
        raise SystemExit(f"refusing a non-loopback source address {address}")
    return address


def session(limit, timeout=10):
    """An aiohttp session with a bounded pool of connections to loopback."""
    import aiohttp

    connector = aiohttp.TCPConnector(
        limit=limit,
        limit_per_host=limit,
        # Below the server's keep-alive (5 s), so an idle host's next tap never goes
        # out on a connection the server is closing (browsers retry such a request,
        # aiohttp does not retry a POST).
        keepalive_timeout=2,
    )
    return aiohttp.ClientSession(
        connector=connector,
        timeout=aiohttp.ClientTimeout(total=timeout),
        cookie_jar=aiohttp.DummyCookieJar(),
        headers={"Accept-Language": "fr"},
    )


async def hammer(client, url, *, concurrency, duration, budget):
    """GETs `url` from `concurrency` loops until `duration` s pass or `budget`
    requests are made; returns (requests/s, latencies in ms, errors, statuses)."""
    check_loopback(url)
    latencies, statuses, errors = [], {}, 0
    made = 0
    deadline = time.monotonic() + duration

    async def loop():
        nonlocal made, errors
        while made < budget and time.monotonic() < deadline:
            made += 1
            t0 = time.perf_counter()
            try:
                async with client.get(url) as r:
                    await r.read()
                    statuses[r.status] = statuses.get(r.status, 0) + 1
                    if r.status >= 400:
                        errors += 1
            except Exception:  # noqa: BLE001 - any failure counts as an error
                errors += 1
                continue
            latencies.append((time.perf_counter() - t0) * 1000)

    t0 = time.monotonic()
    await asyncio.gather(*(loop() for _ in range(concurrency)))
    elapsed = time.monotonic() - t0
    return len(latencies) / elapsed, latencies, errors, statuses


async def cpu_ms_per_get(server, path="/", *, concurrency=8, duration=3.0):
    """The server's CPU per GET of `path` answered, in ms: `concurrency` loops for
    `duration` s, after a second that warms every worker."""
    url = server.base + path
    async with session(concurrency) as client:
        await hammer(client, url, concurrency=concurrency, duration=1.0, budget=5000)
        cpu0 = server.cpu_seconds()
        _rps, latencies, _errors, _statuses = await hammer(
            client, url, concurrency=concurrency, duration=duration, budget=50_000
        )
        return 1000 * (server.cpu_seconds() - cpu0) / max(1, len(latencies))


def form_fields(move):
    """The entry dialog's fields for a planned move (see games/forms.py)."""
    entry = move["entry"]
    if entry["kind"] == "faces":
        return {f"face_{i}": str(face) for i, face in enumerate(entry["values"])}
    value = {"cross": "x", "made": "made"}.get(entry["kind"])
    return {"value": value if value is not None else str(entry["value"])}


def record_path(host_token, move):
    return (
        f"/h/{host_token}/box/{move['player']}/{move['column']}/{move['box']}/record/"
    )


@dataclass
class Writes:
    """Score entries made in a run: latencies, errors, statuses."""

    latencies: list = field(default_factory=list)  # ms
    errors: int = 0
    statuses: dict = field(default_factory=dict)
    elapsed: float = 0.0
    refusals: list = field(default_factory=list)
    cpu_ms: float = float("nan")  # server CPU per write, when measured

    @property
    def rps(self):
        return len(self.latencies) / self.elapsed if self.elapsed else 0.0

    def add(self, status, ok, ms, note=""):
        self.statuses[status] = self.statuses.get(status, 0) + 1
        if ok:
            self.latencies.append(ms)
        else:
            self.errors += 1
            if note and len(self.refusals) < 5:
                self.refusals.append(note)


CSRF_INPUT = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
CSRF_HEADER = re.compile(r'"X-CSRFToken"\s*:\s*"([^"]+)"')


class ScoringHost:
    """A host's phone (its own CSRF cookie) entering the planned moves of one game,
    one box at a time, as the entry dialog posts them."""

    def __init__(self, client, base, game):
        self.client = client
        self.base = base
        self.host_token = game["host_token"]
        self.cookie = ""
        self.csrf = ""
        self.moves = list(game["moves"])
        self.version = game["version"]
        self.sent = []  # (version after the write, t sent, t answered) per write

    @property
    def done(self):
        return not self.moves

    async def open(self):
        """GETs the host page, as the phone does before its first tap."""
        async with self.client.get(f"{self.base}/h/{self.host_token}/") as r:
            html = await r.text()
            if r.status != 200:
                raise RuntimeError(f"host page answered {r.status}")
            for header in r.headers.getall("Set-Cookie", []):
                name, _, rest = header.partition("=")
                if name.strip() == "csrftoken":
                    self.cookie = unquote(rest.split(";", 1)[0])
        match = CSRF_HEADER.search(html) or CSRF_INPUT.search(html)
        self.csrf = match.group(1) if match else self.cookie

    async def write(self, writes):
        """Records the next move; notes the latency (or the error) in `writes`."""
        move = self.moves[0]
        data = {
            **form_fields(move),
            "request_key": secrets.token_urlsafe(16),
            "seen_version": str(self.version),
        }
        headers = {
            "Cookie": f"csrftoken={self.cookie}",
            "X-CSRFToken": self.csrf,
            "Referer": self.base + "/",
            "Origin": self.base,
            "HX-Request": "true",
        }
        t0 = time.monotonic()
        try:
            async with self.client.post(
                self.base + record_path(self.host_token, move),
                data=data,
                headers=headers,
                allow_redirects=False,
            ) as r:
                status, answer_headers, body = r.status, r.headers, await r.read()
        except Exception as exc:  # noqa: BLE001 - any failure is an error
            writes.add("exception", False, 0, repr(exc))
            return False
        t1 = time.monotonic()
        # A refusal (stale page, not this player's turn) answers 200 too, but
        # retargets the whole sheet to show why: that is not a recorded entry.
        ok = status == 200 and "HX-Retarget" not in answer_headers
        writes.add(status, ok, (t1 - t0) * 1000, body[:300].decode(errors="replace"))
        if ok:
            self.moves.pop(0)
            self.version += 1
            self.sent.append((self.version, t0, t1))
        return ok


async def open_hosts(client, base, games):
    hosts = [ScoringHost(client, base, g) for g in games]
    await asyncio.gather(*(h.open() for h in hosts))
    return hosts


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
    """At most `limit` keep-alive connections to one loopback server, for many
    polling watchers.

    Thousands of watchers polling every second share the machine's two cores with
    the server: aiohttp costs about five times this client's CPU per request. It
    speaks just enough HTTP/1.1 for our own server: keep-alive, Content-Length or
    chunked bodies, one request at a time per connection. Like a browser, it drops
    a connection idle for longer than the server keeps one (uvicorn: 5 s) and
    retries a GET once when a reused connection turns out to be closed before any
    answer (HTTP allows it for idempotent requests).
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
