"""Guard: every URL of the project answers without a server error."""

import pytest
from django.urls import URLPattern, URLResolver, get_resolver

from tests.factories import make_game, play


def all_patterns(resolver=None, prefix=""):
    resolver = resolver or get_resolver()
    for pattern in resolver.url_patterns:
        route = prefix + str(pattern.pattern)
        if isinstance(pattern, URLResolver):
            yield from all_patterns(pattern, route)
        elif isinstance(pattern, URLPattern):
            yield route, pattern


def sample_kwargs(game, host_token):
    pencil_token = game.pass_pencil(host_token, "Léa")
    player = game.players.first()
    box = game.variant.boxes[0].key
    return {
        "host_token": host_token,
        "watch_token": game.watch_token,
        "pencil_token": pencil_token,
        "band_token": game.band.token,
        "player_id": str(player.pk),
        "column": game.variant.options["columns"][0],
        "box": box,
        "preset": game.preset,
        "layout": "1",
        "fmt": "json",
    }


def fill(route, kwargs):
    import re

    def value(match):
        name = match.group(1).split(":")[-1]
        assert name in kwargs, f"no sample value for <{match.group(1)}> in {route}"
        return kwargs[name]

    path = re.sub(r"<([^>]+)>", value, route)
    return "/" + path.lstrip("^").rstrip("$")


@pytest.mark.django_db
def test_every_url_renders(client):
    game, host_token = make_game()
    play(game, ("Sarah", "free", "ones", {"kind": "count", "value": 3}))
    kwargs = sample_kwargs(game, host_token)
    seen = 0
    for route, _pattern in all_patterns():
        if route.startswith("static/"):
            continue
        url = fill(route, kwargs)
        response = client.get(url)
        assert response.status_code < 500, f"{url} answered {response.status_code}"
        if response.status_code == 200 and "text/html" in response.get(
            "Content-Type", ""
        ):
            assert response.content.strip(), url
        seen += 1
    assert seen >= 3
