"""Real app servers for the production tests.

`python -m scorekeeper.serve` processes (uvicorn, as in production, DEBUG=0) on
free loopback ports, sharing one throwaway PostgreSQL database and one Redis, and a
small HTTP client that behaves like a phone behind the TLS proxy: it keeps its
cookies and sends X-Forwarded-Proto: https (trusted from loopback, uvicorn's
FORWARDED_ALLOW_IPS default, and by Django's SECURE_PROXY_SSL_HEADER), so the
servers run with their production security settings (HTTPS redirect, secure
cookies, CSRF origin checks) and nothing is weakened for the test. `EventStream`
holds one live stream (…/events/) open, as a phone's EventSource does.
"""

import contextlib
import http.client
import json
import os
import queue
import re
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
HOST = "127.0.0.1"
PG_ADMIN_URL = "postgresql://postgres@127.0.0.1:5432/postgres"
REDIS_URL = "redis://127.0.0.1:6379/0"


# --- shared services -------------------------------------------------------------


def _pg_admin(sql):
    import psycopg

    with psycopg.connect(PG_ADMIN_URL, autocommit=True, connect_timeout=5) as conn:
        conn.execute(sql)


def create_database():
    """A fresh PostgreSQL database for this run; returns its name."""
    name = f"scorekeeper_prod_{os.getpid()}_{secrets.token_hex(3)}"
    _pg_admin(f'CREATE DATABASE "{name}"')
    return name


def drop_database(name):
    _pg_admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def redis_client():
    import redis

    return redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2, socket_timeout=2)


def forget_cache_keys(prefix):
    client = redis_client()
    for key in client.scan_iter(match=f"{prefix}:*", count=500):
        client.delete(key)


def server_env(database_url, cache_prefix):
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("DJANGO_", "GUNICORN_", "PYTEST_", "LIVE_"))
        and k
        not in {
            "WEB_CONCURRENCY",
            "BIND",
            "DEBUG",
            "REDIS_URL",
            "GRACEFUL_TIMEOUT",
            "FORWARDED_ALLOW_IPS",
            "SERVER_LOG_LEVEL",
        }
    }
    env.update(
        DEBUG="0",
        SECRET_KEY="production-test-" + secrets.token_urlsafe(40),
        ALLOWED_HOSTS=HOST,
        DATABASE_URL=database_url,
        REDIS_URL=REDIS_URL,
        CACHE_KEY_PREFIX=cache_prefix,
        # The servers sit behind a TLS-terminating proxy, played by the client.
        SECURE_PROXY_SSL_HEADER="1",
        # Static files are not what this test is about (no collectstatic needed).
        STATIC_MANIFEST="0",
        # A small wrong-link limit keeps the test short; a long window keeps it
        # from straddling two windows.
        CAPABILITY_MISS_LIMIT="6",
        CAPABILITY_MISS_WINDOW="86400",
        WEB_CONCURRENCY="2",
        SERVER_LOG_LEVEL="warning",
        LOG_LEVEL="WARNING",
    )
    return env


def manage(env, *args):
    return subprocess.run(
        [str(BIN / "python"), "manage.py", *args],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
        timeout=120,
    ).stdout


SEED = """
import json
from games.models import Game
game, host_token = Game.objects.create_game(["Sarah", "Hugo"], "classic", {})
print(json.dumps({
    "host_token": host_token,
    "watch_token": game.watch_token,
    "players": {p.name: p.pk for p in game.players.all()},
}))
"""


def seed_game(env):
    """A two-player classic game made through the models: its tokens and players."""
    return json.loads(manage(env, "shell", "-c", SEED).strip().splitlines()[-1])


# --- the app servers ---------------------------------------------------------------


def _free_port():
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


class AppServer:
    """`python -m scorekeeper.serve` with `env` (and `overrides`, e.g.
    WEB_CONCURRENCY) on a free loopback port."""

    def __init__(self, env, name, **overrides):
        self.env = dict(env, **overrides)
        self.name = name
        self.port = _free_port()
        self.proc = None
        fd, self.log = tempfile.mkstemp(prefix=f"scorekeeper-{name}-", suffix=".log")
        os.close(fd)

    def start(self):
        env = dict(self.env, BIND=f"{HOST}:{self.port}")
        with open(self.log, "wb") as log:
            self.proc = subprocess.Popen(
                [str(BIN / "python"), "-m", "scorekeeper.serve"],
                cwd=ROOT,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        return self

    def wait_ready(self, timeout=30):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"{self.name} exited:\n{self.log_text()}")
            try:
                if self.request("GET", "/healthz")[0] == 200:
                    return self
            except OSError:
                pass
            time.sleep(0.2)
        raise RuntimeError(f"{self.name} not ready in {timeout}s:\n{self.log_text()}")

    def log_text(self):
        return Path(self.log).read_text(errors="replace")[-3000:]

    def terminate(self):
        """SIGTERM to the server (uvicorn's supervisor when WEB_CONCURRENCY > 1)."""
        self.proc.send_signal(signal.SIGTERM)

    def stop(self):
        if self.proc is not None and self.proc.poll() is None:
            self.terminate()
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=5)
        elif self.proc is not None:
            # Its workers, should the supervisor have died without them.
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGKILL)
        Path(self.log).unlink(missing_ok=True)

    def processes(self):
        """The pids of the server and of its children (workers, helpers)."""
        children = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rpartition(")")[2].split()
            except OSError:
                continue
            if int(fields[1]) == self.proc.pid:
                children.append(int(stat.parent.name))
        return [self.proc.pid, *children]

    def holder(self, stream):
        """The pid of the worker process holding `stream`'s connection (Linux)."""
        client_port = stream.sock.getsockname()[1]
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
        assert inode is not None, "the server holds no such connection"
        for pid in self.processes():
            try:
                links = [os.readlink(fd) for fd in Path(f"/proc/{pid}/fd").iterdir()]
            except OSError:
                continue
            if f"socket:[{inode}]" in links:
                return pid
        raise AssertionError("no worker holds the connection")

    @property
    def origin(self):
        return f"https://{HOST}:{self.port}"

    def request(self, method, path, body=None, headers=None):
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


def new_cache_prefix():
    return f"sk-prodtest-{uuid.uuid4().hex[:12]}"
