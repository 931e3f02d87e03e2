"""Creating a game from the home page: names, preset, options, and the refusals."""

import pytest
from django.urls import reverse

from games.forms import NewGameForm
from games.models import Game
from scorekeeper.lib import tokens
from tests.helpers import text

HOME = "/"


def post(client, names, preset="classic", **options):
    data = {"names": names, "preset": preset, "columns": ["free"]}
    data.update(options)
    return client.post(HOME, data)


def created_game(response):
    assert response.status_code == 302, text(response)[:500]
    token = response["Location"].split("/")[2]
    return Game.objects.by_token("host", token), token


@pytest.mark.django_db
def test_home_shows_the_create_form_with_every_preset_described(client):
    response = client.get(HOME)
    page = text(response)
    assert response.status_code == 200
    assert "Les joueurs" in page
    for label, description in [
        ("Classique", "brelan et carré ne comptent que les dés identiques"),
        ("Yahtzee", "prime de 100 par Yams supplémentaire"),
        ("Tous les dés", "full exactement 3 + 2"),
        ("Multi-Yams", "jusqu'à quatre fois"),
        ("Yam's à 6 dés", "bonus de 100 dès 84"),
        ("6 dés (bonus 75)", "bonus de 50 dès 75"),
    ]:
        assert label in page and description in page
    html = response.content.decode()
    assert 'value="classic" checked' in html
    for option in (
        "Brelan et carré",
        "Suites strictes",
        "Colonnes",
        "Lancers gardés",
        "Bonus du haut",
        "Points tapés",
    ):
        assert option in page
    assert html.count('name="names"') == 4
    assert "Feuilles à imprimer" in page
    assert "30 jours" in page


@pytest.mark.django_db
def test_creating_a_game_redirects_the_host_to_a_private_page(client):
    response = post(client, ["  Sarah ", "Hugo", ""])
    game, token = created_game(response)
    assert response["Location"] == reverse("games:host", kwargs={"host_token": token})
    assert [p.name for p in game.players.order_by("seat")] == ["Sarah", "Hugo"]
    assert game.preset == "classic"
    page = text(client.get(response["Location"]))
    assert "À Sarah de jouer" in page


@pytest.mark.django_db
def test_every_game_has_its_own_unguessable_host_and_watch_links(client):
    first, first_token = created_game(post(client, ["Sarah"]))
    second, second_token = created_game(post(client, ["Sarah"]))
    for token in (first_token, second_token, first.watch_token, second.watch_token):
        assert tokens.is_well_formed(token)
        # 32 URL-safe characters: 192 bits from `secrets`.
        assert len(token) * 6 >= 128
    assert len({first_token, second_token, first.watch_token, second.watch_token}) == 4
    assert first_token not in client.get(f"/w/{first.watch_token}/").content.decode()
    # Only a hash of the host token is kept.
    assert first_token not in str(Game.objects.filter(pk=first.pk).values().get())


@pytest.mark.django_db
def test_players_keep_their_seating_order_and_any_script(client):
    names = ["Zoé", "李雷", "Ωmega", "🎲 Max", "Ana-Lúcia", "O'Neil"]
    game, _ = created_game(post(client, names))
    assert [p.name for p in game.players.order_by("seat")] == names


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("names", "message"),
    [
        (["Sarah", "sarah"], "Deux joueurs s'appellent « sarah »."),
        (["Sarah", "A" * 25], "au plus 24 caractères"),
        (["Sarah", "Hu\u200bgo"], "caractère invisible"),
        (["", "  "], "Il faut au moins un joueur."),
        ([f"P{i}" for i in range(11)], "10 joueurs au plus"),
    ],
)
def test_wrong_names_are_refused_with_a_message_and_nothing_is_created(
    client, names, message
):
    response = post(client, names)
    assert response.status_code == 422
    assert message in text(response)
    assert Game.objects.count() == 0


@pytest.mark.django_db
def test_a_wrong_name_is_flagged_on_its_own_row(client):
    response = post(client, ["Sarah", "Hugo", "SARAH"])
    html = response.content.decode()
    assert 'id="name-2" value="SARAH" maxlength="24"' in html
    assert 'aria-describedby="name-2-error"' in html
    assert 'id="name-2-error">Deux joueurs' in html
    # The rows keep what was typed.
    assert 'value="Sarah"' in html and 'value="Hugo"' in html


@pytest.mark.django_db
def test_six_dice_take_six_players_at_most(client):
    game, _ = created_game(post(client, [f"P{i}" for i in range(6)], "six_dice"))
    assert game.players.count() == 6
    response = post(client, [f"P{i}" for i in range(7)], "six_dice")
    assert response.status_code == 422
    assert "6 joueurs au plus" in text(response)
    assert Game.objects.count() == 1


