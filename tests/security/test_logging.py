"""Capability tokens never reach the logs."""

import logging

import pytest

from scorekeeper.logging import redact
from tests.factories import make_game


@pytest.mark.django_db
@pytest.mark.urls("tests.security.urls")
def test_a_server_error_on_a_host_link_is_logged_without_its_token(caplog, console):
    game, host_token = make_game()
    from django.test import Client

    client = Client(raise_request_exception=False)
    with caplog.at_level(logging.ERROR):
        response = client.get(f"/h/{host_token}/boom/?next=/c/{host_token}/")
    assert response.status_code == 500
    records = [r for r in caplog.records if r.name == "django.request"]
    assert records, "the 500 was not logged"
    assert "/h/…/boom/" in records[0].getMessage()
    assert host_token not in caplog.text
    assert host_token not in console.getvalue()
    assert "/h/…/boom/" in console.getvalue()


@pytest.mark.django_db
@pytest.mark.urls("tests.security.urls")
def test_a_not_found_on_a_pencil_link_is_logged_without_its_token(
    client, caplog, console
):
    game, host_token = make_game()
    pencil_token = game.pass_pencil(host_token)
    # 404s are below the configured level; lower it to see what would be written.
    with caplog.at_level(logging.WARNING, logger="django.request"):
        client.get(f"/w/{pencil_token}/probe/")
    assert any("Not Found: /w/…/probe/" in r.getMessage() for r in caplog.records)
    assert pencil_token not in caplog.text
    assert pencil_token not in console.getvalue()


def test_request_lines_of_the_development_server_are_redacted(console):
    token = "Ab3_" * 8
    server = logging.getLogger("django.server")
    captured = []

    class Keep(logging.Handler):
        def emit(self, record):
            captured.append(self.format(record))

    keep = Keep()
    server.addHandler(keep)
    try:
        server.error('"%s" %s %s', f"GET /c/{token}/ HTTP/1.1", "500", "1234")
    finally:
        server.removeHandler(keep)
    assert captured == ['"GET /c/…/ HTTP/1.1" 500 1234']
    assert token not in console.getvalue()
    assert "/c/…/" in console.getvalue()


def test_a_traceback_mentioning_a_token_is_redacted(console):
    token = "Zz9-" * 8
    try:
        raise ValueError(f"no game behind {token}")
    except ValueError:
        logging.getLogger("games").exception("lookup failed for /h/%s/", token)
    written = console.getvalue()
    assert "lookup failed for /h/…/" in written
    assert "no game behind …" in written
    assert token not in written


@pytest.mark.parametrize(
    "text, expected",
    [
        ("/h/abc/next/", "/h/…/next/"),
        ("GET /w/" + "a" * 32 + "/log/?x=1", "GET /w/…/log/?x=1"),
        ("/b/" + "b" * 32, "/b/…"),
        ("/r/" + "c" * 32 + "/preview.png", "/r/…/preview.png"),
        ("?next=%2Fh%2F" + "d" * 32 + "%2F", "?next=%2Fh%2F…%2F"),
        ("token " + "e" * 32 + " used", "token … used"),
        ("/static/css/app.css", "/static/css/app.css"),
        ("/printables/classic/1.pdf", "/printables/classic/1.pdf"),
        ("sha256 " + "f" * 64, "sha256 " + "f" * 64),
    ],
)
def test_redaction_hides_tokens_and_nothing_else(text, expected):
    assert redact(text) == expected
