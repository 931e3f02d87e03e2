"""What the host enters for a box (`entry_spec`, `score`) and every refusal."""

import json

import pytest

from games.kinds.yams import PRESETS, InvalidEntry, RuleError, build_variant

CLASSIC = PRESETS["classic"]
YAHTZEE = PRESETS["yahtzee"]
SIX = PRESETS["six_dice"]

# preset, box, kind, prompt, extra expected attributes
SPECS = [
    ("classic", "fours", "count", "Combien de 4 ?", {"choices": (0, 1, 2, 3, 4, 5)}),
    ("six_dice", "ones", "count", "Combien de 1 ?", {"choices": tuple(range(7))}),
    ("classic", "three_kind", "face", "Quelle face pour le brelan ?",
     {"choices": (1, 2, 3, 4, 5, 6)}),
    ("classic", "four_kind", "face", "Quelle face pour le carré ?", {}),
    ("six_dice", "pair", "face", "Quelle face pour la paire ?", {}),
    ("six_dice", "five_kind", "face", "Quelle face pour les cinq dés identiques ?", {}),
    ("yahtzee", "three_kind", "total", "Total des dés ?", {"min": 5, "max": 30}),
    ("all_dice", "four_kind", "total", "Total des dés ?", {"min": 5, "max": 30}),
    ("classic", "chance", "total", "Total des dés ?", {"min": 5, "max": 30}),
    ("six_dice", "chance", "total", "Total des dés ?", {"min": 6, "max": 36}),
    ("six_dice", "two_pairs", "faces", "Quelles faces pour les deux paires ?",
     {"n_faces": 2, "face_roles": ("1re paire", "2e paire")}),
    ("six_dice", "three_pairs", "faces", "Quelles faces pour les trois paires ?",
     {"n_faces": 3, "face_roles": ("1re paire", "2e paire", "3e paire")}),
    ("six_dice", "double_three_kind", "faces", "Quelles faces pour les deux brelans ?",
     {"n_faces": 2, "face_roles": ("1er brelan", "2e brelan")}),
    ("six_dice", "full_house", "faces", "Quelles faces pour le brelan et la paire ?",
     {"n_faces": 2, "face_roles": ("brelan", "paire")}),
    ("six_dice", "tower", "faces", "Quelles faces pour le carré et la paire ?",
     {"n_faces": 2, "face_roles": ("carré", "paire")}),
    ("classic", "full_house", "made", "Réussi ?", {"made_points": 25}),
    ("classic", "small_straight", "made", "Réussie ?", {"made_points": 30}),
    ("classic", "large_straight", "made", "Réussie ?", {"made_points": 40}),
    ("classic", "yams", "made", "Réussi ?", {"made_points": 50}),
    ("multi_yams", "yams", "made", "Réussi ?", {"made_points": 50}),
    ("six_dice", "small_straight", "made", "Réussie ?", {"made_points": 15}),
    ("six_dice", "large_straight", "made", "Réussie ?", {"made_points": 20}),
    ("six_dice", "full_straight", "made", "Réussie ?", {"made_points": 21}),
    ("six_dice_75", "maxi_yatzy", "made", "Réussi ?", {"made_points": 100}),
]  # fmt: skip


@pytest.mark.parametrize(("preset", "box", "kind", "prompt", "attributes"), SPECS)
def test_entry_specs(preset, box, kind, prompt, attributes):
    spec = PRESETS[preset].entry_spec(box)
    assert (spec.box, spec.kind, spec.prompt) == (box, kind, prompt)
    assert spec.crossable
    assert not spec.typed and spec.typed_max is None
    for name, value in attributes.items():
        assert getattr(spec, name) == value


@pytest.mark.parametrize("key", PRESETS)
def test_every_box_has_a_spec(key):
    variant = PRESETS[key]
    for box in variant.boxes:
        spec = variant.entry_spec(box.key)
        assert spec.kind in ("count", "face", "faces", "total", "made")
        assert spec.prompt.endswith(" ?")


def test_matching_dice_option_turns_totals_into_faces():
    assert (
        build_variant("yahtzee", {"count_dice": "matching"})
        .entry_spec("three_kind")
        .kind
        == "face"
    )
    assert (
        build_variant("classic", {"count_dice": "all"}).entry_spec("four_kind").kind
        == "total"
    )


def test_typed_points_show_in_the_spec():
    variant = build_variant("classic", {"typed_points": True})
    spec = variant.entry_spec("three_kind")
    # House rules may score past the dice (27 on a brelan worth 18 at most):
    # twice the natural maximum, at least 50.
    assert spec.typed and spec.typed_max == 50
    assert variant.entry_spec("yams").typed_max == 100
    assert variant.entry_spec("ones").typed_max == 50
    multi = build_variant("multi_yams", {"typed_points": True})
    assert multi.entry_spec("yams").typed_max == 100


