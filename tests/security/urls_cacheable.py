"""Views that try to make capability pages cacheable (see test_headers)."""

from django.http import HttpResponse
from django.urls import include, path


def cacheable(request, token):
    response = HttpResponse("a page")
    response["Cache-Control"] = "public, max-age=600"
    response["Expires"] = "Thu, 01 Jan 2099 00:00:00 GMT"
    return response


def plain(request, token):
    return HttpResponse("a page")


urlpatterns = [
    path("h/<token>/cacheable/", cacheable),
    path("r/<token>/cacheable/", cacheable),
    path("r/<token>/plain/", plain),
    path("", include("scorekeeper.urls")),
]
