"""The live sheet, pushed: GET …/events/ on a watch, host or pencil link answers a
stream of Server-Sent Events (text/event-stream) for as long as the page is open.

What a stream says, in order:

    retry: 4210                    the reconnection delay, with jitter
    event: hello / data: 12        the version the game is at (the stream works)
    id: 12 / event: sheet / data: <section id="sheet" …>   the sheet, when the page
                                   is behind (no ?v=, an older ?v= or Last-Event-ID)
    … then one `sheet` event per new version, a comment line every
    LIVE_HEARTBEAT_SECONDS, and `event: reload` when the link stops opening the
    game (pencil taken back, game purged) or the host's pencil changed hands.

That is a watch link's stream. Every watcher of a game in this process shares one
SheetEvent per version and language (`Renderings`), its sheet the one the page and
its poll are served, as UTF-8 (`games.sheet.sheet_utf8`): a new entry costs one
render per process, whatever the number of watchers; on PostgreSQL, one for every
process, in the write's language: its news brings it (`NotifiedSheets`). A host
or pencil link's stream says `id: 12 / event: version / data: 12` instead: its page
is the one that writes, and its own entry's answer already brought the new sheet,
so a rendering made for it alone would mostly be thrown away; when another device
wrote, the page fetches the sheet once. What it says comes from the write's news
(its version and who holds the pencil, games/live/fanout.py) without reading the
database; only when no news said the pencil (a re-check after PostgreSQL's
listener reconnected) does it read the game, as a watcher's rendering does. The
page declares its stream for the htmx SSE extension (templates/games/game.jinja),
static/js/live.js opens and closes it, and falls back to the plain poll
(games/views.py) when no stream can be held.

A stream is served by its own ASGI route beside Django's handler (`EventStreams`,
routed to by scorekeeper/asgi.py), not by a view: see "the route" below.
"""

import asyncio
import base64
import contextlib
import contextvars
import functools
import io
import logging
import re
import zlib
from dataclasses import dataclass

from asgiref.sync import sync_to_async
from asgiref.typing import (
    ASGI3Application,
    ASGIReceiveCallable,
    ASGISendCallable,
    Scope,
)
from django.conf import settings
from django.core.cache import BaseCache, caches
from django.core.exceptions import DisallowedHost
from django.core.handlers.asgi import ASGIRequest
from django.core.signals import request_finished, request_started
from django.db import DatabaseError
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.views.decorators.csp import csp_override
from django.views.decorators.http import require_safe

from games.access import Access, get_game_or_404
from games.kinds.state import State
from games.live.fanout import Subscription, database_turn, hub, retry_ms
from games.models import Game
from games.sheet import draw_sheet, sheet_utf8
from scorekeeper.lib import numbers
from scorekeeper.lib.capabilities import HOST, PENCIL, WATCH
from scorekeeper.lib.ratelimit import client_ip
from scorekeeper.middleware import PERMISSIONS_POLICY, REFERRER_POLICY

log = logging.getLogger(__name__)

RELOAD = b"event: reload\ndata: \n\n"
HEARTBEAT = b": \n\n"


@dataclass(frozen=True)
class SheetEvent:
    version: int
    payload: bytes
    # Who holds the pencil (out, generation): a change reloads the host's page.
    pencil: tuple[bool, int]


@dataclass(frozen=True, slots=True)
class KeptEvent:
    """A SheetEvent as the local cache keeps it until the next version: its
    payload compressed (the sheet's markup repeats itself). The watchers a new
    version wakes are sent the rendering itself; only a stream that opens or
    comes back later reads the kept event, while every game followed in the
    process keeps its own for minutes."""

    version: int
    packed: bytes
    pencil: tuple[bool, int]

    @classmethod
    def of(cls, event: SheetEvent) -> "KeptEvent":
        # The fastest level: a slower one saves little more on such markup,
        # and the packing is paid on every version.
        return cls(event.version, zlib.compress(event.payload, 1), event.pencil)

    def event(self) -> SheetEvent:
        return SheetEvent(self.version, zlib.decompress(self.packed), self.pencil)