# preset, box, entry, points, calculation
SCORES = [
    ("classic", "fours", {"kind": "count", "value": 3}, 12, "3 × 4 = 12"),
    ("classic", "ones", {"kind": "count", "value": 0}, 0, "0 × 1 = 0"),
    ("six_dice", "sixes", {"kind": "count", "value": 6}, 36, "6 × 6 = 36"),
    ("classic", "three_kind", {"kind": "face", "value": 5}, 15,
     "Brelan de 5 : 3 × 5 = 15"),
    ("classic", "four_kind", {"kind": "face", "value": 3}, 12,
     "Carré de 3 : 4 × 3 = 12"),
    ("six_dice", "pair", {"kind": "face", "value": 6}, 12, "Paire de 6 : 2 × 6 = 12"),
    ("six_dice", "five_kind", {"kind": "face", "value": 2}, 10,
     "Cinq dés de 2 : 5 × 2 = 10"),
    ("yahtzee", "three_kind", {"kind": "total", "value": 23}, 23, "Total des dés : 23"),
    ("classic", "chance", {"kind": "total", "value": 20}, 20, "Total des dés : 20"),
    ("classic", "full_house", {"kind": "made"}, 25, "Full : 25"),
    ("classic", "small_straight", {"kind": "made"}, 30, "Petite suite : 30"),
    ("classic", "yams", {"kind": "made"}, 50, "Yams : 50"),
    ("classic", "yams", {"kind": "cross"}, 0, "Barré : 0"),
    ("six_dice", "maxi_yatzy", {"kind": "made"}, 100, "Maxi Yatzy : 100"),
    ("six_dice", "two_pairs", {"kind": "faces", "values": [6, 2]}, 16,
     "Deux paires (6 et 2) : 2 × 6 + 2 × 2 = 16"),
    ("six_dice", "three_pairs", {"kind": "faces", "values": [6, 5, 4]}, 30,
     "Trois paires (6, 5 et 4) : 2 × 6 + 2 × 5 + 2 × 4 = 30"),
    ("six_dice", "double_three_kind", {"kind": "faces", "values": [1, 2]}, 9,
     "Double brelan (1 et 2) : 3 × 1 + 3 × 2 = 9"),
    ("six_dice", "full_house", {"kind": "faces", "values": [2, 6]}, 18,
     "Full (brelan de 2, paire de 6) : 3 × 2 + 2 × 6 = 18"),
    ("six_dice", "tower", {"kind": "faces", "values": [6, 5]}, 34,
     "Tour (carré de 6, paire de 5) : 4 × 6 + 2 × 5 = 34"),
    ("six_dice", "tower", {"kind": "faces", "values": (5, 6)}, 32,
     "Tour (carré de 5, paire de 6) : 4 × 5 + 2 × 6 = 32"),
    ("six_dice", "chance", {"kind": "total", "value": 36}, 36, "Total des dés : 36"),
    ("six_dice", "chance", {"kind": "cross"}, 0, "Barré : 0"),
]  # fmt: skip


@pytest.mark.parametrize(("preset", "box", "entry", "points", "calculation"), SCORES)
def test_scores_and_calculations(preset, box, entry, points, calculation):
    scored = PRESETS[preset].score(box, entry)
    assert scored.points == points
    assert str(scored.calculation) == calculation
    assert scored.yams_bonus == 0


def test_typed_points():
    variant = build_variant("six_dice", {"typed_points": True})
    scored = variant.score("three_kind", {"kind": "points", "value": 17})
    assert scored.points == 17
    assert str(scored.calculation) == "Points saisis : 17"
    assert variant.score("maxi_yatzy", {"kind": "points", "value": 0}).points == 0


def test_extra_yams_scores_the_box_and_a_bonus():
    scored = YAHTZEE.score("fours", {"kind": "count", "value": 5, "extra_yams": True})
    assert (scored.points, scored.yams_bonus) == (20, 100)
    assert str(scored.calculation) == "5 × 4 = 20 (+ 100 de prime Yams)"
    joker = YAHTZEE.score("large_straight", {"kind": "made", "extra_yams": True})
    assert (joker.points, joker.yams_bonus) == (40, 100)
    assert (
        YAHTZEE.score("full_house", {"kind": "made", "extra_yams": True}).points == 25
    )
    assert (
        YAHTZEE.score(
            "chance", {"kind": "total", "value": 30, "extra_yams": True}
        ).points
        == 30
    )
    assert YAHTZEE.score("chance", {"kind": "total", "value": 30, "extra_yams": False})


