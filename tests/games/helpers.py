"""Small helpers for the game tests: posting what the dialog posts, reading what it
offers."""

import re

from django.urls import reverse

from games.models import Game
from tests.helpers import request_key


def player(game, name):
    return game.players.get(name=name)


def write_url(token, name, game=None, who=None, box=None, column="free", **kwargs):
    if who is not None:
        kwargs.update(player_id=player(game, who).pk, column=column, box=box)
    return reverse(f"games:{name}", kwargs={"host_token": token, **kwargs})


def dialog(client, token, game, who, box, column="free", **extra):
    return client.get(write_url(token, "box", game, who, box, column), **extra)


def radio_values(html, name="value"):
    return re.findall(rf'type="radio" name="{name}" value="([^"]*)"', html)


def enter(client, token, game, who, box, data, column="free", action="record", **extra):
    """Opens the box's dialog like the host does, then posts `data` from it."""
    page = dialog(client, token, game, who, box, column).content.decode()
    fresh = Game.objects.get(pk=game.pk)
    posted = {"request_key": request_key(page), "seen_version": fresh.version, **data}
    return client.post(
        write_url(token, action, game, who, box, column), posted, **extra
    )
