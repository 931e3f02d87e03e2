from django.db import connection
from django.http import HttpResponse, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

# Capability links live under these prefixes: crawlers must never follow them.
CAPABILITY_PREFIXES = ["/h/", "/w/", "/c/", "/b/", "/r/"]


@require_GET
def robots_txt(request):
    lines = ["User-agent: *", *(f"Disallow: {p}" for p in CAPABILITY_PREFIXES)]
    return HttpResponse("\n".join(lines) + "\n", content_type="text/plain")


@require_GET
@never_cache
def healthz(request):
    """For load balancers: 200 when the database answers, 503 otherwise."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception:  # noqa: BLE001 - any database failure means unhealthy
        return JsonResponse({"database": "down"}, status=503)
    return JsonResponse({"database": "ok"})
