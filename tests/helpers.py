"""Reading pages as a user would, the links of a game, every route of the project
with its URL filled in, calls run from many threads at once, and a second server
process as its cache sees a game: shared by every test area (test data is built
by tests/factories.py)."""

import html as htmllib
import json
import queue
import re
import threading
from html.parser import HTMLParser

from django.apps import apps
from django.core.cache import caches
from django.db import connection
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from games.models import Game
from tests.factories import (
    count,
    make_game,
    make_round_game,
    play,
    play_rounds,
    skyjo_round,
)

# The header htmx adds to its requests, as keyword arguments of the test client.
HTMX = {"HTTP_HX_REQUEST": "true"}


def page_text(html):
    """What the page or fragment says: no tags, scripts or styles, no runs of white
    space; for `in` assertions."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    plain = re.sub(r"<[^>]+>", " ", html)
    return " ".join(htmllib.unescape(plain).split())


def markup(html):
    """The page's markup without its inline stylesheet, which names every class
    the page may use (the watch page carries its styles inline)."""
    return re.sub(r"<style\b.*?</style>", "", html, flags=re.S)


def text(response):
    """What the response's page says (see `page_text`)."""
    return page_text(response.content.decode())


def request_key(html):
    """The key a box dialog posts with its entry (one per dialog)."""
    return re.search(r'name="request_key" value="([^"]+)"', html).group(1)


def host_url(host_token, name="host", **kwargs):
    return reverse(f"games:{name}", kwargs={"host_token": host_token, **kwargs})


def pencil_url(pencil_token, name="pencil", **kwargs):
    return reverse(f"games:{name}", kwargs={"pencil_token": pencil_token, **kwargs})


def watch_url(game):
    return reverse("games:watch", kwargs={"watch_token": game.watch_token})


def triggered(response):
    """The client events an htmx response triggers (HX-Trigger, as JSON or names)."""
    header = response.get("HX-Trigger", "")
    try:
        return set(json.loads(header))
    except ValueError:
        return {name.strip() for name in header.split(",") if name.strip()}


# What the create page posts without JavaScript: every game's section is there, each
# at its defaults, whichever game is chosen.
EVERY_SECTION = {
    "preset": "classic",
    "columns": ["free"],
    "skyjo-limit": "100",
    "skyjo-double_on_tie": "on",
    "tarot-multipliers": "1_2_4_6",
    "tarot-poignees": "20_30_40",
    "tarot-deals": "",
    "tally-winner": "highest",
    "tally-target": "",
    "tally-rounds": "",
}


# Every route of the project, its URL filled in, and the rows it must not change.


def all_patterns(resolver=None, prefix=""):
    """(route, pattern) of every URL pattern of the project, included ones too."""
    resolver = resolver or get_resolver()
    for pattern in resolver.url_patterns:
        route = prefix + str(pattern.pattern)
        if isinstance(pattern, URLResolver):
            yield from all_patterns(pattern, route)
        elif isinstance(pattern, URLPattern):
            yield route, pattern


def sample_kwargs(game, host_token, box=None, column=None):
    """A value for every URL parameter, from `game` (its pencil passed to Léa);
    `box` and `column` for a game without boxes."""
    pencil_token = game.pass_pencil(host_token, "Léa")
    player = game.players.first()
    box = box or game.variant.boxes[0].key
    column = column or game.variant.options["columns"][0]
    return {
        "host_token": host_token,
        "watch_token": game.watch_token,
        "pencil_token": pencil_token,
        "band_token": game.band.token,
        "player_id": str(player.pk),
        "column": column,
        "box": box,
        "preset": game.preset,
        "layout": "1",
        "fmt": "json",
    }


def fill(route, kwargs):
    """The URL of `route` with its parameters taken from `kwargs`."""

    def value(match):
        name = match.group(1).split(":")[-1]
        assert name in kwargs, f"no sample value for <{match.group(1)}> in {route}"
        return kwargs[name]

    path = re.sub(r"<([^>]+)>", value, route)
    return "/" + path.lstrip("^").rstrip("$")


