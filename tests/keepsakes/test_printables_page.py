"""The "Feuilles à imprimer" page and its blank PDFs: no account, no token."""

import html as html_lib
import re

import pytest
from django.urls import reverse

from games.kinds import registry, yams
from scorekeeper.lib.translation import translated
from tests.keepsakes.helpers import pdf_pages, pdf_text


def pdf_links(html):
    return re.findall(r'href="(/printables/[^"]+\.pdf[^"]*)"', html)


@pytest.mark.django_db
def test_the_page_offers_every_preset_for_one_and_four_players(client):
    response = client.get(reverse("keepsakes:printables"))
    assert response.status_code == 200
    html = html_lib.unescape(response.content.decode())
    assert "Feuilles à imprimer" in html
    links = pdf_links(html)
    for preset, variant in yams.PRESETS.items():
        assert translated(variant.label) in html
        for layout in ("1", "4"):
            assert f"/printables/{preset}/{layout}.pdf" in links
            assert (
                f"/printables/{preset}/{layout}.pdf?columns=down%2Cfree%2Cup" in links
            )
    assert "A4 portrait" in html and "A4 paysage" in html


@pytest.mark.django_db
def test_every_link_on_the_page_is_a_one_page_pdf(client):
    html = client.get(reverse("keepsakes:printables")).content.decode()
    links = {link.replace("&amp;", "&") for link in pdf_links(html)}
    # Every Yams preset's column sets for 1 and 4 players, then each kind
    # scored by rounds for the player counts its plug-in draws.
    rounds_sheets = sum(
        len(kind.blank_sheet_players)
        for kind in registry.KINDS.values()
        if not kind.entered_by_boxes
    )
    assert len(links) == len(yams.PRESETS) * 3 * 2 + rounds_sheets
    for link in sorted(links)[:: max(1, len(links) // 8)]:
        response = client.get(link)
        assert response.status_code == 200, link
        assert response["Content-Type"] == "application/pdf"
        assert len(pdf_pages(response.content)) == 1


@pytest.mark.django_db
def test_the_columns_in_the_query_string_shape_the_sheet(client):
    response = client.get(
        reverse("keepsakes:blank_pdf", kwargs={"preset": "classic", "layout": "4"}),
        {"columns": "down,up", "strict_straights": "1"},
    )
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith("inline;")
    assert "feuille-yams-classic-down-up-4.pdf" in response["Content-Disposition"]
    text = pdf_text(response.content)
    assert "Colonnes : Descendante, Montante" in text
    assert "1-2-3-4-5 — 30 points" in text


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("preset", "layout", "query"),
    [
        ("poker", "1", {}),
        ("classic", "2", {}),
        ("classic", "four", {}),
    ],
)
def test_an_unknown_preset_or_layout_is_not_found(client, preset, layout, query):
    url = reverse("keepsakes:blank_pdf", kwargs={"preset": preset, "layout": layout})
    assert client.get(url, query).status_code == 404


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"columns": "down,sideways"}, "Colonnes"),
        ({"columns": "down,down"}, "une fois"),
        ({"columns": "down,free,up,dry,free"}, "Colonnes"),
        ({"columns": ""}, "Colonnes"),
        ({"strict_straights": "maybe"}, "vrai ou faux"),
        ({"count_dice": "some"}, "impossible"),
    ],
)
def test_bad_column_options_get_a_clear_400(client, query, message):
    url = reverse("keepsakes:blank_pdf", kwargs={"preset": "classic", "layout": "1"})
    response = client.get(url, query)
    assert response.status_code == 400
    assert message in response.content.decode()


@pytest.mark.django_db
def test_an_option_another_preset_has_is_ignored(client):
    url = reverse("keepsakes:blank_pdf", kwargs={"preset": "six_dice", "layout": "1"})
    response = client.get(url, {"strict_straights": "1"})
    # Six dice have no strict straights: the option is not read, the sheet is drawn.
    assert response.status_code == 200
    assert "Suite complète" in pdf_text(response.content)


@pytest.mark.django_db
def test_the_form_on_the_page_leads_to_the_chosen_sheet(client):
    response = client.get(
        reverse("keepsakes:printables"),
        {
            "preset": "yahtzee",
            "columns": ["up", "down"],
            "layout": "4",
            "saved_rolls": "1",
        },
    )
    assert response.status_code == 302
    assert response["Location"] == (
        "/printables/yahtzee/4.pdf?columns=down%2Cup&saved_rolls=1"
    )
    text = pdf_text(client.get(response["Location"]).content)
    assert "Lancers gardés" in text and "Prime Yams" in text


def test_the_page_and_a_blank_sheet_need_no_database(client):
    """No django_db mark: any query would fail the test."""
    assert client.get(reverse("keepsakes:printables")).status_code == 200
    url = reverse("keepsakes:blank_pdf", kwargs={"preset": "classic", "layout": "1"})
    assert client.get(url).status_code == 200
