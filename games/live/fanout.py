"""The live sheet's fan-out: how a write anywhere reaches the streams that watch it.

A write moves the game's version and calls `announce(game_id, version)` inside its
transaction:

- on PostgreSQL it sends NOTIFY on one channel: PostgreSQL delivers it on commit
  (never on rollback) to the listener of every server process;
- on SQLite, the embedded default, the hub of this process hears it once the
  transaction commits; with `REDIS_URL` set it is also published on a Redis
  channel once committed, which every server process (`WEB_CONCURRENCY` > 1, on
  one machine: SQLite is one file) subscribes to.

Each server process has one `Hub`, living in the ASGI server's event loop. A
stream subscribes to its game and sleeps until the hub wakes it with a newer
version. A slow re-check of the subscribed games' versions catches what no
notification brought: on SQLite the writes of another process (the task
cluster's purge, `manage.py`, a second server); on PostgreSQL whatever happened
while the listening connection was down.
"""

import asyncio
import contextlib
import functools
import logging
import random

from asgiref.sync import sync_to_async
from django.apps import apps
from django.conf import settings
from django.db import close_old_connections, connection, connections, transaction

from scorekeeper.lib.outage import Outage

log = logging.getLogger(__name__)

# The jitter of retries and re-checks draws from a generator of its own, never
# from (nor moving on) the process-wide one that other code may seed.
JITTER = random.Random()

CHANNEL = "scorekeeper_games"


def announce(game_id, version):
    """Tells every stream of the game that it moved to `version`, once committed."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            payload = f"{game_id}:{version}"
            cursor.execute("SELECT pg_notify(%s, %s)", [CHANNEL, payload])
    elif settings.REDIS_URL:
        transaction.on_commit(lambda: redis_publish(game_id, version))
    else:
        transaction.on_commit(lambda: hub.publish_threadsafe(game_id, version))


def uses_redis():
    """Whether the processes hear each other's writes through Redis (SQLite with
    REDIS_URL): PostgreSQL carries its own notifications."""
    return bool(settings.REDIS_URL) and connection.vendor != "postgresql"


def redis_channel():
    """The channel of this site's games: one Redis may serve several sites (told
    apart by CACHE_KEY_PREFIX) or test runs, whose game ids must not wake each
    other's streams."""
    database = settings.DATABASES["default"]["NAME"]
    return f"{CHANNEL}:{settings.CACHE_KEY_PREFIX}:{database}"


@functools.cache
def _redis_client(url):
    import redis

    # Short timeouts: the publish runs in the request that wrote, after commit.
    timeout = settings.REDIS_TIMEOUT
    return redis.Redis.from_url(
        url, socket_connect_timeout=timeout, socket_timeout=timeout
    )


# After a failed publish, Redis is left alone for a few seconds (not retried by
# every write while it is away or hung).
publishing = Outage.of("live: Redis publish")


def redis_publish(game_id, version):
    """After a commit: every process's hub hears it through Redis, this one too. If
    Redis is down the write stands; this process's streams still hear it at once,
    the others' at their next re-check."""
    if publishing.worth_trying():
        try:
            _redis_client(settings.REDIS_URL).publish(
                redis_channel(), f"{game_id}:{version}"
            )
        except Exception as error:  # noqa: BLE001 - whatever Redis raised
            publishing.failed(error)
        else:
            publishing.passed()
            return
    hub.publish_threadsafe(game_id, version)


def retry_ms():
    """The reconnection delay a stream tells its client, with jitter: after a
    deploy or a restart the phones come back spread out, not all at once."""
    low, high = settings.LIVE_RETRY_MS
    return JITTER.randint(low, high)


class Subscription:
    """One open stream: the game it follows and a wake-up call."""

    def __init__(self, game_id, address):
        self.game_id = game_id
        self.address = address
        self.woken = asyncio.Event()

    async def wait(self, timeout):
        """True when woken (a new version, or the server is draining), False when
        `timeout` seconds passed quietly (time for a heartbeat)."""
        try:
            await asyncio.wait_for(self.woken.wait(), timeout)
        except TimeoutError:
            return False
        self.woken.clear()
        return True


