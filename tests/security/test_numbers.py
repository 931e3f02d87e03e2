"""Numbers from a request: ASCII digits of bounded length, anything else a 4xx."""

from urllib.parse import urlencode

import pytest
from asgiref.sync import async_to_sync
from django.urls import reverse

from games.models import Entry
from tests.asgi_server import AppClient
from tests.factories import make_game, play
from tests.games.helpers import enter
from tests.helpers import host_url
from tests.live.streams import open_stream

NOT_NUMBERS = ["²", "٣", "３", "1" * 5000, "-1", "1e3", " 1"]


@pytest.mark.django_db
@pytest.mark.parametrize("row", NOT_NUMBERS)
def test_a_row_to_remove_that_is_no_number_answers_400(client, row):
    response = client.post("/", {"names": ["Sarah", "Hugo"], "remove_row": row})
    assert response.status_code == 400


@pytest.mark.django_db
def test_a_row_to_remove_still_removes_it(client):
    response = client.post("/", {"names": ["Sarah", "Hugo"], "remove_row": "0"})
    assert response.status_code == 200
    assert 'value="Sarah"' not in response.content.decode()
    assert 'value="Hugo"' in response.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("seq", NOT_NUMBERS)
def test_a_done_entry_that_is_no_number_answers_400(client, seq):
    game, token = make_game()
    play(game, ("Sarah", "free", "ones", {"kind": "count", "value": 3}))
    response = client.get(host_url(token), {"done": seq})
    assert response.status_code == 400


@pytest.mark.django_db
@pytest.mark.parametrize("digit", ["٣", "３", "²", "1" * 5000])
def test_typed_points_in_other_digits_are_refused(client, digit):
    game, token = make_game(["Sarah"], options={"typed_points": True})
    response = enter(client, token, game, "Sarah", "threes", {"points": digit})
    assert response.status_code == 422
    assert Entry.objects.count() == 0


@pytest.mark.django_db
@pytest.mark.parametrize("digit", ["٣", "３", "²"])
def test_a_value_in_other_digits_is_refused(client, digit):
    game, token = make_game(["Sarah"])
    response = enter(client, token, game, "Sarah", "threes", {"value": digit})
    assert response.status_code == 422
    assert Entry.objects.count() == 0


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("seen", ["²", "٣", "３", "1" * 5000, "-1"])
def test_a_stream_told_no_number_sends_the_current_sheet(seen):
    # Not a 400 there: EventSource would take it as final and never reconnect.
    game, _ = make_game()
    play(game, ("Sarah", "free", "ones", {"kind": "count", "value": 3}))
    game.refresh_from_db()
    url = reverse("games:watch_events", kwargs={"watch_token": game.watch_token})
    url += "?" + urlencode({"v": seen})

    async def scenario():
        _, stream = await open_stream(AppClient(), url)
        async with stream:
            assert await stream.hello() == game.version
            sheet = await stream.next()
            assert (sheet.event, sheet.version) == ("sheet", game.version)

    async_to_sync(scenario)()
