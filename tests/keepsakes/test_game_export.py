"""CSV (one row per entry) and JSON (the whole game) downloads of a game."""

import csv
import io
import json

import pytest
import time_machine
from django.urls import reverse

from games.models import Game
from keepsakes.export import game_json_text
from keepsakes.imports import import_game
from tests.factories import make_game, play, worked_example


def export_url(game, fmt):
    return reverse(
        "keepsakes:export", kwargs={"watch_token": game.watch_token, "fmt": fmt}
    )


def csv_rows(response):
    text = response.content.decode("utf-8-sig")
    return list(csv.reader(io.StringIO(text)))


@pytest.mark.django_db
def test_the_csv_has_one_row_per_entry_in_order(client):
    game, _host = worked_example()
    response = client.get(export_url(game, "csv"))
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    rows = csv_rows(response)
    assert rows[0] == [
        "n°",
        "manche",
        "joueur",
        "colonne",
        "case",
        "saisie",
        "points",
        "heure",
        "annulée",
        "par",
        "annulée par",
    ]
    body = rows[1:]
    assert len(body) == 26
    assert body[0][:7] == ["1", "1", "Sarah", "Libre", "As", "3 × 1", "3"]
    assert body[21][:7] == ["22", "11", "Hugo", "Libre", "Grande suite", "réussi", "40"]
    assert body[22][:7] == ["23", "12", "Sarah", "Libre", "Yams", "réussi", "50"]
    assert body[23][:7] == ["24", "12", "Hugo", "Libre", "Yams", "barré", "0"]
    assert sum(int(r[6]) for r in body if r[2] == "Sarah") == 250 - 35
    assert all(r[8] == "" for r in body)
    assert all(r[9:] == ["Hôte", ""] for r in body)


@pytest.mark.django_db
def test_the_csv_keeps_undone_entries_marked_with_their_time(client):
    game, _host = make_game(("Sarah", "Hugo"))
    play(game, ("Sarah", "free", "ones", {"kind": "count", "value": 3}))
    game.undo()
    rows = csv_rows(client.get(export_url(game, "csv")))
    assert len(rows) == 2
    assert rows[1][2] == "Sarah"
    assert rows[1][8]  # the time it was undone


@pytest.mark.django_db
def test_a_name_a_spreadsheet_would_run_as_a_formula_is_defused(client):
    game, _host = make_game(("=HYPERLINK(1)", "+Hugo"))
    play(game, ("=HYPERLINK(1)", "free", "ones", {"kind": "count", "value": 1}))
    play(game, ("+Hugo", "free", "ones", {"kind": "count", "value": 1}))
    rows = csv_rows(client.get(export_url(game, "csv")))
    assert rows[1][2] == "'=HYPERLINK(1)"
    assert rows[2][2] == "'+Hugo"


@pytest.mark.django_db
def test_exports_are_downloads_named_after_the_day_and_the_players(client):
    with time_machine.travel("2025-03-14 20:30 +01:00", tick=False):
        game, _host = make_game(("Zoé", "Hugo"))
    for fmt in ("csv", "json"):
        response = client.get(export_url(game, fmt))
        disposition = response["Content-Disposition"]
        assert disposition.startswith("attachment;")
        assert f'filename="yams-2025-03-14-zoe-hugo.{fmt}"' in disposition


@pytest.mark.django_db
def test_the_json_holds_players_preset_options_entries_totals_and_winner(client):
    game, _host = worked_example()
    response = client.get(export_url(game, "json"))
    assert response["Content-Type"] == "application/json; charset=utf-8"
    data = json.loads(response.content)
    assert data["format"] == "scorekeeper-game"
    assert data["version"] == 3
    assert data["preset"] == "classic"
    assert data["options"] == game.variant.options
    assert data["finished"] is True
    assert data["players"] == [
        {"seat": 0, "name": "Sarah"},
        {"seat": 1, "name": "Hugo"},
    ]
    assert len(data["writes"]) == 26
    first = data["writes"][0]
    assert first["player"] == "Sarah"
    assert first["box"] == "ones"
    assert first["entry"] == {"kind": "count", "value": 3}
    assert first["text"] == "3 × 1"
    assert first["points"] == 3
    assert first["undone"] is False
    assert (first["by"], first["by_label"]) == ("host", "")
    assert (first["undone_by"], first["undone_by_label"]) == (None, "")
    assert data["renames"] == []
    sarah, hugo = data["totals"]
    assert (sarah["player"], sarah["total"], sarah["rank"]) == ("Sarah", 250, 1)
    assert sarah["columns"]["free"] == {
        "upper": 63,
        "bonus": 35,
        "lower": 152,
        "yams_bonus": 0,
        "total": 250,
    }
    assert (hugo["player"], hugo["total"], hugo["rank"]) == ("Hugo", 218, 2)
    assert data["winners"] == ["Sarah"]
    assert "watch_token" not in response.content.decode()
    assert game.watch_token not in response.content.decode()


@pytest.mark.django_db
def test_a_tie_names_every_winner(client):
    game, _host = make_game(("Léa", "Tom"))
    for box in ("ones", "twos", "threes", "fours", "fives", "sixes"):
        play(game, ("Léa", "free", box, {"kind": "count", "value": 1}))
        play(game, ("Tom", "free", box, {"kind": "count", "value": 1}))
    for box in game.variant.box_keys[6:]:
        play(game, ("Léa", "free", box, {"kind": "cross"}))
        play(game, ("Tom", "free", box, {"kind": "cross"}))
    data = json.loads(client.get(export_url(game, "json")).content)
    assert data["winners"] == ["Léa", "Tom"]


@pytest.mark.django_db
def test_a_game_in_progress_exports_too_without_a_winner(client):
    game, _host = worked_example(turns=3)
    data = json.loads(client.get(export_url(game, "json")).content)
    assert data["finished"] is False
    assert data["winners"] == []
    assert len(data["writes"]) == 3


@pytest.mark.django_db
def test_an_unknown_format_or_link_is_not_found(client):
    game, _host = make_game()
    assert client.get(export_url(game, "xml")).status_code == 404
    url = reverse("keepsakes:export", kwargs={"watch_token": "z" * 32, "fmt": "csv"})
    assert client.get(url).status_code == 404


@pytest.mark.django_db
# The JSON reads the names corrected too.
@pytest.mark.parametrize(("fmt", "queries"), [("csv", 4), ("json", 5)])
def test_exports_cost_the_same_queries_after_one_round_or_thirteen(
    client, django_assert_max_num_queries, fmt, queries
):
    short, _host = worked_example(turns=2)
    full, _host = worked_example()
    for game in (short, full):
        with django_assert_max_num_queries(queries):
            assert client.get(export_url(game, fmt)).status_code == 200


@pytest.mark.django_db
def test_a_seating_drawn_at_random_is_exported_and_imported_back():
    game, _token = worked_example()
    Game.objects.filter(pk=game.pk).update(seating_drawn=True)
    game.refresh_from_db()
    text = game_json_text(game)
    assert json.loads(text)["seating"] == "drawn"
    imported, _token = import_game(text.encode(), game.band)
    assert imported.seating_drawn
    chosen, _token = worked_example()
    assert json.loads(game_json_text(chosen))["seating"] == "chosen"
    assert not import_game(game_json_text(chosen).encode(), chosen.band)[
        0
    ].seating_drawn
