"""The project's URLs and error hooks, plus views that fail in each way Django
answers with an error page (used with `@pytest.mark.urls`)."""

from django.core.exceptions import BadRequest, PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.urls import include, path

from scorekeeper.urls import handler400, handler403, handler404, handler500

__all__ = ["handler400", "handler403", "handler404", "handler500", "urlpatterns"]


def bad(request: HttpRequest) -> HttpResponse:
    raise BadRequest("unreadable")


def forbidden(request: HttpRequest) -> HttpResponse:
    raise PermissionDenied


def broken(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("the view broke")


urlpatterns = [
    path("bad/", bad),
    path("forbidden/", forbidden),
    path("broken/", broken),
    path("", include("scorekeeper.urls")),
]
