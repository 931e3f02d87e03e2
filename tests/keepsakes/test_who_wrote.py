"""Who wrote what, in the log and the files: a name corrected has its line, and
the JSON import takes who wrote each entry back, or reads an older file, which
says nothing of it, as the host's."""

import copy
import json

import pytest
from django.urls import reverse

from games.models import NameChange
from keepsakes.export import game_json
from keepsakes.imports import import_game
from tests.factories import classic_moves, make_game, play
from tests.keepsakes.helpers import assert_import_refused
from tests.keepsakes.test_round_log import table_rows
from tests.pencil.helpers import host_links, record_post

pytestmark = pytest.mark.django_db

NEW_ENTRY_FIELDS = ("by", "by_label", "undone_by", "undone_by_label")


def log(client, game):
    url = reverse("keepsakes:log", kwargs={"watch_token": game.watch_token})
    return table_rows(client.get(url))


def play_by_seat(game, moves, by=None):
    """classic_moves() by seat (0 Sarah, 1 Hugo), whatever their names now."""
    seats = {p.seat: p for p in game.players.all()}
    for name, column, box, entry in moves:
        seat = 0 if name == "Sarah" else 1
        game.record(seats[seat].pk, column, box, entry, by=by)


def finished_with_the_pencil_and_a_rename():
    """The worked example, Hugo renamed Hugues after the first round, the last
    round through Léa's pencil: (game, host_token)."""
    game, host_token = make_game(("Sarah", "Hugo"))
    moves = classic_moves()
    play(game, *moves[:2])
    game.rename(game.players.get(name="Hugo").pk, "Hugues")
    play_by_seat(game, moves[2:-2])
    game.pass_pencil(host_token, "Léa")
    play_by_seat(game, moves[-2:], by="pencil")
    game.take_back_pencil()
    game.refresh_from_db()
    return game, host_token


def older_export(data):
    """`data` as an export made before writers and renames were kept."""
    data = copy.deepcopy(data)
    data.pop("renames")
    for entry in data["writes"]:
        for field in NEW_ENTRY_FIELDS:
            entry.pop(field)
    return data


def encode(data):
    return json.dumps(data, ensure_ascii=False).encode()


def test_a_rename_has_its_line_in_the_log_where_it_happened(client):
    game, host_token = make_game(("Sarah", "Hugo"))
    play(game, *classic_moves()[:2])
    hugo = game.players.get(name="Hugo")
    response = client.post(
        host_links(host_token)("rename", player_id=hugo.pk), {"name": "Hugues"}
    )
    assert response.status_code == 302
    record_post(client, host_links(host_token), game, "Sarah", "twos", {"value": "3"})
    rows = log(client, game)
    assert [row[:2] for row in rows] == [
        ["1", "Sarah"],
        ["1", "Hugues"],
        ["rename", "Prénom corrigé : Hugo → Hugues"],
        ["2", "Sarah"],
    ]
    assert rows[2][3] == "Hôte"
    # Under the first round's heading: the second starts with Sarah's twos.
    html = client.get(
        reverse("keepsakes:log", kwargs={"watch_token": game.watch_token})
    ).content.decode()
    assert html.count('class="log-round"') == 2


def test_a_name_given_again_as_it_was_has_no_line(client):
    game, _host = make_game(("Sarah", "Hugo"))
    game.rename(game.players.get(name="Hugo").pk, "Hugo")
    assert not NameChange.objects.exists()
    game.rename(game.players.get(name="Hugo").pk, "hugo")
    assert [str(c) for c in NameChange.objects.all()] == ["Hugo → hugo"]


def test_a_rename_before_any_entry_comes_first_without_a_round(client):
    game, _host = make_game(("Sarah", "Hugo"))
    game.rename(game.players.get(name="Sarah").pk, "Sara")
    play(game, ("Sara", "free", "ones", {"kind": "count", "value": 2}))
    rows = log(client, game)
    assert [row[:2] for row in rows] == [
        ["rename", "Prénom corrigé : Sarah → Sara"],
        ["1", "Sara"],
    ]


def test_the_log_names_the_rename_in_english(client):
    game, _host = make_game(("Sarah", "Hugo"))
    game.rename(game.players.get(name="Sarah").pk, "Sara")
    url = reverse("keepsakes:log", kwargs={"watch_token": game.watch_token})
    rows = table_rows(client.get(url, HTTP_ACCEPT_LANGUAGE="en"))
    assert rows == [["rename", "Name corrected: Sarah → Sara", rows[0][2], "Host"]]


def test_the_json_lists_the_renames():
    game, _host = finished_with_the_pencil_and_a_rename()
    data = json.loads(json.dumps(game_json(game)))
    [rename] = data["renames"]
    assert {k: v for k, v in rename.items() if k != "created_at"} == {
        "seat": 1,
        "old_name": "Hugo",
        "new_name": "Hugues",
        "by": "host",
        "by_label": "",
    }
    assert rename["created_at"]
    last = data["writes"][-1]
    assert (last["player"], last["by"], last["by_label"]) == ("Hugues", "pencil", "Léa")


def test_an_import_keeps_who_wrote_each_entry_and_the_renames(client):
    game, _host = finished_with_the_pencil_and_a_rename()
    imported, _token = import_game(encode(game_json(game)), game.band)
    rows = log(client, imported)
    assert rows == log(client, game)
    assert [row[-1] for row in rows if row[0] != "rename"][-3:] == [
        "Hôte",
        "Crayon (Léa)",
        "Crayon (Léa)",
    ]
    assert rows[2][:2] == ["rename", "Prénom corrigé : Hugo → Hugues"]


def test_an_older_export_without_the_new_fields_imports_as_the_hosts(client):
    game, _host = finished_with_the_pencil_and_a_rename()
    imported, _token = import_game(encode(older_export(game_json(game))), game.band)
    rows = log(client, imported)
    assert len(rows) == 26
    assert {row[-1] for row in rows} == {"Hôte"}
    assert [s.total for s in imported.state().seats] == [250, 218]
    assert [p.name for p in imported.players.all()] == ["Sarah", "Hugues"]
    assert not NameChange.objects.filter(game=imported).exists()


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d["writes"][0].update(by="guest"), "n° 1"),
        (lambda d: d["writes"][0].update(by_label="Léa"), "n° 1"),
        (lambda d: d["writes"][-1].update(by_label="Lé\u200ba"), "n° 26"),
        (lambda d: d["writes"][0].update(undone_by="host"), "n° 1"),
        (lambda d: d["renames"][0].update(new_name="Hugo"), "prénoms"),
        (lambda d: d["renames"][0].update(seat=7), "prénom corrigé n° 1"),
        (lambda d: d["renames"][0].update(by="guest"), "prénom corrigé n° 1"),
        (lambda d: d["renames"][0].update(bonus=1), "prénom corrigé n° 1"),
        (lambda d: d["renames"].append(dict(d["renames"][0])), "prénom corrigé n° 2"),
        (lambda d: d.update(renames={}), "prénoms"),
    ],
)
def test_tampered_writers_or_renames_are_refused_and_create_nothing(change, words):
    game, _host = finished_with_the_pencil_and_a_rename()
    data = json.loads(json.dumps(game_json(game)))
    change(data)
    assert_import_refused(data, game.band, words, NameChange)
