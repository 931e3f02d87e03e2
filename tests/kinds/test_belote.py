"""Belote in two teams: made, dedans and litige, belote-rebelote and capot, the
house options, the end at the target, every refusal; the worked examples of
RULES.md; and properties over many deals."""

import json

import pytest
from django.utils import translation
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.kinds import belote
from games.kinds.belote.kind import BELOTE
from games.kinds.rounds import RoundRefused, RuleError
from tests.kinds.tables import refused, seated

RULES = belote.build_rules()
PLAYERS = seated("Léa", "Tom", "Zoé", "Max")
LEA, TOM, ZOE, MAX = PLAYERS


def table(rules=RULES):
    return rules.start(PLAYERS)


def deal(points=None, team=1, **extras):
    entry = {"team": team, **extras}
    if points is not None:
        entry["points"] = points
    return entry


def by_team(round_):
    """The round's points as (team 1, team 2), checking both partners share."""
    points = round_.points
    assert points[LEA.pk] == points[ZOE.pk]
    assert points[TOM.pk] == points[MAX.pk]
    return points[LEA.pk], points[TOM.pk]


# RULES.md's worked examples, team 1 taking: the entry, the outcome, the scores.
WORKED = [
    ("97, no belote", deal(97), "made", (97, 65)),
    ("75, team 1's belote", deal(75, belote=1), "made", (95, 87)),
    ("88, team 2's belote", deal(88, belote=2), "dedans", (0, 182)),
    ("capot by team 1 with its belote", deal(capot=1, belote=1), "made", (270, 0)),
    ("a litige at 81", deal(81), "litige", (0, 81)),
]


@pytest.mark.parametrize(
    ("case", "entry", "outcome", "scores"), WORKED, ids=[w[0] for w in WORKED]
)
def test_the_worked_examples(case, entry, outcome, scores):
    round_ = table().check(entry)
    assert round_.detail.outcome == outcome
    assert by_team(round_) == scores
    assert tuple(round_.detail.scores.values()) == scores


def test_the_worked_example_with_the_house_rule_82_card_points():
    house = belote.build_rules({"needs": "82"})
    round_ = table(house).check(deal(75, belote=1))
    assert round_.detail.outcome == "dedans"
    assert by_team(round_) == (20, 162)


def test_the_worked_litige_then_team_2_makes_102():
    game = table().play(deal(81)).play(deal(102, team=2))
    first, second = game.rounds
    assert by_team(first) == (0, 81)
    assert first.detail.reserve == 81
    assert by_team(second) == (60, 183)
    assert (second.detail.reserve_won, second.detail.reserve_to) == (81, 2)
    assert second.detail.reserve == 0
    assert belote.team_totals(game) == {1: 60, 2: 264}
    assert game.totals == {LEA.pk: 60, TOM.pk: 264, ZOE.pk: 60, MAX.pk: 264}


# The thresholds RULES.md gives: 82 without belote, 72 with the attack's, 92
# with the defence's; and the litiges at 81–81 and 91–91.
THRESHOLDS = [
    (82, None, "made"),
    (81, None, "litige"),
    (80, None, "dedans"),
    (72, 1, "made"),
    (71, 1, "litige"),
    (70, 1, "dedans"),
    (92, 2, "made"),
    (91, 2, "litige"),
    (90, 2, "dedans"),
]


@pytest.mark.parametrize(("points", "held_by", "outcome"), THRESHOLDS)
def test_the_attack_must_score_strictly_more_than_the_defence(points, held_by, outcome):
    assert table().check(deal(points, belote=held_by)).detail.outcome == outcome


def test_a_litige_with_a_belote_keeps_the_belote_and_reserves_the_cards():
    # 71 + 20 against 91: the defence scores its 91, the attack its belote.
    attack_belote = table().check(deal(71, belote=1)).detail
    assert attack_belote.scores == {1: 20, 2: 91}
    assert attack_belote.reserve == 71
    # 91 against 71 + 20: the defence keeps its points and its belote.
    defence_belote = table().check(deal(91, belote=2)).detail
    assert defence_belote.scores == {1: 0, 2: 91}
    assert defence_belote.reserve == 91


