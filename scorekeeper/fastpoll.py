"""The watch poll, answered before Django: a 204 after one query, or the new sheet.

Every open watch page asks `GET /w/<watch_token>/feuille/?v=<version it shows>`
every second, and almost every answer is `204 No Content` (nothing moved). Measured
in-process (the WSGI application called directly, SQLite), that answer cost ~238 µs
through Django, ~157 µs of it the request and middleware machinery any view pays (a
bare /robots.txt); with 2,000 watchers on 2 cores the server was saturated and a
moved sheet waited its turn (issue 9). Answered here it costs ~63 µs (on PostgreSQL
~230 µs instead of ~630 µs: one round trip instead of two, see below).

`FastPoll` wraps Django's WSGI application. It answers that request itself only when
all of these hold, and hands every other request to Django untouched:

- GET or HEAD; PATH_INFO exactly /w/<well-formed watch token>/feuille/ and
  QUERY_STRING exactly v=<digits>;
- no middleware would answer or change it: its host is allowed, no HTTPS redirect
  is due, its CSRF cookie (if any) is well formed (a malformed one is replaced: a
  Set-Cookie), the client is under the miss limit (else Django answers 429);
- the game exists and its version is v (one raw query, like views._version_of).

When the game has moved on and this process already rendered the sheet of its
version (games.views keeps the latest one: forty watchers of a table ask for it
within a second), that text is the answer, a 200; a sheet not rendered here yet is
Django's to render. So a link that opens nothing, a 404, 410 or 429 are Django's
answers, and a miss is always counted by Django. Any exception also hands over to
Django.

The headers are Django's own: the first unchanged poll and the first moved one of
each kind (HTTPS or not, and language: what HSTS and Content-Language depend on) are
Django's, and their headers are kept and sent again (with the body's length). The
middleware list those conditions were checked against is `KNOWN_MIDDLEWARE`: any
other list turns the fast path off (with a warning) until someone checks what the
new middleware does to this request.

Database connections: close_old_connections() runs before and after the query, as
Django's request signals run it, so a connection past CONN_MAX_AGE or one that
failed is closed. The query itself is the health check (Django's would cost a
`SELECT 1` round trip first): on a dead connection it fails, the connection is
closed, and Django answers on a new one.
"""

import logging
import re

from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.core.handlers.wsgi import WSGIRequest
from django.db import close_old_connections, connection
from django.middleware.csrf import InvalidTokenFormat, _check_token_format
from django.urls import Resolver404, resolve
from django.utils.translation import get_language_from_request

from games import ratelimit, tokens
from games.capabilities import SCOPE

logger = logging.getLogger(__name__)

PATH_START = "/w/"
PATH_END = "/feuille/"
_PATH_LENGTH = len(PATH_START) + tokens.TOKEN_LENGTH + len(PATH_END)
# Django compares the text of v with the version: "v=07" is not version 7.
_QUERY_RE = re.compile(r"v=([0-9]{1,18})")
_STATUS = "204 No Content"
_SHEET_STATUS = "200 OK"

# What each of these does to an unchanged watch poll's 204, and which requests it
# would answer otherwise, is what this module repeats or defers to Django for.
KNOWN_MIDDLEWARE = (
    "scorekeeper.middleware.CapabilityHeadersMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
)


