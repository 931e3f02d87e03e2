"""QR codes: made on the server as SVG, and what a camera reads is the right link.

How the SVG is checked: the test decodes exactly the bytes the view serves. segno
writes every dark module as a stroke of a single SVG path; `rasterize_segno_svg`
draws that path back into a bitmap (refusing any path command it does not
know) and zxing-cpp decodes the bitmap like a phone camera would. The browser test
(test_share_browser.py) also decodes the code as Chromium actually paints it.
"""

import pytest
import zxingcpp
from django.urls import reverse

from tests.factories import make_game
from tests.share.helpers import rasterize_segno_svg


def decode(svg_bytes):
    results = zxingcpp.read_barcodes(rasterize_segno_svg(svg_bytes))
    assert len(results) == 1
    assert results[0].format == zxingcpp.BarcodeFormat.QRCode
    return results[0].text


@pytest.mark.django_db
def test_watch_qr_code_is_an_svg_that_decodes_to_the_watch_link(client):
    game, _host_token = make_game()
    response = client.get(
        reverse("games:watch_qr", kwargs={"watch_token": game.watch_token})
    )
    assert response.status_code == 200
    assert response["Content-Type"] == "image/svg+xml"
    svg = response.content
    assert b"<svg" in svg and b"<script" not in svg
    assert decode(svg) == f"http://testserver/w/{game.watch_token}/"


@pytest.mark.django_db
def test_watch_qr_code_follows_the_address_people_use(client):
    game, _host_token = make_game()
    response = client.get(
        reverse("games:watch_qr", kwargs={"watch_token": game.watch_token}),
        headers={"host": "localhost:8000"},
    )
    assert decode(response.content) == f"http://localhost:8000/w/{game.watch_token}/"


@pytest.mark.django_db
def test_watch_qr_code_scales_in_a_page(client):
    game, _host_token = make_game()
    svg = client.get(
        reverse("games:watch_qr", kwargs={"watch_token": game.watch_token})
    ).content.decode()
    # Without a viewBox a browser clips the code instead of resizing it.
    assert 'viewBox="0 0 ' in svg


@pytest.mark.django_db
def test_unknown_watch_token_has_no_qr_code(client):
    game, host_token = make_game()
    for token in (host_token, "x" * 32, "nope"):
        url = reverse("games:watch_qr", kwargs={"watch_token": token})
        assert client.get(url).status_code == 404


@pytest.mark.django_db
def test_pencil_qr_code_decodes_to_the_current_pencil_link(client):
    game, host_token = make_game()
    game.pass_pencil(host_token, "Léa")
    newer = game.pass_pencil(host_token, "Hugo")
    url = reverse("games:pencil_qr", kwargs={"host_token": host_token})
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"] == "image/svg+xml"
    assert "no-store" in response["Cache-Control"]
    assert decode(response.content) == f"http://testserver/c/{newer}/"


@pytest.mark.django_db
def test_pencil_qr_code_needs_the_host_link_and_a_pencil_out(client):
    game, host_token = make_game()
    url = reverse("games:pencil_qr", kwargs={"host_token": host_token})
    assert client.get(url).status_code == 404
    game.pass_pencil(host_token, "Léa")
    assert client.get(url).status_code == 200
    game.take_back_pencil()
    assert client.get(url).status_code == 404
    by_watch = reverse("games:pencil_qr", kwargs={"host_token": game.watch_token})
    assert client.get(by_watch).status_code == 404
