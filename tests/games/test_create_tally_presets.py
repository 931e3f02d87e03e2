"""The free counter's presets on the create page: offered by name after the
plain counter, each filling the counter's options and naming the game played
(its page, its result, its invitation, its band), with or without the page
script; a Papayoo round that does not add up to 250 refused in the dialog."""

import json
import re

import pytest
from django.urls import reverse

from games.invite import invite_words
from games.kinds.tally.presets import PRESET_LIST
from games.models import Game
from keepsakes.export import game_json
from keepsakes.imports import import_game
from tests.factories import pks
from tests.helpers import EVERY_SECTION, host_url, text

pytestmark = pytest.mark.django_db

HOME = "/"
FOUR = ["Ana", "Bruno", "Chloé", "Dan"]
PLAIN = {"winner": "highest", "target": None, "rounds": None}


def post(client, names, url=HOME, **fields):
    data = {**EVERY_SECTION, "kind": "tally", "names": names}
    data.update({name.replace("__", "-"): value for name, value in fields.items()})
    return client.post(url, data)


def created_game(response):
    assert response.status_code == 302, text(response)[:800]
    token = response["Location"].split("/")[2]
    return Game.objects.by_token("host", token), token


def checked(html, name):
    pattern = rf'type="radio" name="{name}" value="([^"]*)"[^>]*checked'
    return re.findall(pattern, html)


def test_the_create_page_offers_the_presets_by_name_after_the_plain_counter(client):
    html = client.get(HOME).content.decode()
    page = text(client.get(HOME))
    names = [
        "Compteur libre",
        "Uno",
        "Papayoo",
        "6 qui prend",
        "Rami",
        "Five Crowns",
        "Flip 7",
        "Phase 10",
        "Farkle / 10 000",
    ]
    card = page[page.index("Vous choisissez le gagnant et la fin.") - 40 :]
    assert [card.index(name) for name in names] == sorted(
        card.index(name) for name in names
    )
    assert checked(html, "tally-preset") == [""]
    assert "Chacun marque ses cartes ; le plus bas total gagne" in page


@pytest.mark.parametrize(
    ("preset", "options"),
    [
        ("uno", {**PLAIN, "target": 500, "check": "one_scorer"}),
        ("papayoo", {**PLAIN, "winner": "lowest", "round_sum": 250}),
        ("six_nimmt", {**PLAIN, "winner": "lowest", "target": 66}),
        ("rami", {**PLAIN, "winner": "lowest"}),
        (
            "five_crowns",
            {**PLAIN, "winner": "lowest", "rounds": 11, "check": "one_zero"},
        ),
        ("flip_7", {**PLAIN, "target": 200}),
        ("phase_10", {**PLAIN, "winner": "lowest"}),
        ("farkle", {**PLAIN, "target": 10_000}),
    ],
)
def test_each_preset_picked_without_the_script_fills_the_options_and_names_the_game(
    client, preset, options
):
    # The option fields as the page drew them, for the plain counter.
    response = post(client, ["Ana", "Bruno", "Chloé"], tally__preset=preset)

    game, token = created_game(response)
    assert (game.kind, game.preset) == ("tally", preset)
    assert game.options == options
    label = next(p.label for p in PRESET_LIST if p.key == preset)
    page = text(client.get(host_url(token)))
    assert label in page


def test_every_preset_is_offered():
    assert len(PRESET_LIST) == 8


def test_the_options_the_script_filled_are_taken_as_posted(client):
    # The script filled Papayoo's options, the host then set 5 rounds.
    response = post(
        client,
        FOUR,
        tally__preset="papayoo",
        tally__filled="papayoo",
        tally__winner="lowest",
        tally__rounds="5",
        tally__round_sum="250",
    )
    game, _token = created_game(response)
    assert game.preset == "papayoo"
    assert game.options == {
        "winner": "lowest",
        "target": None,
        "rounds": 5,
        "round_sum": 250,
    }


def test_an_option_the_host_changed_without_the_script_keeps_the_hosts_value(client):
    # Drawn for the plain counter: the host picked Papayoo and typed 6 rounds.
    response = post(client, FOUR, tally__preset="papayoo", tally__rounds="6")
    game, _token = created_game(response)
    assert game.options == {
        "winner": "lowest",
        "target": None,
        "rounds": 6,
        "round_sum": 250,
    }


