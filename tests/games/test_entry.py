"""Entering a box: the dialog asks only what the box needs, shows the calculation,
and records only on Valider; every impossible entry is refused."""

import re

import pytest

from games.models import Entry
from tests.factories import CROSS, classic_moves, count, make_game, play
from tests.games.helpers import dialog, enter, write_url
from tests.helpers import HTMX, host_url, request_key, text, triggered


def radio_values(html, name="value"):
    return re.findall(rf'type="radio" name="{name}" value="([^"]*)"', html)


@pytest.mark.django_db
def test_an_upper_box_asks_how_many_dice(client):
    game, token = make_game()
    response = dialog(client, token, game, "Sarah", "fours")
    html = response.content.decode()
    assert response.status_code == 200
    assert "Sarah · Quatre" in text(response)
    assert "Combien de 4 ?" in text(response)
    assert radio_values(html) == ["0", "1", "2", "3", "4", "5", "x"]
    assert "Barrer" in text(response)
    assert "<dialog" in html and " open>" in html


@pytest.mark.django_db
def test_six_dice_count_up_to_six(client):
    game, token = make_game(["Sarah"], "six_dice")
    html = dialog(client, token, game, "Sarah", "sixes").content.decode()
    assert radio_values(html) == ["0", "1", "2", "3", "4", "5", "6", "x"]


@pytest.mark.django_db
def test_a_brelan_asks_the_face_with_die_faces(client):
    game, token = make_game()
    response = dialog(client, token, game, "Sarah", "three_kind")
    html = response.content.decode()
    assert radio_values(html) == ["1", "2", "3", "4", "5", "6", "x"]
    assert "Quelle face pour le brelan ?" in text(response)
    for die in "⚀⚁⚂⚃⚄⚅":
        assert die in html


@pytest.mark.django_db
def test_a_six_dice_full_asks_one_face_per_group(client):
    game, token = make_game(["Sarah"], "six_dice")
    response = dialog(client, token, game, "Sarah", "full_house")
    html = response.content.decode()
    assert radio_values(html, "face_0") == ["1", "2", "3", "4", "5", "6"]
    assert radio_values(html, "face_1") == ["1", "2", "3", "4", "5", "6"]
    assert radio_values(html) == ["x"]
    assert "Brelan" in text(response) and "Paire" in text(response)


@pytest.mark.django_db
def test_a_sum_box_offers_a_keypad_of_every_possible_total(client):
    game, token = make_game()
    html = dialog(client, token, game, "Sarah", "chance").content.decode()
    assert radio_values(html) == [str(n) for n in range(5, 31)] + ["x"]
    game, token = make_game(["Sarah"], "all_dice")
    html = dialog(client, token, game, "Sarah", "four_kind").content.decode()
    assert radio_values(html)[0] == "5" and radio_values(html)[-2] == "30"


@pytest.mark.django_db
def test_a_straight_is_made_or_crossed(client):
    game, token = make_game()
    response = dialog(client, token, game, "Sarah", "large_straight")
    assert radio_values(response.content.decode()) == ["made", "x"]
    assert "Réussie ?" in text(response)
    assert "Réussi +40" in text(response)


@pytest.mark.django_db
def test_typed_points_are_offered_only_with_the_house_option(client):
    game, token = make_game(["Sarah"], options={"typed_points": True})
    html = dialog(client, token, game, "Sarah", "chance").content.decode()
    assert 'name="points"' in html and 'inputmode="numeric"' in html
    game, token = make_game(["Sarah"])
    assert (
        'name="points"'
        not in dialog(client, token, game, "Sarah", "chance").content.decode()
    )


@pytest.mark.django_db
def test_yahtzee_offers_the_extra_yams_toggle_except_on_the_yams_box(client):
    game, token = make_game(["Sarah"], "yahtzee")
    # Not while the Yams box is empty: a further Yams pays nothing yet.
    assert "Yams supplémentaire" not in text(
        dialog(client, token, game, "Sarah", "chance")
    )
    play(game, ("Sarah", "free", "yams", {"kind": "made"}))
    assert "Yams supplémentaire (+100)" in text(
        dialog(client, token, game, "Sarah", "chance")
    )
    assert "Yams supplémentaire" not in text(
        dialog(client, token, game, "Sarah", "yams")
    )
    # In an upper box the app sees a Yams by itself (five dice of the face).
    assert "Yams supplémentaire" not in text(
        dialog(client, token, game, "Sarah", "sixes")
    )
    game, token = make_game(["Sarah"])
    assert "Yams supplémentaire" not in text(
        dialog(client, token, game, "Sarah", "sixes")
    )


@pytest.mark.django_db
def test_saved_rolls_ask_the_rolls_used(client):
    game, token = make_game(["Sarah"], "six_dice", {"saved_rolls": True})
    response = dialog(client, token, game, "Sarah", "ones")
    assert radio_values(response.content.decode(), "rolls") == ["1", "2", "3"]
    assert "Lancers utilisés" in text(response)
    play(game, ("Sarah", "free", "ones", {"kind": "count", "value": 1, "rolls": 1}))
    response = dialog(client, token, game, "Sarah", "twos")
    assert radio_values(response.content.decode(), "rolls") == ["1", "2", "3", "4", "5"]
    assert "2 lancers en réserve" in text(response)


