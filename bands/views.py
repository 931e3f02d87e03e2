"""A band's page (history and stats) and its CSV, its host tools, and the next
game."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from bands.models import Band
from games.access import get_band_or_404, get_game_or_404
from games.forms import NewGameForm
from games.models import Game


def _host_game(request, host_token):
    return get_game_or_404(
        request, "host", host_token, Game.objects.select_related("band")
    )


def _render_band(request, band, *, host_token=None, game=None, status=200):
    return render(
        request,
        "bands/band.html",
        {
            "band": band,
            "stats": band.stats(),
            "host_token": host_token,
            "game": game,
            "is_host": host_token is not None,
        },
        status=status,
    )


@require_safe
def band(request, band_token):
    return _render_band(request, get_band_or_404(request, band_token, Band.objects))


@require_safe
def band_csv(request, band_token):
    band = get_band_or_404(request, band_token, Band.objects)
    response = HttpResponse(band.history_csv(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = content_disposition_header(
        True, band.csv_filename()
    )
    return response


@require_http_methods(["GET", "POST"])
def host_band(request, host_token):
    game = _host_game(request, host_token)
    band = game.band
    if request.method == "POST":
        try:
            _host_action(request, band)
        except ValidationError as exc:
            for message in exc.messages:
                messages.error(request, message)
        return redirect("bands:host_band", host_token=host_token)
    return _render_band(request, band, host_token=host_token, game=game)


def _host_action(request, band):
    action = request.POST.get("action")
    if action == "rename":
        name = band.rename(request.POST.get("name", ""))
        messages.success(
            request, _("La bande s'appelle maintenant « %(name)s ».") % {"name": name}
        )
    elif action == "merge":
        band.merge(request.POST.get("source", ""), request.POST.get("target", ""))
        messages.success(request, _("Les deux noms ne font plus qu'un."))
    else:
        raise ValidationError(_("Action inconnue."))


@require_http_methods(["GET", "POST"])
def next_game(request, host_token):
    """The "Nouvelle partie avec la même bande" page: the create form, prefilled
    with the same players (the first seat moved on by one), preset and options."""
    game = _host_game(request, host_token)
    status = 200
    if request.method == "POST":
        form = NewGameForm(request.POST)
        if form.is_row_edit:
            form = form.row_edit()
        elif form.is_valid():
            _new_game, new_host_token = form.create(band=game.band)
            return redirect("games:host", host_token=new_host_token)
        else:
            status = 422
    else:
        names = [player.name for player in game.players.all()]
        form = NewGameForm(
            initial={
                "names": names[1:] + names[:1],
                "preset": game.preset,
                "options": game.options,
            }
        )
    context = {
        "form": form,
        "action_url": request.path,
        "band": game.band,
        "back_url": reverse("games:host", kwargs={"host_token": host_token}),
    }
    return render(request, "games/home.html", context, status=status)
