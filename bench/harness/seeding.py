"""Games seeded through the models, in the app's environment.

`seed(env, COMMAND, …)` runs this module (`python -m bench.harness.seeding`)
with the app's DATABASE_URL and returns the JSON it prints:

    games COUNT PLAYERS ROUNDS   → [{host_token, watch_token, version,
                                     players: [id…], moves: [move…]}]
    queries                      → SQL query counts per page, by size
    entries                      → [[watch_token, seq, saved at (epoch s)]]

A move is what the host enters next, in turn order, for the whole game:
{"player": id, "column": "free", "box": key, "entry": {...}}; the first ROUNDS
rounds are already recorded (through `Game.record`, as the app does).
"""

import json
import os
import random
import secrets
import subprocess
import sys

from .clients import form_fields
from .servers import HOST, PYTHON, ROOT


def seed(env, *args):
    """Runs this module's seeding in the app's environment; returns its output."""
    out = subprocess.run(
        [PYTHON, "-m", "bench.harness.seeding", *map(str, args)],
        cwd=ROOT,
        env=env,
        check=True,
        stdout=subprocess.PIPE,
        text=True,
    ).stdout
    return json.loads(out)


NAMES = ["Sarah", "Hugo", "Léa", "Karim", "Inès", "Tom", "Zoé", "Malik", "Jade", "Noé"]


def _an_entry(spec, rng):
    """A plausible entry for a box, as the host's dialog would send it."""
    if spec.kind == "count":
        return {"kind": "count", "value": rng.choice(spec.choices[1:4])}
    if spec.kind == "face":
        return {"kind": "face", "value": rng.choice(spec.choices)}
    if spec.kind == "total":
        return {"kind": "total", "value": rng.randint(spec.min + 5, spec.max - 3)}
    if spec.kind == "made":
        return {"kind": "made"} if rng.random() < 0.6 else {"kind": "cross"}
    if spec.kind == "faces":
        return {"kind": "faces", "values": rng.sample(range(1, 7), spec.n_faces)}
    return {"kind": "cross"}


def _plan(game, rng):
    """Every move of the game in turn order (seat order, box after box)."""
    from games.kinds import yams

    variant = game.variant
    players = list(game.players.all())
    cards = {p.pk: yams.Scorecard(variant) for p in players}
    column = variant.options["columns"][0]
    moves = []
    for box in variant.boxes:
        for player in players:
            card = cards[player.pk]
            entry = _an_entry(card.entry_spec(column, box.key), rng)
            try:
                card.check(column, box.key, entry)
            except yams.InvalidEntry:
                entry = {"kind": "cross"}
            cards[player.pk] = card.apply(column, box.key, entry)
            moves.append(
                {"player": player.pk, "column": column, "box": box.key, "entry": entry}
            )
    return moves


def make_games(count, players, rounds, seed=7):
    from games.models import Game

    rng = random.Random(seed)
    out = []
    for _ in range(count):
        game, host_token = Game.objects.create_game(NAMES[:players], "classic", {})
        moves = _plan(game, rng)
        done = moves[: rounds * players]
        for move in done:
            game.record(move["player"], move["column"], move["box"], move["entry"])
        game.refresh_from_db()
        out.append(
            {
                "host_token": host_token,
                "watch_token": game.watch_token,
                "version": game.version,
                "players": [p.pk for p in game.players.all()],
                "moves": moves[len(done) :],
            }
        )
    return out


def _query_counts():
    """Queries per request for each page, for small and large games (they must not
    grow with players or rounds)."""
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    rows = []
    for players, rounds in [(2, 0), (2, 12), (6, 0), (6, 12), (10, 12)]:
        (game,) = make_games(1, players, rounds, seed=players * 100 + rounds)
        client = Client(HTTP_HOST=HOST)
        poll = reverse("games:watch_sheet", args=[game["watch_token"]])
        pages = {
            "watch page": reverse("games:watch", args=[game["watch_token"]]),
            "poll, unchanged": f"{poll}?v={game['version']}",
            "poll, changed": f"{poll}?v={game['version'] - 1}",
            "host page": reverse("games:host", args=[game["host_token"]]),
        }
        counts = {}
        for label, url in pages.items():
            client.get(url)  # warm: first-request work is not what we count
            with CaptureQueriesContext(connection) as ctx:
                response = client.get(url)
            counts[label] = (len(ctx.captured_queries), response.status_code)
        # One box entered through the host page's dialog, as htmx posts it: its
        # fields, its idempotency key, the version it was shown at.
        move = game["moves"][0]
        url = reverse(
            "games:record",
            args=[game["host_token"], move["player"], move["column"], move["box"]],
        )
        data = {
            **form_fields(move),
            "request_key": secrets.token_urlsafe(16),
            "seen_version": str(game["version"]),
        }
        with CaptureQueriesContext(connection) as ctx:
            response = client.post(url, data, HTTP_HX_REQUEST="true")
        counts["score entry"] = (len(ctx.captured_queries), response.status_code)
        rows.append({"players": players, "rounds": rounds, "counts": counts})
    return rows


def _entries():
    """When each entry was saved (the server's clock), to time what watchers see."""
    from games.models import Entry

    return [
        [watch_token, seq, created_at.timestamp()]
        for watch_token, seq, created_at in Entry.objects.values_list(
            "game__watch_token", "seq", "created_at"
        )
    ]


def main(command, *args):
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
    import django

    django.setup()
    if command == "games":
        result = make_games(*(int(a) for a in args))
    elif command == "queries":
        result = _query_counts()
    elif command == "entries":
        result = _entries()
    else:
        raise SystemExit(f"unknown command {command!r}")
    json.dump(result, sys.stdout)


if __name__ == "__main__":
    main(*sys.argv[1:])
