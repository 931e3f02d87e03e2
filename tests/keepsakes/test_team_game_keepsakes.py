"""What a game in two teams leaves behind: its log, CSV and printed sheet show a
column per team, named as the sheet names it, with the deal's points and the
team's total (partners share them: never twice); its JSON keeps every
player's points, as every kind's does."""

import csv
import io
import json

import pytest
from django.urls import reverse

from games.models import Game
from tests.keepsakes.test_round_game_log import round_blocks
from tests.keepsakes.test_round_game_sheets import pdftotext

pytestmark = pytest.mark.django_db

TABLE = ["Léa", "Tom", "Max", "Zoé"]


def belote_game(end=True):
    """Les Bleus (Léa and Max) take 97; Tom & Zoé take 120; a capot of Les Bleus
    is written and taken back; the host ends the game: Tom & Zoé 185, Les Bleus
    139."""
    game, host = Game.objects.create_game(
        TABLE, options={"team_names": ["Les Bleus", ""]}, kind="belote"
    )
    game.record_round({"team": 1, "points": 97})
    game.record_round({"team": 2, "points": 120})
    game.record_round({"team": 1, "capot": 1})
    game.undo()
    if end:
        game.end()
    return game, host


def url(name, game, **kwargs):
    return reverse(name, kwargs={"watch_token": game.watch_token, **kwargs})


def test_the_log_of_a_team_game_has_a_column_per_team_named_as_the_sheet_names_it(
    client,
):
    game, _host = belote_game()
    response = client.get(url("keepsakes:log", game))
    heads, blocks = round_blocks(response)
    assert heads == ["Les Bleus Léa & Max", "Tom & Zoé"]
    first, second, undone = blocks
    assert first[0].startswith("Donne 1 Pris par Les Bleus · faite")
    assert first[1] == [("97", "97"), ("65", "65")]
    assert second[1] == [("42", "139"), ("120", "185")]
    assert undone[0].startswith("Donne 3")
    assert undone[1] == [("250", ""), ("0", "")]


def test_the_csv_of_a_team_game_has_the_points_and_total_of_each_team_once(client):
    game, _host = belote_game()
    response = client.get(url("keepsakes:export", game, fmt="csv"))
    header, *rows = csv.reader(io.StringIO(response.content.decode("utf-8-sig")))
    assert header[8:] == [
        "Les Bleus (points)",
        "Les Bleus (total)",
        "Tom & Zoé (points)",
        "Tom & Zoé (total)",
    ]
    assert [row[8:] for row in rows] == [
        ["97", "97", "65", "65"],
        ["42", "139", "120", "185"],
        ["250", "", "0", ""],
    ]
    assert not any("Léa" in cell or "Max" in cell for cell in header)


def test_the_printed_sheet_of_a_team_game_ranks_the_teams_in_two_columns(client):
    game, _host = belote_game()
    response = client.get(url("keepsakes:game_pdf", game))
    assert response.status_code == 200
    words = pdftotext(response.content)
    assert "Les Bleus Tom & Zoé" in words
    assert "Léa & Max" in words
    assert "1 97 97 65 65" in words
    assert "2 42 139 120 185" in words
    assert "Total 139 185" in words
    assert "Classement : 1. Tom & Zoé 185 2. Les Bleus 139" in words


def test_the_json_of_a_team_game_still_keeps_every_player_s_points(client):
    game, _host = belote_game()
    data = json.loads(client.get(url("keepsakes:export", game, fmt="json")).content)
    assert [p["name"] for p in data["players"]] == TABLE
    assert [write["points"] for write in data["writes"]] == [
        [97, 65, 97, 65],
        [42, 120, 42, 120],
        [250, 0, 250, 0],
    ]
    assert [(t["player"], t["total"], t["rank"]) for t in data["totals"]] == [
        ("Léa", 139, 3),
        ("Tom", 185, 1),
        ("Max", 139, 3),
        ("Zoé", 185, 1),
    ]
