from django.urls import path

from bands import views

app_name = "bands"
urlpatterns = [
    path("b/<band_token>/", views.band, name="band"),
    path("b/<band_token>/export.csv", views.band_csv, name="band_csv"),
    path("h/<host_token>/band/", views.host_band, name="host_band"),
    path("h/<host_token>/next/", views.next_game, name="next_game"),
]
