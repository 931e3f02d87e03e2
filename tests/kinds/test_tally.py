"""The free counter: some players' points per round, the highest or the lowest
total winning, the optional end, and every refusal."""

import pytest

from games.kinds import tally
from games.kinds.rounds import RoundRefused, RuleError
from tests.kinds.tables import refused, seated

RULES = tally.build_rules()
SARAH, HUGO, JO = seated("Sarah", "Hugo", "Jo")


def game(rules=RULES, players=(SARAH, HUGO, JO)):
    return rules.start(list(players))


def points(**by_name):
    pks = {"sarah": SARAH.pk, "hugo": HUGO.pk, "jo": JO.pk}
    return {"points": {str(pks[name]): value for name, value in by_name.items()}}


def test_a_player_given_no_points_in_a_round_scores_zero_for_it():
    round_ = game().check(points(sarah=12, jo=-3))
    assert round_.points == {SARAH.pk: 12, HUGO.pk: 0, JO.pk: -3}
    assert [str(line) for line in round_.calculation] == [
        "Sarah : +12.",
        "Hugo : rien noté, 0.",
        "Jo : \u22123.",
    ]
    # The stored entry keeps what was typed, not the zeros.
    assert round_.entry == points(sarah=12, jo=-3)


def test_the_totals_are_the_sums_of_the_rounds():
    played = game().play(points(sarah=5, hugo=7)).play(points(hugo=-2, jo=4))
    assert played.running_totals == (
        {SARAH.pk: 5, HUGO.pk: 7, JO.pk: 0},
        {SARAH.pk: 5, HUGO.pk: 5, JO.pk: 4},
    )
    assert played.totals == {SARAH.pk: 5, HUGO.pk: 5, JO.pk: 4}


@pytest.mark.parametrize(
    ("winner", "expected"),
    [
        ("highest", [(1, "Sarah", 5), (1, "Hugo", 5), (3, "Jo", 4)]),
        ("lowest", [(1, "Jo", 4), (2, "Sarah", 5), (2, "Hugo", 5)]),
    ],
)
def test_the_highest_or_the_lowest_total_wins_as_set_at_the_start(winner, expected):
    rules = tally.build_rules({"winner": winner})
    played = game(rules).play(points(sarah=5, hugo=7)).play(points(hugo=-2, jo=4))
    assert [(s.rank, s.player.name, s.total) for s in played.ranking()] == expected


def test_a_target_ends_the_game_with_the_round_in_which_it_is_reached():
    rules = tally.build_rules({"target": 20})
    played = game(rules).play(points(sarah=19))
    assert not played.finished
    played = played.play(points(hugo=25, sarah=1))
    assert played.finished
    with pytest.raises(RoundRefused):
        played.play(points(jo=1))


def test_a_number_of_rounds_ends_the_game():
    rules = tally.build_rules({"rounds": 2})
    played = game(rules).play(points(sarah=1))
    assert not played.finished
    assert played.play(points(jo=0)).finished


def test_without_an_end_the_host_ends_the_game():
    played = game().play(points(sarah=10_000))
    assert not played.finished
    assert played.close().finished
    assert played.close().winners() == [SARAH]


def test_a_target_and_a_number_of_rounds_together_are_refused():
    with pytest.raises(RuleError) as caught:
        tally.build_rules({"target": 100, "rounds": 5})
    assert str(caught.value) == (
        "Un total à atteindre ou un nombre de manches, pas les deux."
    )


@pytest.mark.parametrize("players", [1, 10])
def test_one_to_ten_players_may_play(players):
    assert len(RULES.start(seated(*"ABCDEFGHIJ"[:players])).players) == players


@pytest.mark.parametrize("players", [0, 11])
def test_no_one_or_eleven_players_are_refused(players):
    with pytest.raises(RuleError) as caught:
        RULES.start(seated(*"ABCDEFGHIJK"[:players]))
    assert str(caught.value) == f"Compteur libre : de 1 à 10 joueurs, pas {players}."