def sheet_event(version: int, sheet: bytes) -> bytes:
    """The SSE message carrying `sheet` (UTF-8) as the sheet of `version`, each of
    its lines a `data:` line: made in two passes, with no piece per line, since
    they are the largest blocks a write makes the server draw."""
    if b"\r" in sheet:
        # A carriage return ends an event's line too.
        sheet = sheet.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
    body = sheet.replace(b"\n", b"\ndata: ")
    return b"id: %d\nevent: sheet\ndata: %b\n\n" % (version, body)


def version_event(version: int) -> bytes:
    """The SSE message telling a writer's page that the game is at `version`."""
    return f"id: {version}\nevent: version\ndata: {version}\n\n".encode()


WRITER_EVENT_FIELDS = ("version", "pencil_digest", "pencil_generation")


def _render(kind: str, token: str, language: str, version: int) -> SheetEvent | None:
    """The SheetEvent of the game's current version (`version` at least, when a
    write of this process made it), or None if `token` no longer opens it. Runs
    in a worker thread; the sheet itself is the one the page and its poll are
    served (`sheet_utf8`)."""
    with database_turn():
        # A watcher's sheet of a version written in this process: drawn from the
        # row as the write left it, not read back (in its first language).
        written = Game.take_written(token, version) if kind == "watch" else None
        game = written or _read(kind, token)
        if game is None:
            return None
        if kind != "watch":
            payload = version_event(game.version)
        else:
            with translation.override(language):
                sheet = sheet_utf8(Access(kind, game))
            payload = sheet_event(game.version, sheet)
    return SheetEvent(game.version, payload, _pencil(game))


def _render_and_pack(
    kind: str, token: str, language: str, version: int
) -> tuple[SheetEvent, KeptEvent] | None:
    """`_render`'s event and the one to keep, packed in the same worker thread
    (zlib lets go of the interpreter while it works), not on the event loop."""
    event = _render(kind, token, language, version)
    return None if event is None else (event, KeptEvent.of(event))


def _read(kind: str, token: str) -> Game | None:
    # A writer's event needs the version and the pencil's state only.
    games = (
        Game.objects.with_band()
        if kind == "watch"
        else Game.objects.only(*WRITER_EVENT_FIELDS, f"{kind}_digest")
    )
    return games.by_token(kind, token)


def _pencil(game: Game) -> tuple[bool, int]:
    return (game.pencil_out, game.pencil_generation)


class Renderings:
    """The latest SheetEvent of each (role, token, language), kept in the local
    cache: the watchers a new version wakes in this process share one rendering.

    Concurrent askers of one key wait for the same rendering instead of starting
    their own (`pending`: what is under way, not a cache)."""

    def __init__(self) -> None:
        self.pending: dict[tuple[str, str, str], asyncio.Future[SheetEvent | None]] = {}

    @functools.cached_property
    def kept(self) -> BaseCache:
        """The local cache, as the event loop reads it: one backend object, taken
        once. `caches[...]` takes a lock that every page thread takes too, and a
        page thread that loses the interpreter while holding it would stop the
        loop, and every stream, until it gets the interpreter back."""
        return caches["local"]

    async def latest(
        self, kind: str, token: str, language: str, version: int
    ) -> SheetEvent | None:
        """A SheetEvent of at least `version` (or the newest there is), or None."""
        key = (kind, token, language)
        # A rendering already under way may have read the game just before
        # `version` was committed: then one more, started after it.
        for _attempt in range(2):
            # The local-memory cache does no I/O: asked from the loop directly.
            kept: KeptEvent | None = self.kept.get(event_key(*key))
            if kept is not None and kept.version >= version:
                return kept.event()
            task = self.pending.get(key)
            if task is None:
                task = asyncio.ensure_future(self.render(key, version))
                self.pending[key] = task
            # Shielded: a watcher leaving must not cancel the others' rendering.
            found = await asyncio.shield(task)
            if found is None or found.version >= version:
                break
        return found

    async def render(
        self, key: tuple[str, str, str], version: int
    ) -> SheetEvent | None:
        kind, token, language = key
        try:
            rendered = await sync_to_async(_render_and_pack, thread_sensitive=False)(
                kind, token, language, version
            )
        finally:
            del self.pending[key]
        if rendered is None:
            self.kept.delete(event_key(*key))
            return None
        event, kept = rendered
        self.kept.set(event_key(*key), kept)
        return event


