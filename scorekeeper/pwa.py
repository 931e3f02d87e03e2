"""The installable app: its manifest, its service worker (served from the site's
root so that its scope covers every page) and the page it shows offline."""

from django.contrib.staticfiles import finders
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe

PAPER = "#f6f1e7"
# The screenshots in static/img/screenshots/ (scripts/screenshots.py makes them).
SCREENSHOT_SIZE = "390x844"


@require_safe
@cache_control(max_age=86400)
def manifest(request: HttpRequest) -> JsonResponse:
    icons = [
        {"src": static("img/icon-192.png"), "sizes": "192x192", "type": "image/png"},
        {"src": static("img/icon-512.png"), "sizes": "512x512", "type": "image/png"},
        {
            "src": static("img/icon-maskable-512.png"),
            "sizes": "512x512",
            "type": "image/png",
            "purpose": "maskable",
        },
    ]
    home = reverse("games:home")
    data = {
        # The app's identity across versions: the start page, whatever its
        # address's query string or fragment ever becomes.
        "id": home,
        "name": _("Scorekeeper — la feuille de score"),
        "short_name": "Scorekeeper",
        "description": _(
            "La feuille de score du Yams, du Skyjo, du tarot ou de tout autre jeu : "
            "un téléphone compte, toute la table suit."
        ),
        "lang": get_language(),
        "start_url": reverse("games:home"),
        "scope": "/",
        "display": "standalone",
        "background_color": PAPER,
        "theme_color": PAPER,
        "icons": icons,
        # A long press on the installed app's icon.
        "shortcuts": [
            {
                "name": _("Nouvelle partie"),
                "url": f"{home}#new-game",
                "icons": [icons[0]],
            },
            {
                "name": _("Mes parties"),
                "url": f"{home}#my-games",
                "icons": [icons[0]],
            },
        ],
        # What the install dialog shows: the app at a table, as the README does.
        "screenshots": [
            {
                "src": static(f"img/screenshots/{name}.png"),
                "sizes": SCREENSHOT_SIZE,
                "type": "image/png",
                "form_factor": "narrow",
                "label": label,
            }
            for name, label in (
                ("host", _("La feuille de l'hôte, partie en cours")),
                ("watch", _("La partie suivie sur un autre téléphone")),
                ("result", _("Le résultat de la partie")),
            )
        ],
    }
    return JsonResponse(
        data,
        content_type="application/manifest+json",
        json_dumps_params={"ensure_ascii": False},
    )


@require_safe
@cache_control(no_cache=True)
def service_worker(request: HttpRequest) -> HttpResponse:
    # Found where collectstatic finds it (the source tree): the worker must keep
    # this one unhashed address, or each deploy would install a second one.
    path = finders.find("js/sw.js")
    if not path:
        raise Http404
    with open(path, "rb") as source:
        response = HttpResponse(source.read(), content_type="text/javascript")
    response["Service-Worker-Allowed"] = "/"
    return response


@require_safe
def offline(request: HttpRequest) -> HttpResponse:
    return render(request, "offline.jinja")