def test_dedans_the_belote_stays_with_the_team_that_held_it():
    # 60 + 20 against 102: dedans, the attack keeps its 20.
    assert table().check(deal(60, belote=1)).detail.scores == {1: 20, 2: 162}


def test_a_capot_by_the_defence_is_dedans_for_250():
    round_ = table().check(deal(capot=2, belote=1))
    assert round_.detail.outcome == "dedans"
    assert round_.detail.card_points == {1: 0, 2: 250}
    assert by_team(round_) == (20, 250)


def test_a_second_litige_in_a_row_adds_its_reserve_to_the_first():
    game = table().play(deal(81)).play(deal(81, team=2))
    assert game.rounds[-1].detail.reserve == 162
    assert by_team(game.rounds[-1]) == (81, 0)
    game = game.play(deal(100))
    assert by_team(game.rounds[-1]) == (100 + 162, 62)
    assert game.rounds[-1].detail.reserve == 0


def test_a_passed_deal_leaves_the_reserve_waiting():
    game = table().play(deal(81)).play({"passed": True})
    passed = game.rounds[-1]
    assert by_team(passed) == (0, 0)
    assert passed.detail.passed and passed.detail.reserve == 81
    assert [str(line) for line in passed.calculation] == [
        "Tout le monde passe : 0 pour chaque équipe.",
        "Les 81 points du litige restent en réserve pour la donne suivante.",
    ]
    game = game.play(deal(50, team=2))  # team 2 dedans: team 1 scores more
    assert by_team(game.rounds[-1]) == (162 + 81, 0)


def test_the_reserve_goes_to_the_team_that_scores_more_even_when_dedans():
    game = table().play(deal(81)).play(deal(70, team=2))
    assert by_team(game.rounds[-1]) == (162 + 81, 0)
    assert game.rounds[-1].detail.reserve_to == 1


def test_equal_scores_after_a_litige_leave_the_reserve_waiting():
    # Rounded, 82 against 80 is 80 and 80: nobody wins the deal (choice).
    house = belote.build_rules({"rounding": True})
    game = table(house).play(deal(81)).play(deal(82))
    last = game.rounds[-1]
    assert last.detail.scores == {1: 80, 2: 80}
    assert (last.detail.reserve_won, last.detail.reserve) == (0, 80)
    assert str(last.calculation[-3]) == (
        "Donne à égalité : les 80 points du litige restent en réserve."
    )


def test_a_reserve_still_pending_at_the_end_is_lost():
    rules = belote.build_rules({"target": 100})
    game = table(rules).play(deal(90))  # 90 and 72
    assert not game.finished
    game = game.play(deal(81, team=2))  # litige: team 1 defends, 81 more
    assert game.finished
    assert game.rounds[-1].detail.reserve == 81
    assert belote.team_totals(game) == {1: 171, 2: 72}


def test_without_litige_a_tie_is_dedans():
    house = belote.build_rules({"litige": False})
    assert table(house).check(deal(81)).detail.scores == {1: 0, 2: 162}
    assert table(house).check(deal(71, belote=1)).detail.scores == {1: 20, 2: 162}


def test_the_house_rule_82_card_points_sets_belote_aside():
    house = belote.build_rules({"needs": "82"})
    assert table(house).check(deal(82, belote=2)).detail.scores == {1: 82, 2: 100}
    assert table(house).check(deal(81, belote=1)).detail.outcome == "litige"
    assert table(house).check(deal(80, belote=1)).detail.scores == {1: 20, 2: 162}


# RULES.md's rounding: 162 → 160, 97 → 100, 65 → 70, 81 → 80; 250 and belote
# as they are; after the made/dedans check.
ROUNDED = [
    (deal(97), {1: 100, 2: 70}),
    (deal(60), {1: 0, 2: 160}),
    (deal(81), {1: 0, 2: 80}),
    (deal(capot=1, belote=2), {1: 250, 2: 20}),
    (deal(75, belote=1), {1: 100, 2: 90}),  # 95 against 87 made, then rounded
]


@pytest.mark.parametrize(("entry", "scores"), ROUNDED)
def test_the_house_rounding_to_the_ten(entry, scores):
    house = belote.build_rules({"rounding": True})
    assert table(house).check(entry).detail.scores == scores