def event_key(kind: str, token: str, language: str) -> str:
    return f"sheet-event:{kind}:{token}:{language}"


# PostgreSQL refuses a notification of 8,000 bytes or more; the first fields
# (ids, version, pencil, token, language) take well under a hundred.
NOTIFIED_SHEET_LIMIT = 7800


class NotifiedSheets:
    """The watchers' sheet that a write's news carries on PostgreSQL
    (games/live/fanout.py, `SheetNews`)."""

    def draw(self, game: Game, state: State) -> str | None:
        """The watchers' event of `game`'s version (as its write left it, `state`
        its sheets), drawn in the active language and packed for the write's
        notification: "<watch token>:<language>:<the packed event in base64>".
        None when it does not fit in one, or could not be drawn: the write goes
        on, and each server process draws the sheet itself."""
        language = translation.get_language()
        try:
            sheet = draw_sheet(Access("watch", game), state).encode()
        except Exception:
            log.exception("live: the watchers' sheet could not go with the news")
            return None
        version = game.version
        event = SheetEvent(version, sheet_event(version, sheet), _pencil(game))
        packed = base64.b64encode(KeptEvent.of(event).packed).decode("ascii")
        note = f"{game.watch_token}:{language}:{packed}"
        return note if len(note) <= NOTIFIED_SHEET_LIMIT else None

    def keep(self, note: str, version: int, pencil: tuple[bool, int]) -> None:
        """Keeps the watchers' event a notification brought (`draw`) as if this
        process had drawn it, unless a newer one is kept: the watchers it wakes
        are sent it without a rendering."""
        token, language, packed = note.split(":", 2)
        key = event_key("watch", token, language)
        kept: KeptEvent | None = renderings.kept.get(key)
        if kept is None or kept.version < version:
            event = KeptEvent(version, base64.b64decode(packed), pencil)
            renderings.kept.set(key, event)


renderings = Renderings()
hub.sheet_news = NotifiedSheets()


# --- the route: a held stream, beside Django's handler -----------------------------
#
# scorekeeper/asgi.py hands every request for …/events/ to `EventStreams` before
# Django's handler sees it. A stream that opens is answered here, on the event loop,
# with no middleware chain, no thread of its own and no request object kept: what
# it holds while the phone watches is the request's coroutine, awaiting the
# hang-up, and one object of plain values (`HeldStream`); its events are sent by
# short tasks that news and heartbeats start. Whatever would not open a stream
# goes on to Django's handler whole, so that each refusal is the one the page
# gets (the 404 page, the 410, a miss counted towards the 429, the 405, a bad
# Host, the HTTPS redirect) from the same code: the views below.

KIND_OF_PREFIX = {WATCH: "watch", HOST: "host", PENCIL: "pencil"}
PATH = re.compile(
    rf"^/(?P<prefix>{'|'.join(map(re.escape, KIND_OF_PREFIX))})"
    r"/(?P<token>[^/]+)/events/$"
)


