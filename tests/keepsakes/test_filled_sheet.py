"""The printable sheet filled with a game's entries and totals (a keepsake)."""

import shutil
import subprocess

import pytest
from django.urls import reverse
from PIL import Image

from keepsakes import pdf
from tests.factories import make_game, play, worked_example
from tests.keepsakes.helpers import (
    assert_costs_at_most_after_one_round_or_thirteen,
    autoplay,
    pdf_pages,
    pdf_text,
)


def sheet_url(game):
    return reverse("keepsakes:game_pdf", kwargs={"watch_token": game.watch_token})


@pytest.mark.django_db
def test_the_worked_example_prints_every_value_and_total_in_its_row(client):
    game, _host = worked_example()
    response = client.get(sheet_url(game))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"].startswith("inline;")
    assert len(pdf_pages(response.content)) == 1
    text = pdf_text(response.content)
    # Each row: its rule line, then Sarah's value, then Hugo's.
    for row in (
        "Les dés montrant 1 — total de ces dés 3 2",
        "Les dés montrant 3 — total de ces dés 9 12",
        "Les dés montrant 6 — total de ces dés 18 18",
        "Sous-total haut 63 62",
        "35 points si le sous-total atteint 63 35 0",
        "Total haut 98 62",
        "3 dés identiques — total de ces 3 dés 15 18",
        "4 dés identiques — total de ces 4 dés 12 20",
        "Un brelan et une paire de faces différentes — 25 points 25 25",
        "4 dés qui se suivent — 30 points 30 30",
        "5 dés qui se suivent — 40 points — 40",
        "5 dés identiques — 50 points 50 —",
        "N'importe quels dés — total des 5 dés 20 23",
        "Total bas 152 156",
        "Total 250 218",
    ):
        assert row in text
    assert "Sarah" in text and "Hugo" in text
    assert "Classement : 1. Sarah 250 2. Hugo 218" in text


@pytest.mark.django_db
def test_a_game_in_progress_prints_what_is_filled_and_says_so():
    game, _host = worked_example(turns=3)
    text = pdf_text(pdf.game_sheet_pdf(game))
    assert "Les dés montrant 1 — total de ces dés 3 2" in text
    assert "Les dés montrant 2 — total de ces dés 6" in text
    assert "Partie en cours : totaux provisoires." in text
    assert "Classement" not in text


@pytest.mark.django_db
def test_a_multi_column_sheet_prints_each_column_and_each_player_total():
    game, _host = make_game(
        ("Zoé", "Émile", "Ana"), "yahtzee", {"columns": ["down", "free", "up"]}
    )
    state = autoplay(game, seed=3)
    assert state.finished
    text = pdf_text(pdf.game_sheet_pdf(game, state))
    assert len(pdf_pages(pdf.game_sheet_pdf(game, state))) == 1
    column_totals = [
        str(seat.scorecard.totals()[column].total)
        for seat in state.seats
        for column in ("down", "free", "up")
    ]
    assert "Total de la colonne " + " ".join(column_totals) in text
    player_totals = [str(seat.total) for seat in state.seats]
    assert "Total du joueur " + " ".join(player_totals) in text
    for seat in state.seats:
        assert seat.player.name in text
        for entry in seat.entries:
            shown = "—" if entry.data["kind"] == "cross" else str(entry.points)
            assert shown in text


@pytest.mark.django_db
def test_the_further_yams_of_multi_yams_show_in_the_yams_box():
    game, _host = make_game(("Léa",), "multi_yams")
    play(
        game,
        ("Léa", "free", "yams", {"kind": "made"}),
        ("Léa", "free", "yams", {"kind": "made"}),
    )
    text = pdf_text(pdf.game_sheet_pdf(game))
    assert "(4 au plus) 50+100" in text


@pytest.mark.django_db
def test_saved_rolls_show_each_players_bank():
    game, _host = make_game(("Léa", "Tom"), "six_dice", {"saved_rolls": True})
    play(
        game,
        ("Léa", "free", "ones", {"kind": "count", "value": 2, "rolls": 1}),
        ("Tom", "free", "ones", {"kind": "count", "value": 1}),
    )
    text = pdf_text(pdf.game_sheet_pdf(game))
    assert "Lancers gardés à reporter d'un tour à l'autre 2 0" in text


@pytest.mark.django_db
def test_an_unknown_watch_link_has_no_sheet(client):
    response = client.get(
        reverse("keepsakes:game_pdf", kwargs={"watch_token": "x" * 32})
    )
    assert response.status_code == 404


@pytest.mark.django_db
def test_the_filled_sheet_costs_the_same_queries_after_one_round_or_thirteen(
    client, django_assert_max_num_queries
):
    assert_costs_at_most_after_one_round_or_thirteen(
        client, sheet_url, 4, django_assert_max_num_queries
    )


@pytest.mark.django_db
@pytest.mark.skipif(not shutil.which("pdftoppm"), reason="needs poppler-utils")
def test_a_filled_sheet_renders_to_an_inked_a4_image(tmp_path):
    """pdftoppm draws it as a printer would: an A4 page, ink in the table area."""
    game, _host = worked_example()
    source = tmp_path / "sheet.pdf"
    source.write_bytes(pdf.game_sheet_pdf(game))
    subprocess.run(
        ["pdftoppm", "-png", "-r", "60", "-singlefile", source, tmp_path / "sheet"],
        check=True,
    )
    image = Image.open(tmp_path / "sheet.png").convert("L")
    width, height = image.size
    assert abs(height / width - 297 / 210) < 0.01
    # Ink in the top, middle and bottom thirds: the table fills the page.
    for third in range(3):
        band = image.crop((0, third * height // 3, width, (third + 1) * height // 3))
        assert band.getextrema()[0] < 80


@pytest.mark.django_db
def test_names_beyond_the_fonts_reach_still_print_one_page():
    game, _host = make_game(("李雷", "Zoé 🎲", "Ünal-Çelik"))
    play(game, ("李雷", "free", "ones", {"kind": "count", "value": 4}))
    content = pdf.game_sheet_pdf(game)
    assert len(pdf_pages(content)) == 1
    text = pdf_text(content)
    assert "Ünal-Çelik" in text
    assert "Les dés montrant 1 — total de ces dés 4" in text
