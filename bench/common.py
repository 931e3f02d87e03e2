"""What the load benchmarks share: the app set up and served as production runs it,
the clients that load it over loopback, and the figures they report.

- Loopback only: the address served on, and checks that keep every request and
  every client socket on 127.0.0.0/8.
- The app: a throwaway database (an SQLite file under /tmp, or the PostgreSQL
  database `scorekeeper_bench` on 127.0.0.1), the environment a production server
  gets (minus TLS: plain HTTP on loopback), migrations and collectstatic, and games
  seeded through the models (this file run as a script in the app's environment).
- The server: `python -m scorekeeper.serve` (uvicorn) on a free loopback port, and
  what its processes use (CPU time, RSS, threads, open fds, read from /proc).
- The clients: an aiohttp session, a GET loop with a deadline and a budget, a
  host's phone entering planned moves with its CSRF cookie, and a lean keep-alive
  client for many polling watchers.
- The figures: percentiles, staleness, CPU over a window, Markdown tables.

Seeding, run by `seed()` with DATABASE_URL set; prints JSON on stdout:

    common.py games COUNT PLAYERS ROUNDS   → [{host_token, watch_token, version,
                                               players: [id…], moves: [move…]}]
    common.py queries                      → SQL query counts per page, by size
    common.py entries                      → [[watch_token, seq, saved at (epoch s)]]

A move is what the host enters next, in turn order, for the whole game:
{"player": id, "column": "free", "box": key, "entry": {...}}; the first ROUNDS
rounds are already recorded (through `Game.record`, as the app does).
"""

import asyncio
import contextlib
import ipaddress
import json
import math
import os
import random
import re
import resource
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote

# --- loopback only ------------------------------------------------------------------

HOST = "127.0.0.1"
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


# --- the app, set up ----------------------------------------------------------------

ROOT = Path(__file__).resolve().parent.parent
# BENCH_PYTHON, else the worktree's .venv, else the interpreter running this.
PYTHON = os.environ.get("BENCH_PYTHON") or str(ROOT / ".venv" / "bin" / "python")
if not Path(PYTHON).exists():
    PYTHON = sys.executable
PG_ADMIN_URL = "postgresql://postgres@127.0.0.1:5432/postgres"
PG_BENCH_DB = "scorekeeper_bench"


@dataclass
class Database:
    kind: str  # "sqlite" or "postgres"
    url: str
    tmpdir: str | None = None

    def drop(self):
        if self.kind == "sqlite" and self.tmpdir:
            shutil.rmtree(self.tmpdir, ignore_errors=True)
        elif self.kind == "postgres":
            _pg_admin(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')

    @property
    def name(self):
        return self.url.rsplit("/", 1)[-1]


def _pg_admin(sql):
    import psycopg

    with psycopg.connect(PG_ADMIN_URL, autocommit=True, connect_timeout=5) as conn:
        conn.execute(sql)


def throwaway_database(kind, name=PG_BENCH_DB):
    """A fresh, empty database of that kind (call .drop() when done)."""
    if kind == "sqlite":
        tmpdir = tempfile.mkdtemp(prefix="scorekeeper-bench-")
        return Database("sqlite", f"sqlite:///{tmpdir}/db.sqlite3", tmpdir)
    if kind == "postgres":
        _pg_admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        _pg_admin(f'CREATE DATABASE "{name}"')
        return Database("postgres", f"postgres://postgres@127.0.0.1:5432/{name}")
    raise ValueError(f"unknown database kind {kind!r}")


def app_env(database_url, **extra):
    """What a production server gets, minus TLS (plain HTTP on loopback)."""
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("DJANGO_", "LIVE_"))
        and k
        not in {
            "REDIS_URL",
            "WEB_CONCURRENCY",
            "BIND",
            "FORWARDED_ALLOW_IPS",
            "GRACEFUL_TIMEOUT",
            "SERVER_LOG_LEVEL",
            "KEEPALIVE",
            "BACKLOG",
        }
    }
    env.update(
        DEBUG="0",
        SECRET_KEY="bench-only-" + "k" * 50,
        ALLOWED_HOSTS=HOST,
        DATABASE_URL=database_url,
        # Loopback is plain HTTP: production keeps its HTTPS defaults.
        SECURE_SSL_REDIRECT="0",
        SECURE_HSTS_SECONDS="0",
        STATIC_MANIFEST="1",
        LOG_LEVEL="WARNING",
        PYTHONUNBUFFERED="1",
    )
    env.update({k: str(v) for k, v in extra.items()})
    return env


