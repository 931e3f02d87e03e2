"""A whole evening through the real pages, and the raw host and pencil tokens are
nowhere: not in a database row, not in a log line (SQL included), not in a page
that does not write."""

import logging
import re

import pytest
from django.db import connections
from django.test import Client

from games.models import Game
from scorekeeper.lib import tokens
from tests.helpers import HTMX, host_url, pencil_url, request_key
from tests.security.test_tokens import every_stored_value

pytestmark = pytest.mark.django_db

# The settings raise some of these above DEBUG; the test lowers them all.
LOGGERS = [
    "django",
    "django.request",
    "django.server",
    "django.security.csrf",
    "django.db.backends",
    "games",
    "bands",
    "scorekeeper",
]


@pytest.fixture
def everything_logged(caplog, monkeypatch):
    """Every log record at every level, SQL queries included."""
    monkeypatch.setattr(connections["default"], "force_debug_cursor", True)
    caplog.set_level(logging.DEBUG)
    for name in LOGGERS:
        caplog.set_level(logging.DEBUG, logger=name)
    return caplog


def test_an_evening_leaves_no_raw_token_in_the_database_or_the_logs(
    client, everything_logged, console
):
    response = client.post(
        "/", {"names": ["Sarah", "Hugo"], "preset": "classic", "columns": ["free"]}
    )
    host_token = re.fullmatch(r"/h/([^/]+)/", response["Location"]).group(1)
    game = Game.objects.get()
    sarah, hugo = game.players.order_by("seat")
    client.get(host_url(host_token))

    client.post(host_url(host_token, "pass_pencil"), {"label": "Léa"})
    game.refresh_from_db()
    first_pencil = game.current_pencil_token(host_token)
    client.post(host_url(host_token, "take_pencil"))
    client.post(host_url(host_token, "pass_pencil"), {"label": "Hugo"})
    game.refresh_from_db()
    pencil_token = game.current_pencil_token(host_token)

    kwargs = {"player_id": sarah.pk, "column": "free", "box": "ones"}
    dialog = client.get(pencil_url(pencil_token, "pencil_box", **kwargs)).content
    client.post(
        pencil_url(pencil_token, "pencil_record", **kwargs),
        {"value": "3", "request_key": request_key(dialog.decode())},
        **HTMX,
    )
    client.get(pencil_url(pencil_token, "pencil_sheet"), {"v": "1"}, **HTMX)
    # Misses: the old pencil, the host link where a pencil goes, a typo.
    client.get(pencil_url(first_pencil))
    client.post(pencil_url(first_pencil, "pencil_undo"), **HTMX)
    client.get(f"/w/{host_token}/")
    client.get(f"/h/{pencil_token}/")
    client.get(f"/h/{host_token[:-1]}/")
    client.get(f"/h/{host_token}")  # the slash redirect
    Client(enforce_csrf_checks=True).post(host_url(host_token, "take_pencil"))

    secrets = {"host": host_token, "pencil": pencil_token, "old pencil": first_pencil}
    logged = everything_logged.text + console.getvalue()
    assert "SELECT" in everything_logged.text, "SQL was not captured"
    assert "Not Found" in logged and "Gone" in logged and "Forbidden" in logged
    stored = every_stored_value()
    for what, secret in secrets.items():
        assert secret not in logged, what
        assert not any(secret in value for value in stored), what
        # Nor a piece long enough to matter (the lookup prefix is 8 characters).
        piece = secret[: tokens.PREFIX_LENGTH + 4]
        assert piece not in logged, what
        assert not any(piece in value for value in stored), what
    # The watch link and its pages never show the writing tokens.
    for url in (f"/w/{game.watch_token}/", f"/r/{game.watch_token}/"):
        page = client.get(url).content.decode()
        assert host_token not in page and pencil_token not in page
