"""A band's page (history and stats) and its CSV, from the band's link.

The host reaches the same page from the game's host link, with the host's tools
(`games.views.host_band`): a page opened by a game's token belongs to games,
which renders it with `render_band`.
"""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from bands.faces import PALETTE
from bands.models import Band
from scorekeeper.lib.capabilities import TokenNotFound, miss


def get_band_or_404(request: HttpRequest, token: str) -> Band:
    """The band a band link opens, or the refusal a game link gets: 404 for a
    malformed or unknown token, 429 over the miss limit."""
    band = Band.objects.by_token(token)
    if band is None:
        miss(request, token, TokenNotFound())
    return band


def render_band(
    request: HttpRequest, band: Band, *, host_game_url: str | None = None
) -> HttpResponse:
    """The band's page; with `host_game_url` (the host's game page, linked back
    to) it is the host's, with the tools to rename the band and merge names.
    `?a=…&b=…` (two person keys, from the head-to-head form) picks the two players
    the records compare; anything else shows the first two."""
    pair = (request.GET.get("a", ""), request.GET.get("b", ""))
    return render(
        request,
        "bands/band.jinja",
        {
            "band": band,
            "stats": band.stats(pair),
            "host_game_url": host_game_url,
            "is_host": host_game_url is not None,
            # In the order they joined the band: the first game's seats first.
            "people": list(band.people.order_by("pk")),
            "palette": [(index, _(c.name)) for index, c in enumerate(PALETTE)],
        },
    )


@require_safe
def band(request: HttpRequest, band_token: str) -> HttpResponse:
    return render_band(request, get_band_or_404(request, band_token))


@require_safe
def band_csv(request: HttpRequest, band_token: str) -> HttpResponse:
    band = get_band_or_404(request, band_token)
    response = HttpResponse(band.history_csv(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = content_disposition_header(
        True, band.csv_filename()
    )
    return response