def manage(env, *args, quiet=True):
    subprocess.run(
        [PYTHON, "manage.py", *args],
        cwd=ROOT,
        env=env,
        check=True,
        stdout=subprocess.DEVNULL if quiet else None,
    )


_static_done = False


def prepare(env):
    """Migrations, and the compressed, hashed static files (once per run)."""
    global _static_done
    manage(env, "migrate", "--noinput")
    if not _static_done:
        manage(env, "collectstatic", "--noinput")
        _static_done = True


def seed(env, *args):
    """Runs this file's seeding in the app's environment; returns its JSON output."""
    out = subprocess.run(
        [PYTHON, __file__, *map(str, args)],
        cwd=ROOT,
        env=env,
        check=True,
        stdout=subprocess.PIPE,
        text=True,
    ).stdout
    return json.loads(out)


# --- the server ---------------------------------------------------------------------

CLK_TCK = os.sysconf("SC_CLK_TCK")
PAGE_SIZE = os.sysconf("SC_PAGE_SIZE")


def add_server_args(parser):
    parser.add_argument(
        "--workers",
        type=int,
        default=2,
        help="server processes on PostgreSQL, WEB_CONCURRENCY (default 2); SQLite "
        "is served by one, the live fan-out being in-process",
    )


def workers_for(args, kind):
    return 1 if kind == "sqlite" else args.workers