def test_entries_are_json():
    entry = json.loads('{"kind": "faces", "values": [6, 2]}')
    assert SIX.score("two_pairs", entry).points == 16


# Every refusal names the box: preset, options, box, entry, message.
REFUSALS = [
    ("classic", {}, "three_kind", {"kind": "face", "value": 7},
     "Brelan : la face doit être entre 1 et 6."),
    ("classic", {}, "four_kind", {"kind": "face", "value": 0},
     "Carré : la face doit être entre 1 et 6."),
    ("classic", {}, "threes", {"kind": "count", "value": 6},
     "Trois : le nombre de dés doit être entre 0 et 5."),
    ("six_dice", {}, "threes", {"kind": "count", "value": 7},
     "Trois : le nombre de dés doit être entre 0 et 6."),
    ("classic", {}, "ones", {"kind": "count", "value": -1},
     "As : le nombre de dés doit être entre 0 et 5."),
    ("classic", {}, "chance", {"kind": "total", "value": 31},
     "Chance : le total doit être entre 5 et 30."),
    ("classic", {}, "chance", {"kind": "total", "value": 4},
     "Chance : le total doit être entre 5 et 30."),
    ("six_dice", {}, "chance", {"kind": "total", "value": 5},
     "Chance : le total doit être entre 6 et 36."),
    ("yahtzee", {}, "three_kind", {"kind": "total", "value": 4},
     "Brelan : aucun lancer avec au moins 3 dés identiques ne fait 4 ; "
     "le total doit être entre 5 et 30."),
    ("all_dice", {}, "four_kind", {"kind": "total", "value": 31},
     "Carré : aucun lancer avec au moins 4 dés identiques ne fait 31 ; "
     "le total doit être entre 5 et 30."),
    ("six_dice", {}, "two_pairs", {"kind": "faces", "values": [3, 3]},
     "Deux paires : les deux paires doivent être de faces différentes."),
    ("six_dice", {}, "three_pairs", {"kind": "faces", "values": [1, 2, 1]},
     "Trois paires : les trois paires doivent être de faces différentes."),
    ("six_dice", {}, "double_three_kind", {"kind": "faces", "values": [4, 4]},
     "Double brelan : les deux brelans doivent être de faces différentes."),
    ("six_dice", {}, "full_house", {"kind": "faces", "values": [5, 5]},
     "Full : le brelan et la paire doivent être de faces différentes."),
    ("six_dice", {}, "tower", {"kind": "faces", "values": [2, 2]},
     "Tour : le carré et la paire doivent être de faces différentes."),
    ("six_dice", {}, "tower", {"kind": "faces", "values": [2]},
     "Tour : il faut une liste de 2 faces."),
    ("six_dice", {}, "three_pairs", {"kind": "faces", "values": [1, 2, 3, 4]},
     "Trois paires : il faut une liste de 3 faces."),
    ("six_dice", {}, "two_pairs", {"kind": "faces", "values": "62"},
     "Deux paires : il faut une liste de 2 faces."),
    ("six_dice", {}, "two_pairs", {"kind": "faces", "values": [6, 7]},
     "Deux paires : chaque face doit être entre 1 et 6."),
    ("six_dice", {}, "two_pairs", {"kind": "faces", "values": [6, True]},
     "Deux paires : chaque face doit être entre 1 et 6."),
    ("six_dice", {}, "two_pairs", {"kind": "faces"},
     "Deux paires : il manque les faces."),
    ("classic", {}, "three_kind", {"kind": "face"}, "Brelan : il manque la valeur."),
    ("classic", {}, "three_kind", {"kind": "face", "value": "5"},
     "Brelan : la valeur doit être un nombre entier."),
    ("classic", {}, "three_kind", {"kind": "face", "value": 5.0},
     "Brelan : la valeur doit être un nombre entier."),
    ("classic", {}, "ones", {"kind": "count", "value": True},
     "As : la valeur doit être un nombre entier."),
    ("classic", {}, "three_kind", {"kind": "total", "value": 18},
     "Brelan : cette case se remplit avec la face, ou se barre."),
    ("yahtzee", {}, "three_kind", {"kind": "face", "value": 6},
     "Brelan : cette case se remplit avec le total des dés, ou se barre."),
    ("classic", {}, "full_house", {"kind": "total", "value": 25},
     "Full : cette case se remplit avec réussi ou non, ou se barre."),
    ("classic", {}, "sixes", {"kind": "made"},
     "Six : cette case se remplit avec le nombre de dés, ou se barre."),
    ("six_dice", {}, "tower", {"kind": "face", "value": 6},
     "Tour : cette case se remplit avec les faces, ou se barre."),
    ("classic", {}, "chance", {"kind": "dice", "value": [1, 2, 3, 4, 5]},
     "Chance : type de saisie inconnu (« dice »)."),
    ("classic", {}, "chance", {"value": 20},
     "Chance : type de saisie inconnu (« None »)."),
    ("classic", {}, "chance", {"kind": ["total"]}, "Chance : type de saisie inconnu"),
    ("classic", {}, "chance", [("kind", "total")], "Chance : saisie mal formée."),
    ("classic", {}, "chance", None, "Chance : saisie mal formée."),
    ("classic", {}, "chance", "cross", "Chance : saisie mal formée."),
    ("classic", {}, "chance", {"kind": "cross", "value": 0},
     "Chance : champ inconnu « value »."),
    ("classic", {}, "yams", {"kind": "made", "points": 50},
     "Yams : champ inconnu « points »."),
    ("classic", {}, "three_kind", {"kind": "points", "value": 17},
     "Brelan : la saisie directe des points n'est pas activée dans cette partie."),
    ("classic", {"typed_points": True}, "three_kind", {"kind": "points", "value": 51},
     "Brelan : les points doivent être entre 0 et 50."),
    ("classic", {"typed_points": True}, "three_kind", {"kind": "points", "value": -1},
     "Brelan : les points doivent être entre 0 et 50."),
    ("classic", {"typed_points": True}, "three_kind", {"kind": "points"},
     "Brelan : il manque la valeur."),
    ("classic", {}, "fours", {"kind": "count", "value": 5, "extra_yams": True},
     "Quatre : la prime Yams n'existe que dans la variante Yahtzee."),
    ("multi_yams", {}, "chance", {"kind": "total", "value": 5, "extra_yams": True},
     "Chance : la prime Yams n'existe que dans la variante Yahtzee."),
    ("yahtzee", {}, "fours", {"kind": "count", "value": 5, "extra_yams": 1},
     "Quatre : « extra_yams » doit valoir vrai ou faux."),
    ("yahtzee", {}, "fours", {"kind": "count", "value": 4, "extra_yams": True},
     "Quatre : un Yams supplémentaire, ce sont 5 dés de la même face ; "
     "le nombre de dés doit être 5."),
    ("yahtzee", {}, "chance", {"kind": "total", "value": 23, "extra_yams": True},
     "Chance : un Yams supplémentaire fait 5, 10, 15, 20, 25 ou 30 au total."),
    ("yahtzee", {}, "four_kind", {"kind": "total", "value": 21, "extra_yams": True},
     "Carré : un Yams supplémentaire fait 5, 10, 15, 20, 25 ou 30 au total."),
    ("yahtzee", {}, "yams", {"kind": "made", "extra_yams": True},
     "Yams : un Yams supplémentaire s'inscrit dans une autre case que Yams."),
    ("classic", {}, "chance", {"kind": "total", "value": 20, "rolls": 2},
     "Chance : les lancers gardés ne sont pas activés dans cette partie."),
    ("classic", {"saved_rolls": True}, "chance", {"kind": "total", "value": 20,
                                                  "rolls": 0},
     "Chance : le nombre de lancers doit être au moins 1."),
    ("classic", {"saved_rolls": True}, "chance", {"kind": "cross", "rolls": "2"},
     "Chance : le nombre de lancers doit être au moins 1."),
    ("classic", {}, "pair", {"kind": "cross"}, "Case inconnue : « pair »."),
    ("six_dice", {}, "yams", {"kind": "made"}, "Case inconnue : « yams »."),
]  # fmt: skip


