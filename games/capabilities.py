"""Finding a game, or a band, from the token of a capability link.

Every view under /h/ /w/ /c/ /r/ /b/ starts with one call and never looks a token
up any other way:

    from games.capabilities import get_band_or_404, get_game_or_404

    @require_safe
    def host_page(request, host_token):
        game = get_game_or_404(request, "host", host_token)
        ...

    @require_POST
    def pencil_record(request, pencil_token):
        game = get_game_or_404(request, "pencil", pencil_token)
        ...

    band = get_band_or_404(request, band_token, Band.objects)

`kind` is "host" (/h/), "watch" (/w/ and /r/) or "pencil" (/c/). An optional
`queryset` (e.g. `Game.objects.select_related("band")`) replaces `Game.objects`.
Do not catch the exceptions below: they become responses on their way out.

What a client sees when a token leads nowhere:

- host, watch, band: 404, the site's ordinary "not found" page, identical for a
  malformed and an unknown token (`TokenNotFound` is an `Http404`).
- pencil: 410 "Le crayon a été repris" (templates/games/pencil_gone.html) for a
  malformed, unknown or revoked token alike: only the hash of the current pencil
  token is kept, so a revoked token cannot be told from one never handed out.
  The page offers nothing that writes.
- a client over the miss limit (games.ratelimit): 429 "Trop d'essais" with a
  Retry-After header instead of the 404 or 410. A valid token keeps working: a
  table shares its address with a whole café, carrier NAT or IPv6 /64, and one
  guesser there must not lock the host, the pencil and the watchers out. Only
  further wrong links are refused; with 192-bit tokens the limit is defence in
  depth, not what keeps a link secret.

Each of those counts one miss for the client (a token already missed in the
current window is not counted twice). htmx does not swap error responses, so for
an htmx request they also carry `HX-Refresh: true`: the page reloads and the
person sees the full error page instead of a silent button.

The 410 and 429 are raised as `CapabilityRefused` and turned into responses by
`scorekeeper.middleware.CapabilityHeadersMiddleware.process_exception`; the same
middleware adds X-Robots-Tag, Cache-Control: no-store and Referrer-Policy to every
response under the capability prefixes.
"""

from django.http import Http404
from django.shortcuts import render

from games import ratelimit
from games.follow import remembered_watch_url
from games.models import Game

KINDS = ("host", "watch", "pencil")
SCOPE = "capability"


class CapabilityRefused(Exception):
    """A capability link refused with a response of its own (410, 429)."""

    status = 400

    def response(self, request):
        raise NotImplementedError


class TokenNotFound(Http404):
    """Malformed or unknown token: Django's ordinary 404."""


class PencilGone(CapabilityRefused):
    status = 410

    def response(self, request):
        context = {"watch_url": remembered_watch_url(request)}
        return render(request, "games/pencil_gone.html", context, status=self.status)


class TooManyMisses(CapabilityRefused):
    status = 429

    def response(self, request):
        response = render(request, "games/too_many_misses.html", status=self.status)
        response["Retry-After"] = str(ratelimit.retry_after())
        return response


def _refuse(request, error):
    # Read by the middleware: refused htmx requests get HX-Refresh.
    request.capability_refused = True
    raise error


def _miss(request, token, error):
    if ratelimit.too_many_misses(request, SCOPE):
        _refuse(request, TooManyMisses())
    ratelimit.note_miss(request, SCOPE, token)
    _refuse(request, error)


def get_game_or_404(request, kind, token, queryset=None):
    """The game this `kind` of token opens, or an exception the middleware answers."""
    if kind not in KINDS:
        raise ValueError(f"unknown capability kind {kind!r}")
    games = Game.objects.all() if queryset is None else queryset
    game = games.by_token(kind, token)
    if game is None:
        _miss(request, token, PencilGone() if kind == "pencil" else TokenNotFound())
    return game


def get_band_or_404(request, token, bands):
    """The band a band link opens, or 404 (429 over the miss limit). `bands` is the
    queryset to look in (`Band.objects`: games does not know the Band model)."""
    band = bands.by_token(token)
    if band is None:
        _miss(request, token, TokenNotFound())
    return band
