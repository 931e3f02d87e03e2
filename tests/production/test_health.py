"""/healthz, the load balancer's probe: 503 only when the database does not
answer; the optional services (Redis: cache, broker) are named "degraded"."""

import json

import pytest
from django.db import OperationalError
from django.test import override_settings

from scorekeeper import views

REDIS = "redis://127.0.0.1:6379/0"
NOWHERE = "redis://127.0.0.1:1/0"  # nothing listens on port 1


def redis_settings(url):
    return override_settings(
        REDIS_URL=url,
        CACHES={
            "default": {
                "BACKEND": "django.core.cache.backends.redis.RedisCache",
                "LOCATION": url,
                "OPTIONS": {"socket_connect_timeout": 2, "socket_timeout": 2},
            }
        },
        Q_CLUSTER={"name": "scorekeeper", "redis": url},
    )


@pytest.fixture(autouse=True)
def _forget_redis_clients():
    views._redis_client.cache_clear()
    yield
    views._redis_client.cache_clear()


@pytest.mark.django_db
def test_health_is_ok_when_the_database_answers(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert json.loads(response.content) == {"database": "ok"}
    assert "no-cache" in response["Cache-Control"]


@pytest.mark.django_db
def test_health_is_503_when_the_database_does_not_answer(client, monkeypatch):
    def down():
        raise OperationalError("connection refused")

    monkeypatch.setattr(views, "_ping_database", down)
    response = client.get("/healthz")
    assert response.status_code == 503
    assert json.loads(response.content) == {"database": "down"}


@pytest.mark.django_db
def test_health_checks_the_shared_cache_and_the_broker_when_redis_is_configured(
    client,
):
    with redis_settings(REDIS):
        response = client.get("/healthz")
    assert response.status_code == 200
    assert json.loads(response.content) == {
        "database": "ok",
        "cache": "ok",
        "broker": "ok",
    }


@pytest.mark.django_db
def test_health_is_200_naming_redis_degraded_when_redis_does_not_answer(client):
    # Redis is optional: the site works without it, the balancer keeps the server.
    with redis_settings(NOWHERE):
        response = client.get("/healthz")
    assert response.status_code == 200
    assert json.loads(response.content) == {
        "database": "ok",
        "cache": "degraded",
        "broker": "degraded",
    }


@pytest.mark.django_db
def test_health_checks_only_the_database_with_the_orm_broker(client):
    with override_settings(Q_CLUSTER={"name": "scorekeeper", "orm": "default"}):
        response = client.get("/healthz")
    assert json.loads(response.content) == {"database": "ok"}
