"""The band page (read-only link) and the host's band page (rename, merge)."""

import datetime
import re

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from bands.models import Band, BandAlias
from tests.bands.helpers import add_results
from tests.factories import make_game, play_finished
from tests.helpers import text as text_of


def band_url(band):
    return reverse("bands:band", kwargs={"band_token": band.token})


def host_band_url(host_token):
    return reverse("games:host_band", kwargs={"host_token": host_token})


@pytest.fixture
def band_of_three():
    first, host_token = play_finished(["Sarah", "Hugo", "Zoé"], [40, 30, 20])
    band = first.band
    play_finished(["Hugo", "zoe", "Sarah"], [50, 10, 50], band=band)
    play_finished(["Sarah", "Hugo", "Zoé"], [12, 47, 5], band=band)
    band.refresh_from_db()
    return band, host_token


@pytest.mark.django_db
def test_the_band_page_shows_who_wins_most_the_stats_and_the_history(
    client, band_of_three
):
    band, _ = band_of_three
    response = client.get(band_url(band))
    assert response.status_code == 200
    text = text_of(response)
    assert "Sarah, Hugo, Zoé" in text
    assert "3 parties terminées ensemble" in text
    leaders = text[text.index("Qui gagne le plus") : text.index("Les joueurs")]
    assert "Hugo 2 victoires, 67 % des parties" in leaders
    assert "Sarah 2 victoires, 67 % des parties" in leaders
    table = text[text.index("Les joueurs") : text.index("Bêtes noires")]
    # name, wins / played, win rate, best, average
    assert "Hugo 2 / 3 67 % 50 42,3" in table
    assert "Sarah 2 / 3 67 % 50 34,0" in table
    assert "Zoé aussi zoe 0 / 3 0 % 20 11,7" in table
    assert "Zoé : Hugo a fait mieux 3 fois" in text
    assert "Hugo : Sarah a fait mieux 1 fois" in text
    history = text[text.index("L'historique") :]
    assert history.count("Classique") == 3
    # Most recent first, scores best first, the winner marked.
    order = [history.index(s) for s in ("Hugo 47", "Sarah 12", "Zoé 5", "zoe 10")]
    assert order == sorted(order)
    assert "gagnant Hugo 47 2 Sarah 12" in history


@pytest.mark.django_db
def test_the_band_page_says_when_it_will_be_deleted(client):
    game, _ = make_game(["Sarah", "Hugo"])
    band = game.band
    Band.objects.filter(pk=band.pk).update(
        last_game_at=datetime.datetime(2026, 6, 29, 12, tzinfo=datetime.UTC)
    )
    text = text_of(client.get(band_url(band)))
    assert (
        "Cette bande et son historique seront effacés le 29 décembre 2026 "
        "si elle ne joue plus d'ici là."
    ) in text
    assert "Aucune partie terminée pour l'instant" in text


@pytest.mark.django_db
def test_the_band_link_is_read_only_and_leaks_no_other_link(client, band_of_three):
    band, host_token = band_of_three
    html = client.get(band_url(band)).content.decode()
    assert "<form" in html  # the language switcher only
    assert 'name="action"' not in html
    assert host_token not in html
    for game in band.games.all():
        assert game.watch_token not in html
    assert "Gérer la bande" not in html


@pytest.mark.django_db
def test_the_band_page_sends_the_security_headers(client, band_of_three):
    band, _ = band_of_three
    response = client.get(band_url(band))
    assert "script-src 'self'" in response.headers["Content-Security-Policy"]
    assert response.headers["Referrer-Policy"] == "same-origin"
    assert response.headers["X-Frame-Options"] == "DENY"
    html = response.content.decode()
    assert not re.search(r"\sstyle\s*=", html)
    assert not re.search(r"<script\b[^>]*>\s*[^<\s]", html)


@pytest.mark.django_db
@pytest.mark.parametrize("token", ["x" * 32, "short", "a" * 31 + "!"])
def test_an_unknown_band_link_answers_404(client, token):
    make_game()
    assert client.get(f"/b/{token}/").status_code == 404
    assert client.get(f"/h/{token}/band/").status_code == 404
    assert client.get(f"/h/{token}/next/").status_code == 404


@pytest.mark.django_db
def test_the_host_reaches_the_band_from_a_game_and_can_go_back(client, band_of_three):
    band, host_token = band_of_three
    response = client.get(host_band_url(host_token))
    assert response.status_code == 200
    html = response.content.decode()
    assert reverse("games:host", kwargs={"host_token": host_token}) in html
    assert band_url(band) in html
    assert "Gérer la bande" in text_of(response)


