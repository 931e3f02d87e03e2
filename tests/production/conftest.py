"""Two app servers on one throwaway PostgreSQL database and one Redis.

They run in both suite runs (SQLite and PostgreSQL): PostgreSQL answers on
127.0.0.1:5432 and Redis on 127.0.0.1:6379 on every machine of this project and in
CI. If either is missing the tests fail, loudly: a skipped test would hide that the
production recipe was never checked.
"""

import pytest

from tests.production import servers


@pytest.fixture(scope="session")
def shared_env():
    try:
        servers.redis_client().ping()
    except Exception as exc:  # noqa: BLE001 - any failure: say what is missing
        pytest.fail(f"Redis must answer on 127.0.0.1:6379 for these tests: {exc!r}")
    try:
        name = servers.create_database()
    except Exception as exc:  # noqa: BLE001
        pytest.fail(f"PostgreSQL must answer on 127.0.0.1:5432: {exc!r}")
    prefix = servers.new_cache_prefix()
    env = servers.server_env(f"postgres://postgres@127.0.0.1:5432/{name}", prefix)
    try:
        servers.manage(env, "migrate", "--noinput")
        yield env
    finally:
        servers.drop_database(name)
        servers.forget_cache_keys(prefix)


@pytest.fixture(scope="session")
def two_servers(shared_env):
    """(a, b): two servers (`python -m scorekeeper.serve`, two workers each)
    sharing the database and the cache."""
    a = servers.AppServer(shared_env, "a").start()
    b = servers.AppServer(shared_env, "b").start()
    try:
        a.wait_ready()
        b.wait_ready()
        yield a, b
    finally:
        a.stop()
        b.stop()


@pytest.fixture
def game(shared_env):
    return servers.seed_game(shared_env)


@pytest.fixture
def fresh_limits(shared_env):
    """Forgets every rate-limit count before and after the test: the servers share
    them, and one test's wrong links must not count in the next one."""
    servers.forget_cache_keys(shared_env["CACHE_KEY_PREFIX"])
    yield
    servers.forget_cache_keys(shared_env["CACHE_KEY_PREFIX"])


@pytest.fixture
def lone_server(shared_env):
    """Starts one more server on the shared database, `lone_server(**env)`; stopped
    (or killed) after the test whatever became of it."""
    started = []

    def start(**overrides):
        server = servers.AppServer(shared_env, f"lone{len(started)}", **overrides)
        started.append(server.start())
        return server.wait_ready()

    yield start
    for server in started:
        server.stop()
