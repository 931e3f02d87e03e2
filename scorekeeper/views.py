import functools
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.db import connection
from django.http import (
    HttpRequest,
    HttpResponse,
    HttpResponseServerError,
    JsonResponse,
)
from django.template.loader import render_to_string
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

if TYPE_CHECKING:
    import redis

from scorekeeper.lib.capabilities import CAPABILITY_PREFIXES, PUBLIC_RESULT_PREFIX

logger = logging.getLogger(__name__)


# Message apps fetch the public result page to draw its preview; a robot that
# matches its own group ignores the "*" group, so the other rules are repeated.
PREVIEW_BOTS = [
    "Twitterbot",
    "facebookexternalhit",
    "Slackbot-LinkExpanding",
    "Discordbot",
    "LinkedInBot",
    "TelegramBot",
    "WhatsApp",
]


@require_safe
def robots_txt(request: HttpRequest) -> HttpResponse:
    # Capability links are passwords in URLs: crawlers must never follow them.
    private = [p for p in CAPABILITY_PREFIXES if p != PUBLIC_RESULT_PREFIX]
    lines = [
        *(f"User-agent: {bot}" for bot in PREVIEW_BOTS),
        f"Allow: {PUBLIC_RESULT_PREFIX}",
        *(f"Disallow: {p}" for p in private),
        "",
        "User-agent: *",
        *(f"Disallow: {p}" for p in CAPABILITY_PREFIXES),
    ]
    return HttpResponse("\n".join(lines) + "\n", content_type="text/plain")


@require_safe
@never_cache
def healthz(request: HttpRequest) -> JsonResponse:
    """For load balancers: 503 only when the database, which every request needs,
    does not answer. The optional services (with REDIS_URL: the shared cache and
    the django-q2 broker) are reported "ok" or "degraded" with a 200: the site
    works without them (docs/production.md, "When something fails"), and a Redis
    outage must not take every server out of the balancer at once."""
    checks = {"database": _check(_ping_database, "down")}
    if getattr(settings, "REDIS_URL", ""):
        checks["cache"] = _check(lambda: _ping_redis(settings.REDIS_URL), "degraded")
    broker_url = settings.Q_CLUSTER.get("redis")
    if isinstance(broker_url, str) and broker_url:
        checks["broker"] = _check(lambda: _ping_redis(broker_url), "degraded")
    if checks["database"] == "ok":
        return JsonResponse(checks)
    response = JsonResponse(checks, status=503)
    response["Retry-After"] = str(settings.UNAVAILABLE_RETRY_AFTER)
    return response


def _check(ping: Callable[[], None], failed: str) -> str:
    try:
        ping()
    except Exception as error:  # noqa: BLE001 - any failure of a dependency counts
        # One line: a load balancer probes every few seconds during an outage.
        logger.warning("health check: %s: %s", type(error).__name__, error)
        return failed
    return "ok"


def _ping_database() -> None:
    if connection.vendor == "postgresql":
        # A connection of its own, opened with libpq's connect_timeout: a refused
        # connection fails at once and a host that does not answer within the
        # timeout, where the pool would have the probe wait its whole timeout
        # (and answer "busy" when its connections are all in use).
        params = connection.get_connection_params()
        # The backend's DB-API module (psycopg), as Django's own backend uses it.
        database: Any = connection.Database  # type: ignore[attr-defined]
        with database.connect(**params) as probe:
            probe.execute("SELECT 1").fetchone()
        return
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()


@functools.cache
def _redis_client(url: str) -> "redis.Redis":
    import redis

    # The same short timeouts as the cache: a hung Redis must not hang the probe.
    timeout = float(getattr(settings, "REDIS_TIMEOUT", 0.25))
    return redis.Redis.from_url(
        url, socket_connect_timeout=timeout, socket_timeout=timeout
    )


def _ping_redis(url: str) -> None:
    if not _redis_client(url).ping():
        raise ConnectionError("no PONG")


# --- error pages ------------------------------------------------------------------
#
# Django's hooks (handler400, handler403, handler404 and handler500 in the root
# URLconf, CSRF_FAILURE_VIEW in the settings) answer with the app's own pages, in
# the visitor's language (LocaleMiddleware has chosen it by then), each with a way
# home. No @require_GET: a refused request of any method gets its page.
#
# Each page is drawn without the request, as Django draws its own: the same bytes
# whatever the address (a stream and a page that open nothing answer alike, and no
# capability link is echoed back), no CSRF cookie handed to every wrong URL, and
# nothing read from the database. So no language form (it needs a token): the
# language is the one Accept-Language or the visitor's choice made active.


def error_page(template: str, status: int, **context: object) -> HttpResponse:
    context["LANGUAGE_CODE"] = get_language()
    return HttpResponse(render_to_string(template, context), status=status)


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    return error_page("400.jinja", 400)


def permission_denied(request: HttpRequest, exception: Exception) -> HttpResponse:
    return error_page("403.jinja", 403, csrf=False)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    # Django has already logged the reason (django.security.csrf).
    return error_page("403.jinja", 403, csrf=True)


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    return error_page("404.jinja", 404)


def server_error(request: HttpRequest) -> HttpResponse:
    try:
        return error_page("500.jinja", 500)
    except Exception:  # noqa: BLE001 - the page that says "error" must not fail
        # The first error is logged by Django already; this one is ours to tell.
        logger.exception("the 500 page could not be drawn")
        return HttpResponseServerError(
            _("Erreur du serveur. Réessayez dans un instant."),
            content_type="text/plain; charset=utf-8",
        )
