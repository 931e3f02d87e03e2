"""The app set up and served as production runs it, on loopback only.

- The app: a throwaway database (an SQLite file under /tmp, or a PostgreSQL
  database on 127.0.0.1), the environment a production server gets, migrations
  and collectstatic through `manage.py`.
- The server: `python -m scorekeeper.serve` (uvicorn) on a free loopback port,
  `workers` processes (WEB_CONCURRENCY), ready once /healthz answers 200 from
  every worker; what its processes use (CPU time, RSS, threads, open fds, read
  from /proc); the yardstick (harness/yardstick.py) served the same way.

The one server harness of the project: the benchmarks and `tests/production/`
both start their servers with `Server`. It needs nothing but the standard
library (psycopg only for a PostgreSQL database), so that the tests import it
without the benchmarks' clients.
"""

import argparse
import contextlib
import http.client
import os
import resource
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

HOST = "127.0.0.1"
ROOT = Path(__file__).resolve().parents[2]
# BENCH_PYTHON, else the worktree's .venv, else the interpreter running this.
PYTHON = os.environ.get("BENCH_PYTHON") or str(ROOT / ".venv" / "bin" / "python")
if not Path(PYTHON).exists():
    PYTHON = sys.executable
PG_ADMIN_URL = "postgresql://postgres@127.0.0.1:5432/postgres"
PG_BENCH_DB = "scorekeeper_bench"

# --- the app, set up ----------------------------------------------------------------


@dataclass
class Database:
    kind: str  # "sqlite" or "postgres"
    url: str
    tmpdir: str | None = None

    def drop(self) -> None:
        if self.kind == "sqlite" and self.tmpdir:
            shutil.rmtree(self.tmpdir, ignore_errors=True)
        elif self.kind == "postgres":
            pg_admin(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')

    @property
    def name(self) -> str:
        return self.url.rsplit("/", 1)[-1]


def pg_admin(sql: str) -> None:
    import psycopg

    with psycopg.connect(PG_ADMIN_URL, autocommit=True, connect_timeout=5) as conn:
        conn.execute(sql)


def throwaway_database(kind: str, name: str = PG_BENCH_DB) -> Database:
    """A fresh, empty database of that kind (call .drop() when done)."""
    if kind == "sqlite":
        tmpdir = tempfile.mkdtemp(prefix="scorekeeper-bench-")
        return Database("sqlite", f"sqlite:///{tmpdir}/db.sqlite3", tmpdir)
    if kind == "postgres":
        pg_admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        pg_admin(f'CREATE DATABASE "{name}"')
        return Database("postgres", f"postgres://postgres@127.0.0.1:5432/{name}")
    raise ValueError(f"unknown database kind {kind!r}")


# What the caller's environment must not pass on to a server: its own settings.
_NOT_INHERITED = {
    # The server sets its own (scorekeeper/serve.py): measured as it runs.
    "MALLOC_ARENA_MAX",
    "REDIS_URL",
    "WEB_CONCURRENCY",
    "BIND",
    "DEBUG",
    "FORWARDED_ALLOW_IPS",
    "GRACEFUL_TIMEOUT",
    "SERVER_LOG_LEVEL",
    "KEEPALIVE",
    "BACKLOG",
}


def app_env(
    database_url: str, *, behind_tls_proxy: bool = False, **extra: object
) -> dict[str, str]:
    """What a production server gets. Plain HTTP on loopback by default (HTTPS
    redirect and HSTS off); `behind_tls_proxy` keeps production's security
    settings and trusts X-Forwarded-Proto, the client playing the proxy."""
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("DJANGO_", "GUNICORN_", "PYTEST_", "LIVE_"))
        and k not in _NOT_INHERITED
    }
    env.update(
        DEBUG="0",
        SECRET_KEY="bench-only-" + "k" * 50,
        ALLOWED_HOSTS=HOST,
        DATABASE_URL=database_url,
        STATIC_MANIFEST="1",
        LOG_LEVEL="WARNING",
        PYTHONUNBUFFERED="1",
    )
    if behind_tls_proxy:
        env.update(SECURE_PROXY_SSL_HEADER="1")
    else:
        env.update(SECURE_SSL_REDIRECT="0", SECURE_HSTS_SECONDS="0")
    env.update({k: str(v) for k, v in extra.items()})
    return env


