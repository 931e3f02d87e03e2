"""A game of rounds in files: its CSV, its JSON (format version 3, with its kind,
options and rounds), and that JSON imported again, every round checked once
more (a file of version 2 too); a forged file is refused, saying why, and
creates nothing."""

import copy
import csv
import io
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from bands.models import BandGame
from games.models import Game, Player, Round
from keepsakes.imports import ImportRefused, import_game
from tests.keepsakes.round_games import skyjo_game, tally_game, tarot_game

MAKERS = {"tarot": tarot_game, "skyjo": skyjo_game, "tally": tally_game}


def export_url(game, fmt):
    return reverse(
        "keepsakes:export", kwargs={"watch_token": game.watch_token, "fmt": fmt}
    )


def exported(client, game):
    response = client.get(export_url(game, "json"))
    assert response.status_code == 200
    return json.loads(response.content)


def encode(data):
    return json.dumps(data, ensure_ascii=False).encode()


def counts():
    return (
        Game.objects.count(),
        Player.objects.count(),
        Round.objects.count(),
        BandGame.objects.count(),
    )


def totals_by_name(game):
    state = game.state()
    return {player.name: state.totals[player.pk] for player in state.players}


@pytest.mark.django_db
def test_a_tarot_csv_has_a_line_per_deal_with_each_share_and_total(client):
    game, _host = tarot_game()
    response = client.get(export_url(game, "csv"))
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert "attachment" in response["Content-Disposition"]
    assert "tarot-" in response["Content-Disposition"]
    lines = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    header, *rows = lines
    assert header[:4] == ["n°", "donne", "saisie", "détail"]
    assert header[8:10] == ["Ana (points)", "Ana (total)"]
    assert [row[2] for row in rows] == [
        "Garde · Ana · faite",
        "Donne passée",
        "Prise · Bruno · chutée",
        "Garde sans le chien · Chloé · faite",
    ]
    assert rows[0][6] == "Hôte"
    assert rows[-1][8:] == ["-100", "254", "-100", "-314", "300", "230", "-100", "-170"]


@pytest.mark.django_db
def test_a_skyjo_csv_marks_a_round_taken_back(client):
    game, _host = skyjo_game(limit=100)
    game.undo()
    response = client.get(export_url(game, "csv"))
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))[1:]
    assert [row[1] for row in rows] == ["1", "2", "3"]
    assert rows[2][5] != "" and rows[2][7] == "Hôte"
    assert rows[2][9] == ""  # no total after a round taken back


@pytest.mark.django_db
@pytest.mark.parametrize("kind", list(MAKERS))
def test_the_json_of_a_game_of_rounds_carries_its_kind_options_and_rounds(client, kind):
    game, _host = MAKERS[kind]()
    response = client.get(export_url(game, "json"))
    assert response["Content-Type"] == "application/json; charset=utf-8"
    data = json.loads(response.content)
    assert data["format"] == "scorekeeper-game"
    assert data["version"] == 3
    assert data["kind"] == kind
    assert data["options"] == game.options
    assert data["finished"] is True
    assert len(data["writes"]) == game.rounds.count()
    assert [t["total"] for t in data["totals"]] == list(totals_by_name(game).values())


@pytest.mark.django_db
def test_the_tarot_json_names_the_taker_by_seat_with_the_deal_in_words(client):
    game, _host = tarot_game(names=("Ana", "Bruno", "Chloé"))
    data = exported(client, game)
    first = data["writes"][0]
    assert first["entry"]["taker"] == 0
    assert first["text"] == "Garde · Ana · faite"
    assert first["points"] == [212, -106, -106]
    assert data["writes"][1]["entry"] == {"passed": True}
    assert data["ended_by_host"] is True
    assert data["winners"] == ["Ana"]


@pytest.mark.django_db
@pytest.mark.parametrize("kind", list(MAKERS))
def test_export_then_import_gives_a_new_game_with_the_same_totals(client, kind):
    game, _host = MAKERS[kind]()
    new_game, host_token = import_game(encode(exported(client, game)), game.band)
    assert new_game.pk != game.pk
    assert new_game.kind == kind
    assert new_game.options == game.options
    assert totals_by_name(new_game) == totals_by_name(game)
    assert new_game.state().finished
    assert new_game.ended_by_host == game.ended_by_host
    assert Game.objects.by_token("host", host_token) == new_game
    # Its log reads as the first one did.
    first = client.get(
        reverse("keepsakes:log", kwargs={"watch_token": game.watch_token})
    )
    again = client.get(
        reverse("keepsakes:log", kwargs={"watch_token": new_game.watch_token})
    )

    def rounds_of(response):
        html = response.content.decode()
        return html[html.index("<table") : html.index("</table>")]

    assert rounds_of(first) == rounds_of(again)


@pytest.mark.django_db
def test_a_round_taken_back_is_left_out_of_the_import(client):
    game, _host = tarot_game(end=False)
    game.undo()
    game.end()
    new_game, _token = import_game(encode(exported(client, game)), None)
    assert new_game.rounds.count() == 3
    assert totals_by_name(new_game) == totals_by_name(game)


@pytest.mark.django_db
def test_an_imported_game_of_rounds_starts_a_band_from_the_home_page(client):
    game, _host = skyjo_game()
    upload = SimpleUploadedFile(
        "skyjo.json", encode(exported(client, game)), content_type="application/json"
    )
    response = client.post(reverse("keepsakes:import_new"), {"file": upload})
    assert response.status_code == 302
    new_game = Game.objects.exclude(pk=game.pk).get()
    assert new_game.kind == "skyjo"
    assert new_game.band_id != game.band_id


def set_in(path, value):
    def change(data):
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


