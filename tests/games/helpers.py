"""Small helpers for the game tests: URLs and posting what the dialog posts."""

import html as htmllib
import json
import re

from django.urls import reverse

from games.models import Game


def host_url(token):
    return reverse("games:host", kwargs={"host_token": token})


def watch_url(game):
    return reverse("games:watch", kwargs={"watch_token": game.watch_token})


def player(game, name):
    return game.players.get(name=name)


def write_url(token, name, game=None, who=None, box=None, column="free", **kwargs):
    if who is not None:
        kwargs.update(player_id=player(game, who).pk, column=column, box=box)
    return reverse(f"games:{name}", kwargs={"host_token": token, **kwargs})


def dialog(client, token, game, who, box, column="free", **extra):
    return client.get(write_url(token, "box", game, who, box, column), **extra)


def request_key(html):
    return re.search(r'name="request_key" value="([^"]+)"', html).group(1)


def enter(client, token, game, who, box, data, column="free", action="record", **extra):
    """Opens the box's dialog like the host does, then posts `data` from it."""
    page = dialog(client, token, game, who, box, column).content.decode()
    fresh = Game.objects.get(pk=game.pk)
    posted = {"request_key": request_key(page), "seen_version": fresh.version, **data}
    return client.post(
        write_url(token, action, game, who, box, column), posted, **extra
    )


def text(response):
    """The page's text without tags or runs of white space, for `in` assertions."""
    html = response.content.decode()
    html = re.sub(r"<script.*?</script>", " ", html, flags=re.S)
    plain = re.sub(r"<[^>]+>", " ", html)
    return " ".join(htmllib.unescape(plain).split())


HTMX = {"HTTP_HX_REQUEST": "true"}


def triggered(response):
    """The client events an htmx response triggers (HX-Trigger, as JSON or names)."""
    header = response.get("HX-Trigger", "")
    try:
        return set(json.loads(header))
    except ValueError:
        return {name.strip() for name in header.split(",") if name.strip()}