def test_the_host_may_take_the_check_off_a_preset(client):
    response = post(
        client,
        FOUR,
        tally__preset="papayoo",
        tally__filled="papayoo",
        tally__winner="lowest",
        tally__round_sum="",
    )
    game, _token = created_game(response)
    assert (game.preset, game.options) == (
        "papayoo",
        {"winner": "lowest", "target": None, "rounds": None},
    )


def test_unos_house_rule_is_offered_and_the_game_is_still_uno(client):
    response = post(client, FOUR, tally__preset="uno:own_hand")
    game, _token = created_game(response)
    assert game.preset == "uno"
    assert game.options == {
        "winner": "lowest",
        "target": 500,
        "rounds": None,
        "check": "one_zero",
    }


def test_a_forged_preset_is_refused_and_creates_nothing(client):
    response = post(client, FOUR, tally__preset="poker")
    assert response.status_code == 422
    assert "Préréglage inconnu." in text(response)
    assert Game.objects.count() == 0


def test_a_forged_filled_field_reads_as_the_plain_counter(client):
    response = post(client, FOUR, tally__preset="six_nimmt", tally__filled="<x>")
    game, _token = created_game(response)
    assert game.options["target"] == 66


def test_the_plain_counter_stays_a_game_of_no_name(client):
    response = post(client, FOUR)
    game, token = created_game(response)
    assert (game.preset, game.options) == ("", PLAIN)
    assert invite_words(game, "watch")["title"] == "Notre partie"


def test_a_preset_game_is_named_in_the_invitations_the_result_and_the_band(client):
    response = post(client, FOUR, tally__preset="papayoo", tally__rounds="1")
    game, token = created_game(response)
    assert invite_words(game, "watch") == {
        "lead": "Suivez notre partie de Papayoo en direct",
        "title": "Notre partie de Papayoo",
    }
    assert (
        invite_words(game, "pencil")["title"] == "Le crayon de notre partie de Papayoo"
    )
    ids = pks(game)
    game.record_round(
        {"points": {str(ids["Ana"]): 120, str(ids["Bruno"]): 85, str(ids["Chloé"]): 45}}
    )
    result = client.get(
        reverse("keepsakes:result", kwargs={"watch_token": game.watch_token})
    )
    assert "Papayoo" in text(result)
    band = text(
        client.get(reverse("bands:band", kwargs={"band_token": game.band.token}))
    )
    assert "Papayoo" in band


def test_a_papayoo_round_that_does_not_make_250_is_refused_in_the_dialog(client):
    response = post(client, FOUR, tally__preset="papayoo")
    game, token = created_game(response)
    ids = pks(game)
    points = dict(zip(FOUR, (120, 85, 40, 0), strict=True))
    fields = {f"points-{ids[name]}": str(value) for name, value in points.items()}
    data = {"seen_version": game.version, "request_key": "k-1", **fields}

    refused = client.post(host_url(token, "record_round"), data)

    assert refused.status_code == 422
    assert "Les points de la manche font 245 ; ils doivent faire 250." in text(refused)
    assert game.rounds.count() == 0
    data[f"points-{ids['Chloé']}"] = "45"
    assert client.post(host_url(token, "record_round"), data).status_code == 302
    assert game.rounds.count() == 1


def test_the_next_game_of_a_papayoo_table_is_papayoo_again(client):
    response = post(client, FOUR, tally__preset="papayoo", tally__rounds="4")
    _game, token = created_game(response)
    html = client.get(reverse("games:next_game", kwargs={"host_token": token}))
    html = html.content.decode()
    assert checked(html, "tally-preset") == ["papayoo"]
    assert 'value="papayoo" data-tally-filled' in html


def test_a_papayoo_game_exports_and_imports_back_as_papayoo(client):
    response = post(client, FOUR, tally__preset="papayoo", tally__rounds="1")
    game, _token = created_game(response)
    ids = pks(game)
    game.record_round({"points": {str(ids["Ana"]): 250}})
    data = game_json(game)
    assert (data["preset"], data["preset_label"]) == ("papayoo", "Papayoo")

    imported, _host = import_game(json.dumps(data).encode(), game.band)

    assert (imported.preset, imported.label) == ("papayoo", "Papayoo")
    assert imported.options == game.options


def test_the_next_game_of_a_papayoo_table_still_offers_yams_at_its_default(client):
    response = post(client, FOUR, tally__preset="papayoo")
    _game, token = created_game(response)
    html = client.get(reverse("games:next_game", kwargs={"host_token": token}))
    assert checked(html.content.decode(), "preset") == ["classic"]
