"""The seatings a host changed before the first deal, in the files: the JSON
lists them in order, its import keeps them for the log, and a file whose
seatings were tampered with, or that gives some to a game whose seats are not
changed on its page, is refused and creates nothing."""

import json

import pytest
from django.urls import reverse
from django.utils import translation

from games.models import Game, SeatChange
from keepsakes.export import game_json
from keepsakes.imports import ImportRefused, import_game
from tests.factories import pks
from tests.keepsakes.helpers import assert_import_refused
from tests.keepsakes.test_round_game_log import round_blocks
from tests.keepsakes.test_who_wrote import encode, finished_with_the_pencil_and_a_rename

pytestmark = pytest.mark.django_db

TABLE = ["Léa", "Tom", "Max", "Zoé"]


def reseated_belote():
    """Seated as TABLE, then Max moved beside Léa, then Max renamed Maxime; two
    deals and the host's end: (game, host_token)."""
    game, host = Game.objects.create_game(TABLE, kind="belote")
    ids = pks(game)
    game.reseat([ids[name] for name in ["Léa", "Max", "Tom", "Zoé"]])
    game.reseat([ids[name] for name in ["Léa", "Tom", "Max", "Zoé"]])
    game.rename(ids["Max"], "Maxime")
    game.record_round({"team": 1, "points": 97})
    game.record_round({"team": 2, "points": 120})
    game.end()
    game.refresh_from_db()
    return game, host


def exported(game):
    return json.loads(json.dumps(game_json(game)))


def log_page(client, game):
    url = reverse("keepsakes:log", kwargs={"watch_token": game.watch_token})
    return client.get(url)


def test_the_json_lists_each_seating_changed_in_order():
    game, _host = reseated_belote()
    data = exported(game)
    assert [reseat["names"] for reseat in data["reseats"]] == [
        ["Léa", "Max", "Tom", "Zoé"],
        ["Léa", "Tom", "Max", "Zoé"],
    ]
    assert all(reseat["created_at"] for reseat in data["reseats"])
    assert [p["name"] for p in data["players"]] == ["Léa", "Tom", "Maxime", "Zoé"]


def test_a_game_never_reseated_lists_none():
    game, _host = finished_with_the_pencil_and_a_rename()
    assert exported(game)["reseats"] == []


def test_an_import_keeps_the_seatings_changed_for_its_log(client):
    game, _host = reseated_belote()
    imported, _token = import_game(encode(exported(game)), game.band)
    assert [change.names for change in SeatChange.objects.filter(game=imported)] == [
        ["Léa", "Max", "Tom", "Zoé"],
        ["Léa", "Tom", "Max", "Zoé"],
    ]
    page = log_page(client, imported).content.decode()
    assert page.count("1. Léa, 2. Tom, 3. Max, 4. Zoé") == 1
    assert page.count("1. Léa, 2. Max, 3. Tom, 4. Zoé") == 1
    assert round_blocks(log_page(client, imported)) == round_blocks(
        log_page(client, game)
    )


def test_a_file_from_before_the_seatings_were_kept_imports_without_them():
    game, _host = reseated_belote()
    data = exported(game)
    del data["reseats"]
    imported, _token = import_game(encode(data), game.band)
    assert not SeatChange.objects.filter(game=imported).exists()


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.update(reseats={}), "liste des placements invalide"),
        (lambda d: d["reseats"][0].update(names=["Léa", "Tom"]), "placement n° 1"),
        (
            lambda d: d["reseats"][1].update(names=["Léa", "Léa", "Max", "Zoé"]),
            "placement n° 2",
        ),
        (
            lambda d: d["reseats"][1].update(names=["Léa", "Tom", "Bob", "Zoé"]),
            "placement n° 2",
        ),
        (lambda d: d["reseats"][0].update(team=1), "placement n° 1"),
        (lambda d: d["reseats"][0].pop("names"), "placement n° 1"),
        (lambda d: d["reseats"][0].update(created_at="hier"), "placement n° 1"),
    ],
)
def test_tampered_seatings_are_refused_and_create_nothing(change, words):
    game, _host = reseated_belote()
    data = exported(game)
    change(data)
    assert_import_refused(data, game.band, words, SeatChange)


def test_seatings_in_the_file_of_a_game_not_seated_on_its_page_are_refused():
    game, _host = finished_with_the_pencil_and_a_rename()
    data = exported(game)
    data["reseats"] = [{"names": ["Hugues", "Sarah"], "created_at": data["created_at"]}]
    assert_import_refused(data, game.band, "liste des placements invalide")


def test_a_tampered_seating_is_refused_in_english_too():
    game, _host = reseated_belote()
    data = exported(game)
    data["reseats"][1]["names"] = ["Léa", "Tom"]
    with translation.override("en"), pytest.raises(ImportRefused) as refused:
        import_game(encode(data), game.band)
    assert "seating no. 2 is invalid" in refused.value.message
