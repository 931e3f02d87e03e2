"""The round-by-round log: every entry in order, undone ones kept and marked."""

import html as html_lib
import re

import pytest
from django.template.loader import render_to_string
from django.urls import reverse

from keepsakes import export
from tests.factories import make_game, play, worked_example
from tests.helpers import page_text
from tests.keepsakes.helpers import assert_costs_at_most_after_one_round_or_thirteen


def log_url(game):
    return reverse("keepsakes:log", kwargs={"watch_token": game.watch_token})


def table_rows(response):
    """Each entry of the log as [round, player, box, what was entered, points,
    time, who wrote it], the round read from the "Manche n" heading above it; a
    name corrected as ["rename", what the line says, time, who]."""
    body = response.content.decode().split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    rows, current = [], None
    for attrs, inner in re.findall(r"<tr([^>]*)>(.*?)</tr>", body, flags=re.S):
        if "log-round" in attrs:
            current = page_text(inner).removeprefix("Manche ")
            continue
        cells = re.findall(r"<td[^>]*>(.*?)</td>", inner, flags=re.S)
        time = re.search(r"<time[^>]*>(.*?)</time>", cells[0]).group(1)
        by = page_text(re.search(r'class="log-by">(.*?)</span>', cells[0]).group(1))
        first = page_text(
            re.sub(r'<span class="log-meta">.*', "", cells[0], flags=re.S)
        )
        if "log-rename" in attrs:
            rows.append(["rename", first, time, by])
            continue
        rows.append([current, first, *(page_text(c) for c in cells[1:]), time, by])
    return rows


@pytest.mark.django_db
def test_the_log_lists_every_entry_in_order_with_round_player_box_and_points(client):
    game, _host = worked_example(turns=4)
    response = client.get(log_url(game))
    assert response.status_code == 200
    rows = table_rows(response)
    assert [row[:5] for row in rows] == [
        ["1", "Sarah", "As", "3 × 1", "3"],
        ["1", "Hugo", "As", "2 × 1", "2"],
        ["2", "Sarah", "Deux", "3 × 2", "6"],
        ["2", "Hugo", "Deux", "2 × 2", "4"],
    ]
    for row in rows:
        assert re.fullmatch(r"\d\d:\d\d", row[5])


@pytest.mark.django_db
def test_an_undone_entry_stays_in_the_log_marked_undone(client):
    game, _host = make_game(("Sarah", "Hugo"))
    play(
        game,
        ("Sarah", "free", "ones", {"kind": "count", "value": 3}),
        ("Hugo", "free", "yams", {"kind": "made"}),
    )
    game.undo()
    play(game, ("Hugo", "free", "yams", {"kind": "cross"}))
    response = client.get(log_url(game))
    rows = table_rows(response)
    assert rows == [
        ["1", "Sarah", "As", "3 × 1", "3", rows[0][5], "Hôte"],
        ["1", "Hugo", "Yams", "réussi annulée par l'hôte", "50", rows[1][5], "Hôte"],
        ["1", "Hugo", "Yams", "barré", "0", rows[2][5], "Hôte"],
    ]
    html = response.content.decode()
    assert "<del>réussi</del>" in html
    assert html.count("is-undone") == 1


@pytest.mark.django_db
def test_the_round_of_an_entry_counts_only_the_turns_standing_when_it_was_made():
    game, _host = make_game(("Léa",))
    play(game, ("Léa", "free", "ones", {"kind": "count", "value": 1}))
    play(game, ("Léa", "free", "twos", {"kind": "count", "value": 1}))
    game.undo()
    game.undo()
    play(game, ("Léa", "free", "threes", {"kind": "count", "value": 1}))
    play(game, ("Léa", "free", "fours", {"kind": "count", "value": 1}))
    rounds = [(row.box, row.round, row.undone) for row in export.game_log(game)]
    assert rounds == [
        ("ones", 1, True),
        ("twos", 2, True),
        ("threes", 1, False),
        ("fours", 2, False),
    ]


@pytest.mark.django_db
def test_several_columns_name_the_column_of_each_entry(client):
    game, _host = make_game(("Léa",), "classic", {"columns": ["down", "up"]})
    play(
        game,
        ("Léa", "down", "ones", {"kind": "count", "value": 2}),
        ("Léa", "up", "chance", {"kind": "total", "value": 22}),
    )
    rows = table_rows(client.get(log_url(game)))
    assert rows[0][2] == "As Descendante"
    assert rows[1][2:5] == ["Chance Montante", "total 22", "22"]


@pytest.mark.django_db
def test_names_are_escaped_in_the_log(client):
    game, _host = make_game(("<b>Zoé</b>", "Hugo"))
    play(game, ("<b>Zoé</b>", "free", "ones", {"kind": "count", "value": 1}))
    html = client.get(log_url(game)).content.decode()
    assert "<b>Zoé</b>" not in html
    assert "&lt;b&gt;Zoé&lt;/b&gt;" in html


@pytest.mark.django_db
def test_the_log_links_the_sheet_and_both_exports(client):
    game, _host = worked_example(turns=2)
    html = client.get(log_url(game)).content.decode()
    token = game.watch_token
    assert f'href="/w/{token}/sheet.pdf"' in html
    assert f'href="/w/{token}/export.csv"' in html
    assert f'href="/w/{token}/export.json"' in html


@pytest.mark.django_db
def test_an_empty_game_has_an_empty_log(client):
    game, _host = make_game()
    response = client.get(log_url(game))
    assert response.status_code == 200
    assert "Aucune case n'est encore remplie." in html_lib.unescape(
        response.content.decode()
    )


@pytest.mark.django_db
def test_an_unknown_watch_link_has_no_log(client):
    response = client.get(reverse("keepsakes:log", kwargs={"watch_token": "y" * 32}))
    assert response.status_code == 404


@pytest.mark.django_db
def test_the_log_table_renders_alone_for_the_game_page():
    game, _host = worked_example(turns=2)
    html = render_to_string(
        "keepsakes/log.jinja#log_table", {"rows": export.game_log(game)}
    )
    assert "<table" in html and "Sarah" in html and "<html" not in html


@pytest.mark.django_db
def test_the_log_costs_the_same_queries_after_one_round_or_thirteen(
    client, django_assert_max_num_queries
):
    assert_costs_at_most_after_one_round_or_thirteen(
        client, log_url, 4, django_assert_max_num_queries
    )
