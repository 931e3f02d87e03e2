"""What the box's dialog asks: only what the box needs (how many dice, which face, a
total, made or not), with the house options' extra questions (typed points, a
further Yams, the rolls used), as a page or as the fragment htmx swaps in."""

import pytest

from tests.factories import make_game, play
from tests.games.helpers import dialog, radio_values
from tests.helpers import HTMX, text


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
def test_the_dialog_fragment_for_htmx(client):
    game, token = make_game()
    response = dialog(client, token, game, "Sarah", "ones", **HTMX)
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="dialog-body"')
    assert 'data-kind="entry"' in html
    assert "<html" not in html
