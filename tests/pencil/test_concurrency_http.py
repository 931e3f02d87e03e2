"""Two hundred score posts at once, through the real views: each entry recorded
once, totals exact, never a server error (a 503 is sent again, as the phone
does). Runs on SQLite and PostgreSQL.

Each thread is a phone with its own test client (and database connection): Léa's
phone and tablet hold the pencil, the host's phone keeps trying while the pencil is
out, and double taps, retries and forms loaded long ago arrive all mixed up.
"""

import random
import re
import threading
import time

import pytest
from django.test import Client

from games.kinds import yams
from games.models import Entry, Game
from tests.factories import FULL_SHEET, make_game
from tests.helpers import HTMX, pencil_url, run_at_once

pytestmark = pytest.mark.django_db(transaction=True)

# FULL_SHEET as the box dialog posts it, with each box's points.
SHEET = [
    ("ones", {"value": "3"}, 3),
    ("twos", {"value": "2"}, 4),
    ("threes", {"value": "3"}, 9),
    ("fours", {"value": "4"}, 16),
    ("fives", {"value": "2"}, 10),
    ("sixes", {"value": "4"}, 24),
    ("three_kind", {"value": "5"}, 15),
    ("four_kind", {"value": "2"}, 8),
    ("full_house", {"value": "made"}, 25),
    ("small_straight", {"value": "made"}, 30),
    ("large_straight", {"value": "x"}, 0),
    ("yams", {"value": "made"}, 50),
    ("chance", {"value": "23"}, 23),
]
WORKERS = 16
DUPLICATES = 12  # the same request, again and again: double taps and retries
RESENDS = 20


def expected_total(game):
    card = yams.Scorecard.replay(
        game.variant, [("free", box, entry) for box, entry in FULL_SHEET]
    )
    return card.totals().total


def run_posts(posts):
    """Sends every post from WORKERS threads started together, each thread with a
    test client per device; returns [(post, status, body, location)]."""
    devices = threading.local()

    def send(post):
        clients = devices.__dict__.setdefault("clients", {})
        client = clients.setdefault(post["device"], Client())
        headers = HTMX if post["htmx"] else {}
        response = client.post(post["url"], post["data"], **headers)
        # A 503 says "send it again" (every connection of the pool was busy for
        # longer than a request waits for one): the phone does so by itself, the
        # same request with the same key (static/js/outbox.js), and so does this.
        for _ in range(RESENDS):
            if response.status_code != 503 or "Retry-After" not in response:
                break
            time.sleep(0.2)
            response = client.post(post["url"], post["data"], **headers)
        return (
            response.status_code,
            response.content.decode(),
            response.get("Location", ""),
        )

    outcomes = []
    for post, result in run_at_once(posts, send, WORKERS, timeout=180):
        if isinstance(result, Exception):  # a 500 raised in the test
            result = (500, repr(result), "")
        outcomes.append((post, *result))
    return outcomes


def test_two_hundred_concurrent_posts_record_each_entry_once():
    game, host_token = make_game(["Solo"])
    pencil_token = game.pass_pencil(host_token, "Léa")
    solo = game.players.get()
    version_before = Game.objects.get(pk=game.pk).version

    def record_url(token_url, box):
        return token_url(box) + "record/"

    def pencil_box(box):
        return pencil_url(
            pencil_token, "pencil_box", player_id=solo.pk, column="free", box=box
        )

    def host_box(box):
        return f"/h/{host_token}/box/{solo.pk}/free/{box}/"

    posts = []
    for index, (box, data, _points) in enumerate(SHEET):
        key = f"tap-{box}"
        for n in range(DUPLICATES):
            posts.append(
                {
                    "kind": "tap",
                    "box": box,
                    "key": key,
                    "device": "phone" if n % 2 else "tablet",
                    "htmx": n % 3 != 0,
                    "url": record_url(pencil_box, box),
                    "data": {**data, "request_key": key},
                }
            )
        # The same box entered on the other device: its own key, the same dice.
        posts.append(
            {
                "kind": "other",
                "box": box,
                "key": f"other-{box}",
                "device": "tablet",
                "htmx": bool(index % 2),
                "url": record_url(pencil_box, box),
                "data": {**data, "request_key": f"other-{box}"},
            }
        )
    # The host's phone while the pencil is out: refused, one writer at a time.
    for n in range(20):
        box, data, _points = SHEET[n % len(SHEET)]
        posts.append(
            {
                "kind": "host",
                "box": box,
                "key": f"host-{n}",
                "device": "host",
                "htmx": bool(n % 2),
                "url": record_url(host_box, box),
                "data": {**data, "request_key": f"host-{n}"},
            }
        )
    # Forms loaded before the pencil went out: stale.
    while len(posts) < 200:
        n = len(posts)
        box, data, _points = SHEET[n % len(SHEET)]
        posts.append(
            {
                "kind": "stale",
                "box": box,
                "key": f"stale-{n}",
                "device": "phone",
                "htmx": bool(n % 2),
                "url": record_url(pencil_box, box),
                "data": {**data, "request_key": f"stale-{n}", "seen_version": "1"},
            }
        )
    assert len(posts) == 200
    random.Random(6).shuffle(posts)

    outcomes = run_posts(posts)

    assert len(outcomes) == 200
    errors = [(p["kind"], s, body[:300]) for p, s, body, _ in outcomes if s >= 500]
    assert not errors, errors[:3]
    entries = list(Entry.objects.filter(game=game).order_by("seq"))
    assert sorted(e.box for e in entries) == sorted(box for box, _, _ in SHEET)
    assert [e.seq for e in entries] == list(range(1, len(SHEET) + 1))
    assert all(e.undone_at is None for e in entries)
    points = {box: p for box, _, p in SHEET}
    assert {e.box: e.points for e in entries} == points
    winners = {e.box: e for e in entries}
    for post, status, body, location in outcomes:
        # Refused or not, htmx gets its fragment, a plain form the redirect.
        assert status == (200 if post["htmx"] else 302), (post["kind"], status)
        if post["kind"] in ("tap", "other"):
            winner = winners[post["box"]]
            if post["key"] == winner.request_key:
                # Every copy of the winning request hears "recorded".
                if post["htmx"]:
                    assert "✓ Solo" in body, body[:500]
                else:
                    assert location.endswith(f"?done={winner.seq}"), location
        if post["kind"] == "host" and post["htmx"]:
            assert "Le crayon est chez Léa" in body
        if post["kind"] == "stale" and post["htmx"]:
            assert "La feuille a changé entre-temps" in body
    game.refresh_from_db()
    assert game.version == version_before + len(SHEET)
    state = game.state()
    assert state.finished and game.finished_at is not None
    assert state.seats[0].total == expected_total(game) == sum(points.values()) + 35
    # A watch page shows the same total.
    page = Client().get(f"/w/{game.watch_token}/").content.decode()
    assert re.search(rf">\s*{state.seats[0].total}\s*<", page)
