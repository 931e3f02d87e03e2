"""Capability links that lead nowhere answer alike, and guessing them is throttled."""

import html
import re

import pytest

from scorekeeper.lib import tokens
from tests.factories import make_game
from tests.helpers import HTMX

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.security.urls")]

MALFORMED = [
    "abc",
    "x" * 31,
    "x" * 33,
    "x" * 31 + ".",
    "x" * 32 + "%0A",  # a trailing newline once decoded
    "%00" + "x" * 29,
    "é" * 32,
]


def unknown_token():
    return tokens.new_token()


def page_skeleton(response, token):
    """The page without what legitimately varies: the per-response CSRF mask and
    the address being shown (the language form sends it back as `next`)."""
    page = response.content.decode()
    page = re.sub(r'(X-CSRFToken": ")[^"]+', r"\1", page)
    page = re.sub(r'(name="csrfmiddlewaretoken" value=")[^"]+', r"\1", page)
    return page.replace(token, "TOKEN")


@pytest.fixture
def game_and_tokens():
    game, host_token = make_game()
    pencil_token = game.pass_pencil(host_token, "Léa")
    return game, host_token, pencil_token


def test_valid_links_open_their_game(client, game_and_tokens):
    game, host_token, pencil_token = game_and_tokens
    for url in (
        f"/h/{host_token}/probe/",
        f"/w/{game.watch_token}/probe/",
        f"/r/{game.watch_token}/probe/",
        f"/c/{pencil_token}/probe/",
    ):
        response = client.get(url)
        assert response.status_code == 200, url
        assert response.content.decode() == f"game {game.pk}"
    response = client.get(f"/b/{game.band.token}/probe/")
    assert response.content.decode() == f"band {game.band.pk}"


@pytest.mark.parametrize("prefix", ["h", "w", "r", "b"])
def test_malformed_and_unknown_tokens_get_the_same_404(client, prefix):
    token = unknown_token()
    unknown = client.get(f"/{prefix}/{token}/probe/")
    assert unknown.status_code == 404
    for bad in MALFORMED:
        malformed = client.get(f"/{prefix}/{bad}/probe/")
        assert malformed.status_code == 404, bad
        assert page_skeleton(malformed, bad) == page_skeleton(unknown, token), bad


def test_a_link_of_one_kind_does_not_open_another(client, game_and_tokens):
    game, host_token, pencil_token = game_and_tokens
    assert client.get(f"/h/{game.watch_token}/probe/").status_code == 404
    assert client.get(f"/h/{pencil_token}/probe/").status_code == 404
    assert client.get(f"/w/{host_token}/probe/").status_code == 404
    assert client.get(f"/b/{host_token}/probe/").status_code == 404
    assert client.get(f"/c/{host_token}/probe/").status_code == 410
    assert client.get(f"/c/{game.watch_token}/probe/").status_code == 410


def test_a_pencil_taken_back_shows_the_same_page_as_any_bad_pencil_link(
    client, game_and_tokens
):
    game, host_token, pencil_token = game_and_tokens
    game.take_back_pencil()
    never_given = unknown_token()
    revoked = client.get(f"/c/{pencil_token}/probe/")
    unknown = client.get(f"/c/{never_given}/probe/")
    malformed = client.get("/c/abc/probe/")
    assert revoked.status_code == unknown.status_code == malformed.status_code == 410
    page = page_skeleton(revoked, pencil_token)
    assert page == page_skeleton(unknown, never_given)
    assert page == page_skeleton(malformed, "abc")
    assert "Le crayon a été repris" in page
    assert "repris le crayon" in page


def test_an_older_pencil_link_stops_working_when_a_new_one_is_passed(
    client, game_and_tokens
):
    game, host_token, first = game_and_tokens
    second = game.pass_pencil(host_token, "Hugo")
    assert second != first
    assert client.get(f"/c/{first}/probe/").status_code == 410
    assert client.get(f"/c/{second}/probe/").status_code == 200


def test_the_pencil_gone_page_offers_nothing_that_writes(client, game_and_tokens):
    game, host_token, pencil_token = game_and_tokens
    game.take_back_pencil()
    page = client.get(f"/c/{pencil_token}/probe/").content.decode()
    forms = re.findall(r"<form\b[^>]*>", page)
    # Only the site-wide language switch, which writes a cookie, not the game.
    assert all('action="/i18n/setlang/"' in form for form in forms), forms
    assert "hx-post" not in page
    for token in (host_token, game.watch_token, game.band.token):
        assert token not in page


