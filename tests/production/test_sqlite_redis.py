"""One machine, one SQLite file, two server processes: with REDIS_URL the live
sheet's news goes through Redis, so a stream held by one process hears an entry
recorded through the other at once, not at the next slow re-check."""

import time

import pytest

from tests.production import servers
from tests.production.servers import EventStream, Phone
from tests.production.test_two_servers import record_sarahs_fours, watch_version


@pytest.fixture
def sqlite_env(tmp_path):
    prefix = servers.new_cache_prefix()
    env = servers.server_env(f"sqlite:///{tmp_path / 'db.sqlite3'}", prefix)
    # Only Redis can bring the news to the other process within the test.
    env["LIVE_RECHECK_SECONDS"] = "3600"
    servers.manage(env, "migrate", "--noinput")
    yield env
    servers.forget_cache_keys(prefix)


def streams_on_both_workers(server, game, seen):
    streams, holders = [], set()
    while len(holders) < 2:
        assert len(streams) < 30, f"every stream held by {holders}"
        stream = EventStream(server, f"/w/{game['watch_token']}/events/?v={seen}")
        assert stream.status == 200
        stream.wait_for(lambda m: m.get("event") == "hello")
        streams.append(stream)
        holders.add(server.holder(stream))
    return streams


def test_every_process_streams_an_entry_recorded_through_another_within_a_second(
    sqlite_env,
):
    game = servers.seed_game(sqlite_env)
    server = servers.AppServer(sqlite_env, "sqlite-redis", WEB_CONCURRENCY="2")
    server.start().wait_ready()
    streams = []
    try:
        seen = watch_version(Phone(server), game)
        streams = streams_on_both_workers(server, game, seen)
        record_sarahs_fours(Phone(server), game, seen)
        answered_at = time.monotonic()
        for stream in streams:
            at, sheet = stream.wait_for(lambda m: m.get("event") == "sheet")
            assert at - answered_at < 1.0, "a process heard of the entry late"
            assert int(sheet["id"]) == seen + 1
    finally:
        for stream in streams:
            stream.close()
        server.stop()
