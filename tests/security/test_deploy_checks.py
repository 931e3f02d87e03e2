"""`manage.py check --deploy` warns about settings that weaken the rate limits."""

from django.core import checks

PROXY = ("HTTP_X_FORWARDED_PROTO", "https")


def deploy_messages():
    found = checks.run_checks(include_deployment_checks=True, tags=["security"])
    return [message.id for message in found]


def test_behind_a_proxy_without_a_proxy_count_the_deploy_check_warns(settings):
    settings.DEBUG = False
    settings.SECURE_PROXY_SSL_HEADER = PROXY
    settings.TRUSTED_PROXY_COUNT = 0
    assert "scorekeeper.W001" in deploy_messages()


def test_a_counted_proxy_or_no_proxy_passes_the_deploy_check(settings):
    settings.DEBUG = False
    settings.SECURE_PROXY_SSL_HEADER = PROXY
    settings.TRUSTED_PROXY_COUNT = 1
    assert "scorekeeper.W001" not in deploy_messages()
    settings.SECURE_PROXY_SSL_HEADER = None
    settings.TRUSTED_PROXY_COUNT = 0
    assert "scorekeeper.W001" not in deploy_messages()
