"""Creating a game of another kind from the home page: the game chosen first
(Yams by default), its options as its engine declares them, the player counts of
each game, and what a forged or stray field does (nothing is created)."""

import re

import pytest
from django.urls import reverse

from games.models import Game
from tests.helpers import EVERY_SECTION, text

HOME = "/"


def post(client, kind, names, url=HOME, **fields):
    data = {**EVERY_SECTION, "kind": kind, "names": names}
    data.update({name.replace("__", "-"): value for name, value in fields.items()})
    return client.post(url, data)


def created_game(response):
    assert response.status_code == 302, text(response)[:800]
    token = response["Location"].split("/")[2]
    return Game.objects.by_token("host", token), token


def checked(html, name):
    pattern = rf'type="(?:radio|checkbox)" name="{name}" value="([^"]*)"[^>]*checked'
    return re.findall(pattern, html)


def number_value(html, name):
    match = re.search(rf'<input type="number" name="{name}"[^>]*value="([^"]*)"', html)
    return match.group(1)


@pytest.mark.django_db
def test_the_home_page_asks_which_game_first_with_yams_checked(client):
    html = client.get(HOME).content.decode()
    page = text(client.get(HOME))
    assert checked(html, "kind") == ["yams"]
    assert page.index("Le jeu") < page.index("Les joueurs")
    for label, players in [
        ("Yams", "1 à 10 joueurs"),
        ("Skyjo", "2 à 8 joueurs"),
        ("Tarot", "3 à 5 joueurs"),
        ("Compteur libre", "1 à 10 joueurs"),
    ]:
        assert label in page and players in page
    for option in ("Fin de partie", "Multiplicateurs", "Poignées", "Gagnant"):
        assert option in page


@pytest.mark.django_db
def test_a_post_without_a_game_still_creates_a_yams_game(client):
    response = client.post(
        HOME, {"names": ["Sarah", "Hugo"], "preset": "classic", "columns": ["free"]}
    )
    game, _token = created_game(response)
    assert (game.kind, game.preset) == ("yams", "classic")


@pytest.mark.django_db
def test_a_skyjo_game_is_created_with_its_limit(client):
    response = post(
        client,
        "skyjo",
        ["Léa", "Tom", "Zoé"],
        skyjo__limit="150",
        **{"skyjo-double_on_tie": ""},
    )
    game, token = created_game(response)
    assert game.kind == "skyjo" and game.preset == ""
    assert game.options == {"limit": 150, "double_on_tie": False}
    assert [p.name for p in game.players.order_by("seat")] == ["Léa", "Tom", "Zoé"]
    page = text(client.get(reverse("games:host", kwargs={"host_token": token})))
    assert "Skyjo" in page and "Manche 1" in page


@pytest.mark.django_db
def test_a_skyjo_game_left_at_its_defaults_ends_at_100(client):
    game, _token = created_game(post(client, "skyjo", ["Léa", "Tom"]))
    assert game.options == {"limit": 100, "double_on_tie": True}


@pytest.mark.django_db
def test_an_emptied_skyjo_limit_is_the_usual_100(client):
    game, _token = created_game(post(client, "skyjo", ["Léa", "Tom"], skyjo__limit=""))
    assert game.options["limit"] == 100


@pytest.mark.django_db
def test_a_tarot_game_takes_the_house_multipliers_poignees_and_a_number_of_deals(
    client,
):
    response = post(
        client,
        "tarot",
        ["Ana", "Ben", "Cléo", "Dan", "Eva"],
        tarot__multipliers="1_2_3_4",
        tarot__poignees="20_40_60",
        tarot__deals="12",
    )
    game, _token = created_game(response)
    assert game.kind == "tarot"
    assert game.options == {
        "multipliers": "1_2_3_4",
        "poignees": "20_40_60",
        "deals": 12,
    }
    assert game.players.count() == 5


