"""The project's Django middleware, in the order of MIDDLEWARE:

- capability links: the headers of their pages, and the answers to refused
  tokens (`CapabilityHeadersMiddleware`, `CapabilityRefusalMiddleware`);
- cut bodies: a request whose body is shorter than it announced is refused
  (`CompleteBodyMiddleware`);
- htmx: django-htmx's `request.htmx`, holding its request weakly
  (`HtmxMiddleware`, scorekeeper/lib/acyclic.py);
- a dependency away: a database out of reach or a full disk answers 503 with
  Retry-After, not a 500 (`UnavailableMiddleware`);
- stalled clients: around the pages' pool (scorekeeper/asgi.py), a client that
  stops taking its response or sending its body is cut
  (`StalledClientMiddleware`).

A capability URL (/h/ /w/ /c/ /b/ /r/ + token) is a password in a URL: its pages
must not be indexed, cached by a shared cache or the browser's back-forward cache,
or leak the URL in a Referer (W3C TAG "Good practices for capability URLs").
Django's own middlewares already send the CSP, nosniff, X-Frame-Options and the
site-wide Referrer-Policy; `CapabilityHeadersMiddleware` adds what is specific to
capability paths and a Permissions-Policy everywhere.

It sits first in MIDDLEWARE so that it also sees the responses other middlewares
make without reaching a view (CommonMiddleware's slash redirects carry the token
in their Location and would otherwise be cached as permanent redirects).
"""

import asyncio
import logging
import sqlite3
from collections.abc import Awaitable, Callable
from typing import cast

from asgiref.sync import iscoroutinefunction, markcoroutinefunction
from asgiref.typing import (
    ASGI3Application,
    ASGIReceiveCallable,
    ASGIReceiveEvent,
    ASGISendCallable,
    ASGISendEvent,
    Scope,
)
from django.conf import settings
from django.core.exceptions import RequestAborted, RequestDataTooBig
from django.db import InterfaceError, OperationalError
from django.http import (
    HttpRequest,
    HttpResponse,
    HttpResponseBadRequest,
    UnreadablePostError,
)
from django.template.loader import render_to_string
from django.utils.decorators import sync_only_middleware
from django.utils.translation import gettext as _
from django_htmx import middleware as htmx

from scorekeeper.lib import numbers
from scorekeeper.lib.acyclic import HtmxDetails
from scorekeeper.lib.capabilities import (
    CAPABILITY_PREFIXES,
    PUBLIC_RESULT_PREFIX,
    CapabilityRefused,
)

# The public result is meant for message apps, whose preview crawlers may cache
# what its view explicitly allows; without a Cache-Control of its own it is
# no-store like every other capability page.
SHAREABLE_PREFIXES = (PUBLIC_RESULT_PREFIX,)
PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=()"
REFERRER_POLICY = "same-origin"
_REFUSED_STATUSES = {404, 410, 429}


def is_capability_path(path: str) -> bool:
    return path.startswith(tuple(CAPABILITY_PREFIXES))


@sync_only_middleware
class CapabilityHeadersMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if is_capability_path(request.path_info):
            response["X-Robots-Tag"] = "noindex, nofollow"
            # Never leaves the origin (see SECURE_REFERRER_POLICY): set here too so
            # that no view or other middleware can loosen it on a capability link.
            response["Referrer-Policy"] = REFERRER_POLICY
            if not (
                request.path_info.startswith(SHAREABLE_PREFIXES)
                and "Cache-Control" in response
            ):
                # Overwrite, not patch: a view's max-age must not survive on a
                # link that is a secret (no-store also keeps it out of bfcache).
                response["Cache-Control"] = "no-store"
                if "Expires" in response:
                    del response["Expires"]
            if (
                getattr(request, "capability_refused", False)
                and response.status_code in _REFUSED_STATUSES
                and request.headers.get("HX-Request") == "true"
            ):
                response["HX-Refresh"] = "true"
        if "Permissions-Policy" not in response:
            response["Permissions-Policy"] = PERMISSIONS_POLICY
        return response


