"""A band keeps every kind of game it plays: Yams, Skyjo, tarot and the free
counter, each named in its history and its CSV, with its own records (scores of
two kinds never compare) and what its players count; wins and rivals hold across
kinds, by rank."""

import csv
import io
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from bands import stats
from bands.models import Band, BandGame, BandScore, FinalScore
from tests.bands.helpers import TAROT, play_game
from tests.bands.rounds import play_skyjo, play_tally, play_tarot
from tests.helpers import page_text

THREE = ["Sarah", "Hugo", "Zoé"]


def page_of(client, band, language="fr"):
    url = reverse("bands:band", kwargs={"band_token": band.token})
    html = client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    return html


def card(html, slug):
    """What the records card of one kind says."""
    found = re.search(
        rf'<section class="card band-records" id="records-{slug}".*?</section>',
        html,
        re.S,
    )
    assert found, f"no records card for {slug}"
    return page_text(found.group())


def section(html, title_id):
    found = re.search(
        rf'<section[^>]*aria-labelledby="{title_id}".*?</section>', html, re.S
    )
    return page_text(found.group())


@pytest.fixture
def band():
    """A Yams (Sarah 90, Hugo 30, Zoé 20), a tarot game (Sarah takes a garde
    and makes it, Hugo takes a prise and fails, then a deal passed: Sarah 168,
    Zoé -30, Hugo -138), a Skyjo game (Zoé finishes the first round doubled,
    Sarah the second doubled: Sarah 14, Hugo 35, Zoé 41) and a counter won by
    the lowest total (Sarah 3, Hugo 5)."""
    yams, _ = play_game(THREE, [40, 30, 20], yams=["Sarah"])
    band = yams.band
    play_tarot(
        THREE,
        [("Sarah", "garde", 2, 49), ("Hugo", "prise", 1, 40), None],
        band=band,
    )
    play_skyjo(
        THREE,
        [
            ({"Sarah": 10, "Hugo": 5, "Zoé": 20}, "Zoé"),
            ({"Sarah": 2, "Hugo": 30, "Zoé": 1}, "Sarah"),
        ],
        band=band,
    )
    play_tally(["Sarah", "Hugo"], [{"Sarah": 3, "Hugo": 5}], band=band, winner="lowest")
    band.refresh_from_db()
    return band


# --- what the band keeps ----------------------------------------------------------


@pytest.mark.django_db
def test_each_finished_game_is_kept_with_its_kind_and_its_players_details(band):
    kept = {
        game.kind: (game.kind_name, game.label, game.lower_wins)
        for game in BandGame.objects.filter(band=band)
    }
    # A kind without variants has no variant's label.
    assert kept == {
        "yams": ("Yams", "Classique", False),
        "tarot": ("Tarot", "", False),
        "skyjo": ("Skyjo", "", True),
        "tally": ("Compteur libre", "", True),
    }
    details = {
        (score.band_game.kind, score.name): score.details
        for score in BandScore.objects.filter(band_game__band=band)
    }
    assert details["yams", "Sarah"] is None
    assert details["tarot", "Sarah"] == {"taken": 1, "made": 1}
    assert details["tarot", "Hugo"] == {"taken": 1, "made": 0}
    assert details["tarot", "Zoé"] == {"taken": 0, "made": 0}
    assert details["skyjo", "Sarah"] == {"doubled": 1, "rounds": 2, "best_round": 4}
    assert details["skyjo", "Zoé"] == {"doubled": 1, "rounds": 2, "best_round": 1}
    assert details["tally", "Hugo"] == {"lower_wins": 1}


def figures(records):
    """{player's name: what each column of the kind's table says of them}."""
    return {
        player.name: [player.figure(column) for column in records.columns]
        for player in records.players
    }


