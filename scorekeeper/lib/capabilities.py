"""The refusals of a capability link (/h/ /w/ /c/ /b/ /r/ + token), the same for
every app, and the miss counting behind them.

An app looks its token up, and when it leads nowhere calls `miss` with the
refusal it answers (`TokenNotFound`, or one of its own `CapabilityRefused`):

    band = Band.objects.by_token(token)
    if band is None:
        miss(request, token, TokenNotFound())

Each miss is counted for the client (scorekeeper.lib.ratelimit; a token already
missed in the current window is not counted twice), and over the limit the
answer is `TooManyMisses` (429 with Retry-After) instead of the app's own.

`TokenNotFound` is an `Http404`: Django's ordinary page, identical for a malformed
and an unknown token. A `CapabilityRefused` is turned into its response by
`scorekeeper.middleware.CapabilityRefusalMiddleware.process_exception`; do not
catch either. A refused request is marked (`request.capability_refused`) so that
`CapabilityHeadersMiddleware` adds `HX-Refresh: true` for htmx, which does not
swap error responses: the page reloads and the person sees the error page.
"""

from typing import NoReturn

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from scorekeeper.lib import ratelimit

SCOPE = "capability"

# The first path segment of each capability link (a token follows it). The apps'
# URLconfs mount their token pages under these and nothing else spells them:
# robots.txt, the capability headers, the log redaction and the live streams all
# read them from here. Defined here rather than in the URLconfs because those import
# the views, which the streams and the logging (set up before the apps) cannot.
HOST = "h"  # games: the host's sheet
PENCIL = "c"  # games: the pencil passed to another phone
WATCH = "w"  # games (and keepsakes' files of a game): a watcher's sheet
BAND = "b"  # bands: the band's page
RESULT = "r"  # keepsakes: the public result, the one a message app may preview

CAPABILITY_PREFIXES = tuple(f"/{s}/" for s in (HOST, WATCH, PENCIL, BAND, RESULT))
# Meant to be shared: message apps' preview robots may fetch and cache it.
PUBLIC_RESULT_PREFIX = f"/{RESULT}/"


class CapabilityRefused(Exception):
    """A capability link refused with a response of its own (410, 429)."""

    status = 400

    def response(self, request: HttpRequest) -> HttpResponse:
        raise NotImplementedError


class TokenNotFound(Http404):
    """Malformed or unknown token: Django's ordinary 404."""


class TooManyMisses(CapabilityRefused):
    status = 429

    def response(self, request: HttpRequest) -> HttpResponse:
        response = render(request, "too_many_misses.jinja", status=self.status)
        response["Retry-After"] = str(ratelimit.retry_after())
        return response


def refuse(request: HttpRequest, error: Exception) -> NoReturn:
    """Raises `error`, marking the request refused for the middleware."""
    request.capability_refused = True  # type: ignore[attr-defined]  # read by the log
    raise error


def miss(request: HttpRequest, token: str, error: Exception) -> NoReturn:
    """A token that leads nowhere: counts the miss, then raises `error`, or
    `TooManyMisses` once the client is over the limit."""
    if ratelimit.too_many_misses(request, SCOPE):
        refuse(request, TooManyMisses())
    ratelimit.note_miss(request, SCOPE, token)
    refuse(request, error)