class Hub:
    """This process's streams, by game, and the latest version heard of each."""

    def __init__(self):
        self.loop = None
        self.games = {}  # game id -> set of Subscription
        self.versions = {}  # game id -> latest version heard
        self.addresses = {}  # client address -> open streams
        self.draining = False
        self.tasks = set()

    # --- streams -----------------------------------------------------------------

    def has_room(self, address):
        """Whether `address` may open one more stream in this process."""
        return self.addresses.get(address, 0) < settings.LIVE_STREAMS_PER_ADDRESS

    def subscribe(self, game_id, version, address):
        self._start()
        self.addresses[address] = self.addresses.get(address, 0) + 1
        subscription = Subscription(game_id, address)
        self.games.setdefault(game_id, set()).add(subscription)
        self.versions[game_id] = max(version, self.versions.get(game_id, 0))
        return subscription

    def unsubscribe(self, subscription):
        streams = self.games.get(subscription.game_id, set())
        streams.discard(subscription)
        if not streams:
            self.games.pop(subscription.game_id, None)
            self.versions.pop(subscription.game_id, None)
        left = self.addresses.get(subscription.address, 1) - 1
        if left > 0:
            self.addresses[subscription.address] = left
        else:
            self.addresses.pop(subscription.address, None)

    def version(self, game_id):
        return self.versions.get(game_id, 0)

    def streams(self):
        return sum(len(streams) for streams in self.games.values())

    # --- news --------------------------------------------------------------------

    def publish(self, game_id, version):
        """In the loop: wakes the game's streams if `version` is news."""
        if game_id not in self.games or version <= self.versions.get(game_id, 0):
            return
        self.versions[game_id] = version
        for subscription in self.games[game_id]:
            subscription.woken.set()

    def publish_threadsafe(self, game_id, version):
        """From any thread (a write's on_commit): hands the news to the loop."""
        if self.loop is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self.publish, game_id, version)

    def drain(self):
        """Ends every stream (the server is stopping); from a signal handler too."""
        if self.loop is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self._wake_all_for_drain)

    def _wake_all_for_drain(self):
        self.draining = True
        for streams in self.games.values():
            for subscription in streams:
                subscription.woken.set()

    # --- background: the PostgreSQL listener and the slow re-check ------------------

    def _start(self):
        loop = asyncio.get_running_loop()
        if self.loop is loop:
            return
        # First stream in this loop (a new process, or a test's new server).
        self.loop = loop
        self.draining = False
        self._spawn(self._recheck_forever())
        if connection.vendor == "postgresql":
            self._spawn(self._hear_forever(self._postgres_notes))
        elif uses_redis():
            self._spawn(self._hear_forever(self._redis_notes))

    def _spawn(self, coroutine):
        task = self.loop.create_task(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _recheck_forever(self):
        loop = self.loop
        period = settings.LIVE_RECHECK_SECONDS
        while self.loop is loop:
            await asyncio.sleep(period * JITTER.uniform(0.8, 1.2))
            await self._recheck_once()

    async def _recheck_once(self):
        try:
            await self.recheck()
        except Exception:
            log.exception("live: version re-check failed")

    async def recheck(self):
        """Publishes what moved among the subscribed games since we last heard; a
        game that is gone (purged) is published as moved, so its streams find out."""
        watched = list(self.games)
        if not watched:
            return
        found = await sync_to_async(_versions, thread_sensitive=False)(watched)
        for game_id in watched:
            self.publish(game_id, found.get(game_id, self.version(game_id) + 1))

    async def _hear_forever(self, notes):
        """Publishes every (game id, version) that `notes()` yields; when it fails
        (the database or Redis restarted), starts it again after a growing pause."""
        loop = self.loop
        pause = 0.5
        while self.loop is loop:
            try:
                async for game_id, version in notes():
                    pause = 0.5
                    self.publish(game_id, version)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("live: notifications lost, reconnecting", exc_info=True)
            await asyncio.sleep(pause)
            pause = min(pause * 2, 10)

    async def _postgres_notes(self):
        import psycopg

        async with await psycopg.AsyncConnection.connect(
            **_listener_params(), autocommit=True
        ) as listener:
            await listener.execute(f"LISTEN {CHANNEL}")
            # Anything written while we were not listening, read aside so that
            # the notifications keep flowing meanwhile.
            self._spawn(self._recheck_once())
            async for note in listener.notifies():
                yield _parse(note.payload)

    async def _redis_notes(self):
        import redis.asyncio

        client = redis.asyncio.Redis.from_url(
            settings.REDIS_URL, socket_connect_timeout=2
        )
        async with client, client.pubsub() as pubsub:
            await pubsub.subscribe(redis_channel())
            self._spawn(self._recheck_once())
            async for message in pubsub.listen():
                if message["type"] == "message":
                    yield _parse(message["data"].decode())


def _parse(payload):
    game_id, _, version = payload.partition(":")
    return int(game_id), int(version)


@contextlib.contextmanager
def database_turn():
    """A worker thread's use of the database, from the event loop's thread pool: its
    connection goes back (to the pool, or closed) when the work is done, not when
    the thread dies, which may be never."""
    close_old_connections()
    try:
        yield
    finally:
        connections.close_all()


def _versions(game_ids):
    """{game id: version} of those still in the database."""
    # From the app registry: the models import this module (their writes announce).
    Game = apps.get_model("games", "Game")
    found = {}
    with database_turn():
        for start in range(0, len(game_ids), 500):
            chunk = game_ids[start : start + 500]
            games = Game.objects.filter(pk__in=chunk)
            found.update(games.values_list("pk", "version"))
    return found


def _listener_params():
    """Where the listening connection goes: the database itself, never through a
    pooler in transaction mode (LISTEN needs a session of its own)."""
    if settings.LIVE_LISTEN_URL:
        return {"conninfo": settings.LIVE_LISTEN_URL}
    db = settings.DATABASES["default"]
    params = {
        "dbname": db["NAME"],
        "user": db.get("USER") or None,
        "password": db.get("PASSWORD") or None,
        "host": db.get("HOST") or None,
        "port": db.get("PORT") or None,
    }
    options = db.get("OPTIONS", {})
    for key in ("sslmode", "sslrootcert", "sslcert", "sslkey", "connect_timeout"):
        if key in options:
            params[key] = options[key]
    return {key: value for key, value in params.items() if value is not None}


hub = Hub()