class EventStreams:
    """The ASGI application of the stream URLs; `fallback` (Django's handler)
    answers every request that does not open a stream."""

    def __init__(self, fallback: ASGI3Application) -> None:
        self.fallback = fallback

    async def __call__(
        self, scope: Scope, receive: ASGIReceiveCallable, send: ASGISendCallable
    ) -> None:
        # This frame is what a stream holds while the phone watches, thousands
        # at once: the opening's values live in `open`'s, which ends before.
        stream = await self.open(scope, receive, send)
        if stream is None:
            return
        try:
            # What receive() says after the request's own message (a GET has no
            # body) is the hang-up, or that the response ended (a reload, the
            # drain). Meanwhile the stream's deliveries send its events.
            while (await receive())["type"] != "http.disconnect":
                pass
        finally:
            stream.stop()
            hub.unsubscribe(stream)

    async def open(
        self, scope: Scope, receive: ASGIReceiveCallable, send: ASGISendCallable
    ) -> "HeldStream | None":
        """The stream the request opens, its answer's head sent and its hello on
        the way; None once the request is answered otherwise (by `fallback`, a
        429, a HEAD's empty body)."""
        if scope["type"] != "http":
            await self.fallback(scope, receive, send)
            return None
        match = PATH.match(scope["path"])
        if match is None or scope["method"] not in ("GET", "HEAD"):
            await self.fallback(scope, receive, send)
            return None
        kind, token = KIND_OF_PREFIX[match["prefix"]], match["token"]
        # The request object only reads the scope (headers, query, client address)
        # into plain values: it ends with this frame, before the stream is held.
        request = ASGIRequest(scope, io.BytesIO())
        if not _servable(request):
            await self.fallback(scope, receive, send)
            return None
        # Before the game is read: a write committed meanwhile is heard (fanout.Hub).
        hub.start()
        # In asgiref's one shared sync thread (a stream never holds a thread),
        # from a task of its own: the context vars asgiref and Django set around
        # the read (the deadlock guard, their thread-locals' storages) die with
        # that task instead of staying in the stream's for as long as it lasts.
        try:
            game = await asyncio.ensure_future(sync_to_async(_opened)(kind, token))
        except DatabaseError:
            # The database away: Django's handler answers it as for every page
            # (scorekeeper.middleware.UnavailableMiddleware).
            game = None
        if game is None:
            await self.fallback(scope, receive, send)
            return None
        address = client_ip(request)
        if not hub.has_room(address):
            await _too_many(request, send)
            return None
        await send(
            {
                "type": "http.response.start",
                "status": 200,
                "headers": _stream_headers(request),
                "trailers": False,
            }
        )
        if request.method == "HEAD":
            await send({"type": "http.response.body", "body": b"", "more_body": False})
            return None
        stream = HeldStream(
            send,
            game.pk,
            address,
            asyncio.get_running_loop().time(),
            kind=kind,
            token=token,
            language=translation.get_language_from_request(request),
            hello=game.version,
            sent=_seen_version(request),
            pencil=_pencil(game),
        )
        hub.subscribe(stream, game.version)
        stream.wake()  # Says hello, then catches up from the version the page shows.
        return stream


