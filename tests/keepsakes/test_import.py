"""A finished game's JSON export comes back as a new game of the same band;
anything malformed or tampered with is refused and creates nothing."""

import copy
import html
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from bands.models import BandGame
from games.models import Entry, Game, Player
from keepsakes.export import game_json
from keepsakes.imports import MAX_IMPORT_BYTES, ImportRefused, import_game
from tests.factories import make_game, play, worked_example
from tests.keepsakes.helpers import autoplay


def exported(game):
    return json.loads(json.dumps(game_json(game)))


def encode(data):
    return json.dumps(data, ensure_ascii=False).encode()


def counts():
    return (
        Game.objects.count(),
        Player.objects.count(),
        Entry.objects.count(),
        BandGame.objects.count(),
    )


def sheets_of(game):
    return [
        (
            s.player.name,
            s.scorecard.totals(),
            [(e.column, e.box, e.data) for e in s.entries],
        )
        for s in game.state().seats
    ]


@pytest.mark.django_db
def test_export_then_import_gives_a_new_game_with_identical_totals():
    game, _host = worked_example()
    new_game, host_token = import_game(encode(exported(game)), game.band)
    assert new_game.pk != game.pk
    assert new_game.band_id == game.band_id
    assert Game.objects.by_token("host", host_token) == new_game
    assert new_game.watch_token != game.watch_token
    assert sheets_of(new_game) == sheets_of(game)
    state = new_game.state()
    assert state.finished
    assert [s.total for s in state.seats] == [250, 218]
    assert [p.name for p in state.winners()] == ["Sarah"]
    assert exported(new_game)["totals"] == exported(game)["totals"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("preset", "options", "names"),
    [
        ("yahtzee", {"columns": ["down", "free", "up"]}, ("Zoé", "Émile")),
        ("multi_yams", {}, ("Ana", "Bob", "Chloé")),
        ("six_dice_75", {"saved_rolls": True}, ("Léa", "Tom")),
        ("all_dice", {"strict_straights": True, "typed_points": True}, ("Jo",)),
    ],
)
def test_every_variant_round_trips(preset, options, names):
    game, _host = make_game(names, preset, options)
    autoplay(game, seed=7)
    new_game, _token = import_game(encode(exported(game)), game.band)
    assert sheets_of(new_game) == sheets_of(game)
    assert exported(new_game)["totals"] == exported(game)["totals"]


@pytest.mark.django_db
def test_the_imported_game_keeps_when_it_was_played():
    game, _host = worked_example()
    new_game, _token = import_game(encode(exported(game)), game.band)
    new_game.refresh_from_db()
    assert new_game.created_at == game.created_at
    assert new_game.finished_at == game.finished_at
    old_times = list(game.entries.order_by("seq").values_list("created_at", flat=True))
    new_times = list(
        new_game.entries.order_by("seq").values_list("created_at", flat=True)
    )
    assert new_times == old_times
    result = BandGame.objects.get(band=game.band, game_id=new_game.pk)
    assert result.played_at == game.finished_at


@pytest.mark.django_db
def test_undone_entries_of_the_export_are_skipped():
    game, _host = worked_example(turns=25)
    play(game, ("Hugo", "free", "chance", {"kind": "total", "value": 5}))
    game.undo()
    play(game, ("Hugo", "free", "chance", {"kind": "total", "value": 23}))
    data = exported(game)
    assert [e["undone"] for e in data["writes"]].count(True) == 1
    new_game, _token = import_game(encode(data), game.band)
    assert new_game.entries.count() == 26
    assert [s.total for s in new_game.state().seats] == [250, 218]


def tamper(data, change):
    data = copy.deepcopy(data)
    change(data)
    return encode(data)


def set_in(path, value):
    def change(data):
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


def drop(key):
    return lambda data: data.pop(key)


def swap_entries(i, j):
    """Two entries change places; their numbers stay in order."""

    def change(data):
        entries = data["writes"]
        entries[i], entries[j] = entries[j], entries[i]
        entries[i]["seq"], entries[j]["seq"] = entries[j]["seq"], entries[i]["seq"]

    return change


