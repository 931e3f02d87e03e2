"""Guard: every URL of the project answers a GET as it should: a page, or the one
refusal or redirect that URL gives a plain GET, never a server error."""

import pytest

from tests.helpers import get_every_page, played_game_kwargs, played_round_game_kwargs

# What a plain GET gets where it is not 200, for a game with one entry and its
# pencil out (played_game_kwargs).
NOT_200 = {
    # Refused, and without htmx sent back to the page: the host while the pencil
    # is out, the pencil on a box already filled.
    "h/<host_token>/box/<int:player_id>/<column>/<box>/": 302,
    "h/<host_token>/box/<int:player_id>/<column>/<box>/preview/": 302,
    "h/<host_token>/undo/": 302,
    "c/<pencil_token>/box/<int:player_id>/<column>/<box>/": 302,
    "c/<pencil_token>/box/<int:player_id>/<column>/<box>/preview/": 302,
    # Correcting names stays with the host.
    "c/<pencil_token>/rename/<int:player_id>/": 403,
    # POST only.
    "h/<host_token>/box/<int:player_id>/<column>/<box>/record/": 405,
    "c/<pencil_token>/box/<int:player_id>/<column>/<box>/record/": 405,
    "h/<host_token>/pencil/pass/": 405,
    "h/<host_token>/pencil/take-back/": 405,
    "h/<host_token>/seating/": 405,
    # The test client is no ASGI server: a stream answers "poll instead".
    "w/<watch_token>/events/": 204,
    "h/<host_token>/events/": 204,
    "c/<pencil_token>/events/": 204,
    # Django's set_language goes back where the phone came from.
    "i18n/setlang/": 302,
    # A Yams game is scored box by box: the pages of a round are not found.
    "h/<host_token>/round/": 404,
    "h/<host_token>/round/preview/": 404,
    "h/<host_token>/round/record/": 405,
    "h/<host_token>/end/": 404,
    "h/<host_token>/reopen/": 404,
    "c/<pencil_token>/round/": 404,
    "c/<pencil_token>/round/preview/": 404,
    "c/<pencil_token>/round/record/": 405,
    "h/<host_token>/timer/": 405,
    "c/<pencil_token>/timer/": 405,
    "c/<pencil_token>/end/": 404,
    "c/<pencil_token>/reopen/": 404,
}

# The same for a game of rounds (a Skyjo game with one round, its pencil out):
# the box pages are not found, the round pages answer as the Yams game's boxes do.
ROUNDS_NOT_200 = {
    **NOT_200,
    **{
        route: 404
        for route in NOT_200
        if "/box/" in route and not route.endswith("/record/")
    },
    "h/<host_token>/round/": 302,
    "h/<host_token>/round/preview/": 302,
    "h/<host_token>/end/": 302,
    "h/<host_token>/reopen/": 302,
    "c/<pencil_token>/round/": 200,
    "c/<pencil_token>/round/preview/": 200,
    "c/<pencil_token>/end/": 200,
    "c/<pencil_token>/reopen/": 200,
}


@pytest.mark.django_db
def test_every_url_answers_a_get_with_its_own_status(client):
    seen = set()
    for route, url, response in get_every_page(client, played_game_kwargs()):
        expected = NOT_200.get(route, 200)
        assert response.status_code == expected, (url, response.status_code)
        if expected == 200 and "text/html" in response.get("Content-Type", ""):
            assert response.content.strip(), url
        seen.add(route)
    assert seen >= NOT_200.keys()
    assert len(seen) >= 3


@pytest.mark.django_db
def test_every_url_of_a_game_of_rounds_answers_a_get_with_its_own_status(client):
    for route, url, response in get_every_page(client, played_round_game_kwargs()):
        expected = ROUNDS_NOT_200.get(route, 200)
        assert response.status_code == expected, (url, response.status_code)
