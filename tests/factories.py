"""Test data built in code: games played through the same model methods as the app."""

from games.models import Game
from games.rules import PRESETS


def make_game(names=("Sarah", "Hugo"), preset="classic", options=None, band=None):
    """Returns (game, host_token)."""
    return Game.objects.create_game(list(names), preset, options or {}, band=band)


def play(game, *moves):
    """Records moves given as (player_name, column, box, entry) in order."""
    players = {p.name: p for p in game.players.all()}
    made = []
    for name, column, box, entry in moves:
        made.append(game.record(players[name].pk, column, box, entry))
    return made


# The classic sheet's boxes in order, and six players' names, for tests that
# fill sheets in bulk.
CLASSIC_BOXES = list(PRESETS["classic"].box_keys)
SIX_NAMES = ["Sarah", "Hugo", "Léa", "Tom", "Zoé", "Max"]
