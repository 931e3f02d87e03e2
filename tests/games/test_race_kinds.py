"""The score race and what is still possible on a game of rounds (Skyjo, tarot,
the free counter), as on a Yams sheet: the race folded under the sheet and
unfolded in the podium, said in the kind's words ("depuis la manche 2",
"depuis la donne 2"), Skyjo's drawn upside down (the lowest total on top),
totals below 0 under a zero line; each player's outlook in the watchers'
popovers and the big screen's standings; the race pushed with a write's answer
and drawn on the result page."""

import re

import pytest
from django.urls import reverse
from django.utils import translation

from games.race import race_of
from tests.factories import (
    make_round_game,
    pks,
    play_rounds,
    skyjo_round,
    tally_round,
    tarot_deal,
)
from tests.helpers import HTMX, host_url, page_text, watch_url

pytestmark = pytest.mark.django_db

THREE = ["Léa", "Tom", "Zoé"]


def race_html(html):
    found = re.search(r"<details class=\"race[^>]*>.*?</details>", html, re.S)
    return found.group(0) if found else None


def sheet_of(client, game, language="fr", tv=False):
    url = watch_url(game) + ("?tv=1" if tv else "")
    html = client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    return re.search(r'<section id="sheet".*?</section>', html, re.S).group(0)


def race(game):
    with translation.override("fr"):
        return race_of(game.state(), game.game_kind)


def ys(line):
    return [int(point.split(",")[1]) for point in line.points.split()]


def skyjo_game():
    """Zoé leads with the lowest total since round 1; Tom is 17 behind."""
    game, token = make_round_game("skyjo", THREE)
    play_rounds(
        game,
        skyjo_round(game, {"Léa": 10, "Tom": 20, "Zoé": 5}, "Zoé"),
        skyjo_round(game, {"Léa": 30, "Tom": 12, "Zoé": 10}, "Zoé"),
    )
    game.refresh_from_db()
    return game, token


def tarot_game(deals=None):
    """Two deals at three: Léa takes a prise and falls, then Tom makes a garde."""
    game, token = make_round_game(
        "tarot", THREE, options={"deals": deals} if deals else None
    )
    play_rounds(
        game,
        tarot_deal(game, "Léa", "prise", 2, 35),
        tarot_deal(game, "Tom", "garde", 2, 49),
    )
    game.refresh_from_db()
    return game, token


def test_nothing_to_draw_before_the_first_round(client):
    game, _token = make_round_game("skyjo", THREE)
    assert race_html(sheet_of(client, game)) is None
    assert race(game) is None


@pytest.mark.parametrize(
    ("language", "summary"),
    [
        (
            "fr",
            "Zoé mène depuis la manche 1, avec le plus petit total ; "
            "Tom est à 17 points.",
        ),
        (
            "en",
            "Zoé leads with the lowest total since round 1; Tom is 17 behind.",
        ),
    ],
)
def test_skyjo_s_race_is_folded_under_the_sheet_the_lowest_on_top(
    client, language, summary
):
    game, _token = skyjo_game()
    sheet = sheet_of(client, game, language)
    drawn = race_html(sheet)
    assert sheet.index("</table>") < sheet.index(drawn)
    assert drawn.startswith('<details class="race" id="race">')
    assert summary in page_text(drawn)
    lines = re.findall(r'<polyline class="race-line (face-\d)( is-leader)?"', drawn)
    assert lines == [("face-0", ""), ("face-1", ""), ("face-2", " is-leader")]
    assert re.search(r'class="race-label face-2"[^>]*>Zoé · 15</text>', drawn)
    assert "style=" not in drawn


def test_skyjo_s_axis_runs_downwards_so_the_leader_is_the_top_line():
    game, _token = skyjo_game()
    drawn = race(game)
    lea, tom, zoe = drawn.lines
    # 0 at the top of the plot, the highest total at its bottom.
    assert drawn.y_ticks[0].label == "0" and drawn.y_ticks[0].at == drawn.top
    assert drawn.y_ticks[-1].at == drawn.bottom
    # Everyone starts on 0, at the top; the lowest total ends highest.
    assert ys(lea)[0] == ys(tom)[0] == ys(zoe)[0] == drawn.top
    assert zoe.end_y < tom.end_y < lea.end_y
    assert zoe.leader and drawn.strokes[-1] is zoe
    # The label sits above the leader's last point, inside the drawing.
    assert drawn.top - 9 <= drawn.label.y < zoe.end_y
    assert drawn.lower_wins and drawn.zero_y is None
    # No length is known beforehand: the race ends at the rounds played.
    assert [tick.label for tick in drawn.x_ticks] == ["1", "2"]
    assert zoe.end_x == drawn.right and drawn.now_x is None


