"""A game from the token of a capability link, and the `Access` every game view
works with: who looks at the game, through which link.

Every view under /h/ /w/ /c/ /r/ starts with one call and never looks a token up
any other way:

    @require_safe
    def watch(request, watch_token):
        game = get_game_or_404(request, "watch", watch_token)
        ...

    @require_POST
    @writer_view  # /h/<host_token>/… and /c/<pencil_token>/… alike
    def record(request, access, player_id, column, box):
        ...

`role` is "host" (/h/), "watch" (/w/ and /r/) or "pencil" (/c/). An optional
`queryset` (e.g. `Game.objects.select_related("band")`) replaces `Game.objects`.
Do not catch the exceptions below: they become responses on their way out.

What a client sees when a token leads nowhere:

- host, watch: 404, the site's ordinary "not found" page, identical for a
  malformed and an unknown token (`TokenNotFound` is an `Http404`), as for a
  band link (`bands.views.get_band_or_404`).
- pencil: 410 "Le crayon a été repris" (templates/games/pencil_gone.jinja) for a
  malformed, unknown or revoked token alike: only the hash of the current pencil
  token is kept, so a revoked token cannot be told from one never handed out.
  The page offers nothing that writes.
- a client over the miss limit (scorekeeper.lib.ratelimit): 429 "Trop d'essais" with a
  Retry-After header instead of the 404 or 410. A valid token keeps working: a
  table shares its address with a whole café, carrier NAT or IPv6 /64, and one
  guesser there must not lock the host, the pencil and the watchers out. Only
  further wrong links are refused; with 192-bit tokens the limit is defence in
  depth, not what keeps a link secret.

Each of those counts one miss for the client (a token already missed in the
current window is not counted twice). htmx does not swap error responses, so for
an htmx request they also carry `HX-Refresh: true`: the page reloads and the
person sees the full error page instead of a silent button.

The refusals every app shares (`TokenNotFound`, `TooManyMisses`,
`CapabilityRefused`) and the miss counting live in scorekeeper.lib.capabilities;
the 410 and 429 are turned into responses by
`scorekeeper.middleware.CapabilityRefusalMiddleware.process_exception`;
`CapabilityHeadersMiddleware` adds X-Robots-Tag, Cache-Control: no-store and
Referrer-Policy to every response under the capability prefixes.
"""

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Concatenate

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse

from games.models import Game, GameQuerySet
from scorekeeper.lib import tokens
from scorekeeper.lib.capabilities import CapabilityRefused, TokenNotFound, miss
from scorekeeper.lib.http import HtmxHttpRequest

ROLES = ("host", "watch", "pencil")

# The watch link a pencil phone keeps for after the pencil is taken back: see
# `remember_watch_link`.
FOLLOW_COOKIE = "sk_follow"


class PencilGone(CapabilityRefused):
    """A pencil link taken back, or never handed out: 410, offering the watch
    link this phone was told to follow."""

    status = 410

    def response(self, request: HttpRequest) -> HttpResponse:
        context = {"watch_url": remembered_watch_url(request)}
        return render(request, "games/pencil_gone.jinja", context, status=self.status)


def get_game_or_404(
    request: HttpRequest,
    role: str,
    token: str,
    queryset: GameQuerySet | None = None,
) -> Game:
    """The game a token of this `role` opens, or an exception the middleware answers."""
    if role not in ROLES:
        raise ValueError(f"unknown link role {role!r}")
    games: GameQuerySet = Game.objects.all() if queryset is None else queryset
    game = games.by_token(role, token)
    if game is None:
        miss(request, token, PencilGone() if role == "pencil" else TokenNotFound())
    return game


# The game page: every view of a game renders it whole or one of its partials.
TEMPLATE = "games/game.jinja"