@pytest.mark.django_db
def test_the_host_renames_the_band(client, band_of_three):
    band, host_token = band_of_three
    response = client.post(
        host_band_url(host_token),
        {"action": "rename", "name": "  Les   <b>copains</b> "},
        follow=True,
    )
    assert Band.objects.get(pk=band.pk).name == "Les <b>copains</b>"
    html = response.content.decode()
    assert "<h1>Les &lt;b&gt;copains&lt;/b&gt;</h1>" in html
    assert "La bande s'appelle maintenant" in text_of(response)


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["", "   ", "x" * 81])
def test_a_bad_band_name_is_refused_with_a_message(client, band_of_three, name):
    band, host_token = band_of_three
    response = client.post(
        host_band_url(host_token), {"action": "rename", "name": name}, follow=True
    )
    assert Band.objects.get(pk=band.pk).name == "Sarah, Hugo, Zoé"
    assert "Le nom de la bande" in text_of(response)


@pytest.mark.django_db
@pytest.mark.parametrize(
    "hidden", ["\u202e", "\u200b", "\x00"], ids=["bidi", "zero-width", "nul"]
)
@pytest.mark.parametrize("padding", [0, 400], ids=["short", "padded"])
def test_an_invisible_character_in_a_band_name_is_refused_whatever_its_length(
    client, band_of_three, hidden, padding
):
    band, host_token = band_of_three
    name = " " * padding + hidden + "Pirates"
    response = client.post(
        host_band_url(host_token), {"action": "rename", "name": name}, follow=True
    )
    assert Band.objects.get(pk=band.pk).name == "Sarah, Hugo, Zoé"
    assert "Le nom de la bande contient un caractère invisible" in text_of(response)


@pytest.mark.django_db
def test_a_band_name_of_stacked_marks_is_refused_like_a_first_name(band_of_three):
    band, _host_token = band_of_three
    with pytest.raises(ValidationError):
        band.rename("Pirates" + "\u0301" * 8)
    assert Band.objects.get(pk=band.pk).name == "Sarah, Hugo, Zoé"


@pytest.mark.django_db
def test_the_host_merges_a_name_typed_two_ways(client):
    first, host_token = play_finished(["Jo", "Sarah"], [40, 10])
    play_finished(["Joseph", "Sarah"], [5, 10], band=first.band)
    page = client.get(host_band_url(host_token)).content.decode()
    assert '<option value="jo">Jo</option>' in page
    assert '<option value="joseph">Joseph</option>' in page
    response = client.post(
        host_band_url(host_token),
        {"action": "merge", "source": "jo", "target": "joseph"},
        follow=True,
    )
    assert dict(BandAlias.objects.values_list("source_key", "target_key")) == {
        "jo": "joseph"
    }
    text = text_of(response)
    assert "Les deux noms ne font plus qu'un." in text
    assert "Joseph aussi Jo 1 / 2 50 % 40 22,5" in text


@pytest.mark.django_db
def test_merging_two_people_who_played_together_is_refused(client, band_of_three):
    _, host_token = band_of_three
    response = client.post(
        host_band_url(host_token),
        {"action": "merge", "source": "sarah", "target": "hugo"},
        follow=True,
    )
    assert "ont joué ensemble" in text_of(response)
    assert not BandAlias.objects.exists()


@pytest.mark.django_db
def test_the_watch_link_of_a_game_cannot_manage_the_band(client, band_of_three):
    band, _ = band_of_three
    game = band.games.first()
    response = client.post(
        f"/h/{game.watch_token}/band/", {"action": "rename", "name": "Pirates"}
    )
    assert response.status_code == 404
    response = client.post(band_url(band), {"action": "rename", "name": "Pirates"})
    assert response.status_code == 405
    assert Band.objects.get(pk=band.pk).name == "Sarah, Hugo, Zoé"


@pytest.mark.django_db
def test_band_pages_cost_the_same_queries_for_1_or_8_games(client):
    first, host_token = play_finished(["A", "B"], [10, 20])
    band = first.band

    def count_queries(url):
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200
        return len(queries)

    small = count_queries(band_url(band)), count_queries(host_band_url(host_token))
    add_results(band, 7, ["A", "B", "C", "D", "E", "F"])
    large = count_queries(band_url(band)), count_queries(host_band_url(host_token))
    assert small == large
    # The band, its history (games, scores, merges) and its people's faces.
    assert small[0] <= 5


@pytest.mark.django_db
def test_a_long_history_shows_the_ten_latest_games_and_folds_the_others(client):
    game, _ = play_finished(["Sarah", "Hugo"], [40, 30])
    add_results(game.band, 12, ["Sarah", "Hugo"])
    html = client.get(band_url(game.band)).content.decode()
    shown, folded = html.split('<details class="band-older">')
    assert shown.count('<li class="band-game">') == 10
    assert folded.count('<li class="band-game">') == 3
    assert "Les 3 parties précédentes" in folded


@pytest.mark.django_db
def test_the_rivals_line_has_no_french_space_in_english(client, band_of_three):
    band, _ = band_of_three
    english = client.get(band_url(band), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert '<span class="band-name">Zoé</span>:' in english
    assert "&nbsp;:" not in english
    french = client.get(band_url(band), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert '<span class="band-name">Zoé</span>&nbsp;:' in french