@pytest.mark.django_db
def test_the_preview_shows_the_calculation_and_the_new_totals_without_recording(client):
    game, token = make_game()
    play(game, *classic_moves()[:4])  # Sarah: 3 + 6, Hugo: 2 + 4
    response = enter(
        client, token, game, "Sarah", "threes", {"value": "4"}, action="preview"
    )
    assert response.status_code == 200
    page = text(response)
    assert "4 × 3 = 12" in page
    assert "total haut 21 / 63 (il manque 42) · total 21" in page
    assert "Valider" in page
    assert Entry.objects.count() == 4


@pytest.mark.django_db
def test_the_preview_fragment_for_htmx(client):
    game, token = make_game()
    response = enter(
        client,
        token,
        game,
        "Sarah",
        "three_kind",
        {"value": "5"},
        action="preview",
        **HTMX,
    )
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="preview"')
    assert "Brelan de 5 : 3 × 5 = 15" in text(response)
    assert "total bas 15" in text(response)
    assert "<html" not in html


@pytest.mark.django_db
def test_a_half_made_choice_stays_quiet_in_the_live_preview(client):
    game, token = make_game(["Sarah"], "six_dice")
    response = enter(
        client,
        token,
        game,
        "Sarah",
        "two_pairs",
        {"face_0": "6"},
        action="preview",
        **HTMX,
    )
    assert "errorlist" not in response.content.decode()
    assert "le calcul s'affiche ici" in text(response)


@pytest.mark.django_db
def test_validating_records_the_box_and_moves_the_turn_on(client):
    game, token = make_game()
    response = enter(client, token, game, "Sarah", "fours", {"value": "3"})
    assert response.status_code == 302
    entry = Entry.objects.get()
    assert (entry.box, entry.column, entry.data, entry.points) == (
        "fours",
        "free",
        {"kind": "count", "value": 3},
        12,
    )
    assert response["Location"] == f"{host_url(token)}?done={entry.seq}"
    page = text(client.get(response["Location"]))
    assert "À Hugo de jouer" in page
    assert "✓ Sarah · Quatre : 12 Annuler" in page


@pytest.mark.django_db
def test_the_recorded_toast_uses_each_languages_colon(client):
    game, token = make_game()
    response = enter(client, token, game, "Sarah", "fours", {"value": "3"})
    french = client.get(response["Location"]).content.decode()
    assert "Quatre&nbsp;: 12" in french
    english = client.get(response["Location"], HTTP_ACCEPT_LANGUAGE="en")
    assert "Fours: 12" in english.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("preset", "box", "data", "stored", "points"),
    [
        ("classic", "ones", {"value": "x"}, {"kind": "cross"}, 0),
        ("classic", "four_kind", {"value": "3"}, {"kind": "face", "value": 3}, 12),
        ("classic", "full_house", {"value": "made"}, {"kind": "made"}, 25),
        ("classic", "chance", {"value": "20"}, {"kind": "total", "value": 20}, 20),
        (
            "six_dice",
            "tower",
            {"face_0": "5", "face_1": "6"},
            {"kind": "faces", "values": [5, 6]},
            32,
        ),
        (
            "six_dice",
            "three_pairs",
            {"face_0": "6", "face_1": "5", "face_2": "4"},
            {"kind": "faces", "values": [6, 5, 4]},
            30,
        ),
    ],
)
def test_each_kind_of_box_is_recorded(client, preset, box, data, stored, points):
    game, token = make_game(["Sarah"], preset)
    assert enter(client, token, game, "Sarah", box, data).status_code == 302
    entry = Entry.objects.get()
    assert (entry.data, entry.points) == (stored, points)


@pytest.mark.django_db
def test_typed_points_and_extra_yams_and_rolls_are_recorded(client):
    game, token = make_game(
        ["Sarah"], "yahtzee", {"typed_points": True, "saved_rolls": True}
    )
    enter(client, token, game, "Sarah", "chance", {"points": "17", "rolls": "2"})
    enter(client, token, game, "Sarah", "yams", {"value": "made"})
    enter(client, token, game, "Sarah", "fives", {"value": "5"})
    assert [e.data for e in Entry.objects.order_by("seq")] == [
        {"kind": "points", "value": 17, "rolls": 2},
        {"kind": "made"},
        {"kind": "count", "value": 5, "extra_yams": True},
    ]
    assert game.state().sheets[0].total == 17 + 50 + 25 + 100


