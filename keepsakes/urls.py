from django.urls import path

from keepsakes import views
from scorekeeper.lib.capabilities import HOST, RESULT, WATCH

app_name = "keepsakes"
urlpatterns = [
    path("printables/", views.printables, name="printables"),
    # `preset`: a Yams variant, or a kind scored by rounds (skyjo, tarot) whose
    # `layout` is then its number of players.
    path("printables/<preset>/<layout>.pdf", views.blank_pdf, name="blank_pdf"),
    path(f"{WATCH}/<watch_token>/sheet.pdf", views.game_pdf, name="game_pdf"),
    path(f"{WATCH}/<watch_token>/log/", views.log, name="log"),
    path(f"{WATCH}/<watch_token>/export.<fmt>", views.export_file, name="export"),
    path(f"{HOST}/<host_token>/import/", views.import_game, name="import_game"),
    path("import/", views.import_new, name="import_new"),
    path(f"{RESULT}/<watch_token>/", views.result, name="result"),
    path(
        f"{RESULT}/<watch_token>/preview.png", views.result_image, name="result_image"
    ),
]