def test_totals_below_zero_are_drawn_under_a_zero_line():
    game, _token = tarot_game()
    drawn = race(game)
    lea, tom, zoe = drawn.lines
    # Léa fell (−62, +31 each other), then Tom made his garde (+132, −66
    # each other).
    assert (lea.total, tom.total, zoe.total) == (-128, 163, -35)
    labels = [tick.label for tick in drawn.y_ticks]
    assert labels[0] == "\u2212200" and labels[-1] == "200" and "0" in labels
    zero = drawn.y_ticks[labels.index("0")].at
    assert drawn.zero_y == zero
    assert drawn.top < zero < drawn.bottom
    # Everyone starts on the zero line; below it, lower on the drawing.
    assert ys(lea)[0] == ys(tom)[0] == zero
    assert lea.end_y > zero > tom.end_y
    for line in drawn.lines:
        assert all(drawn.top <= y <= drawn.bottom for y in ys(line))
    assert not drawn.lower_wins


@pytest.mark.parametrize(
    ("language", "summary"),
    [
        ("fr", "Tom mène depuis la donne 2 ; Zoé est à 198 points."),
        ("en", "Tom leads since deal 2; Zoé is 198 behind."),
    ],
)
def test_tarot_s_race_counts_deals_and_draws_its_zero_line(client, language, summary):
    game, _token = tarot_game()
    drawn = race_html(sheet_of(client, game, language))
    assert summary in page_text(drawn)
    assert '<path class="race-zero" d="M34 ' in drawn


def test_a_number_of_deals_draws_the_whole_game_wide():
    game, _token = tarot_game(deals=6)
    drawn = race(game)
    assert drawn.x_ticks[-1].label == "6" and drawn.x_ticks[-1].at == drawn.right
    assert drawn.lines[0].end_x < drawn.right
    # Rounds played only: no round under way to mark.
    assert drawn.now_x is None


@pytest.mark.parametrize(
    ("language", "summary"),
    [
        ("fr", "Zoé gagne, en tête depuis la manche 1 ; Léa finit 4 points derrière."),
        ("en", "Zoé wins, ahead since round 1; Léa finishes 4 behind."),
    ],
)
def test_the_counter_s_end_screen_shows_the_race_unfolded_in_the_podium(
    client, language, summary
):
    game, _token = make_round_game("tally", THREE, options={"rounds": 2})
    play_rounds(
        game,
        tally_round(game, {"Léa": 3, "Zoé": 9}),
        tally_round(game, {"Léa": 8, "Tom": -2, "Zoé": 6}),
    )
    game.refresh_from_db()
    sheet = sheet_of(client, game, language)
    podium = re.search(
        r'<div class="podium".*?<div class="podium-actions">', sheet, re.S
    )
    drawn = race_html(podium.group(0))
    assert drawn.startswith('<details class="race is-over" id="race-over" open>')
    assert summary in page_text(drawn)
    assert sheet.count('<details class="race') == 1
    # Tom went below 0: a zero line.
    assert 'class="race-zero"' in drawn


def test_a_skyjo_winner_is_said_with_the_lowest_total(client):
    game, _token = make_round_game("skyjo", THREE, options={"limit": 30})
    play_rounds(game, skyjo_round(game, {"Léa": 31, "Tom": 12, "Zoé": 5}, "Zoé"))
    game.refresh_from_db()
    drawn = race_html(sheet_of(client, game))
    assert (
        "Zoé gagne avec le plus petit total, en tête depuis la manche 1 ; "
        "Tom finit 7 points derrière." in page_text(drawn)
    )
    assert "Le plus petit total est en haut" in page_text(drawn)


def popover(sheet, game, name):
    pk = pks(game)[name]
    found = re.search(
        rf'<span popover id="player-{pk}" class="player-pop">.*?</span></span></span>',
        sheet,
        re.S,
    )
    return page_text(found.group(0)) if found else None