class FastPoll:
    """WSGI application: `django_app` with the unchanged watch poll answered first."""

    def __init__(self, django_app):
        self.django_app = django_app
        # (HTTPS?, language) -> the headers of Django's 204 / 200 for such a request.
        self.headers = {}
        self.sheet_headers = {}
        self.ssl_redirect = settings.SECURE_SSL_REDIRECT
        self.enabled = self._fits()
        if self.enabled:
            from games.models import Game
            from games.views import rendered_sheet

            self.rendered_sheet = rendered_sheet
            self.sql = (
                f"SELECT version FROM {Game._meta.db_table} WHERE watch_token = %s"
            )

    def _fits(self):
        why = None
        if tuple(settings.MIDDLEWARE) != KNOWN_MIDDLEWARE:
            why = "MIDDLEWARE is not the list it was checked against"
        elif settings.CSRF_USE_SESSIONS:
            why = "CSRF_USE_SESSIONS is on"
        else:
            sample = f"{PATH_START}{'A' * tokens.TOKEN_LENGTH}{PATH_END}"
            try:
                from games import views

                routed = resolve(sample).func is views.watch_sheet
            except Resolver404:
                routed = False
            if not routed:
                why = "/w/<token>/feuille/ no longer leads to games.views.watch_sheet"
        if why:
            logger.warning("Fast watch poll off: %s.", why)
        return why is None

    def __call__(self, environ, start_response):
        poll = self._poll_of(environ) if self.enabled else None
        if poll is None:
            return self.django_app(environ, start_response)
        try:
            kind, answer = self._answer(environ, *poll)
        except Exception:
            logger.debug("Fast watch poll passed to Django", exc_info=True)
            kind, answer = None, None
        if answer is not None:
            status, headers, body = answer
            start_response(status, headers)
            return [body] if body else []
        if kind is not None:
            return self.django_app(environ, self._keeping_headers(kind, start_response))
        return self.django_app(environ, start_response)

    def _poll_of(self, environ):
        """(token, v) when this is the watch poll's exact shape, else None."""
        if environ.get("REQUEST_METHOD") not in ("GET", "HEAD"):
            return None
        path = environ.get("PATH_INFO", "")
        if not (
            len(path) == _PATH_LENGTH
            and path.startswith(PATH_START)
            and path.endswith(PATH_END)
        ):
            return None
        token = path[len(PATH_START) : -len(PATH_END)]
        query = _QUERY_RE.fullmatch(environ.get("QUERY_STRING", ""))
        if query is None or not tokens.is_well_formed(token):
            return None
        return token, query.group(1)

    def _answer(self, environ, token, seen):
        """(kind, (status, headers, body)) to answer with; or (kind, None): Django
        answers and its headers are kept for that kind; or (None, None): Django
        answers."""
        request = WSGIRequest(environ)
        if not self._plain(request):
            return None, None
        kind = (request.is_secure(), get_language_from_request(request))
        # What Django's request_started and request_finished receivers do that
        # matters here, without the signals' dispatch (~12 µs a poll): a connection
        # past CONN_MAX_AGE or one that failed is closed.
        close_old_connections()
        try:
            if ratelimit.too_many_misses(request, SCOPE):
                return None, None
            # This query is the health check (one round trip, not two): on a broken
            # connection it fails, close_old_connections() below closes it, and
            # Django answers on a new one.
            connection.health_check_done = True
            with connection.cursor() as cursor:
                cursor.execute(self.sql, [token])
                row = cursor.fetchone()
        finally:
            close_old_connections()
        if row is None:
            return None, None
        version = row[0]
        if str(version) == seen:
            headers = self.headers.get(kind)
            return kind, None if headers is None else (_STATUS, list(headers), b"")
        sheet = self.rendered_sheet(token, kind[1], version)
        headers = self.sheet_headers.get(kind)
        if sheet is None or headers is None:
            return kind, None
        body = sheet.encode()
        length = ("Content-Length", str(len(body)))
        return kind, (_SHEET_STATUS, [*headers, length], body)

    def _plain(self, request):
        """Whether no middleware would answer or change this request's 204: no
        refused user agent or www redirect (CommonMiddleware), no HTTPS redirect
        (SecurityMiddleware), an allowed host, no CSRF cookie to replace."""
        if settings.DISALLOWED_USER_AGENTS or settings.PREPEND_WWW:
            return False
        if self.ssl_redirect and not request.is_secure():
            return False
        try:
            request.get_host()
        except DisallowedHost:
            return False
        cookie = request.COOKIES.get(settings.CSRF_COOKIE_NAME)
        if cookie is not None:
            try:
                _check_token_format(cookie)
            except InvalidTokenFormat:
                return False
        return True

    def _keeping_headers(self, kind, start_response):
        def keep(status, headers, *exc_info):
            if not any(name.lower() == "set-cookie" for name, _ in headers):
                if status == _STATUS:
                    self.headers[kind] = tuple(headers)
                elif status == _SHEET_STATUS:
                    self.sheet_headers[kind] = tuple(
                        (name, value)
                        for name, value in headers
                        if name.lower() != "content-length"
                    )
            return start_response(status, headers, *exc_info)

        return keep