def free_port():
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def raise_fd_limit(wanted=None):
    """Raises this process's soft RLIMIT_NOFILE to `wanted` (default: the hard
    limit); returns the new soft limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = hard if wanted is None else min(wanted, hard)
    if hard == resource.RLIM_INFINITY and wanted is None:
        target = max(soft, 65536)
    if target > soft:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def _children(pid):
    """Every descendant of `pid` (any thread's children, recursively)."""
    found = []
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return found
    for tid in tasks:
        try:
            text = Path(f"/proc/{pid}/task/{tid}/children").read_text()
        except OSError:
            continue
        for child in map(int, text.split()):
            found.append(child)
            found.extend(_children(child))
    return found


def _cpu_ticks(pid):
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return 0
    fields = stat.rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime + stime


def _rss_bytes(pid):
    try:
        return int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * PAGE_SIZE
    except OSError:
        return 0


def _threads(pid):
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("Threads:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def _fd_targets(pid):
    try:
        names = os.listdir(f"/proc/{pid}/fd")
    except OSError:
        return []
    targets = []
    for name in names:
        with contextlib.suppress(OSError):
            targets.append(os.readlink(f"/proc/{pid}/fd/{name}"))
    return targets


@dataclass
class Server:
    """`python -m scorekeeper.serve` (uvicorn) on a free loopback port (a context
    manager), with `workers` processes (WEB_CONCURRENCY)."""

    env: dict
    workers: int = 1
    port: int = 0
    # What the server's Python runs: the app, or the yardstick (bench/yardstick.py).
    command: tuple[str, ...] = ("-m", "scorekeeper.serve")
    proc: subprocess.Popen | None = None
    log: str = ""

    @property
    def base(self):
        return f"http://{HOST}:{self.port}"

    def describe(self):
        return f"uvicorn ({' '.join(self.command)}), {self.workers} process(es)"

    def start(self, timeout=30):
        self.port = self.port or free_port()
        env = dict(self.env)
        env.update(
            BIND=f"{HOST}:{self.port}",
            WEB_CONCURRENCY=str(self.workers),
            FORWARDED_ALLOW_IPS=HOST,
        )
        fd, self.log = tempfile.mkstemp(prefix="scorekeeper-serve-", suffix=".log")
        with os.fdopen(fd, "wb") as log:
            self.proc = subprocess.Popen(
                [PYTHON, *self.command],
                cwd=ROOT,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
                # Thousands of streams: the server gets the hard limit too.
                preexec_fn=raise_fd_limit,
            )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited:\n{self.log_text()}")
            ready = self.workers <= 1 or len(self.worker_pids()) >= self.workers
            if ready and self._healthy():
                return self
            time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"server did not answer in {timeout}s:\n{self.log_text()}")

    def _healthy(self):
        try:
            with socket.create_connection((HOST, self.port), timeout=1) as s:
                s.sendall(
                    f"GET /healthz HTTP/1.1\r\nHost: {HOST}\r\n"
                    "Connection: close\r\n\r\n".encode()
                )
                return s.recv(64).startswith(b"HTTP/1.1 200")
        except OSError:
            return False

    def log_text(self, tail=4000):
        """The server's log (its last `tail` characters; None: all of it)."""
        try:
            text = Path(self.log).read_text(errors="replace")
        except (OSError, TypeError):
            return ""
        return text[-tail:] if tail else text

    def worker_pids(self):
        """uvicorn's worker processes (none with one process: it serves itself)."""
        return _children(self.proc.pid)

    def pids(self):
        return [self.proc.pid, *self.worker_pids()]

    def cpu_seconds(self):
        """CPU time used so far by the server's processes."""
        return sum(_cpu_ticks(pid) for pid in self.pids()) / CLK_TCK

    def rss_bytes(self):
        """Resident memory of every server process, summed."""
        return sum(_rss_bytes(pid) for pid in self.pids())

    def threads(self):
        """Threads of every server process, summed."""
        return sum(_threads(pid) for pid in self.pids())

    def open_fds(self):
        return sum(len(_fd_targets(pid)) for pid in self.pids())

    def fds_to(self, suffix):
        """Open fds of the server's processes whose target ends with `suffix`."""
        return sum(
            target.endswith(suffix)
            for pid in self.pids()
            for target in _fd_targets(pid)
        )

    def fd_limit(self):
        """The soft RLIMIT_NOFILE of the server's (first) process."""
        try:
            limits = Path(f"/proc/{self.proc.pid}/limits").read_text()
            for line in limits.splitlines():
                if line.startswith("Max open files"):
                    return int(line.split()[3])
        except (OSError, ValueError, IndexError):
            pass
        return 0

    def stop(self, timeout=30):
        if self.proc is None or self.proc.poll() is not None:
            return
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=5)

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()
        if self.log and exc[0] is None:
            with contextlib.suppress(OSError):
                os.unlink(self.log)


def yardstick(env):
    """The yardstick's server (bench/yardstick.py: a minimal Django project under
    uvicorn, one process), to start beside the app in the same run."""
    return Server(env, workers=1, command=(str(ROOT / "bench" / "yardstick.py"),))


# --- clients ------------------------------------------------------------------------


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


# --- figures ------------------------------------------------------------------------


def percentile(values, p):
    """Nearest-rank percentile (p in 0..100) of a list; nan when empty."""
    if not values:
        return math.nan
    ordered = sorted(values)
    rank = max(1, math.ceil(p / 100 * len(ordered)))
    return ordered[rank - 1]


def saved_times(games, entries, clock_offset):
    """The server's save time of each entry (`seed(env, "entries")`), as this
    process's monotonic clock: {game index: [t saved]} in seq order."""
    index = {g["watch_token"]: i for i, g in enumerate(games)}
    by_game = {}
    for watch_token, _seq, saved_at in sorted(entries, key=lambda e: e[:2]):
        if watch_token in index:
            by_game.setdefault(index[watch_token], []).append(saved_at - clock_offset)
    return by_game


