"""A band's history rows: kept when a game ends, through undo, renames and purges."""

import datetime

import pytest
from django.utils import timezone

from bands.models import Band, BandAlias, BandGame, BandScore, FinalScore
from games.models import Game
from tests.bands.helpers import YAMS, add_results
from tests.factories import finish, make_game, play_finished


def five_games():
    """Five games of one band: a tie, a player renamed after the end, a name typed
    without its accent, and one the host merges ("Jo" into "Joseph")."""
    first, _ = play_finished(["Sarah", "Hugo", "Zoé"], [40, 30, 20])
    band = first.band
    play_finished(["Hugo", "zoe", "Sarah"], [50, 10, 50], band=band)
    play_finished(["Sarah", "Hugo", "Jo"], [35, 45, 25], band=band)
    play_finished(["Joseph", "Sarah", "Hugo"], [60, 20, 22], band=band)
    fifth, _ = play_finished(["Hugues", "Sarah", "Zoé"], [33, 31, 40], band=band)
    hugues = fifth.players.get(name="Hugues")
    fifth.rename(hugues.pk, "Hugo")
    band.refresh_from_db()
    return band


@pytest.mark.django_db
def test_stats_of_a_band_of_five_games_with_a_tie_a_rename_and_a_merge():
    band = five_games()
    band.merge("jo", "joseph")
    result = band.stats()
    assert [
        (p.name, p.played, p.wins, round(p.win_rate * 100), p.best, round(p.average, 1))
        for p in result.people
    ] == [
        ("Hugo", 5, 2, 40, 50, 36.0),
        ("Sarah", 5, 2, 40, 50, 35.2),
        ("Joseph", 2, 1, 50, 60, 42.5),
        ("Zoé", 3, 1, 33, 40, 23.3),
    ]
    assert [p.name for p in result.leaders] == ["Hugo", "Sarah"]
    assert {p.name: (p.rival.name, p.rival.times) for p in result.people} == {
        "Hugo": ("Zoé", 1),
        "Sarah": ("Hugo", 3),
        "Joseph": ("Hugo", 1),
        "Zoé": ("Hugo", 2),
    }
    tie = result.history[3]
    assert [(s.name, s.score, s.won) for s in tie.scores] == [
        ("Hugo", 50, True),
        ("Sarah", 50, True),
        ("zoe", 10, False),
    ]
    assert [s.name for s in result.history[0].scores] == ["Zoé", "Hugo", "Sarah"]


@pytest.mark.django_db
def test_a_merge_also_merges_later_games_typed_the_old_way():
    band = five_games()
    band.merge("jo", "joseph")
    play_finished(["Jo", "Sarah"], [80, 10], band=band)
    joseph = next(p for p in band.stats().people if p.key == "joseph")
    assert (joseph.name, joseph.played, joseph.wins) == ("Jo", 3, 2)


@pytest.mark.django_db
def test_merges_chain_into_one_person():
    band = five_games()
    band.merge("jo", "joseph")
    play_finished(["Jojo", "Sarah"], [80, 10], band=band)
    band.merge("joseph", "jojo")
    people = {p.key: p for p in band.stats().people}
    assert people["jojo"].played == 3
    assert "joseph" not in people and "jo" not in people
    assert dict(BandAlias.objects.values_list("source_key", "target_key")) == {
        "jo": "jojo",
        "joseph": "jojo",
    }


@pytest.mark.django_db
def test_people_who_played_together_cannot_be_merged():
    from django.core.exceptions import ValidationError

    band = five_games()
    with pytest.raises(ValidationError, match="joué ensemble"):
        band.merge("sarah", "hugo")
    with pytest.raises(ValidationError):
        band.merge("sarah", "nobody")
    assert not BandAlias.objects.exists()