@pytest.mark.django_db
def test_a_tarot_game_at_its_defaults_has_no_set_number_of_deals(client):
    game, _token = created_game(post(client, "tarot", ["Ana", "Ben", "Cléo"]))
    assert game.options == {
        "multipliers": "1_2_4_6",
        "poignees": "20_30_40",
        "deals": None,
    }


@pytest.mark.django_db
def test_a_free_counter_where_the_lowest_wins_and_a_target_ends_it(client):
    response = post(
        client, "tally", ["Sarah"], tally__winner="lowest", tally__target="500"
    )
    game, _token = created_game(response)
    assert game.kind == "tally"
    assert game.options == {"winner": "lowest", "target": 500, "rounds": None}


@pytest.mark.django_db
def test_a_free_counter_takes_a_target_or_a_number_of_rounds_not_both(client):
    response = post(
        client, "tally", ["Sarah", "Hugo"], tally__target="500", tally__rounds="10"
    )
    assert response.status_code == 422
    assert "Un total à atteindre ou un nombre de manches, pas les deux." in text(
        response
    )
    assert Game.objects.count() == 0


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("kind", "count", "message"),
    [
        ("skyjo", 1, "Skyjo se joue de 2 à 8 joueurs."),
        ("skyjo", 9, "Skyjo se joue de 2 à 8 joueurs."),
        ("tarot", 2, "Tarot se joue de 3 à 5 joueurs."),
        ("tarot", 6, "Tarot se joue de 3 à 5 joueurs."),
        ("tally", 0, "Il faut au moins un joueur."),
        ("tally", 11, "Compteur libre se joue de 1 à 10 joueurs."),
    ],
)
def test_each_game_refuses_a_table_of_the_wrong_size_and_creates_nothing(
    client, kind, count, message
):
    response = post(client, kind, [f"Joueur{i}" for i in range(count)])
    assert response.status_code == 422
    assert message in text(response)
    assert Game.objects.count() == 0
    # The form comes back with the same game chosen.
    assert checked(response.content.decode(), "kind") == [kind]


@pytest.mark.django_db
def test_the_right_table_sizes_are_taken(client):
    for kind, count in [("skyjo", 2), ("skyjo", 8), ("tarot", 3), ("tally", 10)]:
        game, _token = created_game(post(client, kind, [f"J{i}" for i in range(count)]))
        assert (game.kind, game.players.count()) == (kind, count)


@pytest.mark.django_db
def test_a_forged_game_is_refused_with_a_clear_message(client):
    response = post(client, "chess", ["Sarah", "Hugo"])
    assert response.status_code == 422
    assert "Jeu inconnu." in text(response)
    assert Game.objects.count() == 0


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("skyjo-limit", "0", "Fin de partie : un nombre entier de 1 à 1000."),
        ("skyjo-limit", "5000", "Fin de partie : un nombre entier de 1 à 1000."),
        ("skyjo-limit", "cent", "Fin de partie : un nombre entier de 1 à 1000."),
        ("skyjo-limit", "1.5", "Fin de partie : un nombre entier de 1 à 1000."),
    ],
)
def test_an_out_of_range_skyjo_limit_is_refused_beside_its_field(
    client, field, value, message
):
    response = post(client, "skyjo", ["Léa", "Tom"], **{field: value})
    assert response.status_code == 422
    html = response.content.decode()
    assert message in text(response)
    assert 'id="id_skyjo-limit-error"' in html
    assert 'aria-invalid="true"' in html
    # What was typed stays, and the options are open to show it.
    assert number_value(html, "skyjo-limit") == value
    assert '<details class="card options" open>' in html
    assert Game.objects.count() == 0


@pytest.mark.django_db
def test_a_forged_tarot_option_is_refused_with_the_engines_message(client):
    response = post(client, "tarot", ["Ana", "Ben", "Cléo"], tarot__poignees="10_10")
    assert response.status_code == 422
    assert "Poignées : « 10_10 » impossible" in text(response)
    assert Game.objects.count() == 0


