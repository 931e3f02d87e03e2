"""The live sheet's fan-out: how a write anywhere reaches the streams that watch it.

A write moves the game's version and calls `announce(game, state)` inside its
transaction: the news says who holds the pencil too, which is all a
writer's stream (host, pencil) needs besides the version, so that those streams
never read the database for a write. There are two transports, one per database:

- on SQLite, the embedded default, one server process serves every request
  (`WEB_CONCURRENCY` > 1 is refused, scorekeeper/checks.py): the hub of that
  process hears each write once its transaction commits;
- on PostgreSQL, for several server processes or machines, the write sends
  NOTIFY on one channel: PostgreSQL delivers it on commit (never on rollback) to
  the one listening connection of every server process. The notification
  brings the watchers' sheet of the new version too, drawn once by the write in
  its language (`SheetNews`): no process reads the game nor draws that sheet
  again.

Each server process has one `Hub`, living in the ASGI server's event loop. A
stream subscribes to its game, and the hub resumes it with each newer version.

No periodic re-reading of versions: with one of these two transports every write
that moves a live game's version is heard. On SQLite the only other process that
writes is the task cluster, whose purges delete games nobody touched for weeks
(their streams learn it at their next connect, when the link stops opening the
game) and bands without games; no task and no management command moves a version.
What each transport can still miss is read once, on purpose:

- PostgreSQL's notifications are not kept for a listener that is not there: each
  time the listener (re)connects it re-reads the versions of the games it
  streams, once LISTEN holds. TCP keepalives on that connection turn a listener
  cut off without a word (a dead peer, a dropped NAT entry) into an error, hence
  a reconnect and that re-read;
- a write committed between a stream's reading of its game and its subscription
  is heard while nobody subscribes: the hub remembers the last versions it heard
  of (`recent`), and a new subscription starts from the newest it knows.
"""

import asyncio
import collections
import contextlib
import logging
import random
from collections.abc import AsyncIterator, Callable, Coroutine, Iterator
from typing import Any, Protocol

from asgiref.sync import sync_to_async
from django.apps import apps
from django.conf import settings
from django.db import close_old_connections, connection, transaction

log = logging.getLogger(__name__)

# The jitter of retries draws from a generator of its own, never
# from (nor moving on) the process-wide one that other code may seed.
JITTER = random.Random()

CHANNEL = "scorekeeper_games"

# Who holds the pencil at a version: (a pencil link is out, its generation). A
# pencil link opens its game for as long as this stays as it was when it opened.
Pencil = tuple[bool, int]


class Written(Protocol):
    """A game as its write left it (games.models.Game: it imports this module)."""

    @property
    def pk(self) -> Any: ...

    @property
    def version(self) -> int: ...

    @property
    def pencil_out(self) -> bool: ...

    @property
    def pencil_generation(self) -> int: ...


class SheetNews(Protocol):
    """The watchers' sheet a write's news carries on PostgreSQL, drawn once for
    every server process: games.live.streams draws it with the write (`draw`,
    a note to attach, or None) and keeps it where the notification arrives
    (`keep`), and sets `hub.sheet_news` (it imports the models, which import this
    module). Where it is not set, in a process that serves no stream, the news
    carries no sheet."""

    def draw(self, game: Any, state: Any) -> str | None: ...

    def keep(self, note: str, version: int, pencil: Pencil) -> None: ...


def announce(game: Written, state: object | None) -> bool:
    """Tells every stream of `game` (as a write left it) that it moved to its
    version, with its pencil, once committed; `state`: its sheets after the
    write, None when the write left them as they were.

    Returns whether the news carries the watchers' sheet of that version: on
    PostgreSQL every server process hears the write, and each would otherwise
    read the game and draw the same sheet for its own watchers. It is drawn
    here once, in the write's language (`SheetNews`); a sheet too large for a
    notification, or one that could not be drawn, leaves the news as it was:
    each process then draws its own, as it does for a second language."""
    game_id, version = game.pk, game.version
    pencil = (game.pencil_out, game.pencil_generation)
    if connection.vendor != "postgresql":
        transaction.on_commit(lambda: hub.publish_threadsafe(game_id, version, pencil))
        return False
    out, generation = pencil
    payload = f"{game_id}:{version}:{int(out)}:{generation}"
    # Drawn where this process has watchers of the game: a game nobody watches
    # here costs its write nothing more (its watchers elsewhere, if any, are
    # drawn for by their own process).
    news, sheet = hub.sheet_news, None
    if news is not None and state is not None and hub.shows_sheet(game_id):
        sheet = news.draw(game, state)
    if sheet is not None:
        payload = f"{payload}:{sheet}"
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_notify(%s, %s)", [CHANNEL, payload])
    return sheet is not None


