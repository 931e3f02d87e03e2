"""The project's URLs plus probe views that look tokens up like the real ones will.

Used with `@pytest.mark.urls("tests.security.urls")` so the capability helpers are
tested through the whole middleware stack before every page exists.
"""

from django.http import HttpResponse
from django.urls import include, path
from django.views.decorators.http import require_GET

from bands.views import get_band_or_404
from games.access import get_game_or_404


def probe_game(kind):
    def view(request, **kwargs):
        (token,) = kwargs.values()
        game = get_game_or_404(request, kind, token)
        return HttpResponse(f"game {game.pk}")

    return require_GET(view)


@require_GET
def probe_band(request, band_token):
    band = get_band_or_404(request, band_token)
    return HttpResponse(f"band {band.pk}")


def boom(request, host_token):
    get_game_or_404(request, "host", host_token)
    raise RuntimeError("the view broke")


urlpatterns = [
    path("h/<host_token>/probe/", probe_game("host")),
    path("h/<host_token>/boom/", boom),
    path("w/<watch_token>/probe/", probe_game("watch")),
    path("r/<watch_token>/probe/", probe_game("watch")),
    path("c/<pencil_token>/probe/", probe_game("pencil")),
    path("b/<band_token>/probe/", probe_band),
    path("", include("scorekeeper.urls")),
]
