"""The request as the project's middleware leaves it, for the type checker:
django-htmx's `request.htmx` (its documented way to type it), and the mark the
capability checks leave on a refused link (read by the log)."""

from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails
    capability_refused: bool