def retry_ms() -> int:
    """The reconnection delay a stream tells its client, with jitter: after a
    deploy or a restart the phones come back spread out, not all at once."""
    low, high = settings.LIVE_RETRY_MS
    return JITTER.randint(low, high)


class Subscription:
    """One open stream as the hub sees it: the game it follows, the address that
    opened it, whether it has news and when it last spoke. The stream itself
    (games.live.streams.HeldStream) says what to do when it is resumed.

    Thousands are held at once, so each holds only plain values: no event object
    of its own and no timer (the hub's one clock says when a heartbeat is due,
    `Hub.beat`)."""

    # No per-instance dict.
    __slots__ = ("address", "game_id", "news", "quiet_since")

    def __init__(self, game_id: int, address: str, now: float) -> None:
        self.game_id = game_id
        self.address = address
        self.news = False
        # The loop's time of the stream's last byte: the clock's heartbeats are
        # due a quiet LIVE_HEARTBEAT_SECONDS after it.
        self.quiet_since = now

    def wake(self) -> None:
        """News: a new version, or the drain."""
        self.news = True
        self.resume()

    def resume(self) -> None:
        """News came, or a heartbeat is due (then `news` is false)."""
        raise NotImplementedError

    def spoke(self, now: float) -> None:
        """The stream sent something at `now` (the loop's time)."""
        self.quiet_since = now

    @property
    def wants_sheet(self) -> bool:
        """Whether the stream is sent the watchers' sheet of each version."""
        return False

    def take_news(self) -> bool:
        """Whether news came since the last call (else a heartbeat is due)."""
        news, self.news = self.news, False
        return news