@pytest.mark.django_db
def test_a_result_told_directly_keeps_its_details_and_its_kind():
    band = Band.objects.create_for(["Léa", "Tom"])
    band.record_result(
        game_id=7,
        played_at=timezone.now(),
        kind=TAROT,
        label="",
        scores=[
            FinalScore("Léa", 0, 120, 1, details={"taken": 4, "made": 3}),
            FinalScore("Tom", 1, -120, 2, details={"taken": 2, "made": 0}),
        ],
    )
    kept = BandGame.objects.get(band=band, game_id=7)
    assert (kept.kind, kept.lower_wins) == ("tarot", False)
    (tarot,) = band.stats().records
    # Taken, made, made per taken.
    assert figures(tarot) == {"Léa": [4, 3, 75], "Tom": [2, 0, 0]}


MOLKKY = stats.ResultKind(
    key="molkky",
    name="Mölkky",
    columns=(
        stats.DetailColumn("misses", "Ratés", "Lancers ratés"),
        stats.DetailColumn("best_throw", "Lancer", "Meilleur lancer", stats.LOWEST),
    ),
    note="Ratés : les lancers qui n'ont rien fait tomber.",
)


def play_molkky(band, game_id, scores):
    """A result of a kind the band has never seen, told as its game would:
    `scores` are (name, score, misses) in seating order, the highest wins."""
    band.record_result(
        game_id=game_id,
        played_at=timezone.now(),
        kind=MOLKKY,
        label="",
        scores=[
            FinalScore(
                name,
                seat,
                score,
                1 + sum(1 for _n, other, _m in scores if other > score),
                details={"misses": misses},
            )
            for seat, (name, score, misses) in enumerate(scores)
        ],
    )


@pytest.mark.django_db
def test_a_result_of_a_kind_the_band_does_not_know_is_kept_as_that_kind(client, band):
    play_molkky(band, 90, [("Sarah", 50, 2), ("Hugo", 37, 5)])
    kept = BandGame.objects.get(band=band, game_id=90)
    assert (kept.kind, kept.kind_name, kept.counts_yams) == ("molkky", "Mölkky", False)
    records = {r.kind: r for r in band.stats().records}
    # Never filed as a Yams: its scores stay out of the Yams records.
    assert records["yams"].games == 1
    assert records["yams"].best_game.score == 90
    assert records["molkky"].games == 1
    html = page_of(client, band)
    molkky = card(html, "molkky")
    assert "Les records · Mölkky" in molkky
    assert "Meilleure partie Sarah 50 points" in molkky
    assert "Yams" not in molkky
    history = section(html, "history-title")
    assert re.findall(r"\d{2}:\d{2} · ([^★]+?) ★", history)[0] == "Mölkky"
    rows = list(csv.reader(io.StringIO(band.history_csv().lstrip("\ufeff"))))
    assert rows[-1][2:4] == ["Mölkky", ""]


@pytest.mark.django_db
def test_a_kind_shows_the_columns_its_games_handed_over(client, band):
    play_molkky(band, 90, [("Sarah", 50, 2), ("Hugo", 37, 5)])
    play_molkky(band, 91, [("Sarah", 41, 1), ("Hugo", 50, 0)])
    html = page_of(client, band)
    molkky = card(html, "molkky")
    assert "Joueur Vict. Ratés Lancer" in molkky
    # Summed over the games; "–" where no game counted it.
    assert "Sarah 1 / 2 3 –" in molkky
    assert "Hugo 1 / 2 5 –" in molkky
    assert "Ratés : les lancers qui n'ont rien fait tomber." in molkky
    assert 'title="Lancers ratés"' in html
    # What the other kinds' games handed over is theirs alone.
    assert "Ratés" not in card(html, "tarot")


@pytest.mark.django_db
def test_a_reopened_game_of_rounds_leaves_the_history(band):
    game = play_tally(["Sarah", "Hugo"], [{"Sarah": 1, "Hugo": 2}], band=band)
    assert BandGame.objects.filter(band=band, game_id=game.pk).exists()
    game.reopen()
    assert not BandGame.objects.filter(band=band, game_id=game.pk).exists()


# --- the band page ------------------------------------------------------------------


