"""No CSV the app writes can run a formula in a spreadsheet: every cell of the
game CSV (Yams and rounds) and of the band history, header included, that
starts like a formula is written as text, while numbers stay numbers."""

import csv
import io

import pytest
from django.core.cache import caches
from django.urls import reverse

from bands.models import BandScore
from games.models import Player
from scorekeeper.lib.csvfile import FORMULA_STARTS, csv_text, safe_cell
from tests.factories import make_round_game, play_finished, play_rounds, tally_round

# What a spreadsheet would run, each first in a name: a link that phones home,
# a sign, a mention, a tab and a carriage return (the last two are refused by
# the name rules, so they are put in the rows directly, as an older row or
# another path could hold them: the writer guards whatever reaches it).
HOSTILE = [
    '=HYPERLINK("x.io","Y")',
    "+Ana",
    "-Bruno",
    "@Chloé",
    "\tTabby",
    "\rCarla",
]
VALIDATED = [name if name[0] not in "\t\r" else name.strip() for name in HOSTILE]


def give_hostile_names(game):
    """The game's players (and their lines in the band's history) named HOSTILE."""
    for typed, hostile in zip(VALIDATED, HOSTILE, strict=True):
        if typed != hostile:
            Player.objects.filter(game=game, name=typed).update(name=hostile)
            BandScore.objects.filter(name=typed).update(name=hostile)
    # The game's state is kept by its version, which an update does not move.
    for cache in caches.all():
        cache.clear()


def rows_of(text):
    return list(csv.reader(io.StringIO(text.removeprefix("\ufeff"))))


def downloaded(client, game):
    url = reverse(
        "keepsakes:export", kwargs={"watch_token": game.watch_token, "fmt": "csv"}
    )
    response = client.get(url)
    assert response.status_code == 200
    return rows_of(response.content.decode("utf-8"))


def assert_no_cell_runs(rows):
    for row in rows:
        for cell in row:
            if cell.startswith(FORMULA_STARTS):
                assert cell.lstrip("+-").replace(".", "", 1).isdigit(), cell


def yams_game():
    game, _host = play_finished(VALIDATED, [90, 80, 70, 60, 50, 40])
    give_hostile_names(game)
    return game


def counter_game(band=None):
    game, _host = make_round_game("tally", VALIDATED, band=band)
    play_rounds(
        game,
        tally_round(game, {name: 10 - 4 * i for i, name in enumerate(VALIDATED)}),
        tally_round(game, {name: -12 for name in VALIDATED}),
    )
    game.end()
    give_hostile_names(game)
    return game


@pytest.mark.django_db
def test_a_yams_csv_writes_every_hostile_name_as_text(client):
    rows = downloaded(client, yams_game())
    assert_no_cell_runs(rows)
    names = {row[2] for row in rows[1:]}
    assert names == {"'" + name for name in HOSTILE}


@pytest.mark.django_db
def test_a_rounds_csv_guards_the_names_in_its_header_and_keeps_negative_points(
    client,
):
    rows = downloaded(client, counter_game())
    assert_no_cell_runs(rows)
    header = rows[0]
    for name in HOSTILE:
        assert f"'{name} (points)" in header
        assert f"'{name} (total)" in header
    last = rows[-1]
    points = header.index(f"'{HOSTILE[1]} (points)")
    assert last[points : points + 2] == ["-12", "-6"]


@pytest.mark.django_db
def test_the_band_history_csv_writes_every_hostile_name_as_text():
    game = yams_game()
    counter_game(band=game.band)
    rows = rows_of(game.band.history_csv())
    assert_no_cell_runs(rows)
    body = rows[1:]
    assert {row[5] for row in body} == {"'" + name for name in HOSTILE}
    assert any(row[6] == "-10" for row in body)  # the counter's worst: a number


def test_every_cell_of_a_file_header_included_is_guarded():
    text = csv_text(HOSTILE, [HOSTILE, [-12, "-12", 3.5, None, "Léa"]])
    rows = rows_of(text)
    assert rows[0] == rows[1] == ["'" + name for name in HOSTILE]
    assert rows[2] == ["-12", "-12", "3.5", "", "Léa"]


@pytest.mark.parametrize("number", [-12, 0, 7.5, "-12", "+3", "-0.5"])
def test_a_number_stays_a_number(number):
    assert safe_cell(number) == number


@pytest.mark.parametrize("text", ["-", "-1+2", "+33 6 12", "-12e3", "=1", "@SUM(A1)"])
def test_text_that_starts_like_a_formula_is_quoted(text):
    assert safe_cell(text) == "'" + text