def test_misses_are_throttled_after_the_limit_and_not_before(
    client, settings, game_and_tokens
):
    settings.CAPABILITY_MISS_LIMIT = 5
    game, host_token, pencil_token = game_and_tokens
    for _ in range(5):
        assert client.get(f"/h/{unknown_token()}/probe/").status_code == 404
    refused = client.get(f"/h/{unknown_token()}/probe/")
    assert refused.status_code == 429
    page = html.unescape(refused.content.decode())
    assert "Trop d'essais : réessayez dans quelques minutes." in page
    assert 0 < int(refused["Retry-After"]) <= 600
    assert refused["Cache-Control"] == "no-store"


def test_good_links_keep_working_from_an_address_over_the_limit(
    client, settings, game_and_tokens
):
    # One guesser behind the café's Wi-Fi must not lock the table out: the host,
    # the pencil, the watchers and the band page share that address.
    settings.CAPABILITY_MISS_LIMIT = 5
    game, host_token, pencil_token = game_and_tokens
    for _ in range(30):
        client.get(f"/h/{unknown_token()}/probe/")
    for url in (
        f"/h/{host_token}/probe/",
        f"/w/{game.watch_token}/probe/",
        f"/c/{pencil_token}/probe/",
        f"/b/{game.band.token}/probe/",
    ):
        assert client.get(url).status_code == 200, url
    for prefix in ("h", "w", "c", "b"):
        assert client.get(f"/{prefix}/{unknown_token()}/probe/").status_code == 429


def test_every_kind_of_miss_counts_towards_the_limit(client, settings):
    settings.CAPABILITY_MISS_LIMIT = 4
    for prefix in ("h", "w", "c", "b"):
        miss = client.get(f"/{prefix}/{unknown_token()}/probe/")
        assert miss.status_code == (410 if prefix == "c" else 404), prefix
    assert client.get(f"/w/{unknown_token()}/probe/").status_code == 429


def test_the_same_dead_link_reloaded_counts_once(client, settings, game_and_tokens):
    settings.CAPABILITY_MISS_LIMIT = 3
    game, host_token, pencil_token = game_and_tokens
    game.take_back_pencil()
    # A phone left on a revoked pencil page keeps asking; the table shares its
    # Wi-Fi address and must not be locked out because of it.
    for _ in range(20):
        assert client.get(f"/c/{pencil_token}/probe/").status_code == 410
    assert client.get(f"/h/{host_token}/probe/").status_code == 200


def test_one_client_over_the_limit_does_not_block_another(
    client, settings, game_and_tokens
):
    settings.CAPABILITY_MISS_LIMIT = 2
    game, host_token, pencil_token = game_and_tokens
    for _ in range(3):
        client.get(f"/h/{unknown_token()}/probe/", REMOTE_ADDR="203.0.113.7")
    wrong = f"/h/{unknown_token()}/probe/"
    assert client.get(wrong, REMOTE_ADDR="203.0.113.7").status_code == 429
    assert client.get(wrong, REMOTE_ADDR="203.0.113.8").status_code == 404


def test_refused_htmx_requests_ask_for_a_full_reload(client, settings, game_and_tokens):
    # htmx swaps nothing on an error: without HX-Refresh a tap would do nothing.
    game, host_token, pencil_token = game_and_tokens
    game.take_back_pencil()
    assert client.get(f"/c/{pencil_token}/probe/", **HTMX)["HX-Refresh"] == "true"
    assert client.get(f"/h/{unknown_token()}/probe/", **HTMX)["HX-Refresh"] == "true"
    settings.CAPABILITY_MISS_LIMIT = 0
    refused = client.get(f"/h/{unknown_token()}/probe/", **HTMX)
    assert refused.status_code == 429
    assert refused["HX-Refresh"] == "true"


def test_good_and_plain_requests_get_no_reload_header(client, game_and_tokens):
    game, host_token, pencil_token = game_and_tokens
    assert "HX-Refresh" not in client.get(f"/h/{host_token}/probe/", **HTMX)
    assert "HX-Refresh" not in client.get(f"/h/{unknown_token()}/probe/")
