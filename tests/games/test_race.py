"""The score race in the sheet: drawn from the first entry on, folded under the
sheet during the game and unfolded in the podium at the end, pushed with every
sheet (the page, its poll, a write's answer), in French and in English; and the
geometry games/race.py gives the template."""

import re

import pytest
from django.urls import reverse
from django.utils import translation

from games.race import HEIGHT, TOP, WIDTH, race_of
from tests.factories import count, make_game, play, play_turns
from tests.games.helpers import enter
from tests.helpers import HTMX, host_url, page_text, watch_url

pytestmark = pytest.mark.django_db

SCORES = {"Sarah": 28, "Hugo": 19, "Léa": 23}


def race_html(html):
    found = re.search(r"<details class=\"race[^>]*>.*?</details>", html, re.S)
    return found.group(0) if found else None


def sheet_of(client, game, language="fr"):
    response = client.get(watch_url(game), HTTP_ACCEPT_LANGUAGE=language)
    html = response.content.decode()
    return re.search(r'<section id="sheet".*?</section>', html, re.S).group(0)


def test_nothing_to_draw_before_the_first_entry(client):
    game, _token = make_game(list(SCORES))
    assert race_html(sheet_of(client, game)) is None
    assert race_of(game.state(), game.game_kind) is None


@pytest.mark.parametrize(
    ("language", "title", "summary"),
    [
        (
            "fr",
            "La course aux points",
            "Sarah mène depuis le tour 1 ; Léa est à 5 points.",
        ),
        ("en", "The score race", "Sarah leads since round 1; Léa is 5 behind."),
    ],
)
def test_the_race_is_folded_under_the_sheet_during_the_game(
    client, language, title, summary
):
    game, _token = make_game(list(SCORES))
    play_turns(game, SCORES, turns=7)
    sheet = sheet_of(client, game, language)
    race = race_html(sheet)
    # Inside the #sheet section, after the score table: pushed with it.
    assert sheet.index("</table>") < sheet.index(race)
    assert race.startswith('<details class="race" id="race">')
    text = page_text(race)
    assert title in text and summary.replace("\u00a0", " ") in text
    # One line a player, in each player's colour (kept by the band: by seat at
    # a first game), the leader's drawn last (on top), marked and labelled with
    # her total.
    lines = re.findall(r'<polyline class="race-line (face-\d)( is-leader)?"', race)
    assert lines == [("face-1", ""), ("face-2", ""), ("face-0", " is-leader")]
    assert re.search(r'class="race-label face-0"[^>]*>Sarah · 28</text>', race)
    assert '<svg class="race-chart" viewBox="0 0 360 190" aria-hidden="true"' in race
    # The page's CSP forbids style attributes: classes and SVG attributes only.
    assert "style=" not in race
    # Three rounds started (Sarah has played the third): four points a line.
    for points in re.findall(r'<polyline [^>]*points="([^"]+)"', race):
        assert len(points.split()) == 4


def test_the_round_under_way_is_the_latest_point():
    game, _token = make_game(["Sarah", "Hugo"])
    play(
        game, ("Sarah", "free", "sixes", count(4)), ("Hugo", "free", "sixes", count(2))
    )
    play(game, ("Sarah", "free", "fives", count(3)))
    with translation.override("fr"):
        race = race_of(game.state(), game.game_kind)
    sarah, hugo = race.lines
    # Hugo has not played round 2 yet: he stays where he was.
    assert len(sarah.points.split()) == len(hugo.points.split()) == 3
    assert (
        hugo.points.split()[-1].split(",")[1] == hugo.points.split()[-2].split(",")[1]
    )
    assert sarah.total == 39 and hugo.total == 12
    assert race.summary == "Sarah mène depuis le tour 1\u00a0; Hugo est à 27 points."
    # The round under way is marked, short of the finish.
    assert race.now_x == sarah.end_x < race.right


def test_the_geometry_stays_in_the_drawing():
    game, _token = make_game(list(SCORES))
    state = play_turns(game, SCORES, turns=8)
    with translation.override("fr"):
        race = race_of(state, game.game_kind)
    assert (race.width, race.height) == (WIDTH, HEIGHT)
    for line in race.lines:
        for point in line.points.split():
            x, y = map(int, point.split(","))
            assert race.left <= x <= race.right and TOP <= y <= race.bottom
    # The rounds' axis runs to the finish (13 boxes), which has its figure.
    assert race.x_ticks[-1].label == "13" and race.x_ticks[-1].at == race.right
    assert race.y_ticks[0].label == "0" and race.y_ticks[0].at == race.bottom
    assert int(race.y_ticks[-1].label) >= 28
    # The label sits above the leader's last point, where no line goes.
    leader = race.lines[0]
    assert race.label.y < leader.end_y
    assert race.strokes[-1] is leader


@pytest.mark.parametrize(
    ("language", "summary"),
    [
        ("fr", "Sarah gagne, en tête depuis le tour 1 ; Léa finit 5 points derrière."),
        ("en", "Sarah wins, ahead since round 1; Léa finishes 5 behind."),
    ],
)
def test_the_end_screen_shows_the_race_unfolded_in_the_podium(
    client, language, summary
):
    game, _token = make_game(list(SCORES))
    play_turns(game, SCORES)
    sheet = sheet_of(client, game, language)
    podium = re.search(
        r'<div class="podium".*?<div class="podium-actions">', sheet, re.S
    )
    race = race_html(podium.group(0))
    assert race.startswith('<details class="race is-over" id="race-over" open>')
    assert summary.replace("\u00a0", " ") in page_text(race)
    # Once, in the podium only.
    assert sheet.count('<details class="race') == 1


@pytest.mark.parametrize(
    ("language", "summary"),
    [
        (
            "fr",
            "Sarah et Hugo sont à égalité en tête, 25 points ; Léa est à 13 points.",
        ),
        ("en", "Sarah and Hugo are level in the lead, 25 points; Léa is 13 behind."),
    ],
)
def test_a_tie_at_the_top_is_said_as_one(client, language, summary):
    game, _token = make_game(list(SCORES))
    play_turns(game, {"Sarah": 25, "Hugo": 25, "Léa": 12}, turns=4)
    race = race_html(sheet_of(client, game, language))
    assert summary in page_text(race)
    assert re.search(r'class="race-label face-0"[^>]*>Sarah = Hugo · 25</text>', race)


def test_one_player_alone_races_the_sheet(client):
    game, _token = make_game(["Sarah"])
    play_turns(game, {"Sarah": 21}, turns=2)
    race = race_html(sheet_of(client, game))
    assert "Sarah a 21 points au tour 2." in page_text(race)


def test_every_sheet_carries_the_race_the_poll_and_a_write_s_answer(client):
    game, token = make_game(["Sarah", "Hugo"])
    play(game, ("Sarah", "free", "sixes", count(4)))
    game.refresh_from_db()
    poll = client.get(
        reverse("games:watch_sheet", kwargs={"watch_token": game.watch_token}), **HTMX
    )
    assert race_html(poll.content.decode())
    answer = enter(client, token, game, "Hugo", "sixes", {"value": "5"}, **HTMX)
    race = race_html(answer.content.decode())
    assert "Hugo mène depuis le tour 1" in page_text(race)
    # The host's page draws the same race as the watchers'.
    host = client.get(host_url(token)).content.decode()
    assert race_html(host) == race