@pytest.mark.parametrize(
    ("language", "lea", "zoe"),
    [
        (
            "fr",
            "Léa · 40 pts 25 derrière Zoé Encore 60 avant 100",
            "Zoé · 15 pts En tête Encore 85 avant 100",
        ),
        (
            "en",
            "Léa · 40 pts 25 behind Zoé 60 to go before 100",
            "Zoé · 15 pts In the lead 85 to go before 100",
        ),
    ],
)
def test_a_watcher_taps_a_name_to_see_what_is_still_possible_at_skyjo(
    client, language, lea, zoe
):
    game, _token = skyjo_game()
    sheet = sheet_of(client, game, language)
    assert popover(sheet, game, "Léa") == lea
    assert popover(sheet, game, "Zoé") == zoe
    assert f'popovertarget="player-{pks(game)["Léa"]}"' in sheet


def test_the_host_s_names_still_open_the_rename_dialog(client):
    game, token = skyjo_game()
    html = client.get(host_url(token)).content.decode()
    sheet = re.search(r'<section id="sheet".*?</section>', html, re.S).group(0)
    assert "popovertarget" not in sheet
    assert 'class="player-name" href=' in sheet


def standings(sheet):
    found = re.search(r'<ol class="standings".*?</ol>', sheet, re.S).group(0)
    return [page_text(item) for item in re.findall(r"<li.*?</li>", found, re.S)]


def test_the_big_screen_s_standings_say_the_deals_left_at_tarot(client):
    game, _token = tarot_game(deals=6)
    assert standings(sheet_of(client, game, tv=True)) == [
        "1 Tom En tête Donnes restantes : 4 163",
        "2 Zoé 198 derrière Tom Donnes restantes : 4 −35 −198",
        "3 Léa 291 derrière Tom Donnes restantes : 4 −128 −291",
    ]


def test_the_counter_s_outlook_says_the_distance_to_its_target(client):
    game, _token = make_round_game("tally", THREE, options={"target": 50})
    play_rounds(game, tally_round(game, {"Léa": 12, "Tom": 20}))
    game.refresh_from_db()
    assert standings(sheet_of(client, game, "en")) == [
        "1 Tom In the lead 30 to go before 50 20",
        "2 Léa 8 behind Tom 38 to go before 50 12 −8",
        "3 Zoé 20 behind Tom 50 to go before 50 0 −20",
    ]


def test_a_player_who_can_no_longer_win_is_muted(client):
    game, _token = make_round_game("tally", THREE, options={"rounds": 3})
    million = 1_000_000
    play_rounds(
        game,
        tally_round(game, {"Léa": million, "Tom": -million}),
        tally_round(game, {"Léa": million, "Tom": -million}),
    )
    game.refresh_from_db()
    sheet = sheet_of(client, game)
    tom = re.search(
        rf'<span popover id="player-{pks(game)["Tom"]}".*?</span></span></span>',
        sheet,
        re.S,
    ).group(0)
    assert tom.count('class="prospect is-muted"') == 2
    zoe = re.search(
        rf'<span popover id="player-{pks(game)["Zoé"]}".*?</span></span></span>',
        sheet,
        re.S,
    ).group(0)
    assert "is-muted" not in zoe


def test_a_round_s_answer_and_the_poll_carry_the_race(client):
    game, token = make_round_game("tally", THREE)
    play_rounds(game, tally_round(game, {"Léa": 4}))
    game.refresh_from_db()
    poll = client.get(
        reverse("games:watch_sheet", kwargs={"watch_token": game.watch_token}), **HTMX
    )
    assert "Léa mène depuis la manche 1" in page_text(race_html(poll.content.decode()))
    ids = pks(game)
    answer = client.post(
        host_url(token, "record_round"),
        {
            "seen_version": game.version,
            "request_key": "key-2",
            f"points-{ids['Tom']}": "9",
        },
        **HTMX,
    )
    drawn = race_html(answer.content.decode())
    assert "Tom mène depuis la manche 2 ; Léa est à 5 points." in page_text(drawn)
    assert len(re.findall(r'<polyline [^>]*points="([^"]+)"', drawn)) == 3


@pytest.mark.parametrize(
    ("language", "summary"),
    [
        ("fr", "Tom mène depuis la donne 2 ; Zoé est à 198 points."),
        ("en", "Tom leads since deal 2; Zoé is 198 behind."),
    ],
)
def test_the_result_page_draws_a_round_game_s_race(client, language, summary):
    game, _token = tarot_game()
    url = reverse("keepsakes:result", kwargs={"watch_token": game.watch_token})
    html = client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    drawn = re.search(
        r'<details class="race[^"]*" id="race[^"]*" open>.*?</details>', html, re.S
    )
    assert drawn, "no race on the result page"
    assert summary in page_text(drawn.group(0))
    assert len(re.findall(r'<polyline class="race-line face-\d', drawn.group(0))) == 3
