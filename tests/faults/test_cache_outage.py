"""Redis is optional: refused or hung, the shared cache answers from this
process's memory, so no request turns into a 500, the rate limits still hold
(per process), and a hung Redis is not asked again on every request."""

import logging
import threading

import pytest
from django.core.cache import caches

from scorekeeper.lib import ratelimit
from tests.factories import make_game
from tests.faults.outages import REFUSING_REDIS, HungRedis, redis_cache
from tests.helpers import HTMX

WRONG = "/w/" + "x" * 32 + "/"


@pytest.mark.django_db
def test_a_wrong_link_is_still_a_404_when_redis_refuses(client):
    with redis_cache(REFUSING_REDIS):
        assert client.get(WRONG).status_code == 404


def wrong_links(client):
    return [client.get(f"/w/{str(n) * 32}/").status_code for n in range(1, 6)]


@pytest.mark.django_db
def test_the_wrong_link_limit_holds_from_memory_as_it_does_without_redis(
    client, settings
):
    settings.CAPABILITY_MISS_LIMIT = 3
    without_redis = wrong_links(client)
    caches["shared"].clear()
    with redis_cache(REFUSING_REDIS):
        with_redis_away = wrong_links(client)
    assert with_redis_away == without_redis
    assert with_redis_away[0] == 404
    assert with_redis_away[-1] == 429


@pytest.mark.django_db
def test_the_sheet_poll_and_the_preview_image_answer_when_redis_refuses(client):
    game, _ = make_game(["Sarah", "Hugo"])
    with redis_cache(REFUSING_REDIS):
        poll = client.get(f"/w/{game.watch_token}/sheet/?v=0", **HTMX)
        image = client.get(f"/r/{game.watch_token}/preview.png")
    assert poll.status_code == 200 and 'id="sheet"' in poll.content.decode()
    assert image.status_code == 200
    assert image["Content-Type"] == "image/png"


def test_a_hung_redis_is_asked_once_then_left_alone_for_a_while(settings):
    settings.REDIS_RETRY_SECONDS = 60
    with HungRedis() as hung, redis_cache(hung.url):
        cache = caches["shared"]
        cache.set("a", 1)
        for _ in range(20):
            assert cache.get("a") == 1
        assert cache.add("b", 0)
        assert cache.incr("b") == 1
    assert len(hung.accepted) == 1


def test_the_pause_spares_the_requests_served_by_other_threads(settings):
    settings.REDIS_RETRY_SECONDS = 60
    answers = []
    with HungRedis() as hung, redis_cache(hung.url):
        caches["shared"].set("a", 1)
        # Requests run in several threads, each with a cache backend of its own.
        for _ in range(5):
            thread = threading.Thread(
                target=lambda: answers.append(caches["shared"].get("a"))
            )
            thread.start()
            thread.join()
    assert answers == [1] * 5
    assert len(hung.accepted) == 1


def test_redis_is_asked_again_once_the_pause_is_over(settings):
    settings.REDIS_RETRY_SECONDS = 0
    with redis_cache(REFUSING_REDIS):
        cache = caches["shared"]
        assert cache.get("a") is None
        outage = cache.outage
        first = outage.skip_until
        cache.get("a")
        assert outage.skip_until > first


def test_the_outage_is_logged_once_not_at_every_request(caplog, settings):
    settings.REDIS_RETRY_SECONDS = 0
    with caplog.at_level(logging.WARNING), redis_cache(REFUSING_REDIS):
        for _ in range(5):
            caches["shared"].get("a")
    unreachable = [r for r in caplog.records if "unreachable" in r.getMessage()]
    assert len(unreachable) == 1


def test_the_rate_limit_spends_from_memory_when_redis_refuses(rf):
    request = rf.get("/", REMOTE_ADDR="203.0.113.9")
    with redis_cache(REFUSING_REDIS):
        spent = [ratelimit.spend(request, "import", 2, 600) for _ in range(3)]
    assert spent == [True, True, False]