def test_the_litige_reserve_is_rounded_as_the_cards_are():
    house = belote.build_rules({"rounding": True})
    assert table(house).check(deal(71, belote=1)).detail.reserve == 70


def test_a_deal_nobody_takes_is_zero_and_passes_the_deal_on():
    game = table()
    assert game.dealer == LEA
    game = game.play({"passed": True})
    assert by_team(game.rounds[-1]) == (0, 0)
    assert game.dealer == TOM
    assert game.entries == ({"passed": True},)


def test_the_dealer_rotates_in_seat_order():
    game = table()
    dealers = []
    for _ in range(5):
        dealers.append(game.dealer)
        game = game.play(deal(90))
    assert dealers == [LEA, TOM, ZOE, MAX, LEA]


def test_the_teams_are_the_partners_sitting_opposite():
    assert belote.teams(PLAYERS) == ((LEA, ZOE), (TOM, MAX))


def test_the_game_ends_at_501_and_both_partners_win():
    game = table().play(deal(capot=1))
    assert not game.finished
    game = game.play(deal(capot=1))
    assert belote.team_totals(game) == {1: 500, 2: 0}
    assert not game.finished
    game = game.play(deal(1, team=2))  # team 2 dedans: team 1 +162
    assert game.finished
    assert game.winners() == [LEA, ZOE]
    ranking = [(s.rank, s.player.name, s.total) for s in game.ranking()]
    assert ranking == [(1, "Léa", 662), (1, "Zoé", 662), (3, "Tom", 0), (3, "Max", 0)]
    assert game.dealer is None
    with pytest.raises(RoundRefused) as caught:
        game.check(deal(90))
    assert caught.value.code == "finished"


def test_the_higher_total_wins_when_both_pass_the_target_in_the_same_deal():
    rules = belote.build_rules({"target": 300})
    game = table(rules).play(deal(capot=1)).play(deal(capot=2))
    assert belote.team_totals(game) == {1: 250, 2: 250}
    game = game.play(deal(100))  # 350 against 312
    assert game.finished
    assert game.winners() == [LEA, ZOE]


def test_equal_totals_at_the_target_play_one_more_deal():
    # 91 against 71 + 20 is made under "82 card points": 91 and 91.
    rules = belote.build_rules({"target": 300, "needs": "82"})
    game = table(rules).play(deal(capot=1)).play(deal(capot=2))
    game = game.play(deal(91, belote=2))
    assert belote.team_totals(game) == {1: 341, 2: 341}
    assert not game.finished
    assert game.winners() == PLAYERS
    game = game.play(deal(90))
    assert game.finished
    assert game.winners() == [LEA, ZOE]


def test_the_house_target_1000():
    rules = belote.build_rules({"target": 1000})
    game = table(rules)
    for _ in range(3):
        game = game.play(deal(capot=1, belote=1))
    assert belote.team_totals(game) == {1: 810, 2: 0}
    assert not game.finished
    assert game.play(deal(capot=1)).finished


def test_the_calculation_of_a_dedans():
    lines = [str(line) for line in table().check(deal(88, belote=2)).calculation]
    assert lines == [
        "Prise par Léa & Zoé : 88 points de cartes ; 74 pour Tom & Max.",
        "Belote-rebelote pour Tom & Max : +20.",
        "Léa & Zoé : 88 points contre 94, dedans.",
        "Dedans : 0 pour Léa & Zoé, 162 pour Tom & Max ; la belote reste à qui "
        "l'a eue.",
        "Léa & Zoé : 0.",
        "Tom & Max : 182.",
    ]


def test_the_calculation_of_a_litige_and_of_the_reserve_won():
    game = table().play(deal(81))
    assert [str(line) for line in game.rounds[0].calculation][1:3] == [
        "Léa & Zoé : 81 points contre 81, litige.",
        "Litige : les points de cartes faits par Léa & Zoé sont mis en réserve "
        "pour l'équipe qui gagnera la donne suivante ; réserve : 81.",
    ]
    shown = belote.preview(game, deal(102, team=2))
    assert [str(line) for line in shown.calculation] == [
        "Prise par Tom & Max : 102 points de cartes ; 60 pour Léa & Zoé.",
        "Tom & Max : 102 points contre 60, la prise est faite.",
        "Donne gagnée par Tom & Max : +81 de la réserve du litige.",
        "Léa & Zoé : 60.",
        "Tom & Max : 183.",
    ]
    assert shown.totals_after[TOM.pk] == 264
    assert not shown.ends_game