class HeldStream(Subscription):
    """A held stream as it waits: its subscription and what its next events need,
    in one object of plain values. While it sleeps no coroutine of its own is
    held, only the request's, awaiting the hang-up: news, or a heartbeat due,
    starts a delivery (`deliver`), a task that lives until the page is caught
    up. One delivery at a time, so that the events keep their order; news that
    comes during one is sent by it before it ends."""

    __slots__ = (
        "delivery",
        "ended",
        "hello",
        "kind",
        "language",
        "pencil",
        "send",
        "sent",
        "token",
    )

    def __init__(
        self,
        send: ASGISendCallable,
        game_id: int,
        address: str,
        now: float,
        *,
        kind: str,
        token: str,
        language: str,
        hello: int,
        sent: int,
        pencil: tuple[bool, int],
    ) -> None:
        super().__init__(game_id, address, now)
        self.send = send
        # The version the stream opened at, until its hello says it.
        self.hello: int | None = hello
        self.kind = kind
        self.token = token
        self.language = language
        # The version the page shows.
        self.sent = sent
        # Who held the pencil when the link opened: a change reloads the page.
        self.pencil = pencil
        self.delivery: asyncio.Task[None] | None = None
        # The response is over: hung up, reloaded or drained.
        self.ended = False

    @property
    def wants_sheet(self) -> bool:
        return self.kind == "watch"

    def resume(self) -> None:
        if self.delivery is None and not self.ended:
            # A context of its own: nothing of the caller's (a write's thread,
            # the hub's clock) goes with it.
            self.delivery = asyncio.get_running_loop().create_task(
                self.deliver(), context=contextvars.Context()
            )

    def stop(self) -> None:
        """The phone hung up, or the response ended: no more deliveries."""
        self.ended = True
        if self.delivery is not None:
            self.delivery.cancel()

    async def deliver(self) -> None:
        try:
            await self.catch_up()
        except OSError:
            # The client is gone, as a server may say on a send (uvicorn's
            # ClientDisconnected). A client that stopped reading is cut by the
            # kernel (TCP_USER_TIMEOUT, scorekeeper/serve.py): uvicorn then
            # releases the blocked send and the hang-up is heard.
            self.ended = True
        except Exception:
            # As the server does for a request that fails: logged, and the
            # response ended, so that the page comes back after its retry delay.
            log.exception("live: a stream failed")
            if not self.ended:
                with contextlib.suppress(Exception):
                    await self.end(b"")
        finally:
            self.delivery = None

    async def catch_up(self) -> None:
        """Sends what the news calls for, until no news is left."""
        loop = asyncio.get_running_loop()
        if self.hello is not None:
            hello, self.hello = self.hello, None
            await _send(
                self.send,
                f"retry: {retry_ms()}\nevent: hello\ndata: {hello}\n\n".encode(),
            )
            self.spoke(loop.time())
        while not self.ended:
            if hub.draining:
                # The server is stopping: come back later, each phone at its own
                # time.
                await self.end(f"retry: {retry_ms()}\n\n".encode())
                return
            news = self.take_news()
            latest = hub.version(self.game_id)
            if latest > self.sent:
                if not await self.send_newer(latest):
                    return
            elif not news:
                await _send(self.send, HEARTBEAT)
                self.spoke(loop.time())
            if not self.news:
                return

    async def send_newer(self, latest: int) -> bool:
        """Sends the game's `latest` version (or newer); False when the page must
        reload instead, which ends the response."""
        heard = hub.pencil(self.game_id)
        if self.kind != "watch" and heard is not None:
            # A writer's page needs the version and whose pencil it is: the news
            # says both. Its link opens the game while the pencil stays as it was
            # (the host's page shows who holds it; a pencil link is revoked when
            # the pencil is taken back or passed anew).
            if heard != self.pencil:
                await self.end(RELOAD)
                return False
            self.sent = latest
            await _send(self.send, version_event(latest))
            self.spoke(asyncio.get_running_loop().time())
            return True
        # The event lives only in this frame: a stream that kept it while it
        # sleeps would keep its game's sheet (tens of KB) alive until the next
        # version, though the watchers' event is kept packed for the streams
        # that open later (`KeptEvent`).
        event = await renderings.latest(self.kind, self.token, self.language, latest)
        if event is None or (self.kind == "host" and event.pencil != self.pencil):
            await self.end(RELOAD)
            return False
        # Older than the news when the database does not show it yet: the next
        # news brings it.
        if event.version > self.sent:
            self.sent = event.version
            await _send(self.send, event.payload)
            self.spoke(asyncio.get_running_loop().time())
        return True

    async def end(self, last: bytes) -> None:
        """Ends the response with `last`; the request's receive() then returns."""
        self.ended = True
        await _send(self.send, last, more=False)


def _servable(request: HttpRequest) -> bool:
    """Whether Django's middleware would let this request reach the view
    unchanged: a Host it serves, over HTTPS when it redirects to it."""
    try:
        request.get_host()
    except DisallowedHost:
        return False
    return request.is_secure() or not settings.SECURE_SSL_REDIRECT


def _opened(kind: str, token: str) -> Game | None:
    """The game `token` opens, or None; looked up without counting a miss (the
    fallback's view counts it, once). Between the signals of a request of Django's
    handler, so that its database connection is kept or closed as theirs are."""
    request_started.send(sender=EventStreams)
    try:
        return Game.objects.by_token(kind, token)
    finally:
        request_finished.send(sender=EventStreams)


