"""The result page draws the score race as the sheet does (the same template),
in French and in English, unfolded; before the first entry there is none."""

import re

import pytest
from django.urls import reverse

from tests.factories import make_game, play_turns
from tests.helpers import page_text

pytestmark = pytest.mark.django_db


def result(client, game, language="fr"):
    url = reverse("keepsakes:result", kwargs={"watch_token": game.watch_token})
    return client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()


@pytest.mark.parametrize(
    ("language", "finished", "summary"),
    [
        (
            "fr",
            True,
            "Léa gagne, en tête depuis le tour 1 ; Sarah finit 5 points derrière.",
        ),
        ("en", True, "Léa wins, ahead since round 1; Sarah finishes 5 behind."),
        ("fr", False, "Léa mène depuis le tour 1 ; Sarah est à 5 points."),
        ("en", False, "Léa leads since round 1; Sarah is 5 behind."),
    ],
)
def test_the_result_page_draws_the_race(client, language, finished, summary):
    game, _token = make_game(["Sarah", "Hugo", "Léa"])
    play_turns(game, {"Sarah": 25, "Hugo": 19, "Léa": 30}, None if finished else 5)
    html = result(client, game, language)
    race = re.search(
        r'<details class="race[^"]*" id="race[^"]*" open>.*?</details>', html, re.S
    )
    assert race, "no race on the result page"
    race = race.group(0)
    assert summary in page_text(race)
    assert len(re.findall(r"<polyline class=\"race-line face-\d", race)) == 3
    assert "style=" not in race
    # Its colours and shapes are the sheet's.
    assert re.search(r'<link rel="stylesheet" href="[^"]*css/sheet\.[^"]*css"', html)


def test_no_race_before_the_first_entry(client):
    game, _token = make_game(["Sarah", "Hugo"])
    html = result(client, game)
    assert 'class="race' not in html
    assert "css/sheet." not in html