def test_the_calculation_under_the_house_rules():
    house = belote.build_rules({"needs": "82", "rounding": True})
    lines = [str(line) for line in table(house).check(deal(75, belote=1)).calculation]
    assert lines[2:4] == [
        "75 points de cartes, belote à part : moins de 82, dedans pour Léa & Zoé.",
        "Dedans : 0 pour Léa & Zoé, 160 pour Tom & Max ; la belote reste à qui "
        "l'a eue.",
    ]
    assert lines[4] == (
        "Points de cartes arrondis à la dizaine (250 et la belote restent tels quels)."
    )


def test_the_calculation_names_the_teams_the_host_named_without_a_verb_to_agree():
    named = belote.build_rules({"team_names": ["Les Bleus", "L'Ours"]})
    lines = [
        str(line) for line in table(named).check(deal(capot=2, belote=1)).calculation
    ]
    assert lines == [
        "Prise par Les Bleus ; capot pour L'Ours : 250 points, 0 pour Les Bleus.",
        "Belote-rebelote pour Les Bleus : +20.",
        "Les Bleus : 20 points contre 250, dedans.",
        "Dedans : 0 pour Les Bleus, 250 pour L'Ours ; la belote reste à qui l'a eue.",
        "Les Bleus (Léa et Zoé) : 20.",
        "L'Ours (Tom et Max) : 250.",
    ]
    assert not any("quipe 1" in line or "quipe 2" in line for line in lines)


def test_the_stored_entry_is_the_normal_form_and_replays_the_same():
    game = table().play({"team": 2, "points": 90, "passed": False})
    game = game.play(deal(capot=1, points=162)).play({"passed": True})
    assert game.entries == (
        {"team": 2, "points": 90, "capot": None, "belote": None},
        {"team": 1, "points": None, "capot": 1, "belote": None},
        {"passed": True},
    )
    stored = json.loads(json.dumps(game.entries))
    assert RULES.replay(PLAYERS, stored) == game


def test_undo_gives_back_the_reserve():
    one = table().play(deal(81))
    two = one.play(deal(100))
    assert two.undo() == one
    assert two.undo().play(deal(100)) == two


def test_the_band_figures_are_the_team_s_for_both_partners():
    game = table().play(deal(97)).play(deal(60)).play(deal(capot=2, team=2))
    game = game.play({"passed": True})
    figures = RULES.highlights(game)
    assert figures[LEA.pk] == figures[ZOE.pk] == {"taken": 2, "made": 1, "capots": 0}
    assert figures[TOM.pk] == figures[MAX.pk] == {"taken": 1, "made": 1, "capots": 1}


@pytest.mark.parametrize("count", [3, 5])
def test_belote_is_played_by_four(count):
    with pytest.raises(RuleError) as caught:
        RULES.start(seated(*"ABCDE"[:count]))
    assert str(caught.value) == f"Belote : de 4 à 4 joueurs, pas {count}."