def manage(
    env: dict[str, str], *args: str, python: str | None = None, timeout: float = 600
) -> str:
    """Runs `manage.py` in the app's environment; returns what it printed."""
    return subprocess.run(
        [python or PYTHON, "manage.py", *args],
        cwd=ROOT,
        env=env,
        check=True,
        stdout=subprocess.PIPE,
        text=True,
        timeout=timeout,
    ).stdout


_static_done = False


def prepare(env: dict[str, str]) -> None:
    """Migrations, and the compressed, hashed static files (once per run)."""
    global _static_done
    manage(env, "migrate", "--noinput")
    if not _static_done:
        manage(env, "collectstatic", "--noinput")
        _static_done = True


# --- the server ---------------------------------------------------------------------

CLK_TCK = os.sysconf("SC_CLK_TCK")
PAGE_SIZE = os.sysconf("SC_PAGE_SIZE")


def add_server_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--workers",
        type=int,
        default=2,
        help="server processes on PostgreSQL, WEB_CONCURRENCY (default 2); SQLite "
        "is served by one, the live fan-out being in-process",
    )


def workers_for(args: argparse.Namespace, kind: str) -> int:
    return 1 if kind == "sqlite" else args.workers


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def raise_fd_limit(wanted: int | None = None) -> int:
    """Raises this process's soft RLIMIT_NOFILE to `wanted` (default: the hard
    limit); returns the new soft limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = hard if wanted is None else min(wanted, hard)
    if hard == resource.RLIM_INFINITY and wanted is None:
        target = max(soft, 65536)
    if target > soft:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def _children(pid: int) -> list[int]:
    """Every descendant of `pid` (any thread's children, recursively)."""
    found: list[int] = []
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


def _cpu_ticks(pid: int) -> int:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return 0
    fields = stat.rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime + stime


def _rss_bytes(pid: int) -> int:
    try:
        return int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * PAGE_SIZE
    except OSError:
        return 0


def _threads(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("Threads:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def _fd_targets(pid: int) -> list[str]:
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

    env: dict[str, str]
    workers: int = 1
    port: int = 0
    # What the server's Python runs: the app, or the yardstick.
    command: tuple[str, ...] = ("-m", "scorekeeper.serve")
    name: str = "serve"
    python: str = PYTHON
    proc: subprocess.Popen[bytes] | None = None
    log: str = ""

    @property
    def base(self) -> str:
        return f"http://{HOST}:{self.port}"

    @property
    def origin(self) -> str:
        """The site's origin as a phone behind the TLS proxy sees it."""
        return f"https://{HOST}:{self.port}"

    @property
    def process(self) -> subprocess.Popen[bytes]:
        """The server's (first) process, once launched."""
        if self.proc is None:
            raise RuntimeError(f"{self.name} is not launched")
        return self.proc

    def describe(self) -> str:
        return f"uvicorn ({' '.join(self.command)}), {self.workers} process(es)"

    def launch(self) -> "Server":
        """Starts the server's processes, without waiting for them to answer."""
        self.port = self.port or free_port()
        env = dict(self.env)
        env.update(
            BIND=f"{HOST}:{self.port}",
            WEB_CONCURRENCY=str(self.workers),
            FORWARDED_ALLOW_IPS=HOST,
        )
        fd, self.log = tempfile.mkstemp(
            prefix=f"scorekeeper-{self.name}-", suffix=".log"
        )
        with os.fdopen(fd, "wb") as log:
            self.proc = subprocess.Popen(
                [self.python, *self.command],
                cwd=ROOT,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
                # Thousands of streams: the server gets the hard limit too.
                preexec_fn=raise_fd_limit,
            )
        return self

    def wait_ready(self, timeout: float = 30) -> "Server":
        """Waits until every worker runs and /healthz answers 200."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"{self.name} exited:\n{self.log_text()}")
            ready = self.workers <= 1 or len(self.worker_pids()) >= self.workers
            if ready and self._healthy():
                return self
            time.sleep(0.2)
        self.stop()
        raise RuntimeError(
            f"{self.name} did not answer in {timeout}s:\n{self.log_text()}"
        )

    def start(self, timeout: float = 30) -> "Server":
        return self.launch().wait_ready(timeout)

    def _healthy(self) -> bool:
        try:
            return self.request("GET", "/healthz")[0] == 200
        except (OSError, http.client.HTTPException):
            return False

    def request(
        self,
        method: str,
        path: str,
        body: str | bytes | None = None,
        headers: dict[str, str] | None = None,
    ) -> tuple[int, http.client.HTTPMessage, str]:
        """One request on a fresh connection: (status, headers, text)."""
        conn = http.client.HTTPConnection(HOST, self.port, timeout=10)
        try:
            conn.request(method, path, body=body, headers=headers or {})
            response = conn.getresponse()
            return (
                response.status,
                response.headers,
                response.read().decode("utf-8", errors="replace"),
            )
        finally:
            conn.close()

    def log_text(self, tail: int | None = 4000) -> str:
        """The server's log (its last `tail` characters; None: all of it)."""
        try:
            text = Path(self.log).read_text(errors="replace")
        except (OSError, TypeError):
            return ""
        return text[-tail:] if tail else text

    def worker_pids(self) -> list[int]:
        """uvicorn's worker processes (none with one process: it serves itself)."""
        return _children(self.process.pid)

    def pids(self) -> list[int]:
        return [self.process.pid, *self.worker_pids()]

    def cpu_seconds(self) -> float:
        """CPU time used so far by the server's processes."""
        return sum(_cpu_ticks(pid) for pid in self.pids()) / CLK_TCK

    def rss_bytes(self) -> int:
        """Resident memory of every server process, summed."""
        return sum(_rss_bytes(pid) for pid in self.pids())

    def threads(self) -> int:
        """Threads of every server process, summed."""
        return sum(_threads(pid) for pid in self.pids())

    def open_fds(self) -> int:
        return sum(len(_fd_targets(pid)) for pid in self.pids())

    def fds_to(self, suffix: str) -> int:
        """Open fds of the server's processes whose target ends with `suffix`."""
        return sum(
            target.endswith(suffix)
            for pid in self.pids()
            for target in _fd_targets(pid)
        )

    def fd_limit(self) -> int:
        """The soft RLIMIT_NOFILE of the server's (first) process."""
        try:
            limits = Path(f"/proc/{self.process.pid}/limits").read_text()
            for line in limits.splitlines():
                if line.startswith("Max open files"):
                    return int(line.split()[3])
        except (OSError, ValueError, IndexError):
            pass
        return 0

    def holder_of(self, client_port: int) -> int:
        """The pid of the server process holding the open connection from
        `client_port` (Linux's /proc/net/tcp, then the processes' fds)."""
        inode = None
        for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
            fields = line.split()
            local, remote, state = fields[1], fields[2], fields[3]
            # Only the open connection (01, ESTABLISHED): an earlier one from the
            # same client port may linger in TIME_WAIT, owned by no process.
            if (
                state == "01"
                and int(local.rpartition(":")[2], 16) == self.port
                and int(remote.rpartition(":")[2], 16) == client_port
            ):
                inode = fields[9]
        if inode is None:
            raise LookupError("the server holds no such connection")
        for pid in self.pids():
            if f"socket:[{inode}]" in _fd_targets(pid):
                return pid
        raise LookupError("no server process holds the connection")

    def terminate(self) -> None:
        """SIGTERM to the server (uvicorn's supervisor when WEB_CONCURRENCY > 1)."""
        self.process.send_signal(signal.SIGTERM)

    def stop(self, timeout: float = 30) -> None:
        if self.proc is None:
            return
        if self.proc.poll() is None:
            self.terminate()
            try:
                self.proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=5)
        else:
            # Its workers, should the supervisor have died without them.
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.proc.pid, signal.SIGKILL)

    def forget_log(self) -> None:
        if self.log:
            with contextlib.suppress(OSError):
                os.unlink(self.log)

    def __enter__(self) -> "Server":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
        # A failed run keeps the log to be read.
        if exc[0] is None:
            self.forget_log()


def yardstick(env: dict[str, str]) -> Server:
    """The yardstick's server (harness/yardstick.py: a minimal Django project under
    uvicorn, one process), to start beside the app in the same run."""
    script = str(Path(__file__).resolve().parent / "yardstick.py")
    return Server(env, workers=1, command=(script,), name="yardstick")
