"""Migration 0004 gives the rows kept before the words the band page showed them
with: each kind's name, the Yams counted, the tarot and Skyjo columns, the way a
counter was won; a kind without variants no longer repeats its name as one."""

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.urls import reverse

from bands.models import Band
from tests.bands.helpers import SKYJO, TALLY, TAROT, YAMS
from tests.helpers import page_text

BEFORE = [("bands", "0003_kinds")]
AFTER = [("bands", "0004_result_kind")]


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


ROWS = [
    # game_id, preset, kind, label, lower_wins, details of (Sarah, Hugo)
    (1, "classic", "yams", "Classique", False, (None, None)),
    (
        2,
        "tarot",
        "tarot",
        "Tarot",
        False,
        ({"taken": 2, "made": 1}, {"taken": 1, "made": 0}),
    ),
    (
        3,
        "skyjo",
        "skyjo",
        "Skyjo",
        True,
        (
            {"doubled": 0, "rounds": 2, "best_round": 3},
            {"doubled": 1, "rounds": 2, "best_round": 7},
        ),
    ),
    (4, "tally", "tally", "Compteur libre", True, ({"lower_wins": 1},) * 2),
]


@pytest.mark.django_db(transaction=True)
def test_the_rows_kept_before_get_the_words_they_were_shown_with(
    client, latest_afterwards
):
    apps = migrate(BEFORE)
    Band0 = apps.get_model("bands", "Band")
    BandGame0 = apps.get_model("bands", "BandGame")
    BandScore0 = apps.get_model("bands", "BandScore")
    band = Band0.objects.create(name="Sarah, Hugo", token="t" * 32)
    played_at = datetime.datetime(2026, 11, 1, tzinfo=datetime.UTC)
    for game_id, preset, kind, label, lower_wins, details in ROWS:
        game = BandGame0.objects.create(
            band=band,
            game_id=game_id,
            played_at=played_at + datetime.timedelta(hours=game_id),
            preset=preset,
            kind=kind,
            label=label,
            lower_wins=lower_wins,
        )
        for seat, name in enumerate(["Sarah", "Hugo"]):
            BandScore0.objects.create(
                band_game=game,
                name=name,
                name_key=name.lower(),
                seat=seat,
                score=10 * (2 - seat) if not lower_wins else 10 * (1 + seat),
                rank=seat + 1,
                won=seat == 0,
                yams=(1 - seat) if kind == "yams" else None,
                details=details[seat],
            )

    apps = migrate(AFTER)
    BandGame = apps.get_model("bands", "BandGame")
    kept = {g.kind: g for g in BandGame.objects.all()}
    # Just as a game finished now hands them over.
    for kind in (YAMS, TAROT, SKYJO, TALLY):
        game = kept[kind.key]
        told = (
            game.kind_name,
            game.either_way,
            game.counts_yams,
            game.columns,
            game.note,
        )
        assert told == (
            kind.name,
            kind.either_way,
            kind.counts_yams,
            [column.as_json() for column in kind.columns],
            kind.note,
        )
    assert {kind: game.label for kind, game in kept.items()} == {
        "yams": "Classique",
        "tarot": "",
        "skyjo": "",
        "tally": "",
    }

    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
    band = Band.objects.get(token="t" * 32)
    url = reverse("bands:band", kwargs={"band_token": band.token})
    text = page_text(client.get(url).content.decode())
    assert "Joueur Vict. Prises Réussies % Sarah 1 / 1 2 1 50 %" in text
    assert "Joueur Vict. Moy. Manche Doublées Sarah 1 / 1 10,0 3 0" in text
    assert "Compteur libre (le plus bas total gagne)" in text
    assert "Le plus de Yams en une partie Sarah 1 Yams" in text