TAMPERED = {
    "not JSON": (lambda data: None, b"{ this is not json", "JSON valide"),
    "not UTF-8": (lambda data: None, b"\xff\xfe\x00garbage", "export JSON"),
    "a JSON list": (lambda data: None, b"[1, 2, 3]", "export JSON"),
    "NaN": (lambda data: None, b'{"format": NaN}', "JSON valide"),
    "too deep": (lambda data: None, b"[" * 100_000 + b"]" * 100_000, "JSON valide"),
    "too big": (lambda data: None, b" " * (MAX_IMPORT_BYTES + 1), "trop gros"),
    "another format": (set_in(["format"], "yatzy-pro"), None, "export JSON"),
    "another version": (set_in(["version"], 2), None, "version"),
    "missing totals": (drop("totals"), None, "totals"),
    "unknown field": (set_in(["bonus_points"], 1000), None, "bonus_points"),
    "unknown preset": (set_in(["preset"], "poker"), None, "Variante inconnue"),
    "bad columns": (set_in(["options", "columns"], ["sideways"]), None, "Colonnes"),
    "options not as exported": (set_in(["options"], {}), None, "options"),
    "no players": (set_in(["players"], []), None, "aucun joueur"),
    "invisible name": (
        set_in(["players", 0, "name"], "Sa\u200brah"),
        None,
        "invisible",
    ),
    "same name twice": (set_in(["players", 1, "name"], "sarah"), None, "« sarah »"),
    "seat out of order": (set_in(["players", 1, "seat"], 5), None, "joueurs"),
    "unknown box": (set_in(["writes", 0, "box"], "poker"), None, "n° 1"),
    "entry of another player": (set_in(["writes", 0, "player"], "Hugo"), None, "n° 1"),
    "seat out of range": (set_in(["writes", 0, "seat"], 7), None, "n° 1"),
    "entry out of turn": (swap_entries(0, 1), None, "n° 1 refusée : C'est au tour"),
    "seq not increasing": (set_in(["writes", 5, "seq"], 1), None, "n° 6"),
    "points changed": (set_in(["writes", 2, "points"], 30), None, "ne vaut pas 30"),
    "entry changed": (
        set_in(["writes", 2, "entry"], {"kind": "count", "value": 9}),
        None,
        "n° 3",
    ),
    "entry kind unknown": (
        set_in(["writes", 2, "entry"], {"kind": "dice", "value": [6, 6]}),
        None,
        "n° 3",
    ),
    "entry with a stray field": (
        set_in(["writes", 2, "entry", "bonus"], 100),
        None,
        "n° 3",
    ),
    "total changed": (set_in(["totals", 0, "total"], 251), None, "totaux"),
    "column total changed": (
        set_in(["totals", 1, "columns", "free", "bonus"], 35),
        None,
        "totaux",
    ),
    "winner changed": (set_in(["winners"], ["Hugo"]), None, "gagnant"),
    "not finished": (set_in(["finished"], False), None, "terminée"),
    "last box removed": (
        lambda data: data["writes"].pop(),
        None,
        "il manque des cases",
    ),
    "date in the future": (
        set_in(["writes", 0, "created_at"], "2999-01-01T00:00:00+00:00"),
        None,
        "date",
    ),
    "date without zone": (set_in(["created_at"], "2025-01-01T20:00:00"), None, "date"),
    "points as a string": (set_in(["writes", 0, "points"], "3"), None, "n° 1"),
    "undone as a string": (set_in(["writes", 0, "undone"], "no"), None, "n° 1"),
}


@pytest.mark.django_db
@pytest.mark.parametrize("case", list(TAMPERED))
def test_a_malformed_or_tampered_file_is_refused_and_creates_nothing(case):
    game, _host = worked_example()
    change, raw, words = TAMPERED[case]
    raw = raw if raw is not None else tamper(exported(game), change)
    before = counts()
    with pytest.raises(ImportRefused) as refused:
        import_game(raw, game.band)
    assert words in refused.value.message
    assert counts() == before


@pytest.mark.django_db
def test_a_file_with_nothing_changed_would_have_been_accepted():
    """The tampering cases above start from a file that imports fine."""
    game, _host = worked_example()
    import_game(tamper(exported(game), lambda data: None), game.band)