def played_game_kwargs():
    """A game with one entry and its pencil out: a value for every URL parameter."""
    game, host_token = make_game()
    play(game, ("Sarah", "free", "ones", count(3)))
    return sample_kwargs(game, host_token)


def played_round_game_kwargs():
    """A Skyjo game with one round and its pencil out: every URL parameter."""
    game, host_token = make_round_game("skyjo", ["Sarah", "Hugo"])
    play_rounds(game, skyjo_round(game, {"Sarah": 12, "Hugo": 30}, "Sarah"))
    kwargs = sample_kwargs(game, host_token, box="ones", column="free")
    return kwargs | {"preset": "classic"}


def page_routes():
    """(route, pattern) of every route but the static files'."""
    for route, pattern in all_patterns():
        if not route.startswith("static/"):
            yield route, pattern


def get_every_page(client, kwargs):
    """A GET to every route but the static files', its URL filled from `kwargs`:
    yields (route, url, response)."""
    for route, _pattern in page_routes():
        url = fill(route, kwargs)
        yield route, url, client.get(url)


def db_snapshot():
    """Every row of the app's tables, to prove a request changed nothing."""
    return {
        model._meta.label: list(model.objects.order_by("pk").values())
        for app in ("games", "keepsakes", "bands")
        for model in apps.get_app_config(app).get_models()
    }


def run_at_once(items, do, workers, timeout=120):
    """Runs `do(item)` for every item from `workers` threads started together, each
    on a database connection of its own (closed when its thread ends); returns
    [(item, what `do` returned or the exception it raised)] in completion order."""
    todo = queue.Queue()
    for item in items:
        todo.put(item)
    outcomes, lock = [], threading.Lock()
    start = threading.Barrier(workers)

    def worker():
        try:
            start.wait()
            while True:
                try:
                    item = todo.get_nowait()
                except queue.Empty:
                    return
                try:
                    result = do(item)
                except Exception as exc:  # noqa: BLE001 - returned, asserted on
                    result = exc
                with lock:
                    outcomes.append((item, result))
        finally:
            connection.close()

    threads = [threading.Thread(target=worker) for _ in range(workers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=timeout)
    assert not any(t.is_alive() for t in threads), "a thread is stuck"
    return outcomes


class Page(HTMLParser):
    """What a page holds, as the tests look at it: forms, meta tags, links, text."""

    def __init__(self, html):
        super().__init__()
        self.forms = []
        self.meta = {}
        self.links = []
        self.images = []
        self.buttons = []
        self.text = []
        self._skip = 0
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            self.forms.append(attrs)
        elif tag == "meta":
            key = attrs.get("property") or attrs.get("name")
            if key:
                self.meta[key] = attrs.get("content", "")
        elif tag == "a":
            self.links.append(attrs.get("href", ""))
        elif tag == "img":
            self.images.append(attrs)
        elif tag == "button":
            self.buttons.append(attrs)
        elif tag in ("script", "style", "title"):
            self._skip += 1

    def handle_endtag(self, tag):
        if tag in ("script", "style", "title"):
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip:
            self.text.append(data)

    @property
    def visible_text(self):
        return " ".join(" ".join(self.text).split())


# Another server process, as far as a game's state goes: the state it keeps in
# its own memory, which hears nothing of the writes made here.


def kept_by_another_process(game):
    """What another server process keeps of the game at its version now: its
    cache hears nothing of the writes made here afterwards."""
    fresh = Game.objects.get(pk=game.pk)
    fresh.state()
    return caches["local"].get(fresh.state_key())


def read_by_that_process(game, kept):
    """The game at its latest version, read by the process that kept `kept`."""
    caches["local"].set(game.state_key(), kept)
    return Game.objects.get(pk=game.pk)


def replayed(game):
    """The game's state as a replay of every write gives it, nothing kept."""
    return Game.objects.get(pk=game.pk).read_state()[0]