class Staleness:
    """Seconds from each write to each watcher's first sight of it (a receipt of
    its version or a later one): from the server's save, from the tap (the POST
    sent) and from the answer; and how many sights were expected, exact (that very
    version received) or never made."""

    def __init__(self):
        self.from_saved, self.from_tap, self.from_ack = [], [], []
        self.expected = self.exact = self.unseen = 0

    def add(self, writes, saved, watchers):
        """One game: its writes [(version, t sent, t answered)] in order, the save
        times of its entries by seq (the n-th save is the n-th write: one writer,
        a game started empty), and each watcher's receipts [(version, t)]."""
        for n, (version, t_sent, t_ack) in enumerate(writes):
            for receipts in watchers:
                self.expected += 1
                seen = next((t for v, t in receipts if v >= version), None)
                if any(v == version for v, _t in receipts):
                    self.exact += 1
                if seen is None:
                    self.unseen += 1
                    continue
                if n < len(saved):
                    self.from_saved.append(seen - saved[n])
                self.from_tap.append(seen - t_sent)
                self.from_ack.append(seen - t_ack)


class CpuMeter:
    """CPU over an interval, in percent of one core: the server's, this client's
    and the whole machine's (a run disturbed by something else shows it)."""

    def __init__(self, server):
        self.server = server

    def __enter__(self):
        self.t0 = time.monotonic()
        self.s0 = self.server.cpu_seconds()
        self.m0 = _machine_busy()
        self.c0 = os.times()
        return self

    def __exit__(self, *exc):
        elapsed = time.monotonic() - self.t0
        self.elapsed = elapsed
        self.server_pct = 100 * (self.server.cpu_seconds() - self.s0) / elapsed
        busy, total = (b - a for a, b in zip(self.m0, _machine_busy(), strict=True))
        self.machine_pct = 100 * busy / total * os.cpu_count() if total else math.nan
        c1 = os.times()
        self.client_pct = (
            100 * ((c1.user - self.c0.user) + (c1.system - self.c0.system)) / elapsed
        )


def _machine_busy():
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n")[0].split()[1:]]
    idle = fields[3] + fields[4]
    return sum(fields) - idle, sum(fields)


def mib(n):
    return n / (1024 * 1024)


def table(title, headers, rows):
    """Prints a Markdown table (pastes as is into bench/README.md)."""
    cells = [[str(h) for h in headers]] + [[_fmt(c) for c in row] for row in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]

    def line(r):
        padded = (c.rjust(w) for c, w in zip(r, widths, strict=True))
        return "| " + " | ".join(padded) + " |"

    out = [f"\n{title}\n", line(cells[0])]
    out.append("|" + "|".join("-" * (w + 1) + ":" for w in widths) + "|")
    out.extend(line(r) for r in cells[1:])
    print("\n".join(out), flush=True)


def _fmt(value):
    if isinstance(value, float):
        if math.isnan(value):
            return "–"
        return f"{value:,.0f}" if abs(value) >= 100 else f"{value:.2f}"
    return str(value)


def verdict(ok, target):
    """Prints whether the run met its target, and the target."""
    print("PASS" if ok else "MISS", f"(target: {target})", flush=True)


# --- seeding, in the app's environment ----------------------------------------------

NAMES = ["Sarah", "Hugo", "Léa", "Karim", "Inès", "Tom", "Zoé", "Malik", "Jade", "Noé"]


def _an_entry(spec, rng):
    """A plausible entry for a box, as the host's dialog would send it."""
    if spec.kind == "count":
        return {"kind": "count", "value": rng.choice(spec.choices[1:4])}
    if spec.kind == "face":
        return {"kind": "face", "value": rng.choice(spec.choices)}
    if spec.kind == "total":
        return {"kind": "total", "value": rng.randint(spec.min + 5, spec.max - 3)}
    if spec.kind == "made":
        return {"kind": "made"} if rng.random() < 0.6 else {"kind": "cross"}
    if spec.kind == "faces":
        return {"kind": "faces", "values": rng.sample(range(1, 7), spec.n_faces)}
    return {"kind": "cross"}