@pytest.mark.django_db
def test_the_options_of_the_games_not_chosen_are_ignored(client):
    response = post(
        client,
        "tarot",
        ["Ana", "Ben", "Cléo", "Dan"],
        skyjo__limit="-3",
        tally__winner="forged",
        tally__target="abc",
        preset="no_such_preset",
        columns=[],
        count_dice="forged",
    )
    game, _token = created_game(response)
    assert game.kind == "tarot"
    assert game.options["multipliers"] == "1_2_4_6"


@pytest.mark.django_db
def test_a_yams_game_ignores_the_other_games_options(client):
    response = post(client, "yams", ["Sarah", "Hugo"], skyjo__limit="0")
    game, _token = created_game(response)
    assert (game.kind, game.preset) == ("yams", "classic")
    assert "limit" not in game.options


@pytest.mark.django_db
@pytest.mark.parametrize(
    "button",
    [{"add_row": "1"}, {"remove_row": "0"}, {"move_row": "down:0"}, {"draw": "1"}],
)
def test_the_row_buttons_keep_the_game_and_its_options(client, button):
    response = post(
        client,
        "skyjo",
        ["Léa", "Tom", "Zoé"],
        skyjo__limit="150",
        **{"skyjo-double_on_tie": "", **button},
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert checked(html, "kind") == ["skyjo"]
    assert number_value(html, "skyjo-limit") == "150"
    assert checked(html, "skyjo-double_on_tie") == []
    assert Game.objects.count() == 0


@pytest.mark.django_db
def test_the_row_buttons_keep_the_tarot_options(client):
    response = post(
        client,
        "tarot",
        ["Ana", "Ben", "Cléo"],
        tarot__multipliers="1_2_3_4",
        tarot__deals="8",
        add_row="1",
    )
    html = response.content.decode()
    assert checked(html, "kind") == ["tarot"]
    assert checked(html, "tarot-multipliers") == ["1_2_3_4"]
    assert number_value(html, "tarot-deals") == "8"


def next_url(host_token):
    return reverse("games:next_game", kwargs={"host_token": host_token})


@pytest.mark.django_db
def test_the_next_game_of_a_band_keeps_the_game_and_its_options(client):
    game, host_token = Game.objects.create_game(
        ["Léa", "Tom", "Zoé"], "", {"limit": 150, "double_on_tie": False}, kind="skyjo"
    )
    html = client.get(next_url(host_token)).content.decode()
    assert checked(html, "kind") == ["skyjo"]
    assert number_value(html, "skyjo-limit") == "150"
    assert checked(html, "skyjo-double_on_tie") == []
    # The Yams part stays at its defaults, ready if the table switches.
    assert checked(html, "preset") == ["classic"]

    response = post(
        client,
        "skyjo",
        ["Tom", "Zoé", "Léa"],
        url=next_url(host_token),
        skyjo__limit="150",
        **{"skyjo-double_on_tie": ""},
    )
    new, _token = created_game(response)
    assert new.band == game.band
    assert (new.kind, new.options) == ("skyjo", {"limit": 150, "double_on_tie": False})


@pytest.mark.django_db
def test_the_next_game_of_a_tarot_table_keeps_its_house_options(client):
    options = {"multipliers": "1_2_3_4", "poignees": "20_40_60", "deals": 10}
    _game, host_token = Game.objects.create_game(
        ["Ana", "Ben", "Cléo", "Dan"], "", options, kind="tarot"
    )
    html = client.get(next_url(host_token)).content.decode()
    assert checked(html, "kind") == ["tarot"]
    assert checked(html, "tarot-multipliers") == ["1_2_3_4"]
    assert checked(html, "tarot-poignees") == ["20_40_60"]
    assert number_value(html, "tarot-deals") == "10"


@pytest.mark.django_db
def test_the_next_game_of_a_yams_table_still_checks_yams(client):
    _game, host_token = Game.objects.create_game(["Sarah", "Hugo"], "yahtzee")
    html = client.get(next_url(host_token)).content.decode()
    assert checked(html, "kind") == ["yams"]
    assert checked(html, "preset") == ["yahtzee"]