CARDS = "Les points de cartes de l'équipe 1 : un nombre entier de 0 à 162."
TEAM = "L'équipe qui prend : 1 ou 2, pas « %s »."
REFUSALS = [
    ("card points over 162", deal(163), CARDS, "points"),
    ("negative card points", deal(-1), CARDS, "points"),
    ("card points as text", deal("97"), CARDS, "points"),
    ("card points as a float", deal(97.0), CARDS, "points"),
    ("card points as a boolean", deal(True), CARDS, "points"),
    ("card points as None", {"team": 1, "points": None}, CARDS, "points"),
    ("no card points", deal(), "Il manque « points » dans la manche.", "points"),
    ("team 3", deal(97, team=3), TEAM % 3, "team"),
    ("team 0", deal(97, team=0), TEAM % 0, "team"),
    ("a team as text", deal(97, team="1"), TEAM % 1, "team"),
    ("a team as a boolean", deal(97, team=True), TEAM % True, "team"),
    ("a team as a player's pk", deal(97, team=LEA.pk + 10), TEAM % 11, "team"),
    ("no team", {"points": 97}, "Il manque « team » dans la manche.", "team"),
    ("a capot by team 3", deal(capot=3),
     "Le capot : l'équipe 1, l'équipe 2 ou aucune, pas « 3 ».", "capot"),
    ("a belote by a player", deal(97, belote="Léa"),
     "La belote-rebelote : l'équipe 1, l'équipe 2 ou aucune, pas « Léa ».",
     "belote"),
    ("a capot with other card points", deal(150, capot=1),
     "Capot de l'équipe 1 : les points de cartes ne se comptent pas "
     "(laissez-les vides), pas 150.", "points"),
    ("a defence capot with card points", deal(162, capot=2),
     "Capot de l'équipe 2 : les points de cartes ne se comptent pas "
     "(laissez-les vides), pas 162.", "points"),
    ("an unknown key", deal(97, contract="80"),
     "Donnée inconnue dans la manche : « contract ».", "contract"),
    ("a passed deal with a team", {"passed": True, "team": 1},
     "Donnée inconnue dans la manche : « team ».", "team"),
    ("passed neither true nor false", deal(97, passed=1),
     "« passed » : vrai ou faux.", "passed"),
    ("not a dict", [1, 97], "Une manche s'enregistre comme un dictionnaire.", None),
]  # fmt: skip


@pytest.mark.parametrize(
    ("case", "entry", "message", "field"), REFUSALS, ids=[r[0] for r in REFUSALS]
)
def test_a_bad_deal_is_refused_with_a_clear_message(case, entry, message, field):
    game = table().play(deal(81))
    assert refused(game, entry) == (message, field)
    assert game.totals == table().play(deal(81)).totals


def test_a_capot_accepts_the_card_points_it_implies():
    assert table().check(deal(162, capot=1)).entry["points"] is None
    assert table().check(deal(0, capot=2)).detail.scores == {1: 0, 2: 250}


OPTION_REFUSALS = [
    ({"target": 50}, "Total à atteindre : un nombre entier de 100 à 10000."),
    ({"target": None}, "Total à atteindre : un nombre entier de 100 à 10000."),
    ({"needs": "81"},
     "Prise faite : « 81 » impossible (choix : more, 82)."),
    ({"litige": "no"}, "Litige : la valeur doit être vrai ou faux."),
    ({"capot": 500}, "L'option « capot » n'existe pas pour la variante Belote."),
]  # fmt: skip


@pytest.mark.parametrize(("options", "message"), OPTION_REFUSALS)
def test_a_bad_option_is_refused(options, message):
    with pytest.raises(RuleError) as caught:
        belote.build_rules(options)
    assert str(caught.value) == message


def test_options_default_and_round_trip():
    assert RULES.options == {
        "target": 501,
        "needs": "more",
        "litige": True,
        "rounding": False,
    }
    house = belote.build_rules({"target": 1000, "needs": "82", "litige": False})
    assert belote.build_rules(house.options) == house
    assert RULES.key == belote.KEY == "belote"


# --- properties ------------------------------------------------------------------

fuzz = settings(
    database=None,
    deadline=None,
    max_examples=80,
    suppress_health_check=[HealthCheck.too_slow],
)

option_sets = st.fixed_dictionaries(
    {
        "needs": st.sampled_from(["more", "82"]),
        "litige": st.booleans(),
        "rounding": st.booleans(),
    }
)


@st.composite
def deals(draw):
    """A deal the rules accept: a passed one now and then, capots now and
    then, litiges often enough to matter."""
    if draw(st.integers(0, 9)) == 0:
        return {"passed": True}
    entry = {
        "team": draw(st.sampled_from([1, 2])),
        "belote": draw(st.sampled_from([None, 1, 2])),
    }
    capot = draw(st.sampled_from([None] * 6 + [1, 2]))
    if capot is not None:
        entry["capot"] = capot
    else:
        entry["points"] = draw(st.sampled_from([71, 81, 91]) | st.integers(0, 162))
    return entry


