"""/healthz tells what is required from what is optional: the database down is a
503; Redis (the shared cache, the broker) away is a 200 that says "degraded"."""

import json

import pytest

from scorekeeper import views
from tests.faults.outages import (
    REFUSING_REDIS,
    HungRedis,
    postgresql_at_closed_port,
    redis_cache,
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


@pytest.mark.django_db
def test_health_is_503_when_postgresql_refuses_connections(client, monkeypatch):
    monkeypatch.setattr(views, "connection", postgresql_at_closed_port())
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    assert json.loads(response.content) == {"database": "down"}


@pytest.mark.django_db
def test_health_is_200_and_says_degraded_when_redis_refuses(client):
    with redis_cache(REFUSING_REDIS):
        response = client.get("/healthz")
    assert response.status_code == 200
    assert json.loads(response.content) == {
        "database": "ok",
        "cache": "degraded",
        "broker": "degraded",
    }


@pytest.mark.django_db
def test_health_is_200_and_says_degraded_when_redis_hangs(client):
    with HungRedis() as hung, redis_cache(hung.url):
        response = client.get("/healthz")
    assert response.status_code == 200
    assert json.loads(response.content)["cache"] == "degraded"


@pytest.mark.django_db
def test_health_is_still_503_for_the_database_when_redis_is_away_too(
    client, monkeypatch
):
    monkeypatch.setattr(views, "connection", postgresql_at_closed_port())
    with redis_cache(REFUSING_REDIS):
        response = client.get("/healthz")
    assert response.status_code == 503
    assert json.loads(response.content)["database"] == "down"