@pytest.mark.django_db
def test_ten_players_can_play_five_dice(client):
    game, _ = created_game(post(client, [f"P{i}" for i in range(10)]))
    assert game.players.count() == 10


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("preset", "options", "expected"),
    [
        ("classic", {}, {"count_dice": "matching", "strict_straights": False}),
        (
            "classic",
            {"count_dice": "all", "strict_straights": "on"},
            {"count_dice": "all", "strict_straights": True},
        ),
        ("all_dice", {}, {"count_dice": "all"}),
        ("yahtzee", {"typed_points": "on"}, {"typed_points": True}),
        ("multi_yams", {"saved_rolls": "on"}, {"saved_rolls": True}),
        ("six_dice", {"six_dice_bonus": "75"}, {"six_dice_bonus": "75"}),
        ("six_dice_75", {}, {"six_dice_bonus": "75"}),
        (
            "classic",
            {"columns": ["free", "down", "up", "dry"]},
            {"columns": ["free", "down", "up", "dry"]},
        ),
        ("classic", {"columns": ["dry", "down"]}, {"columns": ["down", "dry"]}),
    ],
)
def test_options_are_frozen_into_the_game(client, preset, options, expected):
    game, _ = created_game(post(client, ["Sarah"], preset, **options))
    assert game.preset == preset
    for key, value in expected.items():
        assert game.options[key] == value


@pytest.mark.django_db
def test_an_option_the_preset_does_not_have_is_refused_next_to_it(client):
    response = post(client, ["Sarah"], "six_dice", strict_straights="on")
    assert response.status_code == 422
    assert "Cette option n'existe pas pour la variante Yam's à 6 dés." in text(response)
    assert Game.objects.count() == 0


@pytest.mark.django_db
def test_an_option_left_as_the_preset_says_is_fine_for_any_preset(client):
    game, _ = created_game(post(client, ["Sarah"], "six_dice", count_dice=""))
    assert "count_dice" not in game.options


@pytest.mark.django_db
def test_at_least_one_column_is_needed(client):
    response = client.post(HOME, {"names": ["Sarah"], "preset": "classic"})
    assert response.status_code == 422
    assert "Cochez au moins une colonne." in text(response)


@pytest.mark.django_db
def test_an_unknown_preset_is_refused(client):
    response = post(client, ["Sarah"], "poker")
    assert response.status_code == 422
    assert Game.objects.count() == 0


@pytest.mark.django_db
def test_without_javascript_a_row_can_be_added_or_removed(client):
    response = client.post(
        HOME,
        {
            "names": ["Sarah", "Hugo", "Léa", "Tom"],
            "preset": "yahtzee",
            "columns": ["free"],
            "add_row": "1",
        },
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert html.count('name="names"') == 5
    assert 'value="yahtzee" checked' in html
    assert Game.objects.count() == 0
    response = client.post(
        HOME,
        {
            "names": ["Sarah", "Hugo", "Léa"],
            "preset": "classic",
            "columns": ["free"],
            "remove_row": "1",
        },
    )
    html = response.content.decode()
    assert 'value="Hugo"' not in html
    assert 'value="Sarah"' in html and 'value="Léa"' in html
    assert Game.objects.count() == 0


@pytest.mark.django_db
def test_the_new_game_form_can_be_prefilled_for_a_band():
    form = NewGameForm(
        initial={
            "names": ["Sarah", "Hugo"],
            "preset": "all_dice",
            "options": {"strict_straights": True, "columns": ["down", "free"]},
        }
    )
    rows = [value for _index, value, _error in form.name_rows()]
    assert rows[:3] == ["Sarah", "Hugo", ""]
    assert form["preset"].value() == "all_dice"
    assert form["strict_straights"].value() is True
    assert form["columns"].value() == ["down", "free"]


@pytest.mark.django_db
def test_the_new_game_form_creates_a_game_in_an_existing_band():
    first, _ = Game.objects.create_game(["Sarah", "Hugo"])
    form = NewGameForm(
        {"names": ["Sarah", "Hugo"], "preset": "classic", "columns": ["free"]}
    )
    assert form.is_valid(), form.errors
    game, token = form.create(band=first.band)
    assert game.band == first.band
    assert Game.objects.by_token("host", token) == game


@pytest.mark.django_db
def test_the_home_template_takes_a_band_and_another_action(client, rf):
    from django.template.loader import render_to_string

    game, _ = Game.objects.create_game(["Sarah", "Hugo"])
    request = rf.get("/")
    html = render_to_string(
        "games/home.jinja",
        {
            "form": NewGameForm(initial={"names": ["Sarah", "Hugo"]}),
            "action_url": "/somewhere/",
            "band": game.band,
        },
        request=request,
    )
    assert 'action="/somewhere/"' in html
    assert "Nouvelle partie de la bande Sarah, Hugo" in html
