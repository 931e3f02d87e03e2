"""CSRF on every POST: refused without the token, accepted with it (in the form, or
in the header htmx sends through hx-headers)."""

import json
import re
from unittest import mock

import pytest
from django.middleware.csrf import get_token
from django.test import Client

from games.models import Entry
from tests.factories import make_game
from tests.helpers import HTMX, db_snapshot, host_url, pencil_url, request_key
from tests.pencil.helpers import fill, token_routes
from tests.pencil.test_refused_tokens import WRITE_URLS, plausible_post

pytestmark = pytest.mark.django_db


@pytest.fixture
def strict():
    return Client(enforce_csrf_checks=True)


def test_every_post_without_the_csrf_token_is_refused(strict, game_with_pencil):
    game, host_token, pencil_token = game_with_pencil
    values = {
        "host_token": host_token,
        "pencil_token": pencil_token,
        "player_id": game.players.get(name="Hugo").pk,
        "column": "free",
        "box": "twos",
    }
    strict.get(host_url(host_token))  # the CSRF cookie is set, the token not sent
    before = db_snapshot()
    refused = set()
    for route, name in token_routes():
        for headers in ({}, HTMX):
            response = strict.post(
                fill(route, values), plausible_post(game, game.version), **headers
            )
            # Checked before the method: even a GET-only URL answers 403 here.
            assert response.status_code == 403, (route, response.status_code)
            refused.add(name)
    for url in ("/", "/i18n/setlang/"):
        assert strict.post(url, {"names": ["A"], "language": "en"}).status_code == 403
    assert refused >= WRITE_URLS
    assert db_snapshot() == before


def test_the_page_token_lets_the_pencil_score_with_or_without_htmx(
    strict, game_with_pencil
):
    game, host_token, pencil_token = game_with_pencil
    page = strict.get(pencil_url(pencil_token)).content.decode()
    # htmx sends the token in a header set on <body> (hx-headers).
    headers = json.loads(re.search(r"hx-headers='([^']+)'", page).group(1))
    hugo = game.players.get(name="Hugo")
    kwargs = {"player_id": hugo.pk, "column": "free", "box": "twos"}
    dialog = strict.get(pencil_url(pencil_token, "pencil_box", **kwargs)).content
    dialog = dialog.decode()
    form_token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', dialog).group(
        1
    )
    record = pencil_url(pencil_token, "pencil_record", **kwargs)
    posted = {"value": "2", "request_key": request_key(dialog)}
    response = strict.post(
        record, posted, HTTP_X_CSRFTOKEN=headers["X-CSRFToken"], **HTMX
    )
    assert response.status_code == 200
    assert Entry.objects.filter(box="twos").count() == 1
    # The plain form carries it as a field.
    game.refresh_from_db()
    undo = pencil_url(pencil_token, "pencil_undo")
    response = strict.post(
        undo, {"csrfmiddlewaretoken": form_token, "seen_version": game.version}
    )
    assert response.status_code == 302
    assert not Entry.objects.filter(box="twos", undone_at__isnull=True).exists()


def test_the_host_passes_and_takes_back_with_the_form_token(strict):
    game, host_token = make_game(["Sarah", "Hugo"])
    page = strict.get(host_url(host_token)).content.decode()
    form_token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    response = strict.post(
        host_url(host_token, "pass_pencil"),
        {"label": "Léa", "csrfmiddlewaretoken": form_token},
    )
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.pencil_out
    response = strict.post(
        host_url(host_token, "take_pencil"), {"csrfmiddlewaretoken": form_token}
    )
    assert response.status_code == 302
    game.refresh_from_db()
    assert not game.pencil_out


def test_a_cross_site_post_over_https_without_a_referer_is_refused(strict):
    # Under HTTPS Django also wants a same-origin Referer (or Origin): the reason
    # the site sends Referrer-Policy: same-origin and not no-referrer.
    game, host_token = make_game(["Sarah", "Hugo"])
    https = {"secure": True}
    page = strict.get(host_url(host_token), **https).content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    url = host_url(host_token, "pass_pencil")
    data = {"label": "Léa", "csrfmiddlewaretoken": token}
    assert strict.post(url, data, **https).status_code == 403
    assert (
        strict.post(url, data, HTTP_ORIGIN="https://evil.example", **https).status_code
        == 403
    )
    same_site = strict.post(url, data, HTTP_ORIGIN="https://testserver", **https)
    assert same_site.status_code == 302


