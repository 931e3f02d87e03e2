"""Every write URL refuses a link that is not its own, and changes nothing: a watch
link, a pencil taken back, a random token, a malformed one."""

import pytest
from django.core.cache import cache

from tests.factories import count, make_game, play
from tests.helpers import HTMX, db_snapshot, text
from tests.pencil.helpers import bad_tokens, fill, token_routes

pytestmark = pytest.mark.django_db

# The URLs that write, by name: the test also checks that this list is complete.
WRITE_URLS = {
    "preview",
    "record",
    "undo",
    "rename",
    "pass_pencil",
    "take_pencil",
    "reseat",
    "keepsakes:import_game",
    "host_band",
    "next_game",
    "pencil_preview",
    "pencil_record",
    "pencil_undo",
    "pencil_rename",
    # Games of rounds.
    "preview_round",
    "record_round",
    "end",
    "reopen",
    "pencil_preview_round",
    "pencil_record_round",
    "pencil_end",
    "pencil_reopen",
    # The turn timer.
    "timer",
    "pencil_timer",
}


def plausible_post(game, version):
    """What the forms of those URLs post, so that only the token is wrong."""
    return {
        "value": "3",
        "request_key": "key-1",
        "seen_version": str(version),
        "name": "Zed",
        "label": "Léa",
        "action": "rename",
        "names": ["Sarah", "Hugo"],
        "preset": "classic",
        "order": ",".join(str(p.pk) for p in game.players.all()),
    }


@pytest.fixture
def setting(settings):
    # Many misses in a row from one client: the limiter would answer 429 first.
    settings.CAPABILITY_MISS_LIMIT = 10_000
    game, host_token = make_game(["Sarah", "Hugo"])
    play(game, ("Sarah", "free", "ones", count(3)))
    revoked = game.pass_pencil(host_token, "Léa")
    game.pass_pencil(host_token, "Hugo")  # a newer pencil is out
    values = {
        "player_id": game.players.get(name="Hugo").pk,
        "column": "free",
        "box": "twos",
    }
    return game, revoked, values


@pytest.mark.parametrize("kind", ["watch", "revoked_pencil", "random", "malformed"])
def test_every_write_url_refuses_a_link_that_is_not_its_own(client, setting, kind):
    game, revoked, values = setting
    token = bad_tokens(game, revoked)[kind]
    data = plausible_post(game, game.version)
    before = db_snapshot()
    writes = set()
    for route, name in token_routes():
        pencil = "<pencil_token>" in route
        url = fill(route, {**values, "host_token": token, "pencil_token": token})
        for headers in ({}, HTMX):
            response = client.post(url, data, **headers)
            if response.status_code == 405:
                continue  # not a write URL (GET only)
            writes.add(name)
            expected = 410 if pencil else 404
            assert response.status_code == expected, (url, response.status_code)
            if pencil:
                assert "Le crayon a été repris" in text(response)
            if headers:
                assert response["HX-Refresh"] == "true"
    assert writes == WRITE_URLS
    assert db_snapshot() == before


@pytest.mark.parametrize("kind", ["watch", "revoked_pencil", "random", "malformed"])
def test_every_page_of_a_link_refuses_it_alike(client, setting, kind):
    game, revoked, values = setting
    token = bad_tokens(game, revoked)[kind]
    before = db_snapshot()
    pages = 0
    for route, _name in token_routes():
        url = fill(route, {**values, "host_token": token, "pencil_token": token})
        response = client.get(url)
        if response.status_code == 405:
            continue  # POST only: the method is checked before the link
        pages += 1
        assert response.status_code == (410 if "<pencil_token>" in route else 404), url
    assert pages >= 12
    assert db_snapshot() == before


def test_unknown_malformed_and_revoked_pencils_get_the_same_page(client, setting):
    game, revoked, values = setting
    tokens = bad_tokens(game, revoked)
    pages = set()
    for kind in ("revoked_pencil", "random", "malformed", "watch"):
        response = client.get(f"/c/{tokens[kind]}/")
        assert response.status_code == 410
        # The language form sends back the address shown, token included.
        pages.add(text(response))
    assert len(pages) == 1


def test_a_watch_link_cannot_write_through_its_own_urls(client, setting):
    game, revoked, values = setting
    before = db_snapshot()
    for route, _name in token_routes():
        if "<host_token>" not in route:
            continue
        url = fill(
            route.replace("h/<host_token>", "w/<watch_token>", 1),
            {**values, "watch_token": game.watch_token},
        )
        response = client.post(url, plausible_post(game, game.version))
        # The watch link's own pages (the page, its stream, its poll) exist and
        # take no POST; no other writer URL exists under /w/.
        rest = url.split(f"/{game.watch_token}/", 1)[1]
        expected = 405 if rest in {"", "events/", "sheet/"} else 404
        assert response.status_code == expected, url
    assert db_snapshot() == before


def test_misses_on_write_urls_are_rate_limited(client, setting, settings):
    game, revoked, values = setting
    settings.CAPABILITY_MISS_LIMIT = 3
    tokens = bad_tokens(game, revoked)
    record = fill(
        "h/<host_token>/box/<player_id>/<column>/<box>/record/",
        {**values, "host_token": tokens["random"]},
    )
    for kind in ("random", "malformed", "watch"):
        url = record.replace(tokens["random"], tokens[kind])
        assert client.post(url, {"value": "3"}).status_code == 404
    refused = client.post(record.replace(tokens["random"], "y" * 32), {"value": "3"})
    assert refused.status_code == 429
    assert refused["Retry-After"]


def test_every_link_route_counts_its_misses_and_stops_guessers(
    client, setting, settings
):
    # Each route looks its token up through games.access: a miss counts,
    # and a client over the limit gets 429 for its next wrong link.
    game, revoked, values = setting
    settings.CAPABILITY_MISS_LIMIT = 1
    checked = 0
    for route, _name in token_routes():
        cache.clear()
        first = client.get(
            fill(route, {**values, "host_token": "a" * 32, "pencil_token": "a" * 32})
        )
        if first.status_code == 405:
            continue
        assert first.status_code == (410 if "<pencil_token>" in route else 404), route
        again = client.get(
            fill(route, {**values, "host_token": "b" * 32, "pencil_token": "b" * 32})
        )
        assert again.status_code == 429, route
        checked += 1
    assert checked >= 12
