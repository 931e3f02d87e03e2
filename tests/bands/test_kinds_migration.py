"""Migration 0003 keeps the history a band had: its Yams results stay Yams with
their scores, a game of rounds finished before it gets its kind."""

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("bands", "0002_bandscore_yams")]
AFTER = [("bands", "0003_kinds")]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.fixture
def latest_afterwards():
    """The next tests find the schema the models describe."""
    yield
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


@pytest.mark.django_db(transaction=True)
def test_the_rows_kept_before_keep_their_scores_and_get_their_kind(
    latest_afterwards,
):
    apps = migrate(BEFORE)
    Band = apps.get_model("bands", "Band")
    BandGame = apps.get_model("bands", "BandGame")
    BandScore = apps.get_model("bands", "BandScore")
    band = Band.objects.create(name="Sarah, Hugo", token="t" * 32)
    played_at = datetime.datetime(2026, 11, 1, tzinfo=datetime.UTC)
    for game_id, preset, label in [
        (1, "classic", "Classique"),
        (2, "yahtzee", "Yahtzee"),
        (3, "skyjo", "Skyjo"),
        (4, "tarot", "Tarot"),
    ]:
        game = BandGame.objects.create(
            band=band, game_id=game_id, played_at=played_at, preset=preset, label=label
        )
        for seat, (name, score) in enumerate([("Sarah", 40), ("Hugo", 30)]):
            BandScore.objects.create(
                band_game=game,
                name=name,
                name_key=name.lower(),
                seat=seat,
                score=score,
                rank=seat + 1,
                won=seat == 0,
                yams=1 if preset == "classic" and seat == 0 else None,
            )

    apps = migrate(AFTER)
    BandGame = apps.get_model("bands", "BandGame")
    BandScore = apps.get_model("bands", "BandScore")
    kept = {
        g.game_id: (g.preset, g.kind, g.lower_wins, g.label)
        for g in BandGame.objects.all()
    }
    assert kept == {
        1: ("classic", "yams", False, "Classique"),
        2: ("yahtzee", "yams", False, "Yahtzee"),
        3: ("skyjo", "skyjo", True, "Skyjo"),
        4: ("tarot", "tarot", False, "Tarot"),
    }
    scores = sorted(
        BandScore.objects.values_list(
            "band_game__game_id", "name", "score", "rank", "won", "yams", "details"
        )
    )
    assert scores[:2] == [
        (1, "Hugo", 30, 2, False, None, None),
        (1, "Sarah", 40, 1, True, 1, None),
    ]
    assert len(scores) == 8
    assert all(details is None for *_rest, details in scores)