@pytest.mark.django_db
def test_an_undo_that_reopens_a_game_takes_its_result_out_and_a_new_end_puts_it_back():
    game, _ = play_finished(["Sarah", "Hugo"], [40, 30])
    assert BandGame.objects.filter(game_id=game.pk).count() == 1
    undone = game.undo()
    assert (undone.player.name, undone.box) == ("Hugo", "chance")
    assert not BandGame.objects.filter(game_id=game.pk).exists()
    assert game.band.stats().history == []
    game.record(undone.player_id, "free", "chance", {"kind": "total", "value": 5})
    scores = game.band.stats().history[0].scores
    assert [(s.name, s.score, s.won) for s in scores] == [
        ("Sarah", 40, True),
        ("Hugo", 5, False),
    ]
    assert BandGame.objects.filter(game_id=game.pk).count() == 1


@pytest.mark.django_db
def test_players_who_share_a_loose_key_at_one_table_stay_two_people():
    game, _ = play_finished(["Zoé", "Zoe"], [30, 20])
    people = game.band.stats().people
    assert [(p.name, p.played, p.wins) for p in people] == [
        ("Zoé", 1, 1),
        ("Zoe", 1, 0),
    ]


@pytest.mark.django_db
def test_the_history_outlives_the_purged_game():
    game, _ = play_finished(["Sarah", "Hugo"], [40, 30])
    band = game.band
    Game.objects.filter(pk=game.pk).update(
        last_activity_at=timezone.now() - datetime.timedelta(days=31)
    )
    assert Game.objects.purge_expired() == 1
    assert not Game.objects.filter(pk=game.pk).exists()
    history = Band.objects.get(pk=band.pk).stats().history
    assert [(g.game_id, [s.score for s in g.scores]) for g in history] == [
        (game.pk, [40, 30])
    ]


@pytest.mark.django_db
def test_finishing_a_game_keeps_the_band_alive_from_that_moment():
    game, _ = make_game(["Sarah", "Hugo"])
    created = game.band.last_game_at
    finish(game, {"Sarah": 10, "Hugo": 20})
    band = Band.objects.get(pk=game.band_id)
    assert band.last_game_at == game.finished_at > created
    assert band.expires_at == game.finished_at + datetime.timedelta(days=183)


@pytest.mark.django_db
def test_reading_stats_costs_the_same_queries_whatever_the_history(
    django_assert_num_queries,
):
    first, _ = play_finished(["A", "B"], [10, 20])
    band = first.band
    with django_assert_num_queries(3):
        band.stats()
    add_results(band, 4, ["A", "B", "C", "D", "E"])
    with django_assert_num_queries(3):
        result = band.stats()
    assert len(result.history) == 5
    assert BandScore.objects.count() == 2 + 4 * 5


@pytest.mark.django_db
def test_a_band_keeps_what_it_is_told_without_any_game():
    """The band's verbs take plain data: the history needs no Game to be read or
    written, so it stays true once the game is purged."""
    band = Band.objects.create_for(["Sarah", "Zoé", "Zoe"])
    ended = timezone.now() - datetime.timedelta(days=2)
    band.record_result(
        game_id=7,
        played_at=ended,
        kind=YAMS,
        label="Classique",
        # In any order: the band ranks them (rank, then seat).
        scores=[
            FinalScore(name="Zoe", seat=2, score=10, rank=3),
            FinalScore(name="Sarah", seat=0, score=40, rank=1),
            FinalScore(name="Zoé", seat=1, score=40, rank=1),
        ],
    )
    (played,) = band.history_rows()
    assert (played.game_id, played.played_at, played.label) == (7, ended, "Classique")
    assert [(s.name, s.key, s.rank, s.won) for s in played.scores] == [
        ("Sarah", "sarah", 1, True),
        # Two players of one game whose names differ by an accent: two people.
        ("Zoé", "zoé", 1, True),
        ("Zoe", "zoe", 3, False),
    ]
    assert Band.objects.get(pk=band.pk).last_game_at == ended

    band.rename_in_result(7, "Zoe", "Zoey")
    imported = ended - datetime.timedelta(days=30)
    band.date_imported_result(7, imported)
    (played,) = band.history_rows()
    assert played.played_at == imported
    assert [s.name for s in played.scores] == ["Sarah", "Zoé", "Zoey"]

    band.forget_result(7)
    assert band.history_rows() == []
