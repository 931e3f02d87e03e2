"""The band's records on its page, as the table reads them, in French and in
English: the best game, the longest winning streak, the most Yams, the
head-to-head of two players picked with a plain form, each player's average and
its trend."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from bands.models import BandScore
from tests.bands.helpers import add_results, play_game
from tests.helpers import page_text


def band_url(band, **query):
    url = reverse("bands:band", kwargs={"band_token": band.token})
    if query:
        url += "?" + "&".join(f"{k}={v}" for k, v in query.items())
    return url


def records_text(client, band, language="fr", **query):
    html = client.get(band_url(band, **query), HTTP_ACCEPT_LANGUAGE=language)
    text = page_text(html.content.decode())
    start = text.index("Les records" if language == "fr" else "Records")
    end = text.index("L'historique" if language == "fr" else "History")
    return text[start:end]


@pytest.fixture
def band():
    """Five games: Hugo wins three in a row (games 2 to 4), with four Yams in all,
    two of them in game 4 (a Yahtzee: his Yams and a further one, 206 points);
    Sarah and Zoé tie in game 2; Zoé misses game 5."""
    three = ["Sarah", "Hugo", "Zoé"]
    first, _ = play_game(three, [40, 30, 20], yams=["Sarah"])
    band = first.band
    play_game(three, [5, 50, 5], band=band, yams=["Hugo"])
    play_game(three, [12, 47, 5], band=band, yams=["Hugo", "Sarah"])
    play_game(
        three,
        [20, 36, 25],
        band=band,
        preset="yahtzee",
        yams=["Hugo"],
        further=["Hugo"],
    )
    play_game(["Sarah", "Hugo"], [60, 30], band=band)
    band.refresh_from_db()
    return band


@pytest.mark.django_db
def test_a_finished_game_gives_its_band_the_yams_of_each_player(band):
    by_game = {}
    for score in BandScore.objects.order_by("band_game__played_at", "seat"):
        by_game.setdefault(score.band_game.game_id, {})[score.name] = score.yams
    assert list(by_game.values()) == [
        {"Sarah": 1, "Hugo": 0, "Zoé": 0},
        {"Sarah": 0, "Hugo": 1, "Zoé": 0},
        {"Sarah": 1, "Hugo": 1, "Zoé": 0},
        {"Sarah": 0, "Hugo": 2, "Zoé": 0},
        {"Sarah": 0, "Hugo": 0},
    ]


@pytest.mark.django_db
def test_the_records_in_french(client, band):
    text = records_text(client, band)
    assert "Meilleure partie Hugo 206 points" in text
    assert "Yahtzee" in text
    assert "Plus longue série Hugo 3 victoires de suite le " in text
    assert "en cours" not in text
    assert "Le plus de Yams en une partie Hugo 2 Yams" in text
    assert "Le plus de Yams en tout Hugo 4 Yams sur 5 parties" in text
    assert "Un Yams compte quand il est marqué sur la feuille" in text
    # The first two of the band by default: Hugo ahead of Sarah 3 times, Sarah 2.
    assert "Face-à-face" in text
    assert "Hugo 3 – 2 Sarah" in text
    assert "Hugo a fini devant Sarah 3 fois, Sarah devant Hugo 2 fois." in text
    assert "Qui a fini devant l'autre, sur 5 parties jouées ensemble." in text
    # name, average, trend (latest games against the earlier ones)
    assert "Hugo 92,6" in text
    assert "Sarah 47,4" in text
    assert "Zoé 13,8" in text
    assert re.search(
        r"Hugo 92,6 Scores de Hugo .* : 30, 100, 97, 206, 30\. ↗ en hausse", text
    )
    assert re.search(r"Sarah 47,4 Scores de Sarah .* ↘ en baisse", text)


@pytest.mark.django_db
def test_the_records_in_english(client, band):
    text = records_text(client, band, "en")
    assert "Best game Hugo 206 points" in text
    assert "Longest winning streak Hugo 3 wins in a row on " in text
    assert "Most Yams in one game Hugo 2 Yams" in text
    assert "Most Yams in all Hugo 4 Yams in 5 games" in text
    assert "Head-to-head" in text
    assert "Hugo finished ahead of Sarah 3 times, Sarah ahead of Hugo 2 times." in text
    assert "Who finished ahead of the other, in 5 games played together." in text
    assert "Hugo 92.6" in text
    assert "↗ rising" in text
    assert "↘ falling" in text


@pytest.mark.django_db
def test_two_players_are_picked_with_a_plain_get_form(client, band):
    html = client.get(band_url(band)).content.decode()
    form = re.search(r'<form method="get" action="#head-to-head".*?</form>', html, re.S)
    assert form, "no head-to-head form"
    assert '<option value="hugo" selected>Hugo</option>' in form.group()
    assert '<option value="sarah" selected>Sarah</option>' in form.group()
    text = records_text(client, band, a="sarah", b="zoe")
    assert "Sarah 2 – 1 Zoé" in text
    assert "sur 4 parties jouées ensemble, dont 1 à égalité." in text
    english = records_text(client, band, "en", a="sarah", b="zoe")
    assert "in 4 games played together, 1 of them a tie." in english


@pytest.mark.django_db
@pytest.mark.parametrize(
    "query",
    [{"a": "sarah", "b": "sarah"}, {"a": "nobody", "b": "hugo"}, {"a": "sarah"}, {}],
    ids=["the same twice", "unknown", "only one", "none"],
)
def test_a_pair_that_makes_no_head_to_head_shows_the_first_two(client, band, query):
    assert "Hugo 3 – 2 Sarah" in records_text(client, band, **query)


@pytest.mark.django_db
def test_a_streak_still_running_says_so(client):
    first, _ = play_game(["Sarah", "Hugo"], [40, 30])
    play_game(["Sarah", "Hugo"], [50, 10], band=first.band)
    text = records_text(client, first.band)
    assert "Plus longue série Sarah 2 victoires de suite le " in text
    assert "en cours" in text
    assert "Hugo et Sarah" not in text
    assert "Aucun Yams marqué pour l'instant." in text
    assert "Sarah 45,0 Score" in text and "trop tôt" in text


@pytest.mark.django_db
def test_older_games_whose_yams_were_not_counted_are_said_to_be_left_out(client):
    first, _ = play_game(["Sarah", "Hugo"], [40, 30], yams=["Hugo"])
    add_results(first.band, 2, ["Sarah", "Hugo"])  # rows of before: no Yams
    text = records_text(client, first.band)
    assert "Le plus de Yams en tout Hugo 1 Yams sur 1 partie" in text
    assert (
        "Les 2 parties terminées avant que la bande compte les Yams n'y figurent pas."
    ) in text
    english = records_text(client, first.band, "en")
    assert "The 2 games finished before the band counted Yams are left out." in english


@pytest.mark.django_db
def test_with_only_older_games_the_yams_start_with_the_next_one(client):
    first, _ = play_game(["Sarah", "Hugo"], [40, 30])
    BandScore.objects.update(yams=None)
    text = records_text(client, first.band)
    assert "Les Yams se comptent à partir de la prochaine partie terminée." in text
    assert "n'y figurent pas" not in text


@pytest.mark.django_db
def test_a_band_without_a_finished_game_shows_no_records(client):
    from tests.factories import make_game

    game, _ = make_game(["Sarah", "Hugo"])
    html = client.get(band_url(game.band)).content.decode()
    assert "Les records" not in html


@pytest.mark.django_db
def test_two_who_never_played_together_are_said_so(client):
    first, _ = play_game(["Sarah", "Hugo"], [40, 30])
    play_game(["Léa", "Tom"], [40, 30], band=first.band)
    text = records_text(client, first.band, a="hugo", b="tom")
    assert "Hugo et Tom n'ont encore jamais joué ensemble." in text


@pytest.mark.django_db
def test_the_chart_is_an_inline_svg_with_a_text_alternative_and_no_style(client, band):
    html = client.get(band_url(band)).content.decode()
    charts = re.findall(r"<svg class=\"trend-chart\".*?</svg>", html, re.S)
    assert len(charts) == 3
    for chart in charts:
        assert 'role="img"' in chart
        label = re.search(r'aria-labelledby="([^"]+)"', chart).group(1)
        assert f'<title id="{label}">' in chart
        # Coordinates stay in SVG's own notation (a decimal point), in French too.
        assert not re.search(r'(cx|cy|y1|y2)="[^"]*,', chart)
        points = re.search(r'points="([^"]*)"', chart).group(1).split()
        assert all(re.fullmatch(r"[\d.]+,[\d.]+", p) for p in points)
    assert not re.search(r"\sstyle\s*=", html)


@pytest.mark.django_db
def test_the_records_cost_no_query_more_for_more_games(client, band):
    def count_queries(**query):
        with CaptureQueriesContext(connection) as queries:
            assert client.get(band_url(band, **query)).status_code == 200
        return len(queries)

    small = count_queries(), count_queries(a="sarah", b="zoe")
    add_results(band, 30, ["Sarah", "Hugo", "Zoé", "Tom", "Léa"])
    large = count_queries(), count_queries(a="sarah", b="zoe")
    assert small == large
    # The band, its history (games, scores, merges) and its people's faces.
    assert small[0] <= 5


@pytest.mark.django_db
def test_the_hosts_band_page_shows_the_records_and_its_form_too(client):
    first, host_token = play_game(["Sarah", "Hugo", "Zoé"], [40, 30, 20])
    url = reverse("games:host_band", kwargs={"host_token": host_token})
    text = page_text(client.get(url + "?a=zoe&b=hugo").content.decode())
    assert "Zoé 0 – 1 Hugo" in text
    assert "Gérer la bande" in text
