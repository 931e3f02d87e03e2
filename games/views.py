"""The game pages: create, the host and pencil pages, the watch page, the
fallback poll of the live sheet, and inviting the table (share page, QR codes).

A plain POST redirects with a flash message; an htmx request gets the fragment it
swaps. The writes are in `games.entry_views` and
`games.pencil_views`.
"""

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_safe

from games.access import (
    SCOPE,
    TEMPLATE,
    Access,
    get_access_or_404,
    get_game_or_404,
    writer_view,
)
from games.follow import remember_watch_link
from games.forms import NewGameForm, PencilForm
from games.invite import (
    host_path,
    pencil_link,
    pencil_path,
    qr_svg,
    watch_link,
    watch_path,
)
from games.models import Game
from games.renderings import CSRF_SLOT, rendered_once
from games.sheet_table import sheet_html
from scorekeeper.lib import numbers, ratelimit, tokens

# --- create ----------------------------------------------------------------------


# HEAD too: link previews of the site's address ask with HEAD first (only a POST
# creates, so HEAD is as harmless as GET here; not so in undo and rename, whose
# "not GET" branch writes).
@require_http_methods(["GET", "HEAD", "POST"])
def home(request):
    form = NewGameForm(request.POST if request.method == "POST" else None)
    if request.method == "POST":
        if form.is_row_edit:
            form = form.row_edit()
        elif form.is_valid():
            game, host_token = form.create()
            return redirect("games:host", host_token=host_token)
        else:
            return render(request, "games/home.html", {"form": form}, status=422)
    return render(request, "games/home.html", {"form": form})


# --- pages -----------------------------------------------------------------------


def render_page(
    request, access, *, state=None, dialog=None, status=200, pencil_form=None
):
    state = state or access.game.state()
    context = access.context(
        state=state, dialog=dialog, done=done_entry(request, state)
    )
    if access.is_host:
        context.update(pencil_context(request, access, pencil_form))
        context["watch_url"] = request.build_absolute_uri(
            reverse("games:watch", kwargs={"watch_token": access.game.watch_token})
        )
    # ?tv (or ?tv=1): the same page sized for a tablet or a TV in the middle of the
    # table; only the body class changes, so the sheet polled in stays the same.
    context["tv"] = request.GET.get("tv", "0") != "0"
    return render(request, TEMPLATE, context, status=status)


def pencil_context(request, access, form=None):
    """The host page's pencil card: the form to pass it, or the link it was passed
    with (derived again from the host token: only its hash is stored)."""
    game = access.game
    token = game.current_pencil_token(access.token)
    return {
        "pencil_form": form or PencilForm(),
        "pencil_link": (
            pencil_link(request, game, access.token, token) if token else None
        ),
    }


def done_entry(request, state):
    """The entry just recorded (?done=<seq>), for the short "Annuler" offer."""
    seq = numbers.optional_int(request.GET.get("done"))
    last = state.last_entry()
    if last is not None and seq == last.seq:
        return state.summary(last)
    return None


def sheet_fragment(request, access, state=None):
    """The #sheet fragment alone (for a page that refreshes itself)."""
    return HttpResponse(sheet_html(access, state))


def _watch_page(request, game):
    access = Access("watch", game)
    if len(messages.get_messages(request)):
        # A flash message is for this phone only (and rare here): render as usual.
        return render_page(request, access)

    def render_watch_page():
        context = access.context(state=game.state(), dialog=None, done=None)
        context["tv"] = request.GET.get("tv", "0") != "0"
        context["csrf_token"] = CSRF_SLOT
        return render_to_string(TEMPLATE, context, request)

    # The band's name is in the footer and may change without a new game version;
    # the full path is in the language form's "next".
    page = rendered_once(
        (game.watch_token, get_language(), request.get_full_path()),
        (game.version, game.band.name),
        render_watch_page,
    )
    return HttpResponse(page.replace(CSRF_SLOT, get_token(request)))


@require_safe
@writer_view
def host(request, access):
    return render_page(request, access)


@require_safe
@writer_view
def pencil(request, access):
    response = render_page(request, access)
    # Once the pencil is taken back its link says so (410) and knows no game any
    # more; this phone remembers, under the pencil's own path, where to follow it.
    remember_watch_link(response, access)
    return response


@require_safe
def watch(request, watch_token):
    game = get_game_or_404(request, "watch", watch_token, Game.objects.with_band())
    return _watch_page(request, game)


# --- live: the fallback poll ------------------------------------------------------
#
# Open pages follow their game through a stream (games/live/streams.py). Where none can
# be held (a buffering proxy, no EventSource, the development server), the page
# asks GET …/feuille/?v=<version it shows> every few seconds instead: 204 and no
# body when the game has not moved, the fresh #sheet fragment when it has.


def _version_of(kind, token):
    """The version of the game `token` opens; None if it opens none."""
    digest = "watch_token" if kind == "watch" else f"{kind}_digest"
    game = Game.objects.only("version", digest).by_token(kind, token)
    return game.version if game is not None else None


def _poll(request, kind, token):
    if ratelimit.too_many_misses(request, SCOPE):
        get_game_or_404(request, kind, token)  # raises the 429
    version = _version_of(kind, token) if tokens.is_well_formed(token) else None
    if version is None:
        # The proper answer and a counted miss: 404, or 410 for a pencil taken
        # back (its page then reloads on the "crayon repris" page: HX-Refresh).
        get_game_or_404(request, kind, token)
    if request.GET.get("v", "") == str(version):
        return HttpResponse(status=204)
    return sheet_fragment(request, get_access_or_404(request, kind, token))


@require_safe
def watch_sheet(request, watch_token):
    return _poll(request, "watch", watch_token)


@require_safe
def host_sheet(request, host_token):
    return _poll(request, "host", host_token)


@require_safe
def pencil_sheet(request, pencil_token):
    return _poll(request, "pencil", pencil_token)


# --- inviting the table -----------------------------------------------------------
#
# The host's "Inviter la table" page and the QR codes of the watch and pencil links
# (games/invite.py). Every token goes through games.access: the same 404 for a
# malformed or an unknown link, and misses counted towards the rate limit.


def _svg(data, cache_control):
    response = HttpResponse(data, content_type="image/svg+xml")
    response["Cache-Control"] = cache_control
    return response


@never_cache
@require_safe
def share_page(request: HttpRequest, host_token: str) -> HttpResponse:
    game = get_game_or_404(request, "host", host_token)
    pencil_token = game.current_pencil_token(host_token)
    context = {
        "game": game,
        "host_url": host_path(host_token),
        "watch": watch_link(request, game),
        "pencil": (
            pencil_link(request, game, host_token, pencil_token)
            if pencil_token
            else None
        ),
    }
    return render(request, "games/share.html", context)


@require_safe
def watch_qr(request: HttpRequest, watch_token: str) -> HttpResponse:
    game = get_game_or_404(request, "watch", watch_token)
    url = request.build_absolute_uri(watch_path(game))
    # The watch link of a game never changes: browsers may keep its code.
    return _svg(qr_svg(url, _("Suivre la partie de Yams")), "private, max-age=86400")


@require_safe
def pencil_qr(request: HttpRequest, host_token: str) -> HttpResponse:
    game = get_game_or_404(request, "host", host_token)
    pencil_token = game.current_pencil_token(host_token)
    if pencil_token is None:
        raise Http404
    url = request.build_absolute_uri(pencil_path(pencil_token))
    # Same address for every pencil link the host hands out: never keep an old one.
    return _svg(qr_svg(url, _("Le crayon de la partie de Yams")), "no-store")
