"""The ASGI application: every request, pages and live streams alike.

Requests are routed by path, as Channels routes by protocol and path, each to
what it needs and nothing more:

- a static file is answered on the event loop, from the table ServeStatic makes
  of the files at start (`StaticFiles`): it needs no middleware and no thread;
- a live stream (…/events/) goes to its own lean route
  (`games.live.streams.EventStreams`), which holds it on the event loop with only
  what it needs (its subscription, a few plain values), thousands at once, and
  hands on every request that would not open one, so that refusals stay the
  pages' own;
- every page goes to Django's WSGI handler in a fixed pool of SERVER_THREADS
  threads, made once per process (`PagePool`). The work Django's ASGI handler
  would redo per request, a thread started and a database connection opened, is
  done once per thread: each keeps its connection (settings.py, DATABASES). A
  write waiting for SQLite's lock (another process's, the task cluster's purge)
  holds its own thread only; the others go on answering readers.

The pool speaks only HTTP; the lifespan messages the server sends around
it are answered here. At startup the server's own SIGTERM/SIGINT handler is
chained with the live streams' drain, so that on a deploy every open stream ends
at once with a jittered `retry:` instead of being cut at the graceful timeout and
reconnecting all at the same instant.

The server (scorekeeper/serve.py) starts each worker process through `served()`:
it loads the URLs and the game page's template, holds SQLite's files open
(`keep_sqlite_files_open`, below) or opens PostgreSQL's pool, starts the pool's
threads with their connections and loads what Django loads lazily (the caches'
backends, each language, the context processors), so that the first phones
after a deploy, which come all at once, pay none of it; then it freezes every
object alive out of the garbage collector (`gc.freeze()`). They live as long as
the process, and a full collection would otherwise walk them all again each
time, while every request and stream of the process waits.

What comes later lives long too: each held stream (a few dozen objects of the
server's and the route's) and each game's kept state (hundreds).
A full collection walks all of them, and with thousands of phones watching it
stops the process for a few hundred milliseconds. Python starts one whenever
the objects moved to the oldest generation since the last one reach a quarter
of it; with its default thresholds, the objects of requests still being
answered are moved there every few milliseconds, so it came every twenty
seconds or so, and a score entry that met it waited. A young generation of
GC_YOUNG_THRESHOLD objects (ten times Python's default) lets those objects die
young instead: full collections become rare, the young ones a few milliseconds
each.
"""

import contextlib
import gc
import inspect
import os
import signal
import sqlite3
from collections.abc import Awaitable
from pathlib import Path
from types import FrameType
from typing import cast

import django
from asgiref.typing import (
    ASGI3Application,
    ASGIReceiveCallable,
    ASGISendCallable,
    HTTPScope,
    Scope,
)
from django.conf import settings
from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
django.setup(set_prefix=False)

# They need the settings loaded above.
from games.live import fanout  # noqa: E402
from games.live.streams import PATH as STREAM_PATH  # noqa: E402
from games.live.streams import EventStreams  # noqa: E402
from scorekeeper.middleware import StalledClientMiddleware  # noqa: E402
from scorekeeper.pool import PagePool, StaticFiles  # noqa: E402

GC_YOUNG_THRESHOLD = 20_000

# Made once per process: the pool's threads, each with its database connection,
# and the table of static files.
pages = PagePool(get_wsgi_application(), workers=settings.SERVER_THREADS)
static_files = StaticFiles()
# A page holds a pool thread while it is answered: a client that stops taking
# the answer, or stops sending its body, is cut after LIVE_SEND_TIMEOUT
# (scorekeeper/middleware.py) and the thread goes back to the pool. Streams and
# static files hold no thread: the kernel drops their stalled connections after
# as long (TCP_USER_TIMEOUT, scorekeeper/serve.py), and the server then ends
# them; a timer on each of their sends would cost every stream at every event.
# (a2wsgi's types name the ASGI messages its own way: the same protocol.)
pages_app = StalledClientMiddleware(cast(ASGI3Application, pages))
event_streams = EventStreams(fallback=pages_app)


def _drain_streams_on(signum: signal.Signals) -> None:
    previous = signal.getsignal(signum)

    def handler(sig: int, frame: FrameType | None) -> None:
        fanout.hub.drain()
        if callable(previous):
            previous(sig, frame)

    signal.signal(signum, handler)


