"""Every impossible entry is refused and nothing is recorded: a value the box cannot
take, a form incomplete or contradictory, another player's turn, a filled box, a
column's order, a finished game, a box or a player the game does not have."""

import pytest

from games.models import Entry
from tests.factories import classic_moves, count, make_game, play
from tests.games.helpers import dialog, enter, write_url
from tests.helpers import HTMX, host_url, text


def enter_blind(client, token, game, who, box, data):
    return client.post(write_url(token, "record", game, who, box), data)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("preset", "options", "box", "data", "message"),
    [
        (
            "all_dice",
            {},
            "three_kind",
            {"value": "4"},
            "Brelan : aucun lancer avec au moins 3 dés identiques ne fait 4 ; "
            "le total doit être entre 5 et 30.",
        ),
        (
            "classic",
            {},
            "threes",
            {"value": "6"},
            "Trois : le nombre de dés doit être entre 0 et 5.",
        ),
        (
            "classic",
            {},
            "three_kind",
            {"value": "7"},
            "Brelan : la face doit être entre 1 et 6.",
        ),
        (
            "classic",
            {},
            "threes",
            {"value": "made"},
            "Trois : cette case se remplit avec le nombre de dés, ou se barre.",
        ),
        (
            "six_dice",
            {},
            "two_pairs",
            {"face_0": "6", "face_1": "6"},
            "Deux paires : les deux paires doivent être de faces différentes.",
        ),
        (
            "classic",
            {"typed_points": True},
            "chance",
            {"points": "61"},
            "Chance : les points doivent être entre 0 et 60.",
        ),
        (
            "six_dice",
            {"saved_rolls": True},
            "ones",
            {"value": "1", "rolls": "4"},
            "As : le nombre de lancers doit être entre 1 et 3.",
        ),
        (
            "six_dice",
            {"saved_rolls": True},
            "ones",
            {"value": "1", "rolls": "0"},
            "As : le nombre de lancers doit être au moins 1.",
        ),
    ],
)
def test_an_impossible_entry_is_refused_and_nothing_is_recorded(
    client, preset, options, box, data, message
):
    game, token = make_game(["Sarah"], preset, options)
    response = enter(client, token, game, "Sarah", box, data)
    assert response.status_code == 422
    assert Entry.objects.count() == 0
    page = text(response)
    assert message in page
    # The dialog is still open, with what was picked.
    assert "Valider" in page


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({}, "Choisissez une valeur, ou Barrer."),
        ({"value": "trois"}, "Sélectionnez un choix valide"),
        (
            {"value": "x", "points": "3"},
            "Choisissez une valeur ou Barrer, pas les deux.",
        ),
        (
            {"value": "3", "points": "3"},
            "Choisissez une valeur ou tapez les points, pas les deux.",
        ),
    ],
)
def test_an_incomplete_or_contradictory_form_is_refused(client, data, message):
    game, token = make_game(["Sarah"], options={"typed_points": True})
    response = enter(client, token, game, "Sarah", "threes", data)
    assert response.status_code == 422
    assert message in text(response)
    assert Entry.objects.count() == 0


@pytest.mark.django_db
def test_the_engine_message_reaches_the_htmx_dialog(client):
    game, token = make_game(["Sarah"], "six_dice")
    response = enter(
        client,
        token,
        game,
        "Sarah",
        "double_three_kind",
        {"face_0": "4", "face_1": "4"},
        **HTMX,
    )
    assert response.status_code == 200
    assert response["HX-Retarget"] == "#dialog-body"
    assert "les deux brelans doivent être de faces différentes" in text(response)
    assert Entry.objects.count() == 0


@pytest.mark.django_db
def test_it_is_nobody_elses_turn(client):
    game, token = make_game()
    response = enter_blind(client, token, game, "Hugo", "ones", {"value": "2"})
    assert response.status_code == 302
    assert Entry.objects.count() == 0
    assert "C'est au tour de Sarah." in text(client.get(response["Location"]))


@pytest.mark.django_db
def test_a_filled_box_cannot_be_written_again(client):
    game, token = make_game(["Sarah"])
    play(game, ("Sarah", "free", "ones", count(3)))
    response = dialog(client, token, game, "Sarah", "ones")
    assert response.status_code == 302
    assert "Cette case est déjà remplie." in text(client.get(response["Location"]))
    sarah = game.players.get()
    response = client.post(
        write_url(token, "record", game, "Sarah", "ones"), {"value": "2"}
    )
    assert "Cette case est déjà remplie." in text(client.get(response["Location"]))
    assert Entry.objects.count() == 1
    assert sarah.entries.get().points == 3


@pytest.mark.django_db
def test_a_descending_column_is_filled_in_order(client):
    game, token = make_game(["Sarah"], options={"columns": ["down"]})
    response = dialog(client, token, game, "Sarah", "twos", column="down")
    assert response.status_code == 302
    assert "dans l'ordre" in text(client.get(response["Location"]))


@pytest.mark.django_db
def test_a_finished_game_takes_no_more_boxes(client):
    game, token = make_game()
    play(game, *classic_moves())
    response = enter_blind(client, token, game, "Sarah", "ones", {"value": "1"})
    assert "La partie est terminée." in text(client.get(response["Location"]))
    assert game.entries.count() == 26


@pytest.mark.django_db
def test_unknown_boxes_and_players_are_not_found(client):
    game, token = make_game()
    sarah = game.players.get(name="Sarah")
    base = host_url(token)
    assert client.get(f"{base}box/{sarah.pk}/free/poker/").status_code == 404
    assert client.get(f"{base}box/{sarah.pk}/diagonal/ones/").status_code == 404
    other, _ = make_game(["Zoé"])
    response = client.get(f"{base}box/{other.players.get().pk}/free/ones/")
    assert response.status_code == 302
    assert "Ce joueur ne joue pas dans cette partie." in text(
        client.get(response["Location"])
    )