def as_version_2(data):
    """The file as version 2 wrote it: its rounds under `rounds`, each with its
    `number`, and no preset (nor the seatings changed, kept since)."""
    older = copy.deepcopy(data)
    older["version"] = 2
    older["rounds"] = older.pop("writes")
    for item in older["rounds"]:
        item["number"] = item.pop("round")
    del older["preset"], older["preset_label"], older["reseats"]
    return older


def drop_round(index):
    return lambda data: data["writes"].pop(index)


def _replace(data, new):
    data.clear()
    data.update(new)


FORGED = {
    "kind unknown": ("tarot", set_in(["kind"], "croquet"), "jeu inconnu"),
    "kind yams in version 2": (
        "tarot",
        lambda data: _replace(data, as_version_2(data) | {"kind": "yams"}),
        "version",
    ),
    "no kind in version 2": (
        "tarot",
        lambda data: _replace(data, as_version_2(data)) or data.pop("kind"),
        "version",
    ),
    "no kind": ("tarot", lambda data: data.pop("kind"), "kind"),
    "options not as exported": ("skyjo", set_in(["options"], {}), "options"),
    "bad option": ("skyjo", set_in(["options", "limit"], 0), "Fin de partie"),
    "a player less": (
        "tarot",
        lambda data: data["players"].pop(),
        "la manche n° 1 est invalide",
    ),
    "too few players": (
        "tarot",
        lambda data: data.update(players=data["players"][:2]),
        "se joue de 3 à 5 joueurs",
    ),
    "a deal's points changed": (
        "tarot",
        set_in(["writes", 0, "points"], [300, -100, -100, -100]),
        "manche n° 1 ne vaut pas",
    ),
    "a deal changed": (
        "tarot",
        set_in(["writes", 0, "entry", "points"], 30),
        "manche n° 1 ne vaut pas",
    ),
    "a deal the rules refuse": (
        "tarot",
        set_in(["writes", 0, "entry", "bouts"], 4),
        "Manche n° 1 refusée : Les bouts",
    ),
    "a taker out of the game": (
        "tarot",
        set_in(["writes", 0, "entry", "taker"], 9),
        "Manche n° 1 refusée",
    ),
    "a finisher out of the game": (
        "skyjo",
        set_in(["writes", 1, "entry", "finisher"], 7),
        "Manche n° 2 refusée",
    ),
    "a round after the end": (
        "skyjo",
        lambda data: data["writes"].append(
            copy.deepcopy(data["writes"][-1]) | {"seq": 99}
        ),
        "Manche n° 4 refusée : La partie est terminée",
    ),
    "the last round removed": ("skyjo", drop_round(-1), "il manque des manches"),
    "no round": ("tally", set_in(["writes"], []), "il manque des manches"),
    "ended by the host and by the rules": (
        "skyjo",
        set_in(["ended_by_host"], True),
        "déjà terminée",
    ),
    "total changed": ("tally", set_in(["totals", 0, "total"], 50), "totaux"),
    "winner changed": ("tally", set_in(["winners"], ["Sarah"]), "gagnant"),
    "not finished": ("tally", set_in(["finished"], False), "terminée"),
    "seq not increasing": ("tally", set_in(["writes", 1, "seq"], 1), "n° 2"),
    "points not a list": ("tally", set_in(["writes", 0, "points"], "5"), "n° 1"),
    "unknown field": ("tally", set_in(["bonus"], 1), "bonus"),
    "a stray field in a round": (
        "tally",
        set_in(["writes", 0, "entry", "bonus"], 1),
        "Manche n° 1 refusée",
    ),
    "a date in the future": (
        "tally",
        set_in(["writes", 0, "created_at"], "2999-01-01T00:00:00+00:00"),
        "date",
    ),
}


@pytest.mark.django_db
@pytest.mark.parametrize("case", list(FORGED))
def test_a_forged_file_of_a_game_of_rounds_is_refused_and_creates_nothing(client, case):
    kind, change, words = FORGED[case]
    game, _host = MAKERS[kind]()
    data = exported(client, game)
    change(data)
    before = counts()
    with pytest.raises(ImportRefused) as refused:
        import_game(encode(data), game.band)
    assert words in refused.value.message
    assert counts() == before


@pytest.mark.django_db
def test_a_forged_upload_says_why_on_the_page_and_creates_nothing(client):
    game, host_token = tarot_game()
    data = exported(client, game)
    data["totals"][0]["total"] = 999
    before = counts()
    response = client.post(
        reverse("keepsakes:import_game", kwargs={"host_token": host_token}),
        {"file": SimpleUploadedFile("t.json", encode(data))},
    )
    assert response.status_code == 400
    assert "ses totaux ne sont pas ceux des manches" in response.content.decode()
    assert counts() == before


@pytest.mark.django_db
def test_importing_a_game_of_rounds_the_band_remembers_does_not_count_it_twice(
    client,
):
    game, _host = tarot_game()
    data = encode(exported(client, game))
    Game.objects.filter(pk=game.pk).delete()
    assert BandGame.objects.filter(band=game.band).count() == 1
    import_game(data, game.band)
    second, _token = import_game(data, game.band)
    results = BandGame.objects.filter(band=game.band)
    assert [r.game_id for r in results] == [second.pk]


@pytest.mark.django_db
@pytest.mark.parametrize("kind", list(MAKERS))
def test_a_file_of_version_2_still_imports(client, kind):
    game, _host = MAKERS[kind]()
    older = as_version_2(exported(client, game))
    new_game, _token = import_game(encode(older), game.band)
    assert new_game.kind == kind
    assert totals_by_name(new_game) == totals_by_name(game)
    assert list(new_game.rounds.values_list("by", "by_label")) == list(
        game.rounds.filter(undone_at__isnull=True).values_list("by", "by_label")
    )
