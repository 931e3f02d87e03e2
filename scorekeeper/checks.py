"""Deploy checks of the project's own settings (`manage.py check --deploy`)."""

from django.conf import settings
from django.core.checks import Tags, Warning, register

W001 = Warning(
    "The app sits behind a proxy (SECURE_PROXY_SSL_HEADER is set) but "
    "TRUSTED_PROXY_COUNT is 0: every request seems to come from the proxy, so the "
    "whole site shares one wrong-link counter.",
    hint="Set TRUSTED_PROXY_COUNT to the number of proxies that append to "
    "X-Forwarded-For in front of the app.",
    id="scorekeeper.W001",
)


@register(Tags.security, deploy=True)
def proxy_count_check(app_configs, **kwargs):
    behind_proxy = getattr(settings, "SECURE_PROXY_SSL_HEADER", None)
    proxies = int(getattr(settings, "TRUSTED_PROXY_COUNT", 0) or 0)
    if not settings.DEBUG and behind_proxy and proxies == 0:
        return [W001]
    return []