def _headers(request: HttpRequest) -> list[tuple[bytes, bytes]]:
    """The headers Django's middleware gives a capability link's answer
    (scorekeeper.middleware.CapabilityHeadersMiddleware, SecurityMiddleware,
    XFrameOptionsMiddleware), but the Content-Security-Policy: a policy governs
    documents, and a held stream would keep it for as long as it lasts."""
    headers = [
        (b"cache-control", b"no-store"),
        (b"x-robots-tag", b"noindex, nofollow"),
        (b"referrer-policy", REFERRER_POLICY.encode()),
        (b"permissions-policy", PERMISSIONS_POLICY.encode()),
        (b"x-content-type-options", b"nosniff"),
        (b"x-frame-options", settings.X_FRAME_OPTIONS.encode()),
    ]
    if request.is_secure() and settings.SECURE_HSTS_SECONDS:
        hsts = f"max-age={settings.SECURE_HSTS_SECONDS}"
        if settings.SECURE_HSTS_INCLUDE_SUBDOMAINS:
            hsts += "; includeSubDomains"
        if settings.SECURE_HSTS_PRELOAD:
            hsts += "; preload"
        headers.append((b"strict-transport-security", hsts.encode()))
    return headers


def _stream_headers(request: HttpRequest) -> list[tuple[bytes, bytes]]:
    return [
        (b"content-type", b"text/event-stream; charset=utf-8"),
        # nginx (and proxies that honour it) must pass each event on at once.
        (b"x-accel-buffering", b"no"),
        *_headers(request),
    ]


async def _too_many(request: HttpRequest, send: ASGISendCallable) -> None:
    """429: this address holds as many streams as it may; the page polls meanwhile."""
    retry_after = str(settings.LIVE_RETRY_MS[1] // 1000).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 429,
            "trailers": False,
            "headers": [
                (b"content-type", b"text/plain; charset=utf-8"),
                (b"content-length", b"0"),
                (b"retry-after", retry_after),
                *_headers(request),
            ],
        }
    )
    await send({"type": "http.response.body", "body": b"", "more_body": False})


def _seen_version(request: HttpRequest) -> int:
    """The version the page already shows: Last-Event-ID on a reconnect, else ?v=."""
    seen = request.headers.get("Last-Event-ID") or request.GET.get("v", "")
    seen = seen.strip()
    # Not a 400: EventSource would take it as final. A garbled one gets the sheet.
    return numbers.parse_int(seen) if numbers.is_number(seen) else 0


async def _send(send: ASGISendCallable, body: bytes, more: bool = True) -> None:
    await send({"type": "http.response.body", "body": body, "more_body": more})


# --- the views: what Django's handler answers on a stream URL ----------------------
#
# Under the ASGI server a stream URL reaches them only when no stream opens (see
# `EventStreams`); they refuse as every game page does (`get_game_or_404`). A
# link that opens its game here means a WSGI server (the development one), which
# cannot hold a stream without tying up a worker, or a game that appeared between
# the route's look-up and this one: 204 tells EventSource not to retry, and the
# page polls instead. No Content-Security-Policy (`csp_override({})`), as on a
# stream.


def _no_stream(request: HttpRequest, kind: str, token: str) -> HttpResponse:
    get_game_or_404(request, kind, token)
    return HttpResponse(status=204)


@require_safe
@csp_override({})
def watch_events(request: HttpRequest, watch_token: str) -> HttpResponse:
    return _no_stream(request, "watch", watch_token)


@require_safe
@csp_override({})
def host_events(request: HttpRequest, host_token: str) -> HttpResponse:
    return _no_stream(request, "host", host_token)


@require_safe
@csp_override({})
def pencil_events(request: HttpRequest, pencil_token: str) -> HttpResponse:
    return _no_stream(request, "pencil", pencil_token)
