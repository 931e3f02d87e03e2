"""Sharing a game: the host's "Inviter la table" page, QR codes, the public result."""

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from games import preview_image, share
from games.access import get_game_or_404

# Every token goes through games.access: the same 404 for a malformed or an
# unknown link, and misses counted towards the rate limit.


def _by_host_or_404(request, host_token):
    return get_game_or_404(request, "host", host_token)


def _by_watch_or_404(request, watch_token):
    return get_game_or_404(request, "watch", watch_token)


def _svg(data, cache_control):
    response = HttpResponse(data, content_type="image/svg+xml")
    response["Cache-Control"] = cache_control
    return response


def _watch_link(request, game):
    return share.ShareLink(
        key="watch",
        heading=_("Le lien pour suivre la partie"),
        help=_(
            "Chacun suit la feuille en direct sur son téléphone, sans pouvoir rien "
            "y modifier."
        ),
        url=request.build_absolute_uri(share.watch_path(game)),
        lead=_("Suivez notre partie de Yams en direct"),
        title=_("Notre partie de Yams"),
        qr_url=reverse("games:watch_qr", kwargs={"watch_token": game.watch_token}),
        qr_alt=_("QR code du lien pour suivre la partie"),
    )


def pencil_link(request, game, host_token, pencil_token):
    """The pencil link as the share widget shows it (share page and host page)."""
    if game.pencil_label:
        heading = _("Passer le crayon à %(name)s") % {"name": game.pencil_label}
    else:
        heading = _("Passer le crayon")
    return share.ShareLink(
        key="pencil",
        heading=heading,
        help=_(
            "Ce lien permet de remplir la feuille : ne le donnez qu'à la personne "
            "qui tient le crayon."
        ),
        url=request.build_absolute_uri(share.pencil_path(pencil_token)),
        lead=_("Tiens le crayon de notre partie de Yams"),
        title=_("Le crayon de notre partie de Yams"),
        copy_detail=_("du crayon"),
        qr_url=reverse("games:pencil_qr", kwargs={"host_token": host_token}),
        qr_alt=_("QR code du lien du crayon"),
    )


@never_cache
@require_safe
def share_page(request, host_token):
    game = _by_host_or_404(request, host_token)
    pencil_token = game.current_pencil_token(host_token)
    context = {
        "game": game,
        "host_url": share.host_path(host_token),
        "watch": _watch_link(request, game),
        "pencil": (
            pencil_link(request, game, host_token, pencil_token)
            if pencil_token
            else None
        ),
    }
    return render(request, "games/share.html", context)


@require_safe
def watch_qr(request, watch_token):
    game = _by_watch_or_404(request, watch_token)
    url = request.build_absolute_uri(share.watch_path(game))
    # The watch link of a game never changes: browsers may keep its code.
    return _svg(
        share.qr_svg(url, _("Suivre la partie de Yams")), "private, max-age=86400"
    )


@require_safe
def pencil_qr(request, host_token):
    game = _by_host_or_404(request, host_token)
    pencil_token = game.current_pencil_token(host_token)
    if pencil_token is None:
        raise Http404
    url = request.build_absolute_uri(share.pencil_path(pencil_token))
    # Same address for every pencil link the host hands out: never keep an old one.
    return _svg(share.qr_svg(url, _("Le crayon de la partie de Yams")), "no-store")


@require_safe
def result(request, watch_token):
    game = _by_watch_or_404(request, watch_token)
    state = game.state()
    rows = share.ranking_rows(state)
    headline = share.headline(state)
    url = request.build_absolute_uri(
        reverse("games:result", kwargs={"watch_token": game.watch_token})
    )
    image_url = request.build_absolute_uri(
        reverse("games:result_image", kwargs={"watch_token": game.watch_token})
        # Message apps cache previews per address: a new version, a new address.
        + f"?v={game.version}"
    )
    winners = state.winners()
    result_link = share.ShareLink(
        key="result",
        heading=_("Partager le résultat")
        if state.finished
        else _("Partager la partie"),
        help="",
        url=url,
        lead=headline,
        title=headline,
    )
    context = {
        "game": game,
        "state": state,
        "rows": rows,
        "winners": winners,
        "winner_names": share.names_list(s.player.name for s in winners),
        "top_total": winners[0].total if winners else 0,
        "started": any(s.turns for s in state.sheets),
        "headline": headline,
        "title": share.result_title(state),
        "description": share.description(game, state, rows),
        "variant": share.variant_label(game),
        "date": share.game_date(game),
        "page_url": url,
        "image_url": image_url,
        "watch_url": share.watch_path(game),
        "link": result_link,
    }
    return render(request, "games/result.html", context)


@require_safe
def result_image(request, watch_token):
    game = _by_watch_or_404(request, watch_token)
    response = HttpResponse(preview_image.preview_png(game), content_type="image/png")
    # Crawlers of message apps fetch it without cookies; ten minutes keeps a live
    # game's preview fresh enough while sparing the server.
    response["Cache-Control"] = "public, max-age=600"
    return response
