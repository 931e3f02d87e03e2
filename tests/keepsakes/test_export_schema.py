"""The export format has a schema, docs/export.schema.json: every kind's file
matches it (the contract's sample games and games with the pencil, a rename and
an end by the host), the older versions the import still reads match it too, and
the import refuses a file of the wrong shape in the host's words, before any rule
runs, creating nothing."""

import copy
import json

import pytest
from django.utils import translation
from jsonschema import Draft202012Validator

from keepsakes.export import FORMAT_VERSION, game_json
from keepsakes.imports import ImportRefused, import_game
from keepsakes.schema import SCHEMA_PATH, validator
from tests.keepsakes.test_one_format import GAMES, counts, encode
from tests.keepsakes.test_round_game_files import as_version_2
from tests.kinds.test_contract import KINDS, new_game, play_to_the_end

pytestmark = pytest.mark.django_db


def exported(game):
    return json.loads(json.dumps(game_json(game)))


def problems(data):
    return [
        f"{'/'.join(map(str, error.absolute_path))}: {error.message}"
        for error in validator().iter_errors(data)
    ]


def test_the_schema_is_valid_json_schema_and_names_this_version():
    schema = json.loads(SCHEMA_PATH.read_text())
    Draft202012Validator.check_schema(schema)
    assert schema["properties"]["version"]["enum"] == [1, 2, 3]
    assert FORMAT_VERSION == 3


@pytest.mark.parametrize("kind", KINDS)
def test_the_sample_game_of_every_kind_exports_a_file_the_schema_accepts(kind):
    game = new_game(kind)
    play_to_the_end(game)
    assert problems(exported(game)) == []


@pytest.mark.parametrize("kind", list(GAMES))
def test_a_game_with_the_pencil_and_a_rename_matches_the_schema(kind):
    data = exported(GAMES[kind]())
    assert data["renames"] and data["writes"]
    assert problems(data) == []


def test_the_older_versions_the_import_reads_match_the_schema():
    yams = exported(GAMES["yams"]())
    version_1 = {
        key: value
        for key, value in yams.items()
        if key not in ("kind", "kind_label", "ended_by_host", "writes", "reseats")
    } | {"version": 1, "entries": yams["writes"]}
    version_2 = as_version_2(exported(GAMES["tally"]()))
    assert problems(version_1) == []
    assert problems(version_2) == []
    # Each version in its own shape only.
    assert problems(version_1 | {"version": 3}) != []
    assert problems(version_2 | {"version": 1}) != []


def changed(data, change):
    data = copy.deepcopy(data)
    change(data)
    return data


WRONG_SHAPES = {
    "a rank in words": (
        "tally",
        lambda data: data["totals"][1].update(rank="first"),
        "Le fichier a été modifié : le champ totals est invalide.",
        "The file has been modified: the field totals is invalid.",
    ),
    "an unknown writer": (
        "yams",
        lambda data: data["writes"][3].update(by="robot"),
        "Le fichier a été modifié : la saisie n° 4 est invalide.",
        "The file has been modified: entry no. 4 is invalid.",
    ),
    "a round's points as a number": (
        "tarot",
        lambda data: data["writes"][1].update(points=12),
        "Le fichier a été modifié : la manche n° 2 est invalide.",
        None,
    ),
    "a rename without its new name": (
        "skyjo",
        lambda data: data["renames"][0].pop("new_name"),
        "Le fichier a été modifié : le prénom corrigé n° 1 est invalide.",
        None,
    ),
    "a player with a stray field": (
        "tally",
        lambda data: data["players"][0].update(score=99),
        "Le fichier a été modifié : liste des joueurs invalide.",
        "The file has been modified: invalid player list.",
    ),
    "winners as a name": (
        "yams",
        lambda data: data.update(winners="Sarah"),
        "Le fichier a été modifié : le champ winners est invalide.",
        None,
    ),
    "seats told another way": (
        "skyjo",
        lambda data: data.update(seating="random"),
        "Le fichier a été modifié : le champ seating est invalide.",
        None,
    ),
}


@pytest.mark.parametrize("case", list(WRONG_SHAPES))
def test_a_file_of_the_wrong_shape_is_refused_in_words_and_creates_nothing(case):
    kind, change, french, english = WRONG_SHAPES[case]
    game = GAMES[kind]()
    data = changed(exported(game), change)
    assert problems(data) != []
    before = counts()
    with pytest.raises(ImportRefused) as refused:
        import_game(encode(data), game.band)
    assert refused.value.message == french
    assert counts() == before
    if english:
        with translation.override("en"), pytest.raises(ImportRefused) as refused:
            import_game(encode(data), game.band)
        assert refused.value.message == english