@inspect.markcoroutinefunction
def application(
    scope: Scope, receive: ASGIReceiveCallable, send: ASGISendCallable
) -> Awaitable[None]:
    # A plain function that hands the server the coroutine of the route it
    # picks, rather than a coroutine awaiting it: a held stream keeps every
    # coroutine between the server and its loop for as long as it lasts. Marked
    # as a coroutine function, which it is to its caller, so that an ASGI server
    # takes it for an ASGI 3 application.
    if scope["type"] == "http":
        if STREAM_PATH.match(scope["path"]):
            return event_streams(scope, receive, send)
        return _static_file_or_page(scope, receive, send)
    if scope["type"] == "lifespan":
        return _lifespan(receive, send)
    return pages_app(scope, receive, send)


async def _static_file_or_page(
    scope: HTTPScope, receive: ASGIReceiveCallable, send: ASGISendCallable
) -> None:
    found = await static_files.find(scope["path"])
    if found is not None:
        return await static_files.serve(found, scope, receive, send)
    return await pages_app(scope, receive, send)


async def _lifespan(receive: ASGIReceiveCallable, send: ASGISendCallable) -> None:
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            for signum in (signal.SIGTERM, signal.SIGINT):
                # Not in the main thread (a test's server thread): no signals.
                with contextlib.suppress(ValueError):
                    _drain_streams_on(signum)
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            fanout.hub.drain()
            await send({"type": "lifespan.shutdown.complete"})
            return


def warm_database_pool() -> None:
    """Opens the PostgreSQL pool with its first connections before any request:
    a burst of requests at start would otherwise wait on connections made one at
    a time, past the pool's short timeout. A database away at start delays
    nothing: the pool keeps trying in the background."""
    from django.conf import settings
    from django.db import connection

    pool = getattr(connection, "pool", None)
    if pool is None:
        return
    with contextlib.suppress(Exception):
        pool.open(wait=True, timeout=settings.DB_TIMEOUT)


def load_what_pages_load_lazily() -> None:
    """What Django would load at the first request that needs it, loaded at
    start instead: the caches' backends, each language's catalog and formats,
    the templates' context processors."""
    from django.core.cache import caches
    from django.template import engines
    from django.utils import formats, translation

    for alias in settings.CACHES:
        caches[alias]  # noqa: B018  (imports its backend)
    for engine in engines.all():
        getattr(engine, "template_context_processors", None)
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            formats.get_format("DATE_FORMAT")


def served() -> ASGI3Application:
    """The application as a server process runs it (uvicorn's app factory)."""
    from django.template.loader import get_template
    from django.urls import get_resolver

    get_resolver().url_patterns  # noqa: B018  (imports every view)
    keep_sqlite_files_open()
    warm_database_pool()
    pages.start_threads()
    load_what_pages_load_lazily()
    get_template("games/game.jinja")
    gc.collect()
    gc.freeze()
    gc.set_threshold(GC_YOUNG_THRESHOLD, *gc.get_threshold()[1:])
    return application


# --- the SQLite files a server holds ----------------------------------------------
#
# Keeps SQLite's write-ahead log and shared-memory index in place while serving.
#
# Each pool thread keeps its connection, but a thread starts without one and
# drops it after an error. When the last connection to a WAL database closes,
# SQLite checkpoints and deletes the `-wal` and `-shm` files, and the next
# connection must create them again. On a full disk it cannot, and every
# request fails, reads too ("disk I/O error"): a watch page of a running game would
# answer 500 although nothing needs writing to show it.
#
# One connection held open for the life of the server process keeps both files:
# reads go on answering on a full disk, writes fail with "database or disk is
# full" (a 503, scorekeeper/middleware.py), and SQLite's own checkpoints still
# reuse the log from its start, so it does not grow. It holds no transaction, so it
# never keeps a checkpoint from completing.


held: list[sqlite3.Connection] = []


def hold(path: str | Path) -> sqlite3.Connection | None:
    """A connection to the SQLite database at `path` that keeps its files, or None
    when there is no such database yet (it is never created here)."""
    try:
        keeper = sqlite3.connect(
            f"{Path(path).resolve().as_uri()}?mode=rw",
            uri=True,
            autocommit=True,
            check_same_thread=False,
        )
        # A first read maps the shared-memory index (and makes the files).
        keeper.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.Error:
        return None
    return keeper


def keep_sqlite_files_open(alias: str = "default") -> sqlite3.Connection | None:
    """Holds (once per process) the files of the alias's database, if SQLite."""
    database = settings.DATABASES[alias]
    if held or database["ENGINE"] != "django.db.backends.sqlite3":
        return held[0] if held else None
    name = str(database["NAME"])
    if name == ":memory:" or name.startswith("file:"):
        return None
    keeper = hold(name)
    if keeper is not None:
        held.append(keeper)
    return keeper
