"""Machinery shared by the load benchmarks.

Each benchmark gets a throwaway database (an SQLite file under /tmp, or the
PostgreSQL database `scorekeeper_bench` on 127.0.0.1), migrates it, seeds games
through the models (bench/seed.py, run in the app's own environment), serves the
app with uvicorn (`python -m scorekeeper.serve`, as production does) on a free
loopback port with DEBUG=0, drives it with an asyncio client, and stops everything
it started. Traffic goes to 127.0.0.1 only; every
load loop has a deadline and a request budget and ends by itself.
"""

import asyncio
import contextlib
import json
import math
import os
import re
import resource
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

ROOT = Path(__file__).resolve().parent.parent
# BENCH_PYTHON, else the worktree's .venv, else the interpreter running this.
PYTHON = os.environ.get("BENCH_PYTHON") or str(ROOT / ".venv" / "bin" / "python")
if not Path(PYTHON).exists():
    PYTHON = sys.executable
HOST = "127.0.0.1"
PG_ADMIN_URL = "postgresql://postgres@127.0.0.1:5432/postgres"
PG_BENCH_DB = "scorekeeper_bench"
CLK_TCK = os.sysconf("SC_CLK_TCK")
PAGE_SIZE = os.sysconf("SC_PAGE_SIZE")


# --- databases -----------------------------------------------------------------


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


# --- the app's environment --------------------------------------------------------


def app_env(database_url, **extra):
    """What a production server gets, minus TLS (plain HTTP on loopback)."""
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("DJANGO_", "GUNICORN_", "LIVE_"))
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
    """Runs bench/seed.py in the app's environment; returns its JSON output."""
    out = subprocess.run(
        [PYTHON, str(ROOT / "bench" / "seed.py"), *map(str, args)],
        cwd=ROOT,
        env=env,
        check=True,
        stdout=subprocess.PIPE,
        text=True,
    ).stdout
    return json.loads(out)


# --- the server: uvicorn through scorekeeper.serve ------------------------------------


def free_port():
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


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


