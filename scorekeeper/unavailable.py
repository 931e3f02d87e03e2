"""A database away or a full disk answers 503 with Retry-After, not a 500.

When the database cannot be reached (refused, timed out, the pool's wait over) or
SQLite has no room left to write, the view raises django.db.OperationalError (or
InterfaceError, on a connection that broke under it). That is no bug of the
request: the same request will succeed once the database is back. So it gets a
503 with `Retry-After` and words for the table: an htmx request (the score
entry, undo, rename) a fragment saying the score is kept on the phone and will be
sent again by itself; a page a short page that reloads itself for a read, or
asks to send again for a form sent without JavaScript. Nothing was recorded: a
write that failed rolled back, and its request key lets the resend count once.

Placed just before CapabilityRefusalMiddleware, so its process_exception sees what
the views raise; the response then passes back through every other middleware
(headers, language) like any other.
"""

import logging
import sqlite3

from django.conf import settings
from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils.decorators import sync_only_middleware

log = logging.getLogger("scorekeeper.unavailable")

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
    template = "unavailable_fragment.html" if htmx else "503.html"
    response = HttpResponse(
        render_to_string(template, context, request=request), status=503
    )
    response["Retry-After"] = str(retry_after)
    response["Cache-Control"] = "no-store"
    return response


@sync_only_middleware
class UnavailableMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if not is_unavailable(exception):
            return None
        why = reason(exception)
        # One line, no traceback: during an outage every request says the same.
        log.warning("503 (%s): %s: %s", why, type(exception).__name__, exception)
        return unavailable_response(request, why)
