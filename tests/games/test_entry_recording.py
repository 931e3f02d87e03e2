"""Valider records the box: what each kind of box stores and scores, the turn moving
on, the toast and its undo offer, the fresh sheet for htmx, a cross, and the
further Yams a multi-Yams box takes."""

import pytest

from games.models import Entry
from tests.factories import CROSS, make_game
from tests.games.helpers import dialog, enter, radio_values
from tests.helpers import HTMX, host_url, text, triggered


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
    assert game.state().seats[0].total == 17 + 50 + 25 + 100


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
