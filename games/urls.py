from django.urls import path

from games import views
from games.urls_export import urlpatterns as export_patterns
from games.urls_share import urlpatterns as share_patterns

app_name = "games"
urlpatterns = [
    path("", views.home, name="home"),
    *export_patterns,
    *share_patterns,
]
