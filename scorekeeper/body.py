"""Refuses a request whose body is shorter than the length it announced.

A client that announces `Content-Length: N`, sends fewer bytes and closes cleanly
leaves a cut body: WSGI servers (runserver, gunicorn) hand the view what arrived,
and `points=25` cut by one byte reads as `points=2`. Under uvicorn a client gone
before the end makes Django's ASGIHandler raise RequestAborted, so nothing runs;
another ASGI server might pass a short body on, and this check covers it too.

Placed once, before any view or middleware reads the body (CSRF reads the form):
such a request gets 400 and changes nothing.
"""

from collections.abc import Awaitable, Callable

from asgiref.sync import iscoroutinefunction, markcoroutinefunction
from django.core.exceptions import RequestDataTooBig
from django.http import (
    HttpRequest,
    HttpResponse,
    HttpResponseBadRequest,
    UnreadablePostError,
)
from django.utils.translation import gettext as _

from scorekeeper.lib import numbers


def cut_body_response(request: HttpRequest) -> HttpResponseBadRequest | None:
    """The 400 for a request whose body is cut or unreadable, else None."""
    declared = request.META.get("CONTENT_LENGTH") or ""
    if declared == "":
        return None
    if not numbers.is_number(declared):
        return _refused()
    length = int(declared)
    if length == 0:
        return None
    try:
        received = len(request.body)
    except (UnreadablePostError, RequestDataTooBig):
        return _refused()
    return _refused() if received != length else None


def _refused():
    return HttpResponseBadRequest(
        _("Requête incomplète : rien n'a été enregistré. Réessayez."),
        content_type="text/plain; charset=utf-8",
    )


class CompleteBodyMiddleware:
    sync_capable = True
    async_capable = True

    def __init__(
        self,
        get_response: Callable[[HttpRequest], HttpResponse | Awaitable[HttpResponse]],
    ) -> None:
        self.get_response = get_response
        self.is_async = iscoroutinefunction(get_response)
        if self.is_async:
            markcoroutinefunction(self)

    def __call__(self, request: HttpRequest) -> HttpResponse | Awaitable[HttpResponse]:
        if self.is_async:
            return self._acall(request)
        return cut_body_response(request) or self.get_response(request)

    async def _acall(self, request):
        # The ASGI handler has received the whole body before the request is
        # built: reading it here does not wait on the network.
        refused = cut_body_response(request)
        if refused is not None:
            return refused
        return await self.get_response(request)