@sync_only_middleware
class CapabilityRefusalMiddleware:
    """A refused token (wrong, revoked, over the rate limit) raised anywhere under
    a view becomes the same refusal page everywhere.

    Last in MIDDLEWARE and sync-only on purpose: Django runs a chain in one mode
    from the innermost sync-only middleware outwards, so the whole chain (all
    sync-capable) is synchronous, as the pages' WSGI handler runs it, and under
    Django's ASGI handler too (the tests' async client) it does not switch
    threads around every middleware.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(
        self, request: HttpRequest, exception: Exception
    ) -> HttpResponse | None:
        if isinstance(exception, CapabilityRefused):
            return exception.response(request)
        return None


# --- cut bodies -------------------------------------------------------------------
#
# Refuses a request whose body is shorter than the length it announced.
#
# A client that announces `Content-Length: N`, sends fewer bytes and closes cleanly
# leaves a cut body: WSGI servers (runserver, gunicorn) hand the view what arrived,
# and `points=25` cut by one byte reads as `points=2`. Under uvicorn a client gone
# before the end runs nothing (the pages' pool reads the body first,
# scorekeeper/pool.py); another server might pass a short body on, and this check
# covers it too.
#
# Placed once, before any view or middleware reads the body (CSRF reads the form):
# such a request gets 400 and changes nothing.


def cut_body_response(request: HttpRequest) -> HttpResponseBadRequest | None:
    """The 400 for a request whose body is cut or unreadable, else None."""
    declared = request.META.get("CONTENT_LENGTH") or ""
    if declared == "":
        return None
    if not numbers.is_number(declared):
        return _refused()
    length = int(declared)
    if length == 0:
        return None
    try:
        received = len(request.body)
    except (UnreadablePostError, RequestDataTooBig):
        return _refused()
    return _refused() if received != length else None


def _refused() -> HttpResponseBadRequest:
    return HttpResponseBadRequest(
        _("Requête incomplète : rien n'a été enregistré. Réessayez."),
        content_type="text/plain; charset=utf-8",
    )


class CompleteBodyMiddleware:
    sync_capable = True
    async_capable = True

    def __init__(
        self,
        get_response: Callable[[HttpRequest], HttpResponse | Awaitable[HttpResponse]],
    ) -> None:
        self.get_response = get_response
        self.is_async = iscoroutinefunction(get_response)
        if self.is_async:
            markcoroutinefunction(self)

    def __call__(self, request: HttpRequest) -> HttpResponse | Awaitable[HttpResponse]:
        if self.is_async:
            return self._acall(request)
        return cut_body_response(request) or self.get_response(request)

    async def _acall(self, request: HttpRequest) -> HttpResponse:
        # The ASGI handler has received the whole body before the request is
        # built: reading it here does not wait on the network.
        refused = cut_body_response(request)
        if refused is not None:
            return refused
        response = self.get_response(request)
        assert not isinstance(response, HttpResponse)  # an async chain
        return await response


# --- a dependency away ------------------------------------------------------------
#
# A database away or a full disk answers 503 with Retry-After, not a 500.
#
# When the database cannot be reached (refused, timed out, the pool's wait over) or
# SQLite has no room left to write, the view raises django.db.OperationalError (or
# InterfaceError, on a connection that broke under it). That is no bug of the
# request: the same request will succeed once the database is back. So it gets a
# 503 with `Retry-After` and words for the table: an htmx request (the score
# entry, undo, rename) a fragment saying the score is kept on the phone and will be
# sent again by itself; a page a short page that reloads itself for a read, or
# asks to send again for a form sent without JavaScript. Nothing was recorded: a
# write that failed rolled back, and its request key lets the resend count once.
#
# Placed just before CapabilityRefusalMiddleware, so its process_exception sees what
# the views raise; the response then passes back through every other middleware
# (headers, language) like any other.


log = logging.getLogger(__name__)

# SQLite's codes for "no room": a write that cannot grow the database or its
# write-ahead log, and a shared-memory index that cannot be made.
NO_ROOM = {sqlite3.SQLITE_FULL, getattr(sqlite3, "SQLITE_IOERR_SHMSIZE", -1)}


def is_unavailable(exception: BaseException) -> bool:
    return isinstance(exception, (OperationalError, InterfaceError))


def reason(exception: BaseException) -> str:
    """ "disk" when SQLite has no room left, else "database" (away, locked)."""
    cause = exception.__cause__
    if getattr(cause, "sqlite_errorcode", None) in NO_ROOM:
        return "disk"
    return "database"


def unavailable_response(request: HttpRequest, why: str) -> HttpResponse:
    retry_after = int(getattr(settings, "UNAVAILABLE_RETRY_AFTER", 5))
    htmx = request.headers.get("HX-Request") == "true"
    context = {
        "reason": why,
        "retry_after": retry_after,
        "reloads": request.method in ("GET", "HEAD"),
    }
    template = "unavailable_fragment.jinja" if htmx else "503.jinja"
    response = HttpResponse(
        render_to_string(template, context, request=request), status=503
    )
    response["Retry-After"] = str(retry_after)
    response["Cache-Control"] = "no-store"
    return response


@sync_only_middleware
class HtmxMiddleware(htmx.HtmxMiddleware):
    """django-htmx's middleware, whose `request.htmx` holds its request weakly:
    the request is freed once answered, not by the garbage collector
    (scorekeeper/lib/acyclic.py). Sync-only, as the whole chain runs."""

    def __call__(self, request: HttpRequest) -> HttpResponse:
        request.htmx = HtmxDetails(request)  # type: ignore[attr-defined]
        return cast(HttpResponse, self.get_response(request))


@sync_only_middleware
class UnavailableMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(
        self, request: HttpRequest, exception: Exception
    ) -> HttpResponse | None:
        if not is_unavailable(exception):
            return None
        why = reason(exception)
        # One line, no traceback: during an outage every request says the same.
        log.warning("503 (%s): %s: %s", why, type(exception).__name__, exception)
        return unavailable_response(request, why)


# --- stalled clients: an ASGI middleware ------------------------------------------
#
# Bounds what a stalled client can hold: a pure ASGI middleware.
#
# - A page's response body that the client has not taken for LIVE_SEND_TIMEOUT
#   seconds: the server's `send` stays blocked once its buffers are full. The
#   send is timed out and the request treated as gone (RequestAborted: the
#   page's thread stops answering and goes back to the pool,
#   scorekeeper/pool.py). The connection's socket is then dropped by the kernel
#   (TCP_USER_TIMEOUT, set by scorekeeper/serve.py), since a close waits for the
#   queued bytes. A live stream is not wrapped (scorekeeper/asgi.py): it holds
#   no thread, and that same kernel timeout ends it, its blocked send released
#   and its hang-up heard when the connection drops.
# - A request body that stops arriving for as long: the request gets 408 with
#   `Connection: close` and the view never runs (the whole body is read before
#   the request takes a thread, scorekeeper/pool.py). A request whose headers
#   never end is held by the server before any application sees it: the TLS
#   proxy bounds it (deploy/nginx/scorekeeper.conf, `client_header_timeout`).


def send_timeout() -> float:
    return float(getattr(settings, "LIVE_SEND_TIMEOUT", 30))


class StalledClientMiddleware:
    """Wraps the ASGI application; `timeout` (seconds) defaults to the setting."""

    def __init__(self, app: ASGI3Application, timeout: float | None = None) -> None:
        self.app = app
        self.timeout = timeout

    async def __call__(
        self, scope: Scope, receive: ASGIReceiveCallable, send: ASGISendCallable
    ) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        timeout = self.timeout if self.timeout is not None else send_timeout()
        body_read = False

        async def timed_receive() -> ASGIReceiveEvent:
            nonlocal body_read
            if body_read:
                # After the body, the handler listens for the disconnect for as
                # long as the response lasts: a stream's whole life, untimed.
                return await receive()
            try:
                message = await asyncio.wait_for(receive(), timeout)
            except TimeoutError:
                body_read = True
                await send_request_timeout(send)
                return {"type": "http.disconnect"}
            if message["type"] != "http.request" or not message.get("more_body"):
                body_read = True
            return message

        async def timed_send(message: ASGISendEvent) -> None:
            if message["type"] != "http.response.body":
                return await send(message)
            try:
                return await asyncio.wait_for(send(message), timeout)
            except TimeoutError:
                raise RequestAborted("client stalled: response not taken") from None

        await self.app(scope, timed_receive, timed_send)


async def send_request_timeout(send: ASGISendCallable) -> None:
    """408 and close: the body stopped arriving, nothing was done."""
    await send(
        {
            "type": "http.response.start",
            "status": 408,
            "headers": [
                (b"content-type", b"text/plain; charset=utf-8"),
                (b"connection", b"close"),
            ],
            "trailers": False,
        }
    )
    await send(
        {"type": "http.response.body", "body": b"Request Timeout\n", "more_body": False}
    )
