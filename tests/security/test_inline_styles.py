"""The watch page draws without asking for a stylesheet: its styles are in its
head, in a <style> element the CSP allows by its nonce alone (no
'unsafe-inline'); the other pages keep their <link>s and a policy with no nonce."""

import re

import pytest

from tests.factories import make_game
from tests.helpers import host_url, watch_url

pytestmark = pytest.mark.django_db

STYLE = re.compile(r'<style nonce="([^"]+)"[^>]*>(.*?)</style>', re.S)


def style_nonces(csp):
    style_src = next(d for d in csp.split(";") if d.strip().startswith("style-src"))
    return re.findall(r"'nonce-([^']+)'", style_src)


def test_the_watch_page_carries_its_styles_under_the_nonce_its_csp_names(client):
    game, _ = make_game()
    response = client.get(watch_url(game))
    html = response.content.decode()
    csp = response["Content-Security-Policy"]
    (inline,) = STYLE.findall(html)
    nonce, css = inline
    assert style_nonces(csp) == [nonce]
    assert "unsafe-inline" not in csp
    # The sheet's styles and the site's, without their comments.
    assert ".sheet" in css and "--paper" in css
    assert "/*" not in css
    assert 'rel="stylesheet"' not in html


def test_each_watch_page_gets_a_nonce_of_its_own(client):
    game, _ = make_game()
    first, second = (client.get(watch_url(game)) for _ in range(2))
    assert style_nonces(first["Content-Security-Policy"]) != style_nonces(
        second["Content-Security-Policy"]
    )


def test_the_host_page_links_its_stylesheets_and_its_csp_names_no_nonce(client):
    _, token = make_game()
    response = client.get(host_url(token))
    html = response.content.decode()
    assert "<style" not in html
    assert 'rel="stylesheet"' in html
    assert style_nonces(response["Content-Security-Policy"]) == []


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_watch_page_is_drawn_styled_without_a_stylesheet_request(
    live_server, phone
):
    game, _ = make_game()
    asked = []
    refused = []
    phone.on(
        "request",
        lambda r: asked.append(r.url) if r.resource_type == "stylesheet" else None,
    )
    phone.on(
        "console",
        lambda m: refused.append(m.text) if "Content Security" in m.text else None,
    )
    phone.goto(live_server.url + watch_url(game))
    # The topbar is a flex row only if the styles applied.
    assert phone.locator(".topbar").evaluate("e => getComputedStyle(e).display") == (
        "flex"
    )
    assert asked == []
    assert refused == []
