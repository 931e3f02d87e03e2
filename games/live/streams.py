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
its poll are served (`games.sheet.sheet_html`): a new entry costs one render per
process, whatever the number of watchers. A host or pencil link's stream says
`id: 12 / event: version / data: 12` instead: its page is the one that writes, and
its own entry's answer already brought the new sheet, so a rendering made for it
alone would mostly be thrown away; when another device wrote, the page fetches
the sheet once. The page declares its stream for the htmx SSE extension
(templates/games/game.jinja), static/js/live.js opens and closes it, and falls back
to the plain poll (games/views.py) when no stream can be held.
"""

import asyncio
from dataclasses import dataclass

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.cache import caches
from django.core.handlers.asgi import ASGIRequest
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse
from django.utils import translation
from django.views.decorators.csp import csp_override
from django.views.decorators.http import require_safe

from games.access import Access, get_game_or_404
from games.live.fanout import database_turn, hub, retry_ms
from games.models import Game
from games.sheet import sheet_html
from scorekeeper.lib import numbers
from scorekeeper.lib.ratelimit import client_ip

RELOAD = b"event: reload\ndata: \n\n"
HEARTBEAT = b": \n\n"


@dataclass(frozen=True)
class SheetEvent:
    version: int
    payload: bytes
    # Who holds the pencil (out, generation): a change reloads the host's page.
    pencil: tuple[bool, int]


def sheet_event(version: int, html: str) -> bytes:
    """The SSE message carrying `html` as the sheet of `version`."""
    lines = "".join(f"data: {line}\n" for line in html.splitlines() if line.strip())
    return f"id: {version}\nevent: sheet\n{lines}\n".encode()


def version_event(version: int) -> bytes:
    """The SSE message telling a writer's page that the game is at `version`."""
    return f"id: {version}\nevent: version\ndata: {version}\n\n".encode()


def _render(kind, token, language):
    """The SheetEvent of the game's current version, or None if `token` no longer
    opens it. Runs in a worker thread; the sheet itself is the one the page and
    its poll are served (`sheet_html`)."""
    with database_turn():
        game = Game.objects.with_band().by_token(kind, token)
        if game is None:
            return None
        if kind != "watch":
            payload = version_event(game.version)
        else:
            with translation.override(language):
                html = sheet_html(Access(kind, game))
            payload = sheet_event(game.version, html)
    return SheetEvent(game.version, payload, _pencil(game))


def _pencil(game):
    return (game.pencil_out, game.pencil_generation)


class Renderings:
    """The latest SheetEvent of each (role, token, language), kept in the local
    cache: the watchers a new version wakes in this process share one rendering.

    Concurrent askers of one key wait for the same rendering instead of starting
    their own (`pending`: what is under way, not a cache)."""

    def __init__(self) -> None:
        self.pending: dict[tuple[str, str, str], asyncio.Future[SheetEvent | None]] = {}

    async def latest(
        self, kind: str, token: str, language: str, version: int
    ) -> SheetEvent | None:
        """A SheetEvent of at least `version` (or the newest there is), or None."""
        key = (kind, token, language)
        # A rendering already under way may have read the game just before
        # `version` was committed: then one more, started after it.
        for _attempt in range(2):
            # The local-memory cache does no I/O: asked from the loop directly.
            found = caches["local"].get(event_key(*key))
            if found is not None and found.version >= version:
                return found
            task = self.pending.get(key)
            if task is None:
                task = asyncio.ensure_future(self.render(key))
                self.pending[key] = task
            # Shielded: a watcher leaving must not cancel the others' rendering.
            found = await asyncio.shield(task)
            if found is None or found.version >= version:
                break
        return found

    async def render(self, key: tuple[str, str, str]) -> SheetEvent | None:
        kind, token, language = key
        try:
            event = await sync_to_async(_render, thread_sensitive=False)(
                kind, token, language
            )
        finally:
            del self.pending[key]
        if event is None:
            caches["local"].delete(event_key(*key))
        else:
            caches["local"].set(event_key(*key), event)
        return event


def event_key(kind: str, token: str, language: str) -> str:
    return f"sheet-event:{kind}:{token}:{language}"


renderings = Renderings()


def _seen_version(request):
    """The version the page already shows: Last-Event-ID on a reconnect, else ?v=."""
    seen = request.headers.get("Last-Event-ID") or request.GET.get("v", "")
    seen = seen.strip()
    # Not a 400: EventSource would take it as final. A garbled one gets the sheet.
    return numbers.parse_int(seen) if numbers.is_number(seen) else 0


async def _stream(kind, token, seen, game_pk, version, pencil, language, address):
    """The events of one held stream. It keeps plain values only, not the game
    nor the request: thousands are held at once, each for as long as a phone
    watches."""
    subscription = hub.subscribe(game_pk, version, address)
    try:
        yield f"retry: {retry_ms()}\nevent: hello\ndata: {version}\n\n".encode()
        sent = seen
        while not hub.draining:
            if hub.version(game_pk) > sent:
                event = await renderings.latest(
                    kind, token, language, hub.version(game_pk)
                )
                if event is None or (kind == "host" and event.pencil != pencil):
                    yield RELOAD
                    return
                if event.version > sent:
                    sent = event.version
                    yield event.payload
                    continue
                # Heard of a version the database does not show yet: wait for
                # the next news rather than render again at once.
            if not await subscription.wait(settings.LIVE_HEARTBEAT_SECONDS):
                yield HEARTBEAT
        # The server is stopping: come back later, each phone at its own time.
        yield f"retry: {retry_ms()}\n\n".encode()
    finally:
        hub.unsubscribe(subscription)


async def _events(request, kind, token):
    # Before the game is read: a write committed meanwhile is heard (fanout.Hub).
    hub.start()
    # In the one sync thread all streams share (scorekeeper/asgi.py): a stream
    # holds neither a thread nor a database connection while it waits.
    game = await sync_to_async(get_game_or_404)(request, kind, token)
    if not isinstance(request, ASGIRequest):
        # A WSGI server (the development one) cannot hold a stream without tying
        # up a worker: 204 tells EventSource not to retry; the page polls instead.
        return HttpResponse(status=204)
    if not hub.has_room(client_ip(request)):
        response = HttpResponse(status=429)
        response["Retry-After"] = str(settings.LIVE_RETRY_MS[1] // 1000)
        return response
    events = _stream(
        kind,
        token,
        _seen_version(request),
        game.pk,
        game.version,
        _pencil(game),
        getattr(request, "LANGUAGE_CODE", settings.LANGUAGE_CODE),
        client_ip(request),
    )
    response = StreamingHttpResponse(
        events, content_type="text/event-stream; charset=utf-8"
    )
    response["Cache-Control"] = "no-store"
    # nginx (and proxies that honour it) must pass each event on at once.
    response["X-Accel-Buffering"] = "no"
    return response


# No Content-Security-Policy on a stream (`csp_override({})`): it governs
# documents, and a held stream keeps its headers for as long as it lasts.
@require_safe
@csp_override({})
async def watch_events(
    request: HttpRequest, watch_token: str
) -> HttpResponse | StreamingHttpResponse:
    return await _events(request, "watch", watch_token)


@require_safe
@csp_override({})
async def host_events(
    request: HttpRequest, host_token: str
) -> HttpResponse | StreamingHttpResponse:
    return await _events(request, "host", host_token)


@require_safe
@csp_override({})
async def pencil_events(
    request: HttpRequest, pencil_token: str
) -> HttpResponse | StreamingHttpResponse:
    return await _events(request, "pencil", pencil_token)