@pytest.mark.django_db
def test_the_htmx_record_returns_the_fresh_sheet_and_the_undo_offer(client):
    game, token = make_game()
    response = enter(client, token, game, "Sarah", "fours", {"value": "3"}, **HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert "sk-close-dialog" in triggered(response)
    assert html.lstrip().startswith('<section id="sheet"')
    assert 'data-version="2"' in html
    assert "À Hugo de jouer" in text(response)
    assert 'id="toast" class="toast" hx-swap-oob="true"' in html
    assert "✓ Sarah · Quatre : 12" in text(response)
    assert Entry.objects.count() == 1


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
def test_a_stale_form_gets_a_clear_message_and_the_fresh_sheet(client):
    game, token = make_game(["Sarah", "Hugo"])
    page = dialog(client, token, game, "Sarah", "ones").content.decode()
    key, version = request_key(page), game.version
    play(game, ("Sarah", "free", "twos", count(2)))  # another phone wrote meanwhile
    response = client.post(
        write_url(token, "record", game, "Hugo", "ones"),
        {"value": "1", "request_key": key, "seen_version": version},
    )
    assert response.status_code == 302
    assert "La feuille a changé entre-temps" in text(client.get(response["Location"]))
    assert Entry.objects.count() == 1
    response = client.post(
        write_url(token, "record", game, "Hugo", "ones"),
        {"value": "1", "request_key": key, "seen_version": version},
        **HTMX,
    )
    assert response.status_code == 200
    assert response["HX-Retarget"] == "#sheet"
    assert "La feuille a changé entre-temps" in text(response)
    assert f'data-version="{version + 1}"' in response.content.decode()


@pytest.mark.django_db
def test_a_repeated_post_records_once(client):
    game, token = make_game()
    page = dialog(client, token, game, "Sarah", "ones").content.decode()
    data = {
        "value": "3",
        "request_key": request_key(page),
        "seen_version": game.version,
    }
    url = write_url(token, "record", game, "Sarah", "ones")
    first = client.post(url, data)
    second = client.post(url, data)
    third = client.post(url, data, **HTMX)
    assert first["Location"] == second["Location"] == f"{host_url(token)}?done=1"
    # The retry is answered as a success, without "C'est au tour de Hugo".
    page = text(client.get(second["Location"]))
    assert "✓ Sarah · As : 3" in page and "C'est au tour" not in page
    assert "✓ Sarah · As : 3" in text(third)
    assert Entry.objects.count() == 1


@pytest.mark.django_db
def test_a_stale_form_for_a_box_filled_meanwhile_says_the_sheet_changed(client):
    game, token = make_game(["Sarah"])
    page = dialog(client, token, game, "Sarah", "ones").content.decode()
    data = {
        "value": "3",
        "request_key": request_key(page),
        "seen_version": game.version,
    }
    play(game, ("Sarah", "free", "ones", count(1)))  # the pencil was faster
    response = client.post(write_url(token, "record", game, "Sarah", "ones"), data)
    assert "La feuille a changé entre-temps" in text(client.get(response["Location"]))
    assert [e.points for e in Entry.objects.all()] == [1]


@pytest.mark.django_db
def test_every_dialog_has_its_own_request_key(client):
    game, token = make_game()
    first = request_key(dialog(client, token, game, "Sarah", "ones").content.decode())
    second = request_key(dialog(client, token, game, "Sarah", "ones").content.decode())
    assert first != second and len(first) >= 16


@pytest.mark.django_db
def test_a_finished_game_takes_no_more_boxes(client):
    game, token = make_game()
    play(game, *classic_moves())
    response = enter_blind(client, token, game, "Sarah", "ones", {"value": "1"})
    assert "La partie est terminée." in text(client.get(response["Location"]))
    assert game.entries.count() == 26


def enter_blind(client, token, game, who, box, data):
    return client.post(write_url(token, "record", game, who, box), data)


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


@pytest.mark.django_db
def test_the_dialog_fragment_for_htmx(client):
    game, token = make_game()
    response = dialog(client, token, game, "Sarah", "ones", **HTMX)
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="dialog-body"')
    assert 'data-kind="entry"' in html
    assert "<html" not in html


@pytest.mark.django_db
def test_crossing_out_with_the_cross_button(client):
    game, token = make_game(["Sarah"])
    enter(client, token, game, "Sarah", "yams", {"value": "x"})
    assert Entry.objects.get().data == CROSS


@pytest.mark.django_db
def test_multi_yams_takes_further_yams_in_the_same_box(client):
    game, token = make_game(["Sarah"], "multi_yams")
    enter(client, token, game, "Sarah", "yams", {"value": "made"})
    html = client.get(host_url(token)).content.decode()
    sarah = game.players.get()
    # The Yams box holds 50 and still invites a tap for the next Yams.
    assert f'href="/h/{token}/box/{sarah.pk}/free/yams/"' in html
    response = dialog(client, token, game, "Sarah", "yams")
    assert radio_values(response.content.decode()) == ["made"]  # no more Barrer
    assert "Réussi +100" in text(response)
    enter(client, token, game, "Sarah", "yams", {"value": "made"})
    assert [e.points for e in Entry.objects.order_by("seq")] == [50, 100]
    page = text(client.get(host_url(token)))
    assert "Yams 150 ×2" in page