def _plan(game, rng):
    """Every move of the game in turn order (seat order, box after box)."""
    from games.kinds import yams

    variant = game.variant
    players = list(game.players.all())
    cards = {p.pk: yams.Scorecard(variant) for p in players}
    column = variant.options["columns"][0]
    moves = []
    for box in variant.boxes:
        for player in players:
            card = cards[player.pk]
            entry = _an_entry(card.entry_spec(column, box.key), rng)
            try:
                card.check(column, box.key, entry)
            except yams.InvalidEntry:
                entry = {"kind": "cross"}
            cards[player.pk] = card.apply(column, box.key, entry)
            moves.append(
                {"player": player.pk, "column": column, "box": box.key, "entry": entry}
            )
    return moves


def _make_games(count, players, rounds, seed=7):
    from games.models import Game

    rng = random.Random(seed)
    out = []
    for _ in range(count):
        game, host_token = Game.objects.create_game(NAMES[:players], "classic", {})
        moves = _plan(game, rng)
        done = moves[: rounds * players]
        for move in done:
            game.record(move["player"], move["column"], move["box"], move["entry"])
        game.refresh_from_db()
        out.append(
            {
                "host_token": host_token,
                "watch_token": game.watch_token,
                "version": game.version,
                "players": [p.pk for p in game.players.all()],
                "moves": moves[len(done) :],
            }
        )
    return out


def _query_counts():
    """Queries per request for each page, for small and large games (they must not
    grow with players or rounds)."""
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    rows = []
    for players, rounds in [(2, 0), (2, 12), (6, 0), (6, 12), (10, 12)]:
        (game,) = _make_games(1, players, rounds, seed=players * 100 + rounds)
        client = Client(HTTP_HOST=HOST)
        poll = reverse("games:watch_sheet", args=[game["watch_token"]])
        pages = {
            "watch page": reverse("games:watch", args=[game["watch_token"]]),
            "poll, unchanged": f"{poll}?v={game['version']}",
            "poll, changed": f"{poll}?v={game['version'] - 1}",
            "host page": reverse("games:host", args=[game["host_token"]]),
        }
        counts = {}
        for label, url in pages.items():
            client.get(url)  # warm: first-request work is not what we count
            with CaptureQueriesContext(connection) as ctx:
                response = client.get(url)
            counts[label] = (len(ctx.captured_queries), response.status_code)
        # One box entered through the host page's dialog, as htmx posts it: its
        # fields, its idempotency key, the version it was shown at.
        move = game["moves"][0]
        url = reverse(
            "games:record",
            args=[game["host_token"], move["player"], move["column"], move["box"]],
        )
        data = {
            **form_fields(move),
            "request_key": secrets.token_urlsafe(16),
            "seen_version": str(game["version"]),
        }
        with CaptureQueriesContext(connection) as ctx:
            response = client.post(url, data, HTTP_HX_REQUEST="true")
        counts["score entry"] = (len(ctx.captured_queries), response.status_code)
        rows.append({"players": players, "rounds": rounds, "counts": counts})
    return rows


def _entries():
    """When each entry was saved (the server's clock), to time what watchers see."""
    from games.models import Entry

    return [
        [watch_token, seq, created_at.timestamp()]
        for watch_token, seq, created_at in Entry.objects.values_list(
            "game__watch_token", "seq", "created_at"
        )
    ]


def _seed_main(command, *args):
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
    import django

    django.setup()
    if command == "games":
        result = _make_games(*(int(a) for a in args))
    elif command == "queries":
        result = _query_counts()
    elif command == "entries":
        result = _entries()
    else:
        raise SystemExit(f"unknown command {command!r}")
    json.dump(result, sys.stdout)


if __name__ == "__main__":
    _seed_main(*sys.argv[1:])
