"""Capability tokens: unguessable, stored hashed, never written down in clear."""

import math
import secrets

import pytest
from django.db import connection

from games.models import Game
from scorekeeper.lib import tokens
from tests.factories import make_game, play


def test_a_token_carries_at_least_128_bits_even_with_its_prefix_known():
    assert tokens.TOKEN_BYTES * 8 >= 128
    token = tokens.new_token()
    assert len(token) == tokens.TOKEN_LENGTH
    assert tokens.is_well_formed(token)
    # The database keeps a plain prefix for the lookup: what remains is secret.
    hidden = (tokens.TOKEN_LENGTH - tokens.PREFIX_LENGTH) * math.log2(64)
    assert hidden >= 128


def test_tokens_come_from_secrets_and_are_compared_in_constant_time(monkeypatch):
    drawn = []

    def token_urlsafe(nbytes):
        drawn.append(nbytes)
        return "A" * tokens.TOKEN_LENGTH

    monkeypatch.setattr(secrets, "token_urlsafe", token_urlsafe)
    assert tokens.new_token() == "A" * tokens.TOKEN_LENGTH
    assert drawn == [tokens.TOKEN_BYTES]

    compared = []
    real = tokens.hmac.compare_digest

    def compare_digest(a, b):
        compared.append((a, b))
        return real(a, b)

    monkeypatch.setattr(tokens.hmac, "compare_digest", compare_digest)
    stored = tokens.hashed("B" * 32).digest
    assert tokens.matches("B" * 32, stored)
    assert not tokens.matches("C" * 32, stored)
    assert len(compared) == 2


def test_a_thousand_tokens_are_all_different():
    drawn = {tokens.new_token() for _ in range(1000)}
    assert len(drawn) == 1000
    assert all(tokens.is_well_formed(t) for t in drawn)


@pytest.mark.parametrize(
    "candidate",
    [
        "",
        None,
        "x" * 31,
        "x" * 33,
        "x" * 32 + "\n",
        "\n" + "x" * 31,
        "x" * 31 + "/",
        "x" * 31 + "=",
        "x" * 31 + "é",
        "x" * 31 + "\x00",
        b"x" * 32,
    ],
)
def test_anything_but_32_token_characters_is_malformed(candidate):
    assert not tokens.is_well_formed(candidate)


def test_a_pencil_token_is_a_token_of_its_own():
    host = tokens.new_token()
    first = Game.pencil_token(host, 1)
    second = Game.pencil_token(host, 2)
    assert tokens.is_well_formed(first) and tokens.is_well_formed(second)
    assert len({host, first, second}) == 3
    assert Game.pencil_token(tokens.new_token(), 1) != first


def every_stored_value():
    """Every column of every row of every table, as text."""
    values = []
    with connection.cursor() as cursor:
        for table in connection.introspection.table_names():
            cursor.execute(f"SELECT * FROM {connection.ops.quote_name(table)}")
            for row in cursor.fetchall():
                values.extend(
                    v.decode(errors="replace") if isinstance(v, bytes) else str(v)
                    for v in row
                    if v is not None
                )
    return values


@pytest.mark.django_db
def test_the_database_never_holds_a_host_or_pencil_token():
    game, host_token = make_game(["Sarah", "Hugo"])
    play(game, ("Sarah", "free", "ones", {"kind": "count", "value": 3}))
    old_pencil = game.pass_pencil(host_token, "Léa")
    pencil_token = game.pass_pencil(host_token, "Hugo")
    game.record(
        game.players.get(name="Hugo").pk,
        "free",
        "twos",
        {"kind": "count", "value": 2},
        request_key="k-1",
    )
    assert Game.objects.by_token("host", host_token) == game
    assert Game.objects.by_token("pencil", pencil_token) == game
    stored = every_stored_value()
    assert stored, "nothing read from the database"
    for secret in (host_token, pencil_token, old_pencil):
        assert not any(secret in value for value in stored)
        # Nor a long enough piece of it to matter.
        assert not any(secret[: tokens.PREFIX_LENGTH + 4] in v for v in stored)
    row = Game.objects.filter(pk=game.pk).values().get()
    assert row["host_digest"] == tokens.digest(host_token)
    assert row["pencil_digest"] == tokens.digest(pencil_token)
    # The read-only links are stored as is, by design (shown again and again).
    assert game.watch_token in stored