def test_a_page_carries_one_csrf_token_in_its_header_and_every_form(strict):
    game, host_token = make_game(["Sarah", "Hugo"])
    page = strict.get(host_url(host_token)).content.decode()
    header = json.loads(re.search(r"hx-headers='([^']+)'", page).group(1))
    in_forms = re.findall(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    # The pencil card, the language switch: each form has the token...
    assert len(in_forms) >= 2
    # ...masked once for the page, like the header's.
    assert set(in_forms) == {header["X-CSRFToken"]}
    # And it is a token the server takes.
    response = strict.post(
        host_url(host_token, "pass_pencil"), {"csrfmiddlewaretoken": in_forms[0]}
    )
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.pencil_out


def csrf_fields(html):
    return re.findall(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)


def test_an_htmx_write_answer_masks_no_token_and_its_undo_posts_with_the_header(
    strict,
):
    game, host_token = make_game(["Sarah", "Hugo"])
    page = strict.get(host_url(host_token)).content.decode()
    header = json.loads(re.search(r"hx-headers='([^']+)'", page).group(1))
    sarah = game.players.get(name="Sarah")
    kwargs = {"player_id": sarah.pk, "column": "free", "box": "twos"}
    dialog = strict.get(host_url(host_token, "box", **kwargs), **HTMX).content
    posted = {"value": "2", "request_key": request_key(dialog.decode())}
    with mock.patch("scorekeeper.jinja2.get_token", wraps=get_token) as masked:
        answer = strict.post(
            host_url(host_token, "record", **kwargs),
            posted,
            HTTP_X_CSRFTOKEN=header["X-CSRFToken"],
            **HTMX,
        )
    assert answer.status_code == 200
    html = answer.content.decode()
    # The toast offers to take the entry back, with no token of its own...
    assert 'action="' + host_url(host_token, "undo") + '"' in html
    assert csrf_fields(html) == []
    assert masked.call_count == 0
    # ...since htmx sends that form with the page's header.
    game.refresh_from_db()
    undo = strict.post(
        host_url(host_token, "undo"),
        {"seen_version": game.version, "request_key": request_key(html)},
        HTTP_X_CSRFTOKEN=header["X-CSRFToken"],
        **HTMX,
    )
    assert undo.status_code == 200
    assert not Entry.objects.filter(box="twos", undone_at__isnull=True).exists()


def test_without_javascript_the_same_undo_form_carries_its_token(strict):
    game, host_token = make_game(["Sarah", "Hugo"])
    page = strict.get(host_url(host_token)).content.decode()
    token = csrf_fields(page)[0]
    sarah = game.players.get(name="Sarah")
    kwargs = {"player_id": sarah.pk, "column": "free", "box": "twos"}
    dialog = strict.get(host_url(host_token, "box", **kwargs)).content.decode()
    posted = {
        "value": "2",
        "request_key": request_key(dialog),
        "csrfmiddlewaretoken": token,
    }
    recorded = strict.post(host_url(host_token, "record", **kwargs), posted)
    assert recorded.status_code == 302
    page = strict.get(recorded["Location"]).content.decode()
    undo_form = re.search(
        r'<form method="post" action="'
        + re.escape(host_url(host_token, "undo"))
        + r'".*?</form>',
        page,
        re.S,
    ).group(0)
    (field,) = csrf_fields(undo_form)
    game.refresh_from_db()
    undone = strict.post(
        host_url(host_token, "undo"),
        {
            "csrfmiddlewaretoken": field,
            "seen_version": game.version,
            "request_key": request_key(undo_form),
        },
    )
    assert undone.status_code == 302
    assert not Entry.objects.filter(box="twos", undone_at__isnull=True).exists()
