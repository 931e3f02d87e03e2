"""An idempotency key this site never wrote (a NUL byte in it, say) never reaches
the database: a clear 4xx or a normal answer, never a server error."""

import pytest

from games.models import Entry
from tests.factories import make_game, play
from tests.games.helpers import enter, write_url
from tests.helpers import host_url


@pytest.mark.django_db
def test_a_nul_in_the_request_key_of_an_entry_is_refused(client):
    game, token = make_game(["Sarah"])
    response = enter(
        client, token, game, "Sarah", "threes", {"value": "3", "request_key": "a\x00b"}
    )
    assert response.status_code == 422
    assert Entry.objects.count() == 0


@pytest.mark.django_db
def test_a_nul_in_the_request_key_of_an_undo_takes_back_one_entry_at_most(client):
    game, token = make_game(["Sarah"])
    play(game, ("Sarah", "free", "ones", {"kind": "count", "value": 3}))
    game.refresh_from_db()
    response = client.post(
        write_url(token, "undo"),
        {"request_key": "a\x00", "seen_version": str(game.version)},
    )
    assert response.status_code == 302
    assert response["Location"] == host_url(token)
    assert Entry.objects.filter(undone_at__isnull=True).count() == 0
