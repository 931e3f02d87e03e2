"""Blank A4 sheets for every preset and its columns, for one and for four players."""

import io

import pytest
from django.utils import translation
from pypdf import PdfReader

from games.kinds import yams
from keepsakes import pdf
from scorekeeper.lib.translation import translated
from tests.keepsakes.helpers import pdf_pages, pdf_text

COLUMN_SETS = {
    1: ["free"],
    2: ["down", "up"],
    4: ["down", "free", "up", "dry"],
}
A4_POINTS = (595.28, 841.89)


def blank(preset, columns, layout, **options):
    variant = yams.build_variant(preset, {"columns": columns, **options})
    return variant, pdf.blank_sheet_pdf(variant, layout)


def text_positions(content):
    """(x, y) in points of every piece of text on the first page."""
    page = PdfReader(io.BytesIO(content)).pages[0]
    points = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            points.append((x, y, text))

    page.extract_text(visitor_text=visit)
    return page, points


def assert_fits_one_a4_page(content, orientation):
    pages = pdf_pages(content)
    assert len(pages) == 1
    width, height = (float(v) for v in pages[0].mediabox[2:])
    expected = A4_POINTS if orientation == "portrait" else A4_POINTS[::-1]
    assert (round(width, 1), round(height, 1)) == tuple(round(v, 1) for v in expected)
    _page, points = text_positions(content)
    margin = 20  # points: 7 mm, inside any printer's unprintable border
    for x, y, text in points:
        assert margin <= x <= width - margin, text
        assert margin <= y <= height - margin, text


@pytest.mark.parametrize("preset", list(yams.PRESETS))
@pytest.mark.parametrize("columns", list(COLUMN_SETS))
@pytest.mark.parametrize("layout", ["1", "4"])
def test_every_blank_sheet_is_one_a4_page_with_every_box_and_rule(
    preset, columns, layout
):
    variant, content = blank(preset, COLUMN_SETS[columns], layout)
    orientation = pdf.orientation_for(pdf.LAYOUTS[layout], columns)
    assert_fits_one_a4_page(content, orientation)
    text = pdf_text(content)
    for box in variant.boxes:
        assert translated(box.label) in text, box.key
        assert translated(box.rule) in text, box.key
    for line in ("Sous-total haut", "Bonus", "Total haut", "Total bas"):
        assert line in text
    assert (
        f"{variant.bonus_points} points si le sous-total atteint "
        f"{variant.bonus_threshold}" in text
    )
    assert (
        f"Bonus : si le sous-total du haut atteint {variant.bonus_threshold}, "
        f"il rapporte {variant.bonus_points} points" in text
    )
    assert translated(variant.label) in text
    if columns > 1:
        assert "Total de la colonne" in text
        assert "Total du joueur" in text
    else:
        assert " Total " in text


def test_four_players_get_four_named_places_and_one_player_one():
    _variant, content = blank("classic", ["free"], "4")
    text = pdf_text(content)
    for n in range(1, 5):
        assert f"Joueur {n}" in text
    _variant, content = blank("classic", ["free"], "1")
    assert "Joueur 2" not in pdf_text(content)


def test_the_column_headers_and_their_order_rules_are_printed():
    _variant, content = blank("classic", ["down", "free", "up", "dry"], "1")
    text = pdf_text(content)
    for header in ("Desc. ↓", "Libre", "Mont. ↑", "Sèche"):
        assert header in text
    assert "descendante : de haut en bas" in text
    assert "montante : de bas en haut" in text
    assert "sèche : seulement ce qui est fait au premier lancer" in text


def test_yahtzee_sheets_carry_the_yams_bonus_line_and_the_joker_rule():
    _variant, content = blank("yahtzee", ["free"], "1")
    text = pdf_text(content)
    assert "Prime Yams" in text
    assert "joker : full 25, petite suite 30, grande suite 40" in text


def test_the_options_of_a_sheet_change_its_rule_lines():
    _variant, content = blank("classic", ["free"], "1", strict_straights=True)
    text = pdf_text(content)
    assert "1-2-3-4-5 — 30 points" in text
    assert "2-3-4-5-6 — 40 points" in text
    _variant, content = blank("classic", ["free"], "4", saved_rolls=True)
    assert "Lancers gardés" in pdf_text(content)


def test_french_accents_survive_in_the_pdf():
    _variant, content = blank("six_dice", ["free"], "1")
    text = pdf_text(content)
    for word in ("Yam's à 6 dés", "Carré", "différentes", "Suite complète"):
        assert word in text


@pytest.mark.parametrize(
    ("preset", "seats"), [("six_dice", 6), ("yahtzee", 10), ("classic", 3)]
)
def test_the_largest_tables_still_fit_one_page(preset, seats):
    """A filled sheet has one place per player: up to 6 with six dice, 10 with
    five; with every option and four columns it still fits, nothing cut."""
    options = {
        "columns": ["down", "free", "up", "dry"],
        "saved_rolls": True,
        "typed_points": True,
    }
    if preset != "six_dice":
        options["strict_straights"] = True
    variant = yams.build_variant(preset, options)
    names = [f"Joueuse numéro {n}" for n in range(1, seats + 1)]
    content = pdf.draw_sheet(
        variant,
        [pdf.SeatCells(name=name) for name in names],
        title="Yams",
        subtitle="",
        right="",
    )
    assert_fits_one_a4_page(content, pdf.orientation_for(seats, 4))
    text = pdf_text(content)
    for box in variant.boxes:
        assert translated(box.label) in text
        assert translated(box.rule) in text


def test_sheets_are_portrait_while_cells_stay_writable_then_landscape():
    assert pdf.orientation_for(1, 4) == "portrait"
    assert pdf.orientation_for(4, 1) == "portrait"
    assert pdf.orientation_for(4, 2) == "portrait"
    assert pdf.orientation_for(4, 3) == "landscape"
    assert pdf.orientation_for(4, 4) == "landscape"


def test_the_column_rules_are_listed_with_each_languages_punctuation():
    _variant, content = blank("classic", ["down", "up"], "1")
    assert "de haut en bas ; montante" in pdf_text(content)
    with translation.override("en"):
        _variant, content = blank("classic", ["down", "up"], "1")
    text = pdf_text(content)
    assert "top to bottom; up" in text
    assert " ; " not in text