@pytest.mark.django_db
def test_the_history_names_the_kind_of_every_game(client, band):
    history = section(page_of(client, band), "history-title")
    assert re.findall(r"\d{2}:\d{2} · ([^★]+?) ★", history) == [
        "Compteur libre (le plus bas total gagne)",
        "Skyjo",
        "Tarot",
        "Yams · Classique",
    ]
    assert "★ gagnant Sarah 14 2 Hugo 35 3 Zoé 41" in history
    english = section(page_of(client, band, "en"), "history-title")
    assert "Yams · Classic" in english


@pytest.mark.django_db
def test_wins_count_across_kinds_but_scores_do_not_add_up(client, band):
    people = section(page_of(client, band), "people-title")
    assert "Sarah 4 / 4 100 %" in people
    assert "Hugo 0 / 4 0 %" in people
    # No best or average mixing a Yams score with a tarot total.
    assert "Max" not in people and "Moy." not in people
    assert "Toutes parties confondues." in people
    # Who finished ahead, by rank: at Skyjo and the counter, the lowest total.
    assert "Hugo : Sarah a fait mieux 4 fois" in people
    assert "Zoé : Sarah a fait mieux 3 fois" in people


@pytest.mark.django_db
def test_each_kind_has_its_own_records(client, band):
    html = page_of(client, band)
    yams = card(html, "yams")
    assert "Les records · Yams" in yams
    assert "Meilleure partie Sarah 90 points" in yams  # not tarot's 168
    assert "Le plus de Yams en une partie Sarah 1 Yams" in yams
    assert "Sarah 1 / 1 100 % 90 90,0" in yams
    tarot = card(html, "tarot")
    assert "Meilleure partie Sarah 168 points" in tarot
    assert "Yams" not in tarot
    skyjo = card(html, "skyjo")
    # The lowest is best: Sarah's 14, not Zoé's 41.
    assert "Meilleure partie Sarah 14 points" in skyjo
    assert "Le plus bas total gagne" in skyjo
    tally = card(html, "tally-lowest")
    assert "Les records · Compteur libre (le plus bas total gagne)" in tally
    assert "Meilleure partie Sarah 3 points" in tally


@pytest.mark.django_db
def test_tarot_shows_the_contracts_taken_and_made(client, band):
    tarot = card(page_of(client, band), "tarot")
    assert "Joueur Vict. Prises Réussies %" in tarot
    assert "Sarah 1 / 1 1 1 100 %" in tarot
    assert "Hugo 0 / 1 1 0 0 %" in tarot
    assert "Zoé 0 / 1 0 0 –" in tarot
    # The words the game handed over, in the reader's language.
    english = card(page_of(client, band, "en"), "tarot")
    assert "Player Wins Taken Made %" in english
    assert "Taken: the deals" in english


@pytest.mark.django_db
def test_skyjo_shows_the_rounds_doubled_and_the_best_round(client, band):
    skyjo = card(page_of(client, band), "skyjo")
    assert "Joueur Vict. Moy. Manche Doublées" in skyjo
    assert "Sarah 1 / 1 14,0 4 1" in skyjo
    assert "Hugo 0 / 1 35,0 5 0" in skyjo
    assert "Zoé 0 / 1 41,0 1 1" in skyjo


@pytest.mark.django_db
def test_the_counter_shows_wins_and_averages(client, band):
    tally = card(page_of(client, band), "tally-lowest")
    assert "Joueur Vict. % Min Moy." in tally
    assert "Sarah 1 / 1 100 % 3 3,0" in tally
    assert "Hugo 0 / 1 0 % 5 5,0" in tally


@pytest.mark.django_db
def test_a_counter_won_high_and_one_won_low_do_not_compare(client, band):
    play_tally(["Sarah", "Hugo"], [{"Sarah": 50, "Hugo": 80}], band=band)
    html = page_of(client, band)
    high = card(html, "tally")
    assert "Les records · Compteur libre Meilleure partie Hugo 80 points" in high
    assert "Hugo 1 / 1 100 % 80 80,0" in high
    low = card(html, "tally-lowest")
    assert "Meilleure partie Sarah 3 points" in low