def _status_field(pid, name):
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(name + ":"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def _open_fds(pid):
    try:
        return len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return 0


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


def add_server_args(parser):
    parser.add_argument(
        "--workers",
        type=int,
        default=None,
        help="server processes, WEB_CONCURRENCY (default: 1 on SQLite, where the "
        "live fan-out is in-process only; 2 on PostgreSQL)",
    )


def workers_for(args, kind):
    return args.workers or (1 if kind == "sqlite" else 2)


@dataclass
class Server:
    """`python -m scorekeeper.serve` (uvicorn) on a free loopback port (a context
    manager). SQLite: one process (the live fan-out is in-process only)."""

    env: dict
    workers: int = 1  # WEB_CONCURRENCY
    cpus: str | None = None  # e.g. "0" to pin the server to core 0 (taskset)
    port: int = 0
    proc: subprocess.Popen | None = None
    log: str = ""
    nofile: int | None = None  # the server's fd limit (default: the hard limit)
    extra_env: dict = field(default_factory=dict)

    @property
    def base(self):
        return f"http://{HOST}:{self.port}"

    def describe(self):
        return f"uvicorn (scorekeeper.serve), {self.workers} process(es)"

    def start(self, timeout=30):
        self.port = self.port or free_port()
        cmd = [PYTHON, "-m", "scorekeeper.serve"]
        if self.cpus is not None and shutil.which("taskset"):
            cmd = ["taskset", "-c", self.cpus, *cmd]
        env = dict(self.env)
        env.update(
            BIND=f"{HOST}:{self.port}",
            WEB_CONCURRENCY=str(self.workers),
            FORWARDED_ALLOW_IPS=HOST,
        )
        env.update({k: str(v) for k, v in self.extra_env.items()})
        nofile = self.nofile
        fd, self.log = tempfile.mkstemp(prefix="scorekeeper-serve-", suffix=".log")
        with os.fdopen(fd, "wb") as log:
            self.proc = subprocess.Popen(
                cmd,
                cwd=ROOT,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
                preexec_fn=lambda: raise_fd_limit(nofile),
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

    def log_text(self):
        try:
            return Path(self.log).read_text()[-4000:]
        except (OSError, TypeError):
            return ""

    def master_pid(self):
        # With taskset the Popen child execs python itself: same pid.
        return self.proc.pid

    def worker_pids(self):
        """uvicorn's worker processes (none with one process: it serves itself)."""
        return _children(self.master_pid())

    def pids(self):
        return [self.master_pid(), *self.worker_pids()]

    def cpu_seconds(self):
        """CPU time used so far by the server's processes."""
        return sum(_cpu_ticks(pid) for pid in self.pids()) / CLK_TCK

    def rss_bytes(self):
        """Resident memory of every server process, summed."""
        return sum(_rss_bytes(pid) for pid in self.pids())

    def worker_rss(self):
        return [_rss_bytes(pid) for pid in self.worker_pids()]

    def threads(self):
        """Threads of every server process, summed."""
        return sum(_status_field(pid, "Threads") for pid in self.pids())

    def open_fds(self):
        return sum(_open_fds(pid) for pid in self.pids())

    def fds_to(self, suffix):
        """Open fds of the server's processes whose target ends with `suffix`."""
        count = 0
        for pid in self.pids():
            try:
                names = os.listdir(f"/proc/{pid}/fd")
            except OSError:
                continue
            for name in names:
                try:
                    if os.readlink(f"/proc/{pid}/fd/{name}").endswith(suffix):
                        count += 1
                except OSError:
                    pass
        return count

    def fd_limit(self):
        """The soft RLIMIT_NOFILE of the server's (first) process."""
        try:
            limits = Path(f"/proc/{self.master_pid()}/limits").read_text()
            for line in limits.splitlines():
                if line.startswith("Max open files"):
                    return int(line.split()[3])
        except (OSError, ValueError, IndexError):
            pass
        return 0

    def log_all(self):
        try:
            return Path(self.log).read_text(errors="replace")
        except (OSError, TypeError):
            return ""

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


# --- measuring --------------------------------------------------------------------


def percentile(values, p):
    """Nearest-rank percentile (p in 0..100) of a list; nan when empty."""
    if not values:
        return math.nan
    ordered = sorted(values)
    rank = max(1, math.ceil(p / 100 * len(ordered)))
    return ordered[rank - 1]


class CpuMeter:
    """Server CPU (percent of one core) and the whole machine's, over an interval."""

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
    """A Markdown table (pastes as is into an issue note)."""
    cells = [[str(h) for h in headers]] + [[_fmt(c) for c in row] for row in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]

    def line(r):
        padded = (c.rjust(w) for c, w in zip(r, widths, strict=True))
        return "| " + " | ".join(padded) + " |"

    out = [f"\n{title}\n", line(cells[0])]
    out.append("|" + "|".join("-" * (w + 1) + ":" for w in widths) + "|")
    out.extend(line(r) for r in cells[1:])
    text = "\n".join(out)
    print(text, flush=True)
    return text


def _fmt(value):
    if isinstance(value, float):
        if math.isnan(value):
            return "–"
        return f"{value:,.0f}" if abs(value) >= 100 else f"{value:.2f}"
    return str(value)


# --- the HTTP client ----------------------------------------------------------------


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


def check_loopback(url):
    if not url.startswith(f"http://{HOST}:"):
        raise SystemExit(f"refusing to load anything but {HOST}: {url}")


async def hammer(client, url, *, concurrency, duration, budget, headers=None):
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
                async with client.get(url, headers=headers) as r:
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


CSRF_INPUT = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
CSRF_HEADER = re.compile(r'"X-CSRFToken"\s*:\s*"([^"]+)"')


class Host:
    """A host's phone: its own cookies (the CSRF cookie), posting entries."""

    def __init__(self, client, base, host_token):
        self.client = client
        self.base = base
        self.host_token = host_token
        self.cookie = ""
        self.csrf = ""

    async def open(self):
        """GETs the host page, as the phone does before its first tap."""
        url = f"{self.base}/h/{self.host_token}/"
        async with self.client.get(url) as r:
            html = await r.text()
            if r.status != 200:
                raise RuntimeError(f"host page answered {r.status}")
            for header in r.headers.getall("Set-Cookie", []):
                name, _, rest = header.partition("=")
                if name.strip() == "csrftoken":
                    self.cookie = unquote(rest.split(";", 1)[0])
        match = CSRF_HEADER.search(html) or CSRF_INPUT.search(html)
        self.csrf = match.group(1) if match else self.cookie
        return html

    async def post(self, path, data, htmx=True):
        headers = {
            "Cookie": f"csrftoken={self.cookie}",
            "X-CSRFToken": self.csrf,
            "Referer": self.base + "/",
            "Origin": self.base,
        }
        if htmx:
            headers["HX-Request"] = "true"
        async with self.client.post(
            self.base + path, data=data, headers=headers, allow_redirects=False
        ) as r:
            body = await r.read()
            return r.status, r.headers, body


# --- a lean keep-alive client for many watchers ------------------------------------
#
# 2,000 watchers polling every second share the machine's two cores with the
# server: aiohttp costs about 0.25 ms of CPU per request, this about a fifth.
# It speaks just enough HTTP/1.1 for our own server: keep-alive, Content-Length or
# chunked bodies, one request at a time per connection.


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