BOUNDS = "un nombre entier de -1000000 à 1000000."
REFUSALS = [
    ("no points at all", {"points": {}}, "Aucun point dans cette manche.", "points"),
    ("a fraction", points(sarah=1.5), f"Sarah : {BOUNDS}", "points"),
    ("a boolean", points(hugo=False), f"Hugo : {BOUNDS}", "points"),
    ("a typing slip", points(jo=10**7), f"Jo : {BOUNDS}", "points"),
    ("a stranger", {"points": {"12": 3}}, "« 12 » ne joue pas dans cette partie.",
     "points"),
    ("a name for a key", {"points": {"Sarah": 3}},
     "« Sarah » ne joue pas dans cette partie.", "points"),
    ("no points key", {"scores": {"1": 3}},
     "Donnée inconnue dans la manche : « scores ».", "scores"),
    ("an empty entry", {}, "Il manque « points » dans la manche.", "points"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("case", "entry", "message", "field"),
    REFUSALS,
    ids=[case for case, *_ in REFUSALS],
)
def test_a_bad_round_is_refused_with_a_clear_message(case, entry, message, field):
    assert refused(game(), entry) == (message, field)


OPTION_REFUSALS = [
    ({"winner": "best"}, "Gagnant : « best » impossible (choix : highest, lowest)."),
    ({"target": 0}, "Total à atteindre : un nombre entier de 1 à 1000000."),
    ({"rounds": -1}, "Nombre de manches : un nombre entier de 1 à 1000."),
    ({"end": "host"}, "L'option « end » n'existe pas pour la variante Compteur libre."),
]


@pytest.mark.parametrize(("options", "message"), OPTION_REFUSALS)
def test_a_bad_option_is_refused(options, message):
    with pytest.raises(RuleError) as caught:
        tally.build_rules(options)
    assert str(caught.value) == message


def test_options_default_and_round_trip():
    assert RULES.options == {"winner": "highest", "target": None, "rounds": None}
    house = tally.build_rules({"winner": "lowest", "target": 500})
    assert tally.build_rules(house.options) == house


def test_the_preview_shows_the_round_and_the_new_totals():
    played = game().play(points(sarah=3))
    shown = tally.preview(played, points(sarah=2, jo=1))
    assert shown.points == {SARAH.pk: 2, HUGO.pk: 0, JO.pk: 1}
    assert shown.totals_after == {SARAH.pk: 5, HUGO.pk: 0, JO.pk: 1}
    assert played.totals == {SARAH.pk: 3, HUGO.pk: 0, JO.pk: 0}


# --- the presets of the free counter (RULES.md) ----------------------------------

FOUR = seated("Sarah", "Hugo", "Jo", "Léa")


def round_of(players, *values):
    return {"points": {str(p.pk): v for p, v in zip(players, values, strict=True)}}


def test_the_presets_and_what_they_set():
    facts = {
        key: (str(preset.label), preset.options)
        for key, preset in tally.PRESETS.items()
    }
    assert facts == {
        "uno": ("Uno", {"winner": "highest", "target": 500, "check": "one_scorer"}),
        "papayoo": ("Papayoo", {"winner": "lowest", "round_sum": 250}),
        "six_nimmt": ("6 qui prend", {"winner": "lowest", "target": 66}),
        "rami": ("Rami", {"winner": "lowest"}),
        "five_crowns": (
            "Five Crowns",
            {"winner": "lowest", "rounds": 11, "check": "one_zero"},
        ),
        "flip_7": ("Flip 7", {"winner": "highest", "target": 200}),
        "phase_10": ("Phase 10", {"winner": "lowest"}),
        "farkle": ("Farkle / 10 000", {"winner": "highest", "target": 10_000}),
    }
    for key, preset in tally.PRESETS.items():
        rules = tally.build_preset(key)
        assert preset.description and "\n" not in preset.description
        assert tally.build_rules(rules.options) == rules
        assert isinstance(rules, tally.TallyRules) and rules.key == "tally"


def test_the_papayoo_worked_example():
    game = tally.build_preset("papayoo").start(FOUR)
    played = game.play(round_of(FOUR, 120, 85, 45, 0))
    assert played.totals == {FOUR[0].pk: 120, FOUR[1].pk: 85, FOUR[2].pk: 45,
                             FOUR[3].pk: 0}  # fmt: skip
    assert refused(game, round_of(FOUR, 120, 85, 40, 0)) == (
        "Les points de la manche font 245 ; ils doivent faire 250.",
        "points",
    )
    # A number of rounds set at the start, or the host ends it; the lowest wins.
    assert not played.finished and played.lower_wins
    assert played.close().winners() == [FOUR[3]]
    short = tally.build_preset("papayoo", options={"rounds": 1}).start(FOUR)
    assert short.play(round_of(FOUR, 120, 85, 45, 0)).finished


def test_the_six_nimmt_worked_example():
    game = tally.build_preset("six_nimmt").start([SARAH, HUGO, JO])
    game = game.play(points(sarah=61, hugo=40, jo=22))
    assert not game.finished
    game = game.play(points(sarah=7, hugo=3, jo=0))
    assert game.totals == {SARAH.pk: 68, HUGO.pk: 43, JO.pk: 22}
    assert game.finished
    assert game.winners() == [JO]


def test_at_uno_only_the_rounds_winner_scores():
    game = tally.build_preset("uno").start([SARAH, HUGO, JO])
    assert game.play(points(hugo=87)).totals[HUGO.pk] == 87
    assert game.play(points(sarah=0, hugo=87, jo=0)).totals[HUGO.pk] == 87
    assert refused(game, points(sarah=12, hugo=87)) == (
        "Un seul joueur marque dans une manche : celui qui l'a gagnée.",
        "points",
    )
    assert refused(game, points(hugo=-5)) == (
        "Le gagnant de la manche marque les cartes des autres : pas de points "
        "négatifs.",
        "points",
    )
    won = game.play(points(hugo=480)).play(points(hugo=30))
    assert won.finished and won.winners() == [HUGO]


def test_unos_house_option_scores_each_players_own_hand_lowest_wins():
    rules = tally.build_preset("uno", house="own_hand")
    assert rules.options == {"winner": "lowest", "target": 500, "rounds": None,
                             "check": "one_zero"}  # fmt: skip
    game = rules.start([SARAH, HUGO, JO])
    assert refused(game, points(sarah=12, hugo=7, jo=3)) == (
        "Au moins un joueur marque 0 dans une manche : celui qui est sorti.",
        "points",
    )
    ended = game.play(points(sarah=0, hugo=500, jo=40))
    assert ended.finished and ended.winners() == [SARAH]


def test_five_crowns_has_eleven_rounds_and_someone_goes_out():
    game = tally.build_preset("five_crowns").start([SARAH, HUGO, JO])
    assert refused(game, points(sarah=3, hugo=5, jo=1)) == (
        "Au moins un joueur marque 0 dans une manche : celui qui est sorti.",
        "points",
    )
    for _ in range(10):
        game = game.play(points(sarah=0, hugo=10))
    assert not game.finished
    # A player left out of the round scores 0: Jo went out.
    game = game.play(points(sarah=4, hugo=10))
    assert game.finished and game.winners() == [JO]


@pytest.mark.parametrize(
    ("key", "before", "last", "ends"),
    [("flip_7", 190, 10, True), ("flip_7", 190, 9, False),
     ("farkle", 9_500, 500, True), ("rami", 1_000, 1, False),
     ("phase_10", 1_000, 1, False)],
)  # fmt: skip
def test_the_ends_of_the_presets(key, before, last, ends):
    game = tally.build_preset(key).start([SARAH, HUGO])
    game = game.play(points(sarah=before)).play(points(sarah=last))
    assert game.finished is ends


def test_a_rami_target_may_be_set_at_the_start():
    rules = tally.build_preset("rami", options={"target": 200})
    game = rules.start([SARAH, HUGO]).play(points(sarah=150, hugo=200))
    assert game.finished and game.winners() == [SARAH]


def test_an_unknown_preset_or_house_option_is_refused():
    with pytest.raises(RuleError) as caught:
        tally.build_preset("poker")
    assert str(caught.value) == "Préréglage inconnu : « poker »."
    with pytest.raises(RuleError) as caught:
        tally.build_preset("papayoo", house="own_hand")
    assert str(caught.value) == (
        "Variante maison inconnue pour Papayoo : « own_hand »."
    )


def test_the_checks_are_options_of_the_plain_counter_too():
    rules = tally.build_rules({"check": "one_zero", "round_sum": 0})
    assert rules.options == {"winner": "highest", "target": None, "rounds": None,
                             "check": "one_zero", "round_sum": 0}  # fmt: skip
    assert tally.build_rules(rules.options) == rules
    game = rules.start([SARAH, HUGO, JO])
    assert game.play(points(sarah=5, hugo=-5)).totals[SARAH.pk] == 5
    assert refused(game, points(sarah=5, hugo=-4)) == (
        "Les points de la manche font 1 ; ils doivent faire 0.",
        "points",
    )
    # At their defaults the checks change nothing and are not in the options.
    assert tally.build_rules({"check": "none", "round_sum": None}) == RULES
    assert RULES.options == {"winner": "highest", "target": None, "rounds": None}


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"check": "sum"}, "Contrôle de chaque manche : « sum » impossible "
                           "(choix : none, one_scorer, one_zero)."),
        ({"round_sum": 2.5}, "Somme de chaque manche : un nombre entier de "
                             "-1000000 à 1000000."),
    ],
)  # fmt: skip
def test_a_bad_check_is_refused(options, message):
    with pytest.raises(RuleError) as caught:
        tally.build_rules(options)
    assert str(caught.value) == message


def test_the_presets_mark_their_french_and_import_no_django():
    import subprocess
    import sys
    from pathlib import Path

    from tests.kinds.yams.test_presets import _unmarked_french

    root = Path(__file__).resolve().parents[2]
    for path in sorted((root / "games" / "kinds" / "tally").glob("*.py")):
        assert _unmarked_french(path) == [], path
    code = "import sys, games.kinds.tally.presets; assert 'django' not in sys.modules"
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
