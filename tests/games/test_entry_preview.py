"""The preview: while the host picks, the dialog shows the calculation and the new
totals, records nothing, and stays quiet about a choice not yet complete."""

import pytest

from games.models import Entry
from tests.factories import classic_moves, make_game, play
from tests.games.helpers import enter
from tests.helpers import HTMX, text


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
