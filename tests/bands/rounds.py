"""Games of rounds (Skyjo, tarot, the free counter) played to their end through
the models, as the host's page plays them, for a band's history."""

from games.models import Game
from tests.factories import pks as players_of


def _finish(game, rounds, entry_of):
    pks = players_of(game)
    for data in rounds:
        game.record_round(entry_of(pks, data))
    game.refresh_from_db()
    if game.finished_at is None:
        game.end()
        game.refresh_from_db()
    assert game.finished_at is not None
    return game


def play_skyjo(names, rounds, band=None, limit=100):
    """A Skyjo game: `rounds` are ({name: cards}, finisher's name); it ends when
    a total reaches `limit`, or the host ends it after the last round."""
    game, _host = Game.objects.create_game(
        list(names), options={"limit": limit}, band=band, kind="skyjo"
    )

    def entry(pks, data):
        cards, finisher = data
        return {
            "cards": {str(pks[name]): value for name, value in cards.items()},
            "finisher": pks[finisher],
        }

    return _finish(game, rounds, entry)


def play_tarot(names, deals, band=None):
    """A tarot game the host ends after `deals`: each (taker's name, contract,
    bouts, points the taker made), or None for a deal everyone passed."""
    game, _host = Game.objects.create_game(list(names), band=band, kind="tarot")

    def entry(pks, deal):
        if deal is None:
            return {"passed": True}
        taker, contract, bouts, points = deal
        return {
            "taker": pks[taker],
            "contract": contract,
            "bouts": bouts,
            "points": points,
        }

    return _finish(game, deals, entry)


def play_tally(names, rounds, band=None, winner="highest"):
    """A free counter the host ends after `rounds` ({name: points} each), won by
    the `winner` total ("highest" or "lowest")."""
    game, _host = Game.objects.create_game(
        list(names), options={"winner": winner}, band=band, kind="tally"
    )

    def entry(pks, points):
        return {"points": {str(pks[name]): value for name, value in points.items()}}

    return _finish(game, rounds, entry)
