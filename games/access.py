"""Who looks at a game through which link: the `Access` every game view works with.

Every write URL exists under /h/<host_token>/ and /c/<pencil_token>/: `writer_view`
turns either token into an `Access` (404, or 410 for a pencil taken back, raised by
`games.capabilities`).
"""

import functools
from dataclasses import dataclass

from django.urls import reverse

from games.capabilities import get_game_or_404
from games.forms import new_request_key
from games.models import Game
from games.renderings import sheet_html

# The game page: every view of a game renders it whole or one of its partials.
TEMPLATE = "games/game.html"


@dataclass
class Access:
    """Who is looking at a game, and how their links are spelt."""

    role: str  # host, pencil or watch
    game: Game
    token: str = ""

    def context(self, **extra):
        """What every rendering of the game page (whole or partial) needs."""
        context = {"access": self, "role": self.role, "game": self.game}
        if self.is_host:
            # The end screen links to the host's own pages (next game of the band).
            context["host_token"] = self.token
        if self.can_write:
            # The idempotency key of the undo forms: a retried undo takes back one.
            context["undo_key"] = new_request_key()
        if "state" in extra:
            # Called by the template only where it shows the sheet (a callable in
            # the context is called when the template reads it).
            context["sheet_html"] = functools.partial(sheet_html, self, extra["state"])
        return {**context, **extra}

    @property
    def can_write(self):
        """Whether this page scores now (record, undo): one writer at a time, so
        the host does not while the pencil is out. The write verbs check it
        again under their lock; this only decides what the page offers."""
        if self.role == "host":
            return not self.game.pencil_out
        return self.role == "pencil"

    @property
    def can_rename(self):
        # Correcting a name is the host's, pencil or not; the pencil only scores.
        return self.role == "host"

    @property
    def writer(self):
        """Who writes, as `Game.record(by=…)` checks it under the lock."""
        return self.role if self.role in ("host", "pencil") else None

    @property
    def is_host(self):
        return self.role == "host"

    @property
    def url_prefix(self):
        return "pencil_" if self.role == "pencil" else ""

    @property
    def token_kwarg(self):
        return f"{self.role}_token"

    @property
    def page_url(self):
        if self.role == "watch":
            return reverse("games:watch", kwargs={"watch_token": self.game.watch_token})
        return reverse(f"games:{self.role}", kwargs={self.token_kwarg: self.token})

    def url(self, name, **kwargs):
        return reverse(
            f"games:{self.url_prefix}{name}",
            kwargs={self.token_kwarg: self.token, **kwargs},
        )

    def url_maker(self, name, **samples):
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

    def live_url(self, what):
        """The stream (`events`) or the fallback poll (`sheet`) of this page."""
        token = self.game.watch_token if self.role == "watch" else self.token
        return reverse(f"games:{self.role}_{what}", kwargs={self.token_kwarg: token})

    @property
    def events_url(self):
        return self.live_url("events")

    @property
    def poll_url(self):
        return self.live_url("sheet")


def get_access_or_404(request, kind, token):
    """The Access a `kind` of link gives (404 / 410 / 429 raised for a bad one)."""
    game = get_game_or_404(request, kind, token, Game.objects.with_band())
    return Access(kind, game, "" if kind == "watch" else token)


def writer_view(view):
    """Lets one view serve /h/<host_token>/… and /c/<pencil_token>/…: it is
    called with the Access of either link."""

    @functools.wraps(view)
    def wrapped(request, *args, host_token=None, pencil_token=None, **kwargs):
        if host_token is not None:
            access = get_access_or_404(request, "host", host_token)
        else:
            access = get_access_or_404(request, "pencil", pencil_token)
        return view(request, access, *args, **kwargs)

    return wrapped
