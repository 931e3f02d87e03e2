"""With DEBUG off, every error (400, 403 and a refused CSRF token, 404, 410, 500)
shows the app's own page, in the visitor's language, with a way home."""

import pytest
from django.test import Client

from scorekeeper import views
from scorekeeper.lib import tokens

pytestmark = pytest.mark.urls("tests.security.error_urls")

HOME_LINK = '<a class="button wide" href="/">'
# status, path, method, French words, English words
PAGES = {
    "400": (
        400,
        "/bad/",
        "Cette demande n'a pas pu être comprise.",
        "This request could not be understood.",
    ),
    "403": (
        403,
        "/forbidden/",
        "Cette page ne vous est pas ouverte.",
        "This page is not open to you.",
    ),
    "404": (
        404,
        "/no-such-page/",
        "Cette page n'existe pas, ou plus.",
        "This page does not exist, or no longer does.",
    ),
    "500": (
        500,
        "/broken/",
        "Une erreur est survenue de notre côté.",
        "Something went wrong on our side.",
    ),
}
HOME_WORDS = {"fr": "Retour à l'accueil", "en": "Back to the home page"}


@pytest.fixture(autouse=True)
def _production(settings):
    settings.DEBUG = False


def visitor(language=None):
    headers = {"accept-language": language} if language else {}
    return Client(raise_request_exception=False, headers=headers)


def assert_app_page(html, language):
    assert f'<html lang="{language}"' in html
    assert 'href="/static/css/app.css"' in html or "/static/css/app." in html
    assert '<a class="brand" href="/">' in html
    assert HOME_LINK in html
    assert HOME_WORDS[language] in html


@pytest.mark.django_db
@pytest.mark.parametrize("name", list(PAGES))
def test_each_error_shows_the_app_page_in_french(name):
    status, path, french, english = PAGES[name]
    response = visitor().get(path)
    assert response.status_code == status
    html = response.content.decode()
    assert_app_page(html, "fr")
    assert french in html
    assert english not in html


@pytest.mark.django_db
@pytest.mark.parametrize("name", list(PAGES))
def test_each_error_shows_the_app_page_in_english_when_the_browser_asks(name):
    status, path, french, english = PAGES[name]
    response = visitor("en-GB,en;q=0.9").get(path)
    assert response.status_code == status
    html = response.content.decode()
    assert_app_page(html, "en")
    assert english in html
    assert french not in html


@pytest.mark.django_db
def test_an_unknown_game_link_shows_the_404_page_without_echoing_the_link():
    token = tokens.new_token()
    response = visitor().get(f"/w/{token}/")
    assert response.status_code == 404
    html = response.content.decode()
    assert "Cette page n'existe pas, ou plus." in html
    assert token not in html


@pytest.mark.django_db
def test_an_error_page_sets_no_cookie_and_is_the_same_for_every_address():
    first = visitor().get("/no-such-page/")
    second = visitor().get(f"/h/{tokens.new_token()}/")
    assert first.content == second.content
    assert not first.cookies and not second.cookies


@pytest.mark.django_db
def test_a_host_name_the_site_does_not_serve_shows_the_400_page():
    response = visitor("en").get("/", headers={"host": "evil.example"})
    assert response.status_code == 400
    html = response.content.decode()
    assert "This request could not be understood." in html
    assert HOME_LINK in html


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["fr", "en"])
def test_a_refused_csrf_token_shows_the_403_page_saying_what_to_do(language):
    strict = Client(enforce_csrf_checks=True, headers={"accept-language": language})
    strict.get("/")  # the cookie is set, the token not sent
    response = strict.post("/", {"names": ["Léa", "Hugo"]})
    assert response.status_code == 403
    html = response.content.decode()
    assert_app_page(html, language)
    words = {
        "fr": "Ce formulaire a expiré.",
        "en": "This form has expired.",
    }
    assert words[language] in html


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["fr", "en"])
def test_a_pencil_link_taken_back_shows_the_410_page_with_a_way_home(language):
    response = visitor(language).get(f"/c/{tokens.new_token()}/")
    assert response.status_code == 410
    html = response.content.decode()
    assert f'<html lang="{language}"' in html
    assert '<a class="brand" href="/">' in html
    words = {"fr": "Le crayon a été repris", "en": "The pencil has been taken back"}
    assert words[language] in html


def test_the_500_page_needs_no_database_and_no_request_context():
    # No django_db mark: any query would fail, and the page would fall back to
    # plain text.
    response = visitor("en").get("/broken/")
    assert response.status_code == 500
    html = response.content.decode()
    assert_app_page(html, "en")
    assert "Something went wrong on our side." in html
    # Drawn without the request: no form, no CSRF token in it.
    assert "<form" not in html and "csrfmiddlewaretoken" not in html


def test_the_500_page_follows_the_language_active_for_the_request(rf):
    from django.utils import translation

    with translation.override("en"):
        response = views.server_error(rf.get("/"))
    assert response.status_code == 500
    assert "Something went wrong on our side." in response.content.decode()


def test_a_500_page_that_cannot_be_drawn_still_answers_in_words(rf, monkeypatch):
    def broken_template(*args, **kwargs):
        raise RuntimeError("the template broke")

    monkeypatch.setattr(views, "render_to_string", broken_template)
    response = views.server_error(rf.get("/"))
    assert response.status_code == 500
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert "Erreur du serveur. Réessayez dans un instant." in response.content.decode()
