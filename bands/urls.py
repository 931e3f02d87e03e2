from django.urls import path

from bands import views

app_name = "bands"
urlpatterns = [
    path("b/<band_token>/", views.band, name="band"),
    path("b/<band_token>/export.csv", views.band_csv, name="band_csv"),
    path("b/<band_token>/soiree.png", views.evening_image, name="evening_image"),
]
