"""A band's page (history and stats) and its CSV, from the band's link.

The host reaches the same page from the game's host link, with the host's tools
(`games.views.host_band`): a page opened by a game's token belongs to games,
which renders it with `render_band`.
"""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from bands import picture
from bands.faces import PALETTE
from bands.models import Band
from bands.stats import Evening
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
    band_stats = band.stats(pair)
    evening = band.tonight(band_stats)
    return render(
        request,
        "bands/band.jinja",
        {
            "band": band,
            "stats": band_stats,
            "evening": evening,
            **(evening_words(request, band, evening) if evening else {}),
            "host_game_url": host_game_url,
            "is_host": host_game_url is not None,
            # In the order they joined the band: the first game's seats first.
            "people": list(band.people.order_by("pk")),
            "palette": [(index, _(c.name)) for index, c in enumerate(PALETTE)],
        },
    )


def evening_words(request: HttpRequest, band: Band, evening: Evening) -> dict:
    """What the page says of its evening's picture: its file name, its title and
    its address for message apps (a new one with each game, as they cache by
    address)."""
    last = max(row.game.game_id for row in evening.games)
    image_url = request.build_absolute_uri(
        reverse("bands:evening_image", kwargs={"band_token": band.token})
        + f"?v={len(evening.games)}-{last}"
    )
    return {
        "evening_filename": band.evening_filename(evening),
        "evening_title": picture.title(evening),
        "evening_image_url": image_url,
    }


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


@require_safe
def evening_image(request: HttpRequest, band_token: str) -> HttpResponse:
    """The evening's ranking as a picture, drawn like a game's result (before
    the first game of the evening, the picture says so, as the page does)."""
    band = get_band_or_404(request, band_token)
    evening = band.tonight()
    response = HttpResponse(
        picture.evening_png(band, evening), content_type="image/png"
    )
    if evening is not None:
        disposition = content_disposition_header(False, band.evening_filename(evening))
        assert disposition is not None  # the picture has its name
        response["Content-Disposition"] = disposition
    return response
