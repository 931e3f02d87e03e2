"""Cookies: none is readable by scripts, none rides along on cross-site requests."""

import pytest

from tests.factories import make_game
from tests.helpers import host_url


def set_language(client, code):
    return client.post("/i18n/setlang/", {"language": code, "next": "/"})


@pytest.mark.django_db
def test_the_language_cookie_is_http_only_and_same_site(client):
    response = set_language(client, "en")
    assert response.status_code == 302
    cookie = response.cookies["django_language"]
    assert cookie.value == "en"
    assert cookie["httponly"] is True
    assert cookie["samesite"] == "Lax"


@pytest.mark.django_db
def test_the_csrf_cookie_is_http_only_and_the_token_still_reaches_htmx(client):
    _game, host_token = make_game()
    response = client.get(host_url(host_token))
    cookie = response.cookies["csrftoken"]
    assert cookie["httponly"] is True
    # htmx sends the token from the page itself, not from the cookie.
    assert 'hx-headers=\'{"X-CSRFToken": "' in response.content.decode()
