"""What the pencil writes is kept as the pencil's, with the label it was passed
with at that moment, and so is an undo: the log and both exports say who."""

import csv
import io
import json
import re

import pytest
from django.urls import reverse

from games.models import Entry
from tests.factories import count, make_game, play
from tests.helpers import host_url
from tests.keepsakes.test_round_log import table_rows
from tests.pencil.helpers import host_links, pencil_links, record_post

pytestmark = pytest.mark.django_db


def log(client, game):
    url = reverse("keepsakes:log", kwargs={"watch_token": game.watch_token})
    return table_rows(client.get(url))


def export(client, game, fmt):
    url = reverse(
        "keepsakes:export", kwargs={"watch_token": game.watch_token, "fmt": fmt}
    )
    return client.get(url).content.decode("utf-8-sig")


def csv_rows(client, game):
    """The CSV's rows under its header, as {column: value}."""
    return list(csv.DictReader(io.StringIO(export(client, game, "csv"))))


def pass_pencil(client, game, host_token, label):
    client.post(host_url(host_token, "pass_pencil"), {"label": label})
    game.refresh_from_db()
    return game.current_pencil_token(host_token)


def take_pencil_back(client, host_token):
    assert client.post(host_url(host_token, "take_pencil")).status_code == 302


def undo(client, url_of, game):
    game.refresh_from_db()
    page = client.get(url_of("undo")).content.decode()
    version = re.search(r'name="seen_version" value="(\d+)"', page).group(1)
    assert client.post(url_of("undo"), {"seen_version": version}).status_code == 302


@pytest.fixture
def lea_scored(client):
    """Sarah's ones by the host, then Hugo's ones through Léa's pencil:
    (game, host_token)."""
    game, host_token = make_game(["Sarah", "Hugo"])
    play(game, ("Sarah", "free", "ones", count(3)))
    pencil = pencil_links(pass_pencil(client, game, host_token, "Léa"))
    response = record_post(client, pencil, game, "Hugo", "ones", {"value": "2"})
    assert response.status_code == 302
    return game, host_token


def test_a_pencil_entry_names_its_label_in_the_log_and_both_exports(client, lea_scored):
    game, _host_token = lea_scored
    rows = log(client, game)
    assert [(row[1], row[3], row[6]) for row in rows] == [
        ("Sarah", "3 × 1", "Hôte"),
        ("Hugo", "2 × 1", "Crayon (Léa)"),
    ]
    csv_lines = csv_rows(client, game)
    assert [(r["joueur"], r["par"], r["annulée par"]) for r in csv_lines] == [
        ("Sarah", "Hôte", ""),
        ("Hugo", "Crayon (Léa)", ""),
    ]
    entries = json.loads(export(client, game, "json"))["writes"]
    assert [(e["player"], e["by"], e["by_label"]) for e in entries] == [
        ("Sarah", "host", ""),
        ("Hugo", "pencil", "Léa"),
    ]


def test_the_host_undoing_the_pencils_entry_says_the_host_took_it_back(
    client, lea_scored
):
    game, host_token = lea_scored
    take_pencil_back(client, host_token)
    undo(client, host_links(host_token), game)
    hugo = log(client, game)[1]
    assert hugo[1:4] == ["Hugo", "As", "2 × 1 annulée par l'hôte"]
    assert hugo[6] == "Crayon (Léa)"
    csv_hugo = csv_rows(client, game)[1]
    assert (csv_hugo["par"], csv_hugo["annulée par"]) == ("Crayon (Léa)", "Hôte")
    assert csv_hugo["annulée"]  # its time
    entry = json.loads(export(client, game, "json"))["writes"][1]
    assert (entry["by"], entry["by_label"]) == ("pencil", "Léa")
    assert (entry["undone_by"], entry["undone_by_label"]) == ("host", "")


def test_the_pencil_undoing_says_it_was_the_pencil(client, lea_scored):
    game, host_token = lea_scored
    undo(client, pencil_links(game.current_pencil_token(host_token)), game)
    assert log(client, game)[1][3] == "2 × 1 annulée par le crayon (Léa)"
    assert csv_rows(client, game)[1]["annulée par"] == "Crayon (Léa)"


def test_each_entry_keeps_the_label_the_pencil_had_when_it_was_written(
    client, lea_scored
):
    game, host_token = lea_scored
    # Passed again to Tom, then without a name: Léa's entry stays hers.
    tom = pencil_links(pass_pencil(client, game, host_token, "Tom"))
    record_post(client, tom, game, "Sarah", "twos", {"value": "1"})
    nobody = pencil_links(pass_pencil(client, game, host_token, ""))
    record_post(client, nobody, game, "Hugo", "twos", {"value": "4"})
    undo(client, nobody, game)
    rows = log(client, game)
    assert [row[6] for row in rows] == [
        "Hôte",
        "Crayon (Léa)",
        "Crayon (Tom)",
        "Crayon",
    ]
    assert rows[3][3] == "4 × 2 annulée par le crayon"
    assert [
        (e.by, e.by_label, e.undone_by, e.undone_by_label)
        for e in Entry.objects.order_by("seq")
    ] == [
        ("host", "", "", ""),
        ("pencil", "Léa", "", ""),
        ("pencil", "Tom", "", ""),
        ("pencil", "", "pencil", ""),
    ]


def test_the_log_says_who_in_english_too(client, lea_scored):
    game, host_token = lea_scored
    take_pencil_back(client, host_token)
    undo(client, host_links(host_token), game)
    url = reverse("keepsakes:log", kwargs={"watch_token": game.watch_token})
    rows = table_rows(client.get(url, HTTP_ACCEPT_LANGUAGE="en"))
    assert [row[6] for row in rows] == ["Host", "Pencil (Léa)"]
    assert rows[1][3] == "2 × 1 undone by the host"
