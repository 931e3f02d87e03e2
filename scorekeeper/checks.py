"""Checks of the project's own settings: `manage.py check` (and `--deploy`), and
the server before it starts (scorekeeper/serve.py)."""

from collections.abc import Sequence

from django.apps import AppConfig
from django.conf import settings
from django.core.checks import CheckMessage, Error, Tags, Warning, register
from django.db import connection

from scorekeeper import serve

E001 = (
    "WEB_CONCURRENCY is {workers} on SQLite: the live sheet's news stays in the "
    "process that wrote, so phones watching through another process would not "
    "see the entries."
)
E001_HINT = (
    "Several server processes mean PostgreSQL (DATABASE_URL=postgres://...); on "
    "SQLite, keep WEB_CONCURRENCY=1."
)

W001 = Warning(
    "The app sits behind a proxy (SECURE_PROXY_SSL_HEADER is set) but "
    "TRUSTED_PROXY_COUNT is 0: every request seems to come from the proxy, so the "
    "whole site shares one wrong-link counter.",
    hint="Set TRUSTED_PROXY_COUNT to the number of proxies that append to "
    "X-Forwarded-For in front of the app.",
    id="scorekeeper.W001",
)


@register(Tags.security, deploy=True)
def proxy_count_check(
    app_configs: Sequence[AppConfig] | None, **kwargs: object
) -> list[CheckMessage]:
    behind_proxy = getattr(settings, "SECURE_PROXY_SSL_HEADER", None)
    proxies = int(getattr(settings, "TRUSTED_PROXY_COUNT", 0) or 0)
    if not settings.DEBUG and behind_proxy and proxies == 0:
        return [W001]
    return []


@register("serve")
def one_process_on_sqlite_check(
    app_configs: Sequence[AppConfig] | None, **kwargs: object
) -> list[CheckMessage]:
    """Several server processes on one SQLite file would each hear only their own
    writes (games/live/fanout.py): refused rather than half live."""
    workers = serve.workers()
    if workers > 1 and connection.vendor == "sqlite":
        return [
            Error(E001.format(workers=workers), hint=E001_HINT, id="scorekeeper.E001")
        ]
    return []
