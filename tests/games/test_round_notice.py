"""The notice after a round carries its own "Annuler", with or without JS."""

import re

import pytest

from tests.factories import make_round_game, pks
from tests.helpers import HTMX, host_url, page_text

pytestmark = pytest.mark.django_db


def skyjo_fields(game):
    ids = pks(game)
    cards = {f"cards-{ids[n]}": v for n, v in {"Léa": 3, "Tom": 12, "Zoé": 3}.items()}
    return {"seen_version": game.version, "request_key": "k1", **cards} | {
        "finisher": ids["Zoé"]
    }


def notice_of(html):
    """The notice's words, and its form's action and fields (None: no form)."""
    notice = re.search(
        r'<div id="notice".*?</div>\s*</div>|<div id="notice".*?</div>', html, re.S
    )
    chunk = notice.group(0)
    form = re.search(r'<form method="post" action="([^"]+)"', chunk)
    fields = dict(re.findall(r'name="(\w+)" value="([^"]*)"', chunk))
    return page_text(chunk), (form.group(1) if form else None), fields


def test_without_js_the_page_after_a_round_offers_annuler_in_its_notice(client):
    game, host = make_round_game("skyjo", ["Léa", "Tom", "Zoé"])
    response = client.post(host_url(host, "record_round"), skyjo_fields(game))
    page = client.get(response.url)
    words, action, fields = notice_of(page.content.decode())
    assert "Manche 1 notée." in words
    assert "Annuler" in words
    assert action == host_url(host, "undo")

    client.post(action, fields)
    assert not game.rounds.filter(undone_at__isnull=True).exists()


def test_with_htmx_the_notice_of_a_round_offers_annuler(client):
    game, host = make_round_game("skyjo", ["Léa", "Tom", "Zoé"])
    response = client.post(host_url(host, "record_round"), skyjo_fields(game), **HTMX)
    words, action, _fields = notice_of(response.content.decode())
    assert "Manche 1 notée." in words
    assert "Annuler" in words
    assert action == host_url(host, "undo")


def test_a_stale_round_number_in_the_address_offers_no_annuler(client):
    game, host = make_round_game("skyjo", ["Léa", "Tom", "Zoé"])
    page = client.get(host_url(host) + "?round=1")
    words, action, _fields = notice_of(page.content.decode())
    assert action is None
    assert "Annuler" not in words
