"""Headers for capability links, and the answers to refused tokens.

A capability URL (/h/ /w/ /c/ /b/ /r/ + token) is a password in a URL: its pages
must not be indexed, cached by a shared cache or the browser's back-forward cache,
or leak the URL in a Referer (W3C TAG "Good practices for capability URLs").
Django's own middlewares already send the CSP, nosniff, X-Frame-Options and the
site-wide Referrer-Policy; this one adds what is specific to capability paths and
a Permissions-Policy everywhere.

It sits first in MIDDLEWARE so that it also sees the responses other middlewares
make without reaching a view (CommonMiddleware's slash redirects carry the token
in their Location and would otherwise be cached as permanent redirects).
"""

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils.decorators import sync_only_middleware

from scorekeeper.lib.capabilities import CapabilityRefused
from scorekeeper.views import CAPABILITY_PREFIXES

# The public result is meant for message apps, whose preview crawlers may cache
# what its view explicitly allows; without a Cache-Control of its own it is
# no-store like every other capability page.
SHAREABLE_PREFIXES = ("/r/",)
PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=()"
REFERRER_POLICY = "same-origin"
_REFUSED_STATUSES = {404, 410, 429}


def is_capability_path(path: str) -> bool:
    return path.startswith(tuple(CAPABILITY_PREFIXES))


@sync_only_middleware
class CapabilityHeadersMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if is_capability_path(request.path_info):
            response["X-Robots-Tag"] = "noindex, nofollow"
            # Never leaves the origin (see SECURE_REFERRER_POLICY): set here too so
            # that no view or other middleware can loosen it on a capability link.
            response["Referrer-Policy"] = REFERRER_POLICY
            if not (
                request.path_info.startswith(SHAREABLE_PREFIXES)
                and "Cache-Control" in response
            ):
                # Overwrite, not patch: a view's max-age must not survive on a
                # link that is a secret (no-store also keeps it out of bfcache).
                response["Cache-Control"] = "no-store"
                if "Expires" in response:
                    del response["Expires"]
            if (
                getattr(request, "capability_refused", False)
                and response.status_code in _REFUSED_STATUSES
                and request.headers.get("HX-Request") == "true"
            ):
                response["HX-Refresh"] = "true"
        if "Permissions-Policy" not in response:
            response["Permissions-Policy"] = PERMISSIONS_POLICY
        return response


@sync_only_middleware
class CapabilityRefusalMiddleware:
    """A refused token (wrong, revoked, over the rate limit) raised anywhere under
    a view becomes the same refusal page everywhere.

    Last in MIDDLEWARE and sync-only on purpose: Django runs a chain in one mode
    from the innermost sync-only middleware outwards, so the whole chain (all
    sync-capable) runs in one thread per request under ASGI instead of switching
    threads around every middleware.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(
        self, request: HttpRequest, exception: Exception
    ) -> HttpResponse | None:
        if isinstance(exception, CapabilityRefused):
            return exception.response(request)
        return None
