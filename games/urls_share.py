from django.urls import path

from games import share_views

urlpatterns = [
    path("h/<host_token>/inviter/", share_views.share_page, name="share"),
    path("h/<host_token>/crayon.svg", share_views.pencil_qr, name="pencil_qr"),
    path("w/<watch_token>/qr.svg", share_views.watch_qr, name="watch_qr"),
    path("r/<watch_token>/", share_views.result, name="result"),
    path("r/<watch_token>/apercu.png", share_views.result_image, name="result_image"),
]