@dataclass
class Access:
    """Who is looking at a game, and how their links are spelt."""

    role: str  # host, pencil or watch
    game: Game
    token: str = ""

    @property
    def can_write(self) -> bool:
        """Whether this page scores now (record, undo): one writer at a time, so
        the host does not while the pencil is out. The write verbs check it
        again under their lock; this only decides what the page offers."""
        if self.role == "host":
            return not self.game.pencil_out
        return self.role == "pencil"

    @property
    def can_rename(self) -> bool:
        # Correcting a name is the host's, pencil or not; the pencil only scores.
        return self.role == "host"

    @property
    def writer(self) -> str | None:
        """Who writes, as `Game.record(by=…)` checks it under the lock."""
        return self.role if self.role in ("host", "pencil") else None

    @property
    def is_host(self) -> bool:
        return self.role == "host"

    @property
    def url_prefix(self) -> str:
        return "pencil_" if self.role == "pencil" else ""

    @property
    def token_kwarg(self) -> str:
        return f"{self.role}_token"

    # The page's own URLs are reversed once per request however many places of
    # the page print them (an Access lives for one request).
    @functools.cached_property
    def page_url(self) -> str:
        if self.role == "watch":
            return reverse("games:watch", kwargs={"watch_token": self.game.watch_token})
        return reverse(f"games:{self.role}", kwargs={self.token_kwarg: self.token})

    def url(self, name: str, **kwargs: object) -> str:
        return reverse(
            f"games:{self.url_prefix}{name}",
            kwargs={self.token_kwarg: self.token, **kwargs},
        )

    def url_maker(self, name: str, **samples: object) -> Callable[..., str]:
        """f(*values) -> self.url(name, **samples with those values), for one
        reverse() per sheet rather than one per link. The parameters end the URL
        (…/<player_id>/<column>/<box>/) and their values are the rules'
        identifiers (numbers, [a-z_] keys): nothing in them for reverse() to
        quote."""
        tail = "".join(f"{value}/" for value in samples.values())
        sample = self.url(name, **samples)
        if not sample.endswith("/" + tail):
            return lambda *values: self.url(
                name, **dict(zip(samples, values, strict=True))
            )
        prefix = sample[: -len(tail)]
        return lambda *values: prefix + "".join(f"{value}/" for value in values)

    def live_url(self, what: str) -> str:
        """The stream (`events`) or the fallback poll (`sheet`) of this page."""
        token = self.game.watch_token if self.role == "watch" else self.token
        return reverse(f"games:{self.role}_{what}", kwargs={self.token_kwarg: token})

    @functools.cached_property
    def events_url(self) -> str:
        return self.live_url("events")

    @functools.cached_property
    def poll_url(self) -> str:
        return self.live_url("sheet")


def get_access_or_404(request: HttpRequest, role: str, token: str) -> Access:
    """The Access a link of this `role` gives (404 / 410 / 429 raised for a bad
    one)."""
    game = get_game_or_404(request, role, token, Game.objects.with_band())
    return Access(role, game, "" if role == "watch" else token)


def writer_view(
    view: Callable[Concatenate[HtmxHttpRequest, Access, ...], HttpResponse],
) -> Callable[..., HttpResponse]:
    """Lets one view serve /h/<host_token>/… and /c/<pencil_token>/…: it is
    called with the Access of either link."""

    @functools.wraps(view)
    def wrapped(
        request: HtmxHttpRequest,
        *args: Any,
        host_token: str | None = None,
        pencil_token: str | None = None,
        **kwargs: Any,
    ) -> HttpResponse:
        if host_token is not None:
            access = get_access_or_404(request, "host", host_token)
        else:
            assert pencil_token is not None  # the URL has one token or the other
            access = get_access_or_404(request, "pencil", pencil_token)
        return view(request, access, *args, **kwargs)

    return wrapped


# --- the watch link a pencil phone keeps ----------------------------------------


def remember_watch_link(response: HttpResponse, access: "Access") -> None:
    """The watch link a pencil phone keeps for after the pencil is taken back.

    The 410 page of a revoked pencil link cannot tell which game it was (only the
    current pencil token's hash is kept). The pencil page therefore leaves a cookie
    on the phone, scoped to the pencil link's own path, holding the game's watch
    token: read-only, and something that phone could already see. The 410 page
    offers the watch link when that cookie is there."""
    response.set_cookie(
        FOLLOW_COOKIE,
        access.game.watch_token,
        max_age=settings.GAME_RETENTION_DAYS * 24 * 3600,
        path=access.page_url,
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
        samesite="Lax",
    )


def remembered_watch_url(request: HttpRequest) -> str | None:
    """The watch page's URL this phone was told to follow, or None."""
    token = request.COOKIES.get(FOLLOW_COOKIE, "")
    if not tokens.is_well_formed(token):
        return None
    return reverse("games:watch", kwargs={"watch_token": token})
