"""5,000 expired games are purged in batches while a host keeps scoring."""

import datetime
import logging
import threading

import pytest
from django.db import connection
from django.utils import timezone

from games.models import Entry, Game, Player
from scorekeeper.lib import purge, tokens
from tests.factories import make_game, moves_to_finish

EXPIRED = 5000


def bulk_expired_games(band, count):
    """`count` games idle for 40 days, two players and two entries each."""
    long_ago = timezone.now() - datetime.timedelta(days=40)
    games = Game.objects.bulk_create(
        Game(
            band=band,
            preset="classic",
            options={},
            host_prefix=f"{i:08d}",
            host_digest=tokens.digest(str(i)),
            watch_token=tokens.new_token(),
            created_at=long_ago,
            last_activity_at=long_ago,
        )
        for i in range(count)
    )
    players = Player.objects.bulk_create(
        Player(game=game, seat=seat, name=name)
        for game in games
        for seat, name in enumerate(["Sarah", "Hugo"])
    )
    Entry.objects.bulk_create(
        Entry(
            game_id=player.game_id,
            player=player,
            column="free",
            box="ones",
            data={"kind": "cross"},
            points=0,
            seq=player.seat + 1,
        )
        for player in players
    )


@pytest.mark.django_db(transaction=True)
def test_a_host_keeps_scoring_while_5000_expired_games_are_purged(caplog):
    live, _ = make_game(["Léa", "Tom"])
    bulk_expired_games(live.band, EXPIRED)
    moves = moves_to_finish(live, {"Léa": 47, "Tom": 12})
    outcome = {}

    def purge_in_background():
        try:
            outcome["deleted"] = purge.purge_expired(Game.objects, batch_size=200)
        except Exception as exc:  # noqa: BLE001 - reported by the main thread
            outcome["error"] = exc
        finally:
            connection.close()

    purger = threading.Thread(target=purge_in_background)
    recorded_during_purge = 0
    with caplog.at_level(logging.INFO, logger="scorekeeper.lib.purge"):
        purger.start()
        for player, column, box, entry in moves:
            live.record(player.pk, column, box, entry)
            if purger.is_alive():
                recorded_during_purge += 1
        purger.join(timeout=120)
    assert not purger.is_alive()
    assert "error" not in outcome, outcome.get("error")
    assert outcome["deleted"] == EXPIRED
    assert recorded_during_purge > 0
    assert "in 25 batch(es)" in caplog.text
    assert list(Game.objects.values_list("pk", flat=True)) == [live.pk]
    assert Player.objects.count() == 2
    assert Entry.objects.count() == len(moves) == 26
    state = Game.objects.get(pk=live.pk).state()
    assert state.finished
    assert [s.total for s in state.seats] == [47, 12]