class Hub:
    """This process's streams, by game, and the latest version heard of each."""

    # How many games' latest news a new subscription may start from: the window
    # it covers is the few milliseconds between a stream's reading of its game
    # and its subscription.
    RECENT = 4096

    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self.games: dict[int, set[Subscription]] = {}  # game id -> its streams
        # game id -> latest version heard, for subscribed games
        self.versions: dict[int, int] = {}
        # game id -> (version, its pencil then) of the latest news that said it
        self.pencils: dict[int, tuple[int, Pencil | None]] = {}
        # game id -> latest version heard
        self.recent: collections.OrderedDict[int, int] = collections.OrderedDict()
        self.addresses: dict[str, int] = {}  # client address -> open streams
        self.draining = False
        self.tasks: set[asyncio.Task[None]] = set()
        self.sheet_news: SheetNews | None = None
        # game id -> its streams that are sent the watchers' sheet; read from a
        # write's thread (`announce`), so a plain count rather than the set.
        self.sheet_streams: dict[int, int] = {}

    # --- streams -----------------------------------------------------------------

    def has_room(self, address: str) -> bool:
        """Whether `address` may open one more stream in this process."""
        return self.addresses.get(address, 0) < settings.LIVE_STREAMS_PER_ADDRESS

    def start(self) -> None:
        """In the loop, before a stream reads its game: from then on this process
        hears every write (see `recent`)."""
        loop = asyncio.get_running_loop()
        if self.loop is loop:
            return
        # First stream in this loop (a new process, or a test's new server).
        self.loop = loop
        self.draining = False
        self.recent.clear()
        self._spawn(self.beat())
        if connection.vendor == "postgresql":
            self._spawn(self._hear_forever(self._postgres_notes))

    def subscribe(self, subscription: Subscription, version: int) -> None:
        """From now on `subscription`, whose stream read its game at `version`,
        is woken by the game's news."""
        self.start()
        game_id, address = subscription.game_id, subscription.address
        self.addresses[address] = self.addresses.get(address, 0) + 1
        self.games.setdefault(game_id, set()).add(subscription)
        if subscription.wants_sheet:
            self.sheet_streams[game_id] = self.sheet_streams.get(game_id, 0) + 1
        self.versions[game_id] = max(
            version, self.versions.get(game_id, 0), self.recent.get(game_id, 0)
        )

    def unsubscribe(self, subscription: Subscription) -> None:
        game_id = subscription.game_id
        streams = self.games.get(game_id, set())
        if subscription in streams and subscription.wants_sheet:
            left = self.sheet_streams.get(game_id, 1) - 1
            if left > 0:
                self.sheet_streams[game_id] = left
            else:
                self.sheet_streams.pop(game_id, None)
        streams.discard(subscription)
        if not streams:
            self.games.pop(game_id, None)
            self.versions.pop(game_id, None)
            self.pencils.pop(game_id, None)
        left = self.addresses.get(subscription.address, 1) - 1
        if left > 0:
            self.addresses[subscription.address] = left
        else:
            self.addresses.pop(subscription.address, None)

    def version(self, game_id: int) -> int:
        return self.versions.get(game_id, 0)

    def shows_sheet(self, game_id: int) -> bool:
        """Whether a stream of this process is sent the game's watchers' sheet."""
        return self.sheet_streams.get(game_id, 0) > 0

    def pencil(self, game_id: int) -> Pencil | None:
        """The game's pencil at `version(game_id)`, or None when no news said it
        (the version came from a stream's own read, a re-check, a game gone)."""
        heard = self.pencils.get(game_id)
        if heard is None or heard[0] != self.versions.get(game_id):
            return None
        return heard[1]

    def streams(self) -> int:
        return sum(len(streams) for streams in self.games.values())

    # --- news --------------------------------------------------------------------

    def publish(self, game_id: int, version: int, pencil: Pencil | None = None) -> None:
        """In the loop: wakes the game's streams if `version` is news; `pencil`,
        the game's at that version, if the news says it."""
        if version > self.recent.get(game_id, 0):
            self.recent[game_id] = version
            self.recent.move_to_end(game_id)
            while len(self.recent) > self.RECENT:
                self.recent.popitem(last=False)
        if game_id not in self.games or version <= self.versions.get(game_id, 0):
            return
        self.versions[game_id] = version
        self.pencils[game_id] = (version, pencil)
        for subscription in self.games[game_id]:
            subscription.wake()

    def publish_threadsafe(self, game_id: int, version: int, pencil: Pencil) -> None:
        """From any thread (a write's on_commit): hands the news to the loop."""
        if self.loop is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self.publish, game_id, version, pencil)

    def drain(self) -> None:
        """Ends every stream (the server is stopping); from a signal handler too."""
        if self.loop is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self._wake_all_for_drain)

    def _wake_all_for_drain(self) -> None:
        self.draining = True
        for streams in self.games.values():
            for subscription in streams:
                subscription.wake()

    async def beat(self) -> None:
        """The process's one heartbeat clock: a few times per heartbeat period, it
        resumes the streams that have been quiet for a whole period, and each
        sends its heartbeat. One timer for every stream, instead of a timer per
        stream set and cancelled at every wake-up."""
        loop = asyncio.get_running_loop()
        while self.loop is loop:
            period = settings.LIVE_HEARTBEAT_SECONDS
            await asyncio.sleep(min(1.0, max(period / 4, 0.01)))
            due = loop.time() - period
            for streams in self.games.values():
                for subscription in streams:
                    if subscription.quiet_since <= due:
                        subscription.resume()

    # --- PostgreSQL: the listener, and the re-read when it (re)connects -------------

    def _spawn(self, coroutine: Coroutine[Any, Any, None]) -> None:
        assert self.loop is not None  # spawned from the running hub only
        task = self.loop.create_task(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _recheck_once(self) -> None:
        try:
            await self.recheck()
        except Exception:
            log.exception("live: version re-check failed")

    async def recheck(self) -> None:
        """Publishes what moved among the subscribed games since we last heard; a
        game that is gone (purged) is published as moved, so its streams find out."""
        watched = list(self.games)
        if not watched:
            return
        found = await sync_to_async(_versions, thread_sensitive=False)(watched)
        for game_id in watched:
            self.publish(game_id, found.get(game_id, self.version(game_id) + 1))

    async def _hear_forever(self, notes: Callable[[], AsyncIterator[str]]) -> None:
        """Publishes every notification that `notes()` yields (`_parse`), keeping
        the watchers' sheet it brings first; when it fails (the database
        restarted, the connection died), starts it again after a growing pause."""
        loop = self.loop
        pause = 0.5
        while self.loop is loop:
            try:
                async for payload in notes():
                    pause = 0.5
                    game_id, version, pencil, sheet = _parse(payload)
                    if (
                        sheet is not None
                        and pencil is not None
                        and self.sheet_news is not None
                        and self.shows_sheet(game_id)
                    ):
                        # A note this release cannot read costs a rendering,
                        # not the listener.
                        with contextlib.suppress(ValueError):
                            self.sheet_news.keep(sheet, version, pencil)
                    self.publish(game_id, version, pencil)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("live: notifications lost, reconnecting", exc_info=True)
            await asyncio.sleep(pause)
            pause = min(pause * 2, 10)

    async def _postgres_notes(self) -> AsyncIterator[str]:
        import psycopg

        async with await psycopg.AsyncConnection.connect(
            **_listener_params(), autocommit=True
        ) as listener:
            await listener.execute(f"LISTEN {CHANNEL}")
            # Anything written while we were not listening, read aside so that
            # the notifications keep flowing meanwhile.
            self._spawn(self._recheck_once())
            async for note in listener.notifies():
                yield note.payload


def _parse(payload: str) -> tuple[int, int, Pencil | None, str | None]:
    """(game id, version, pencil, the watchers' sheet) of a notification: its
    first four fields, then what `announce` attached (`SheetNews.draw`), if
    anything. A payload without the pencil (sent by a server of an earlier
    release, during a deploy) leaves it to the streams' own read."""
    game_id, version, *rest = payload.split(":", 4)
    if len(rest) < 2:
        return int(game_id), int(version), None, None
    out, generation, *sheet = rest
    pencil = (out == "1", int(generation))
    return int(game_id), int(version), pencil, sheet[0] if sheet else None


@contextlib.contextmanager
def database_turn() -> Iterator[None]:
    """A worker thread's use of the database, from the event loop's thread pool,
    between the same checks as a request of Django's handler: a connection found
    broken is dropped before and after. Otherwise the settings decide, as for a
    page: PostgreSQL's goes back to its pool when the work is done (not when the
    thread dies, which may be never); SQLite's is kept by the thread for its next
    turn, as each page thread keeps its own, instead of being opened again for
    every rendering."""
    close_old_connections()
    try:
        yield
    finally:
        close_old_connections()


def _versions(game_ids: list[int]) -> dict[int, int]:
    """{game id: version} of those still in the database."""
    # From the app registry: the models import this module (their writes announce).
    Game = apps.get_model("games", "Game")
    found: dict[int, int] = {}
    with database_turn():
        for start in range(0, len(game_ids), 500):
            chunk = game_ids[start : start + 500]
            games = Game.objects.filter(pk__in=chunk)
            found.update(games.values_list("pk", "version"))
    return found


# The listener only receives: without keepalives a connection cut off without a
# word would wait forever, and the notifications it misses meanwhile with it.
LISTENER_KEEPALIVES = {
    "keepalives": 1,
    "keepalives_idle": 30,
    "keepalives_interval": 10,
    "keepalives_count": 3,
}


def _listener_params() -> dict[str, Any]:
    """Where the listening connection goes: the database itself, never through a
    pooler in transaction mode (LISTEN needs a session of its own)."""
    if settings.LIVE_LISTEN_URL:
        return {"conninfo": settings.LIVE_LISTEN_URL, **LISTENER_KEEPALIVES}
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
    params = {key: value for key, value in params.items() if value is not None}
    return {**params, **LISTENER_KEEPALIVES}


hub = Hub()
