from django.urls import path

from games import export_views

urlpatterns = [
    path("feuilles/", export_views.sheets, name="sheets"),
    path("feuilles/<preset>/<layout>.pdf", export_views.blank_pdf, name="blank_pdf"),
    path("w/<watch_token>/feuille.pdf", export_views.game_pdf, name="game_pdf"),
    path("w/<watch_token>/journal/", export_views.log, name="log"),
    path("w/<watch_token>/export.<fmt>", export_views.export_file, name="export"),
    path("h/<host_token>/import/", export_views.import_game, name="import_game"),
    path("importer/", export_views.import_new, name="import_new"),
]