def import_url(host_token):
    return reverse("keepsakes:import_game", kwargs={"host_token": host_token})


def upload(content, name="partie.json"):
    return SimpleUploadedFile(name, content, content_type="application/json")


@pytest.mark.django_db
def test_the_import_page_is_a_file_form_for_the_host(client):
    game, host_token = worked_example()
    response = client.get(import_url(host_token))
    assert response.status_code == 200
    html = response.content.decode()
    assert 'enctype="multipart/form-data"' in html
    assert 'type="file"' in html and 'name="file"' in html
    assert "csrfmiddlewaretoken" in html
    assert game.band.name in html


@pytest.mark.django_db
def test_the_watch_link_cannot_import(client):
    game, _host = worked_example()
    response = client.post(
        import_url(game.watch_token), {"file": upload(encode(exported(game)))}
    )
    assert response.status_code == 404


@pytest.mark.django_db
def test_a_refused_upload_says_why_and_creates_nothing(client):
    game, host_token = worked_example()
    data = exported(game)
    data["totals"][0]["total"] = 999
    before = counts()
    response = client.post(import_url(host_token), {"file": upload(encode(data))})
    assert response.status_code == 400
    assert "ses totaux ne sont pas ceux des cases" in response.content.decode()
    assert counts() == before


@pytest.mark.django_db
def test_a_post_without_a_file_asks_for_one(client):
    _game, host_token = worked_example()
    response = client.post(import_url(host_token), {})
    assert response.status_code == 400
    assert "Choisissez le fichier JSON" in response.content.decode()


@pytest.mark.django_db
def test_an_accepted_upload_opens_the_new_games_host_page(client):
    game, host_token = worked_example()
    response = client.post(
        import_url(host_token), {"file": upload(encode(exported(game)))}
    )
    assert response.status_code == 302
    new_game = Game.objects.exclude(pk=game.pk).get()
    new_token = response["Location"].rstrip("/").split("/")[-1]
    assert response["Location"] == reverse(
        "games:host", kwargs={"host_token": new_token}
    )
    assert Game.objects.by_token("host", new_token) == new_game
    assert new_game.band_id == game.band_id


@pytest.mark.django_db
def test_importing_a_game_the_band_remembers_does_not_count_it_twice():
    game, _host = worked_example()
    data = encode(exported(game))
    # Purged after 30 days: the band's history keeps the result.
    Game.objects.filter(pk=game.pk).delete()
    assert BandGame.objects.filter(band=game.band).count() == 1
    import_game(data, game.band)
    second, _token = import_game(data, game.band)
    results = BandGame.objects.filter(band=game.band)
    assert [r.game_id for r in results] == [second.pk]
    wins = game.band.results.filter(scores__won=True).values_list(
        "scores__name", flat=True
    )
    assert list(wins) == ["Sarah"]


@pytest.mark.django_db
def test_a_rematch_with_the_same_scores_stays_in_the_history():
    game, _host = worked_example()
    rematch, _host = worked_example(band=game.band)
    new_game, _token = import_game(encode(exported(game)), game.band)
    kept = set(
        BandGame.objects.filter(band=game.band).values_list("game_id", flat=True)
    )
    assert kept == {rematch.pk, new_game.pk}


@pytest.mark.django_db
def test_imports_are_limited_per_client_and_the_next_one_says_so(client, settings):
    settings.IMPORT_LIMIT = 2
    game, host_token = worked_example()
    raw = encode(exported(game))
    for _ in range(2):
        response = client.post(import_url(host_token), {"file": upload(raw)})
        assert response.status_code == 302
    before = counts()
    refused = client.post(import_url(host_token), {"file": upload(raw)})
    assert refused.status_code == 429
    assert "Trop d'imports depuis cette connexion" in html.unescape(
        refused.content.decode()
    )
    assert int(refused["Retry-After"]) > 0
    assert counts() == before
    # Another connection is not held back by this one.
    other = client.post(
        import_url(host_token), {"file": upload(raw)}, REMOTE_ADDR="203.0.113.9"
    )
    assert other.status_code == 302