@pytest.mark.django_db
def test_the_head_to_head_at_skyjo_is_by_rank(client, band):
    skyjo = card(page_of(client, band), "skyjo")
    assert "Sarah 1 – 0 Hugo" in skyjo


@pytest.mark.django_db
def test_a_band_playing_one_kind_only_names_it_and_keeps_its_table(client):
    game = play_skyjo(
        ["Léa", "Tom"], [({"Léa": 60, "Tom": 50}, "Tom")], band=None, limit=50
    )
    html = page_of(client, game.band)
    people = section(html, "people-title")
    # The one kind's best is the lowest, and the better average comes first.
    assert "Joueur Vict. % Min Moy." in people
    assert people.index("Tom") < people.index("Léa")
    assert "Les records · Skyjo" in card(html, "skyjo")


@pytest.mark.django_db
def test_a_yams_band_sees_its_page_as_before(client):
    first, _ = play_game(["Sarah", "Hugo"], [40, 30])
    html = page_of(client, first.band)
    assert "Les records ·" not in page_text(html)
    assert "Par joueur" not in page_text(html)
    assert "Toutes parties confondues" not in page_text(html)
    assert "Yams · Classique" not in page_text(html)
    assert "Joueur Vict. % Max Moy." in section(html, "people-title")


# --- the CSV ------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_csv_says_the_kind_of_each_game(band):
    rows = list(csv.reader(io.StringIO(band.history_csv().lstrip("\ufeff"))))
    assert rows[0][1:4] == ["partie", "jeu", "variante"]
    assert {(row[1], row[2], row[3]) for row in rows[1:]} == {
        ("1", "Yams", "Classique"),
        ("2", "Tarot", ""),
        ("3", "Skyjo", ""),
        # A kind without variants that can be won either way: which way.
        ("4", "Compteur libre", "le plus bas total gagne"),
    }


# --- the stats, from plain rows -----------------------------------------------------


def row(game_id, kind, *scores, lower_wins=False):
    """scores: (key, score) in seating order, ranked as the kind wins."""
    sign = 1 if lower_wins else -1
    rows = []
    for seat, (key, score) in enumerate(scores):
        better = sum(1 for _k, other in scores if sign * other < sign * score)
        rows.append(
            stats.ScoreRow(key.capitalize(), key, seat, score, 1 + better, not better)
        )
    return stats.GameRow(
        game_id, game_id, stats.ResultKind(kind, kind), "", tuple(rows), lower_wins
    )


def test_scores_of_two_kinds_are_never_compared():
    games = [
        row(1, "yams", ("a", 250), ("b", 200)),
        row(2, "tarot", ("a", -300), ("b", 300)),
        row(3, "skyjo", ("a", 12), ("b", 40), lower_wins=True),
    ]
    result = stats.compute(games)
    by_kind = {r.kind: r for r in result.records}
    assert (by_kind["yams"].best_game.name, by_kind["yams"].best_game.score) == (
        "A",
        250,
    )
    assert (by_kind["tarot"].best_game.name, by_kind["tarot"].best_game.score) == (
        "B",
        300,
    )
    assert (by_kind["skyjo"].best_game.name, by_kind["skyjo"].best_game.score) == (
        "A",
        12,
    )
    assert result.several_kinds
    assert all(p.best is None for p in result.people)


def test_the_rival_and_the_head_to_head_read_the_ranks():
    # Skyjo: the lower total finishes ahead.
    games = [row(1, "skyjo", ("a", 10), ("b", 30), lower_wins=True)]
    result = stats.compute(games)
    people = {p.key: p for p in result.people}
    assert people["b"].rival.name == "A"
    assert people["a"].rival is None
    duel = result.records[0].head_to_head
    assert (duel.name_a, duel.wins_a, duel.wins_b) == ("A", 1, 0)
