from django.urls import include, path
from django.views.i18n import set_language

from scorekeeper import pwa, views

urlpatterns = [
    path("", include("games.urls")),
    path("", include("keepsakes.urls")),
    path("", include("bands.urls")),
    path("i18n/setlang/", set_language, name="set_language"),
    path("robots.txt", views.robots_txt, name="robots_txt"),
    path("healthz", views.healthz, name="healthz"),
    path("manifest.webmanifest", pwa.manifest, name="manifest"),
    path("sw.js", pwa.service_worker, name="service_worker"),
    path("offline/", pwa.offline, name="offline"),
]

# The app's own error pages, in its look and the visitor's language (views.py).
handler400 = "scorekeeper.views.bad_request"
handler403 = "scorekeeper.views.permission_denied"
handler404 = "scorekeeper.views.page_not_found"
handler500 = "scorekeeper.views.server_error"
