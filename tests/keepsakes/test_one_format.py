"""Every kind leaves the same files behind: one JSON format (version 3) that
imports back to the very same file, an unknown kind refused by its name, and a
log that says who wrote each write, the host or the pencil by its name; a kind
of rounds without words of its own still says its rounds."""

import json

import pytest
from django.urls import reverse

from bands.models import BandGame
from games.kinds.base import RoundKind
from games.kinds.tally.rules import TallyRules
from games.models import Entry, Game, NameChange, Player, Round
from keepsakes.export import game_json
from keepsakes.imports import ImportRefused, import_game
from tests.factories import pks
from tests.helpers import page_text
from tests.keepsakes.round_games import skyjo_game, tally_game, tarot_game
from tests.keepsakes.test_who_wrote import finished_with_the_pencil_and_a_rename
from tests.kinds.tables import seated

pytestmark = pytest.mark.django_db


def with_the_pencil(game, host_token, entry):
    """`entry`, the last round, written through Léa's pencil."""
    game.pass_pencil(host_token, "Léa")
    game.record_round(entry, by="pencil")
    game.take_back_pencil()


def tarot():
    game, host_token = tarot_game(end=False)
    game.rename(game.players.get(name="Bruno").pk, "Bruno B")
    with_the_pencil(game, host_token, {"passed": True})
    game.end()
    return game


def skyjo():
    game, host_token = skyjo_game(limit=100)
    game.rename(game.players.get(name="Tom").pk, "Thomas")
    p = pks(game)
    last = {"cards": {p["Léa"]: 1, p["Thomas"]: 80, p["Zoé"]: 2}, "finisher": p["Léa"]}
    with_the_pencil(game, host_token, last)
    return game


def tally():
    game, host_token = tally_game(end=False)
    game.rename(game.players.get(name="Hugo").pk, "Hugues")
    p = pks(game)
    with_the_pencil(game, host_token, {"points": {p["Sarah"]: 2, p["Hugues"]: 1}})
    game.end()
    return game


def yams():
    return finished_with_the_pencil_and_a_rename()[0]


GAMES = {"yams": yams, "tarot": tarot, "skyjo": skyjo, "tally": tally}


def encode(data):
    return json.dumps(data, ensure_ascii=False).encode()


def without_export_time(data):
    return {key: value for key, value in data.items() if key != "exported_at"}


def counts():
    return [
        model.objects.count()
        for model in (Game, Player, Entry, Round, NameChange, BandGame)
    ]


@pytest.mark.parametrize("kind", list(GAMES))
def test_every_kind_is_exported_in_version_3_with_its_kind_and_writes(kind):
    game = GAMES[kind]()
    data = json.loads(json.dumps(game_json(game)))
    assert (data["version"], data["kind"]) == (3, kind)
    assert data["finished"] is True
    last = data["writes"][-1]
    assert (last["by"], last["by_label"]) == ("pencil", "Léa")
    assert {item["by"] for item in data["writes"][:-2]} == {"host"}
    assert len(data["renames"]) == 1


@pytest.mark.parametrize("kind", list(GAMES))
def test_a_version_3_file_of_every_kind_imports_back_to_the_same_file(kind):
    game = GAMES[kind]()
    first = json.loads(json.dumps(game_json(game)))
    imported, _token = import_game(encode(first), game.band)
    again = json.loads(json.dumps(game_json(imported)))
    assert imported.pk != game.pk
    assert without_export_time(again) == without_export_time(first)


def test_a_file_of_an_unknown_kind_is_refused_by_its_name_and_creates_nothing():
    game, _host = tally_game()
    data = json.loads(json.dumps(game_json(game)))
    data["kind"] = "croquet"
    before = counts()
    with pytest.raises(ImportRefused) as refused:
        import_game(encode(data), game.band)
    assert "jeu inconnu (croquet)" in refused.value.message
    assert counts() == before


def test_a_yams_file_named_another_kind_is_never_read_as_yams():
    game = yams()
    data = json.loads(json.dumps(game_json(game)))
    data["kind"] = "croquet"
    before = counts()
    with pytest.raises(ImportRefused) as refused:
        import_game(encode(data), game.band)
    assert "jeu inconnu (croquet)" in refused.value.message
    assert counts() == before


def test_a_yams_file_of_version_1_still_imports():
    game = yams()
    data = json.loads(json.dumps(game_json(game)))
    older = {
        key: value
        for key, value in data.items()
        if key not in ("kind", "kind_label", "ended_by_host", "writes", "reseats")
    }
    older |= {"version": 1, "entries": data["writes"]}
    imported, _token = import_game(encode(older), game.band)
    assert without_export_time(game_json(imported)) == without_export_time(
        game_json(game)
    )


def log_text(client, game):
    url = reverse("keepsakes:log", kwargs={"watch_token": game.watch_token})
    return page_text(client.get(url).content.decode())


@pytest.mark.parametrize("kind", list(GAMES))
def test_the_log_of_every_kind_says_who_wrote_each_write(client, kind):
    game = GAMES[kind]()
    text = log_text(client, game)
    writes = len(game_json(game)["writes"])
    # Every write and the rename say who made them.
    assert text.count("Hôte") + text.count("Crayon (Léa)") == writes + 1
    assert "Crayon (Léa)" in text


def test_a_kind_of_rounds_without_words_of_its_own_says_each_players_points():
    class Plain(RoundKind):
        key = "plain"
        label = "Plain"
        description = ""
        rules_class = TallyRules

    state = TallyRules.build({}).start(seated("Léa", "Tom", "Zoé"))
    state = state.play({"points": {"1": 5, "2": -3}})
    kind = Plain()
    assert kind.round_text(state, state.rounds[-1]) == "Points : Léa +5, Tom −3"
    assert kind.points_text(-3) == "−3"
    assert kind.round_details(state, state.rounds[-1]) == ""
