"""Two app servers on one throwaway PostgreSQL database and one Redis.

They run in both suite runs (SQLite and PostgreSQL): PostgreSQL answers on
127.0.0.1:5432 and Redis on 127.0.0.1:6379 on every machine of this project and in
CI. If either is missing the tests fail, loudly: a skipped test would hide that the
production recipe was never checked.

The servers are started by the project's one server harness,
`bench.harness.servers` (the benchmarks' too): `python -m scorekeeper.serve`,
DEBUG=0, on free loopback ports, behind a TLS proxy played by the client.
"""

import json
import os
import secrets
import sys
import uuid

import pytest

from bench.harness import servers

REDIS_URL = "redis://127.0.0.1:6379/0"

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


def redis_client():
    import redis

    return redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2, socket_timeout=2)


def forget_cache_keys(prefix):
    client = redis_client()
    for key in client.scan_iter(match=f"{prefix}:*", count=500):
        client.delete(key)


def server_env(database_url, cache_prefix):
    """Production's settings behind the TLS proxy, on a shared database and Redis."""
    return servers.app_env(
        database_url,
        behind_tls_proxy=True,
        SECRET_KEY="production-test-" + secrets.token_urlsafe(40),
        REDIS_URL=REDIS_URL,
        CACHE_KEY_PREFIX=cache_prefix,
        # Static files are not what this test is about (no collectstatic needed).
        STATIC_MANIFEST="0",
        # A small wrong-link limit keeps the test short; a long window keeps it
        # from straddling two windows.
        CAPABILITY_MISS_LIMIT="6",
        CAPABILITY_MISS_WINDOW="86400",
        SERVER_LOG_LEVEL="warning",
    )


def app_server(env, name, workers=2):
    """A server of this test run: the suite's own interpreter, `workers` processes."""
    return servers.Server(env, workers=workers, name=name, python=sys.executable)


@pytest.fixture(scope="session")
def shared_env():
    try:
        redis_client().ping()
    except Exception as exc:  # noqa: BLE001 - any failure: say what is missing
        pytest.fail(f"Redis must answer on 127.0.0.1:6379 for these tests: {exc!r}")
    name = f"scorekeeper_prod_{os.getpid()}_{secrets.token_hex(3)}"
    try:
        database = servers.throwaway_database("postgres", name=name)
    except Exception as exc:  # noqa: BLE001
        pytest.fail(f"PostgreSQL must answer on 127.0.0.1:5432: {exc!r}")
    prefix = f"sk-prodtest-{uuid.uuid4().hex[:12]}"
    env = server_env(database.url, prefix)
    try:
        servers.manage(env, "migrate", "--noinput", python=sys.executable)
        yield env
    finally:
        database.drop()
        forget_cache_keys(prefix)


def stop(server):
    server.stop(timeout=15)
    server.forget_log()


@pytest.fixture(scope="session")
def two_servers(shared_env):
    """(a, b): two servers (`python -m scorekeeper.serve`, two workers each)
    sharing the database and the cache."""
    a = app_server(shared_env, "a").launch()
    b = app_server(shared_env, "b").launch()
    try:
        a.wait_ready()
        b.wait_ready()
        yield a, b
    finally:
        stop(a)
        stop(b)


@pytest.fixture
def game(shared_env):
    """A two-player classic game made through the models: its tokens and players."""
    out = servers.manage(shared_env, "shell", "-c", SEED, python=sys.executable)
    return json.loads(out.strip().splitlines()[-1])


@pytest.fixture
def fresh_limits(shared_env):
    """Forgets every rate-limit count before and after the test: the servers share
    them, and one test's wrong links must not count in the next one."""
    forget_cache_keys(shared_env["CACHE_KEY_PREFIX"])
    yield
    forget_cache_keys(shared_env["CACHE_KEY_PREFIX"])


@pytest.fixture
def lone_server(shared_env):
    """Starts one more server on the shared database, `lone_server(workers=N,
    **env)`; stopped (or killed) after the test whatever became of it."""
    started = []

    def start(workers=2, **overrides):
        env = dict(shared_env, **overrides)
        server = app_server(env, f"lone{len(started)}", workers=workers)
        started.append(server)
        return server.start()

    yield start
    for server in started:
        stop(server)
