import functools
import logging

from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

logger = logging.getLogger(__name__)

# Capability links live under these prefixes: crawlers must never follow them.
CAPABILITY_PREFIXES = ["/h/", "/w/", "/c/", "/b/", "/r/"]


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
PUBLIC_RESULT_PREFIX = "/r/"


@require_safe
def robots_txt(request: HttpRequest) -> HttpResponse:
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
    """For load balancers: 200 when every shared service this server needs answers,
    503 naming the one that does not. Always the database; with REDIS_URL, the
    cache (rate limits) and the django-q2 broker too."""
    checks = {"database": _check(_ping_database)}
    if getattr(settings, "REDIS_URL", ""):
        checks["cache"] = _check(_ping_cache)
    broker_url = settings.Q_CLUSTER.get("redis")
    if broker_url:
        checks["broker"] = _check(lambda: _ping_redis(broker_url))
    healthy = all(state == "ok" for state in checks.values())
    return JsonResponse(checks, status=200 if healthy else 503)


def _check(ping):
    try:
        ping()
    except Exception:  # noqa: BLE001 - any failure of a dependency means unhealthy
        logger.exception("health check failed")
        return "down"
    return "ok"


def _ping_database():
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()


def _ping_cache():
    # A read is enough to know the cache server answers; nothing is written.
    cache.get("healthz:ping")


@functools.cache
def _redis_client(url):
    import redis

    # Short timeouts: a hung broker must turn the check red, not hang it.
    return redis.Redis.from_url(url, socket_connect_timeout=2, socket_timeout=2)


def _ping_redis(url):
    if not _redis_client(url).ping():
        raise ConnectionError("no PONG")