@fuzz
@given(option_sets, st.lists(deals(), max_size=8))
def test_every_deal_shares_162_or_250_and_partners_stay_equal(options, entries):
    rules = belote.build_rules({**options, "target": 10000})
    game = rules.start(PLAYERS)
    for entry in entries:
        game = game.play(entry)
        last = game.rounds[-1]
        by_team(last)
        detail = last.detail
        if detail.passed:
            continue
        assert sum(detail.card_points.values()) == (250 if detail.capot else 162)
        held = {team: 20 if detail.belote == team else 0 for team in (1, 2)}
        defence = 2 if detail.taker == 1 else 1
        if detail.dedans:
            # The defence gets every card point (or 250), each belote stays.
            everything = 250 if detail.capot == defence else 162
            if options["rounding"] and everything == 162:
                everything = 160
            won = detail.reserve_won if detail.reserve_to == defence else 0
            assert detail.scores[defence] == everything + held[defence] + won
            won = detail.reserve_won if detail.reserve_to == detail.taker else 0
            assert detail.scores[detail.taker] == held[detail.taker] + won
    totals = game.totals
    for player in PLAYERS:
        assert totals[player.pk] == sum(r.points[player.pk] for r in game.rounds)
    assert totals[LEA.pk] == totals[ZOE.pk]
    assert totals[TOM.pk] == totals[MAX.pk]


@fuzz
@given(st.lists(deals(), max_size=8))
def test_no_point_is_lost_but_a_pending_reserve(entries):
    """Without rounding, the points scored plus the reserve waiting are the
    card points (162 a deal, 250 for a capot, 162 for a dedans), plus belote:
    a litige only moves card points in time."""
    game = table(belote.build_rules({"target": 10000}))
    expected = 0
    for entry in entries:
        game = game.play(entry)
        detail = game.rounds[-1].detail
        if detail.passed:
            continue
        expected += 20 if detail.belote else 0
        if detail.capot is not None:
            expected += 250
        else:
            expected += 162
    team = belote.team_totals(game)
    reserve = game.rounds[-1].detail.reserve if game.rounds else 0
    assert team[1] + team[2] + reserve == expected


@fuzz
@given(st.lists(deals(), max_size=8))
def test_the_stored_entries_replay_to_the_same_game(entries):
    game = table()
    for entry in entries:
        if game.finished:
            break
        game = game.play(entry)
    stored = json.loads(json.dumps(game.entries))
    assert RULES.replay(PLAYERS, stored) == game


# --- the last deal in words, under the banner --------------------------------------

# Team 1 is Léa & Zoé, team 2 Tom & Max; no verb agrees with a team's name.
SAID = [
    ("made", [deal(97)], "Donne 1 · pris par Léa & Zoé : faite, 97 / 65"),
    (
        "dedans with the other team's belote",
        [deal(88, belote=2)],
        "Donne 1 · pris par Léa & Zoé : dedans, 182 pour Tom & Max, "
        "belote pour Tom & Max",
    ),
    (
        "capot with belote",
        [deal(capot=1, belote=1)],
        "Donne 1 · pris par Léa & Zoé : faite, capot, 270 / 0, belote pour Léa & Zoé",
    ),
    (
        "a litige",
        [deal(81)],
        "Donne 1 · pris par Léa & Zoé : litige, 81 pour Tom & Max, 81 en réserve",
    ),
    (
        "the reserve won",
        [deal(81), deal(102, team=2)],
        "Donne 2 · pris par Tom & Max : faite, 183 / 60, réserve de 81 gagnée par "
        "Tom & Max",
    ),
    ("nobody takes", [{"passed": True}], "Donne 1 · personne ne prend"),
    (
        "nobody takes after a litige",
        [deal(81), {"passed": True}],
        "Donne 2 · personne ne prend · 81 en réserve",
    ),
]


@pytest.mark.parametrize(("case", "entries", "said"), SAID, ids=[s[0] for s in SAID])
def test_the_last_deal_is_said_by_team_name_under_the_banner(case, entries, said):
    game = table()
    for entry in entries:
        game = game.play(entry)
    with translation.override("fr"):
        line = BELOTE.round_summary(game, len(game.rounds), game.rounds[-1])
    assert line == said


def test_the_last_deal_is_said_in_english():
    game = table().play(deal(88, belote=2))
    with translation.override("en"):
        line = BELOTE.round_summary(game, 1, game.rounds[-1])
    assert line.startswith("Deal 1 · taken by Léa & Zoé: ")
    assert "182 to Tom & Max" in line
