"""What a stream refuses, before streaming anything: a link that opens nothing (the
page's own 404, counted as a miss, up to a 429 that never locks a good link out),
a revoked pencil (410), a method other than GET and HEAD (405), more streams from
one address than configured (429); and the WSGI client gets an empty 204. How the
scenarios run: tests/live/helpers.py."""

import pytest
from asgiref.sync import sync_to_async
from django.core.cache import cache
from django.test import AsyncClient, RequestFactory

from scorekeeper.lib import ratelimit
from tests.asgi_server import AppClient
from tests.factories import make_game
from tests.faults.outages import database_refuses
from tests.live.helpers import (
    STREAM_TEST,
    host_events,
    pencil_events,
    run,
    watch_events,
)
from tests.live.streams import open_stream

pytestmark = STREAM_TEST


def from_address(address):
    """Headers making the client `address` (with TRUSTED_PROXY_COUNT = 1)."""
    return {"X-Forwarded-For": address}


@pytest.mark.parametrize(
    "url",
    [
        "/w/" + "a" * 32 + "/events/",
        "/w/not-a-token/events/",
        "/h/" + "a" * 32 + "/events/",
        "/h/x/events/",
    ],
    ids=["unknown watch", "malformed watch", "unknown host", "malformed host"],
)
def test_a_link_that_opens_nothing_streams_the_same_404_as_the_page_and_a_miss(
    url, settings
):
    settings.CAPABILITY_MISS_LIMIT = 1
    page_url = url.removesuffix("events/")

    async def scenario():
        client = AppClient()
        response = await client.get(url)
        assert response.status_code == 404
        assert not response.streaming
        # The one miss allowed is spent: the stream counted it.
        assert await sync_to_async(ratelimit.too_many_misses)(
            RequestFactory().get(url), "capability"
        )
        await sync_to_async(cache.clear)()
        page = await client.get(page_url)
        assert page.status_code == 404
        assert response.content == page.content

    run(scenario)


def test_wrong_links_on_the_stream_count_misses_up_to_a_429_but_a_good_link_streams(
    settings,
):
    settings.CAPABILITY_MISS_LIMIT = 2
    game, _ = make_game(["Sarah"])

    async def scenario():
        client = AppClient()
        for n in range(2):
            assert (await client.get(f"/w/{'b' * 31}{n}/events/")).status_code == 404
        response = await client.get(f"/w/{'b' * 31}x/events/")
        assert response.status_code == 429
        assert int(response["Retry-After"]) > 0
        assert not response.streaming
        # A neighbour's wrong links never lock the table out of its own sheet.
        response, stream = await open_stream(client, watch_events(game))
        assert response.status_code == 200
        async with stream:
            assert await stream.hello() == game.version

    run(scenario)


def test_a_revoked_pencil_streams_a_410():
    game, host_token = make_game(["Sarah", "Hugo"])
    pencil = game.pass_pencil(host_token, "Léa")
    game.take_back_pencil()

    async def scenario():
        client = AppClient()
        response = await client.get(pencil_events(pencil))
        assert response.status_code == 410
        assert not response.streaming
        malformed = await client.get("/c/nope/events/")
        assert malformed.status_code == 410

    run(scenario)


@pytest.mark.parametrize("method", ["post", "put", "delete"])
def test_the_stream_only_answers_get_and_head(method):
    game, _ = make_game(["Sarah"])

    async def scenario():
        # The streams' route hands any other method to Django's handler, which
        # the AsyncClient drives (without the CSRF check that would refuse first).
        response = await getattr(AsyncClient(), method)(watch_events(game))
        assert response.status_code == 405

    run(scenario)


def test_a_head_of_the_stream_answers_its_headers_and_no_body():
    game, _ = make_game(["Sarah"])

    async def scenario():
        response = await AppClient().head(watch_events(game))
        assert response.status_code == 200
        assert response["Content-Type"] == "text/event-stream; charset=utf-8"
        assert b"".join([chunk async for chunk in response.streaming_content]) == b""

    run(scenario)


def test_one_address_holds_at_most_the_configured_streams_another_still_gets_in(
    settings,
):
    settings.TRUSTED_PROXY_COUNT = 1
    settings.LIVE_STREAMS_PER_ADDRESS = 3
    game, _ = make_game(["Sarah"])
    url = f"{watch_events(game)}?v={game.version}"

    async def scenario():
        client = AppClient()
        held = []
        try:
            for _ in range(3):
                response, stream = await open_stream(
                    client, url, **from_address("203.0.113.7")
                )
                assert response.status_code == 200
                held.append(stream)
                await stream.hello()
            refused = await client.get(url, headers=from_address("203.0.113.7"))
            assert refused.status_code == 429
            assert int(refused["Retry-After"]) > 0
            response, other = await open_stream(
                client, url, **from_address("198.51.100.9")
            )
            async with other:
                assert response.status_code == 200
                await other.hello()
            # A stream closed makes room again.
            await held.pop().close()
            response, again = await open_stream(
                client, url, **from_address("203.0.113.7")
            )
            async with again:
                assert response.status_code == 200
                await again.hello()
        finally:
            for stream in held:
                await stream.close()

    run(scenario)


def test_the_wsgi_client_gets_204_from_the_stream(client):
    game, host_token = make_game(["Sarah"])
    for url in (watch_events(game), host_events(host_token)):
        response = client.get(url)
        assert response.status_code == 204
        assert response.content == b""


def test_a_stream_while_the_database_is_away_answers_503_as_the_page_does():
    game, _ = make_game(["Sarah"])

    async def scenario():
        response = await AppClient().get(watch_events(game))
        assert response.status_code == 503
        assert int(response["Retry-After"]) > 0
        assert not response.streaming

    # In every thread: the route's, and the pool's where the page answers.
    with database_refuses():
        run(scenario)
