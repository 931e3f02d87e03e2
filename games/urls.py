from django.urls import URLPattern, path

from games import views
from games.live import streams
from scorekeeper.lib.capabilities import HOST, PENCIL, WATCH


def writer_patterns(prefix: str, token: str, name_prefix: str) -> list[URLPattern]:
    """The write URLs of a host page (/h/) or of a pencil page (/c/): same views."""
    base = f"{prefix}/<{token}>/"
    box = f"{base}box/<int:player_id>/<column>/<box>/"
    return [
        path(box, views.box, name=f"{name_prefix}box"),
        path(f"{box}preview/", views.preview, name=f"{name_prefix}preview"),
        path(f"{box}record/", views.record, name=f"{name_prefix}record"),
        path(f"{base}undo/", views.undo, name=f"{name_prefix}undo"),
        path(f"{base}round/", views.new_round, name=f"{name_prefix}new_round"),
        path(
            f"{base}round/preview/",
            views.preview_round,
            name=f"{name_prefix}preview_round",
        ),
        path(
            f"{base}round/record/",
            views.record_round,
            name=f"{name_prefix}record_round",
        ),
        path(f"{base}end/", views.end, name=f"{name_prefix}end"),
        path(f"{base}reopen/", views.reopen, name=f"{name_prefix}reopen"),
        path(f"{base}timer/", views.timer, name=f"{name_prefix}timer"),
        path(
            f"{base}rename/<int:player_id>/",
            views.rename,
            name=f"{name_prefix}rename",
        ),
    ]


app_name = "games"
urlpatterns = [
    # Live: each open page holds a stream of its sheet (games/live/streams.py).
    # First: a held stream keeps its request's resolver match for as long as the
    # phone watches, with the list of every pattern tried before its own.
    path(f"{WATCH}/<watch_token>/events/", streams.watch_events, name="watch_events"),
    path(f"{HOST}/<host_token>/events/", streams.host_events, name="host_events"),
    path(
        f"{PENCIL}/<pencil_token>/events/", streams.pencil_events, name="pencil_events"
    ),
    path("", views.home, name="home"),
    path("clock/", views.clock, name="clock"),
    path(f"{HOST}/<host_token>/", views.host, name="host"),
    path(f"{PENCIL}/<pencil_token>/", views.pencil, name="pencil"),
    path(f"{WATCH}/<watch_token>/", views.watch, name="watch"),
    *writer_patterns(HOST, "host_token", ""),
    *writer_patterns(PENCIL, "pencil_token", "pencil_"),
    # Inviting the table: the share page and the QR codes of its links.
    path(f"{HOST}/<host_token>/invite/", views.share_page, name="share"),
    path(f"{HOST}/<host_token>/pencil.svg", views.pencil_qr, name="pencil_qr"),
    path(f"{WATCH}/<watch_token>/qr.svg", views.watch_qr, name="watch_qr"),
    # Live: each open page polls its sheet where no stream can be held
    # (views._poll); the streams themselves come first, above.
    path(f"{WATCH}/<watch_token>/sheet/", views.watch_sheet, name="watch_sheet"),
    path(f"{HOST}/<host_token>/sheet/", views.host_sheet, name="host_sheet"),
    path(f"{PENCIL}/<pencil_token>/sheet/", views.pencil_sheet, name="pencil_sheet"),
]

# Passing the pencil (host only: a pencil link never manages links).
urlpatterns += [
    path(f"{HOST}/<host_token>/pencil/pass/", views.pass_pencil, name="pass_pencil"),
    path(
        f"{HOST}/<host_token>/pencil/take-back/", views.take_pencil, name="take_pencil"
    ),
]

# The seating, before anything is entered (host only, as names are).
urlpatterns += [
    path(f"{HOST}/<host_token>/seating/", views.reseat, name="reseat"),
]

# The band, from the host's link (the band's own link is in bands.urls).
urlpatterns += [
    path(f"{HOST}/<host_token>/band/", views.host_band, name="host_band"),
    path(f"{HOST}/<host_token>/next/", views.next_game, name="next_game"),
]
