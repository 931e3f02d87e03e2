from django.urls import path

from bands import views
from scorekeeper.lib.capabilities import BAND

app_name = "bands"
urlpatterns = [
    path(f"{BAND}/<band_token>/", views.band, name="band"),
    path(f"{BAND}/<band_token>/export.csv", views.band_csv, name="band_csv"),
    path(f"{BAND}/<band_token>/soiree.png", views.evening_image, name="evening_image"),
]