@pytest.mark.parametrize(("preset", "options", "box", "entry", "message"), REFUSALS)
def test_refusals_name_the_box(preset, options, box, entry, message):
    variant = build_variant(preset, options)
    with pytest.raises(InvalidEntry) as caught:
        variant.score(box, entry)
    error = caught.value
    assert isinstance(error, RuleError) and isinstance(error, ValueError)
    assert message in str(error)
    assert str(error) == str(error.message)
    if box in variant.box_keys:
        assert str(error).startswith(variant.box(box).label + " : ")
        assert error.box == box


def test_refusal_messages_carry_a_translatable_box_label():
    with pytest.raises(InvalidEntry) as caught:
        CLASSIC.score("three_kind", {"kind": "face", "value": 9})
    message = caught.value.message
    assert message.template == "%(box)s : la face doit être entre 1 et 6."
    assert str(message.params["box"]) == "Brelan"
    assert caught.value.box == "three_kind"
    english = {"Brelan": "Three of a kind"}
    assert message.format(lambda text: english.get(text, text)) == (
        "Three of a kind : la face doit être entre 1 et 6."
    )


def test_unknown_box_in_entry_spec_is_an_invalid_entry():
    with pytest.raises(InvalidEntry, match="Case inconnue"):
        CLASSIC.entry_spec("maxi_yatzy")
