"""Links, posts and database snapshots for the pencil and capability tests."""

import re

from scorekeeper.lib import tokens
from tests.helpers import all_patterns, host_url, pencil_url, request_key


def box_kwargs(game, name, box, column="free"):
    return {
        "player_id": game.players.get(name=name).pk,
        "column": column,
        "box": box,
    }


def record_post(client, url_of, game, name, box, data, **extra):
    """Opens the box like the page does, then posts `data` with the dialog's key and
    version: what a tap on Valider sends. `url_of(name, **kwargs)` spells the URLs
    of one role."""
    kwargs = box_kwargs(game, name, box)
    page = client.get(url_of("box", **kwargs)).content.decode()
    game.refresh_from_db()
    posted = {"request_key": request_key(page), "seen_version": game.version, **data}
    return client.post(url_of("record", **kwargs), posted, **extra)


def host_links(host_token):
    def url_of(name, **kwargs):
        return host_url(host_token, name, **kwargs)

    return url_of


def pencil_links(pencil_token):
    def url_of(name, **kwargs):
        return pencil_url(pencil_token, f"pencil_{name}", **kwargs)

    return url_of


def token_routes():
    """[(route, URL name)] of every route that takes a host or pencil token."""
    found = []
    for route, pattern in all_patterns():
        if "<host_token>" in route or "<pencil_token>" in route:
            # Named as the tests name them: the games' routes without a namespace.
            app = pattern.callback.__module__.split(".")[0]
            namespace = "" if app == "games" else app
            name = f"{namespace}:{pattern.name}" if namespace else pattern.name
            found.append((route, name))
    return found


def fill(route, values):
    def value(match):
        return str(values[match.group(1).split(":")[-1]])

    return "/" + re.sub(r"<([^>]+)>", value, route)


def bad_tokens(game, revoked_pencil):
    """The links that must open nothing, by kind of mistake."""
    return {
        "watch": game.watch_token,
        "revoked_pencil": revoked_pencil,
        "random": tokens.new_token(),
        "malformed": "x" * 31 + ".",
    }
