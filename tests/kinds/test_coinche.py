"""Coinche in two teams: the contract made or fallen, coinché and surcoinché,
belote-rebelote and capot, the house options, the end at the target, every
refusal; the worked examples of RULES.md; and properties over many deals."""

import json

import pytest
from django.utils import translation
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.kinds import coinche
from games.kinds.coinche.kind import COINCHE
from games.kinds.rounds import RoundRefused, RuleError
from tests.kinds.tables import refused, seated

RULES = coinche.build_rules()
PLAYERS = seated("Léa", "Tom", "Zoé", "Max")
LEA, TOM, ZOE, MAX = PLAYERS


def table(rules=RULES):
    return rules.start(PLAYERS)


def deal(contract="110", points=None, team=1, trump="coeur", **extras):
    entry = {"team": team, "contract": contract, "trump": trump, **extras}
    if points is not None:
        entry["points"] = points
    return entry


def by_team(round_):
    """The round's points as (team 1, team 2), checking both partners share."""
    points = round_.points
    assert points[LEA.pk] == points[ZOE.pk]
    assert points[TOM.pk] == points[MAX.pk]
    return points[LEA.pk], points[TOM.pk]


# RULES.md's worked examples, team 1 bidding: the entry, made, the scores.
WORKED = [
    ("110 ♥, 113, no belote", deal("110", 113, trump="coeur"), True, (223, 49)),
    ("100 ♠, 95 + team 1's belote", deal("100", 95, trump="pique", belote=1),
     True, (215, 67)),
    ("120 ♣, 110", deal("120", 110, trump="trefle"), False, (0, 282)),
    ("90 ♦ coinched, made with 100",
     deal("90", 100, trump="carreau", coinche="coinche"), True, (504, 0)),
    ("the same failed with 65 and team 1's belote",
     deal("90", 65, trump="carreau", coinche="coinche", belote=1),
     False, (20, 504)),
    ("130 ♥ surcoinched, failed",
     deal("130", 100, coinche="surcoinche"), False, (0, 1168)),
    ("capot bid and made, team 2's belote", deal("capot", capot=1, belote=2),
     True, (500, 20)),
]  # fmt: skip


@pytest.mark.parametrize(
    ("case", "entry", "made", "scores"), WORKED, ids=[w[0] for w in WORKED]
)
def test_the_worked_examples(case, entry, made, scores):
    round_ = table().check(entry)
    assert round_.detail.made is made
    assert by_team(round_) == scores
    assert tuple(round_.detail.scores.values()) == scores


def test_the_worked_examples_as_team_2_bidding_mirror_them():
    for _case, entry, made, (first, second) in WORKED:
        mirrored = {**entry, "team": 2}
        for key in ("belote", "capot"):
            if mirrored.get(key):
                mirrored[key] = 3 - mirrored[key]
        round_ = table().check(mirrored)
        assert round_.detail.made is made
        assert by_team(round_) == (second, first)


def test_a_contract_needs_its_points_and_more_than_the_defence():
    assert table().check(deal("80", 82)).detail.made
    # 81 against 81: the contract of 80 is reached, the defence is not beaten.
    tie = table().check(deal("80", 81))
    assert not tie.detail.made
    assert by_team(tie) == (0, 162 + 80)
    # 71 + 20 = 91 for 90, but 91 against 91.
    assert not table().check(deal("90", 71, belote=1)).detail.made
    assert table().check(deal("90", 72, belote=1)).detail.made
    # 100 exactly is made; 99 falls.
    assert table().check(deal("100", 100)).detail.made
    assert not table().check(deal("100", 99)).detail.made


def test_the_house_rule_card_points_only_toward_the_contract():
    house = coinche.build_rules({"belote_counts": False})
    round_ = table(house).check(deal("100", 95, belote=1))
    assert not round_.detail.made
    assert round_.detail.counted == 95
    assert by_team(round_) == (20, 262)


def test_a_fall_when_the_defence_took_every_trick_gives_250_plus_the_contract():
    assert by_team(table().check(deal("100", capot=2))) == (0, 350)
    coinched = deal("100", capot=2, coinche="coinche", belote=1)
    assert by_team(table().check(coinched)) == (20, (250 + 100) * 2)


def test_a_numbered_contract_made_with_a_capot_counts_250():
    assert by_team(table().check(deal("120", capot=1))) == (370, 0)
    # Coinched: all the card points of a capot, 250, stand for the 162 (choice).
    assert by_team(table().check(deal("120", capot=1, coinche="coinche"))) == (
        (250 + 120) * 2,
        0,
    )


def test_a_capot_contract_without_every_trick_falls():
    round_ = table().check(deal("capot", 150))
    assert not round_.detail.made
    assert by_team(round_) == (0, 162 + 250)
    assert by_team(table().check(deal("capot", 150, coinche="coinche"))) == (
        0,
        (162 + 250) * 2,
    )


def test_belote_is_never_multiplied_nor_lost():
    made = table().check(deal("90", 100, coinche="surcoinche", belote=2))
    assert by_team(made) == ((162 + 90) * 4, 20)
    fallen = table().check(deal("150", 100, belote=2))
    assert by_team(fallen) == (0, 162 + 150 + 20)


def test_the_generale_house_option():
    house = coinche.build_rules({"generale": True})
    assert "generale" in house.contracts
    made = table(house).check(deal("generale", capot=1, bidder_alone=True))
    assert made.detail.made
    assert by_team(made) == (750, 0)
    partner_took_one = table(house).check(deal("generale", capot=1))
    assert not partner_took_one.detail.made
    assert by_team(partner_took_one) == (0, 162 + 500)


def test_the_contracts_170_and_180_house_option():
    house = coinche.build_rules({"high_contracts": True})
    assert house.contracts[-4:] == ("160", "170", "180", "capot")
    assert by_team(table(house).check(deal("170", 152, belote=1))) == (342, 10)
    assert not table(house).check(deal("180", 152, belote=1)).detail.made


def test_sans_atout_and_tout_atout_house_option():
    house = coinche.build_rules({"no_trump": True})
    assert table(house).check(deal("100", 110, trump="sans_atout")).detail.made
    assert table(house).check(deal("100", 90, trump="tout_atout", belote=1))
    assert refused(table(house), deal("100", 110, trump="sans_atout", belote=1)) == (
        "Pas de belote-rebelote à sans atout.",
        "belote",
    )


ANNOUNCED = [
    (deal("110", 113), (110, 0)),
    (deal("110", 113, belote=2), (110, 20)),
    (deal("90", 100, coinche="coinche"), (180, 0)),
    (deal("120", 90, belote=1), (20, 120)),
    (deal("130", 100, coinche="surcoinche"), (0, 520)),
    (deal("capot", capot=1), (250, 0)),
]


@pytest.mark.parametrize(("entry", "scores"), ANNOUNCED)
def test_the_announced_points_house_option(entry, scores):
    house = coinche.build_rules({"scoring": "announced"})
    assert by_team(table(house).check(entry)) == scores


ROUNDED = [
    (deal("110", 113), (110 + 110, 50)),  # 113 → 110, 49 → 50
    (deal("120", 110), (0, 160 + 120)),  # a fall at ×1: 160 + contract
    (deal("90", 100, coinche="coinche"), ((160 + 90) * 2, 0)),
    (deal("capot", capot=1, belote=2), (500, 20)),  # 250 and belote stay
    (deal("100", 95, belote=1), (100 + 100 + 20, 70)),
]


@pytest.mark.parametrize(("entry", "scores"), ROUNDED)
def test_the_house_rounding_to_the_ten(entry, scores):
    house = coinche.build_rules({"rounding": True})
    assert by_team(table(house).check(entry)) == scores


def test_a_deal_where_all_four_pass_is_zero_and_passes_the_deal_on():
    game = table().play({"passed": True})
    assert by_team(game.rounds[-1]) == (0, 0)
    assert game.dealer == TOM
    assert [str(line) for line in game.rounds[-1].calculation] == [
        "Tout le monde passe : 0 pour chaque équipe."
    ]


def test_the_game_ends_at_2000_and_both_partners_win():
    game = table().play(deal("130", 100, coinche="surcoinche"))  # 1168 to team 2
    assert not game.finished
    game = game.play(deal("130", 100, coinche="surcoinche"))
    assert game.finished
    assert coinche.team_totals(game) == {1: 0, 2: 2336}
    assert game.winners() == [TOM, MAX]
    assert game.dealer is None
    with pytest.raises(RoundRefused) as caught:
        game.check(deal())
    assert caught.value.code == "finished"


def test_equal_totals_past_the_target_play_another_deal():
    rules = coinche.build_rules({"target": 240})
    game = table(rules).play(deal("80", 120))  # 200 and 42
    assert not game.finished
    game = game.play(deal("80", 120, team=2))  # 42 more, 200 more
    assert coinche.team_totals(game) == {1: 242, 2: 242}
    assert not game.finished
    assert game.winners() == PLAYERS
    game = game.play(deal("80", 100))
    assert game.finished
    assert game.winners() == [LEA, ZOE]


def test_the_house_target_1000():
    rules = coinche.build_rules({"target": 1000})
    game = table(rules).play(deal("90", 100, coinche="coinche"))
    assert not game.finished
    assert game.play(deal("90", 100, coinche="coinche")).finished


def test_the_calculation_of_a_made_contract_with_belote():
    lines = [
        str(line)
        for line in table().check(deal("100", 95, trump="pique", belote=1)).calculation
    ]
    assert lines == [
        "Contrat pris par Léa & Zoé : 100, ♠ pique.",
        "Points de cartes : 95 pour Léa & Zoé, 67 pour Tom & Max.",
        "Belote-rebelote pour Léa & Zoé : +20, jamais multipliée.",
        "115 points pour un contrat de 100, et 115 contre 67 à la défense : "
        "contrat fait.",
        "Contrat fait : 100 + 115 = 215 pour Léa & Zoé ; la défense marque ses points.",
        "Léa & Zoé : 215.",
        "Tom & Max : 67.",
    ]


def test_the_calculation_of_a_coinched_fall():
    entry = deal("90", 65, trump="carreau", coinche="coinche", belote=1)
    lines = [str(line) for line in table().check(entry).calculation]
    assert lines == [
        "Contrat pris par Léa & Zoé : 90, ♦ carreau, coinché (×2).",
        "Points de cartes : 65 pour Léa & Zoé, 97 pour Tom & Max.",
        "Belote-rebelote pour Léa & Zoé : +20, jamais multipliée.",
        "85 points pour un contrat de 90 : chute.",
        "(162 + 90) × 2 = 504 pour Tom & Max, 0 pour Léa & Zoé.",
        "Léa & Zoé : 20.",
        "Tom & Max : 504.",
    ]


def test_the_calculation_of_a_fall_at_81_and_of_a_capot():
    tie = [str(line) for line in table().check(deal("80", 81)).calculation]
    assert tie[2:4] == [
        "81 points pour un contrat de 80, mais 81 contre 81 à la défense : chute.",
        "Chute : 162 + 80 = 242 pour Tom & Max, 0 pour Léa & Zoé.",
    ]
    capot = deal("capot", capot=1, belote=2, trump="trefle", coinche="surcoinche")
    lines = [str(line) for line in table().check(capot).calculation]
    assert lines[:5] == [
        "Contrat pris par Léa & Zoé : Capot, ♣ trèfle, surcoinché (×4).",
        "Capot pour Léa & Zoé : 250 points, 0 pour Tom & Max.",
        "Belote-rebelote pour Tom & Max : +20, jamais multipliée.",
        "Tous les plis pour Léa & Zoé : contrat fait.",
        "(250 + 250) × 4 = 2000 pour Léa & Zoé, 0 pour Tom & Max.",
    ]


def test_the_calculation_of_the_announced_points_and_of_the_rounding():
    house = coinche.build_rules({"scoring": "announced"})
    lines = table(house).check(deal("90", 100, coinche="coinche")).calculation
    assert str(lines[3]) == (
        "Points annoncés : 90 × 2 = 180 pour Léa & Zoé, 0 pour Tom & Max."
    )
    rounded = coinche.build_rules({"rounding": True})
    lines = [str(line) for line in table(rounded).check(deal("110", 113)).calculation]
    assert lines[3:5] == [
        "Contrat fait : 110 + 110 = 220 pour Léa & Zoé ; la défense marque ses points.",
        "Points de cartes arrondis à la dizaine (250 et la belote restent tels quels).",
    ]


def test_the_calculation_names_the_teams_the_host_named_without_a_verb_to_agree():
    named = coinche.build_rules({"team_names": ["Les Bleus", ""]})
    entry = deal("capot", capot=None, points=150, team=2, coinche="coinche")
    lines = [str(line) for line in table(named).check(entry).calculation]
    assert lines == [
        "Contrat pris par Tom & Max : Capot, ♥ cœur, coinché (×2).",
        "Points de cartes : 150 pour Tom & Max, 12 pour Les Bleus.",
        "Pas tous les plis pour Tom & Max : chute.",
        "(162 + 250) × 2 = 824 pour Les Bleus, 0 pour Tom & Max.",
        "Les Bleus (Léa et Zoé) : 824.",
        "Tom & Max : 0.",
    ]


def test_the_preview_shows_the_deal_and_the_totals_after():
    game = table().play(deal("110", 113))
    shown = coinche.preview(game, deal("80", 90, team=2))
    assert shown.detail.made and shown.detail.bidder == 2
    assert shown.totals_after[TOM.pk] == 49 + 80 + 90
    assert not shown.ends_game
    assert game.rounds == table().play(deal("110", 113)).rounds


def test_the_stored_entry_is_the_normal_form_and_replays_the_same():
    game = table().play({**deal("110", 113), "passed": False})
    game = game.play(deal("capot", 0, capot=1, team=2, coinche="coinche"))
    game = game.play({"passed": True})
    assert game.entries == (
        {
            "team": 1,
            "contract": "110",
            "trump": "coeur",
            "coinche": None,
            "points": 113,
            "capot": None,
            "belote": None,
            "bidder_alone": False,
        },
        {
            "team": 2,
            "contract": "capot",
            "trump": "coeur",
            "coinche": "coinche",
            "points": None,
            "capot": 1,
            "belote": None,
            "bidder_alone": False,
        },
        {"passed": True},
    )
    stored = json.loads(json.dumps(game.entries))
    assert RULES.replay(PLAYERS, stored) == game
    assert game.undo().undo() == table().play(deal("110", 113))


def test_the_band_figures_are_the_team_s_for_both_partners():
    game = table().play(deal("110", 113)).play(deal("120", 100))
    game = game.play(deal("capot", capot=2, team=2)).play({"passed": True})
    figures = RULES.highlights(game)
    assert figures[LEA.pk] == figures[ZOE.pk] == {"taken": 2, "made": 1, "capots": 0}
    assert figures[TOM.pk] == figures[MAX.pk] == {"taken": 1, "made": 1, "capots": 1}


@pytest.mark.parametrize("count", [2, 5])
def test_coinche_is_played_by_four(count):
    with pytest.raises(RuleError) as caught:
        RULES.start(seated(*"ABCDE"[:count]))
    assert str(caught.value) == f"Coinche : de 4 à 4 joueurs, pas {count}."


CONTRACTS = "80, 90, 100, 110, 120, 130, 140, 150, 160, capot"
CARDS = "Les points de cartes de l'équipe 1 : un nombre entier de 0 à 162."
TEAM = "L'équipe qui a remporté les enchères : 1 ou 2, pas « %s »."
TRUMPS = "pique, coeur, carreau, trefle"
ALONE = (
    "Tous les plis par le preneur : seulement pour une générale et un capot de "
    "son équipe."
)
REFUSALS = [
    ("a contract of 85", deal("85", 90),
     f"Contrat inconnu : « 85 » (choix : {CONTRACTS}).", "contract"),
    ("a contract as a number", deal(110, 113),
     f"Contrat inconnu : « 110 » (choix : {CONTRACTS}).", "contract"),
    ("170 without the option", deal("170", 150),
     f"Contrat inconnu : « 170 » (choix : {CONTRACTS}).", "contract"),
    ("a générale without the option", deal("generale", capot=1),
     f"Contrat inconnu : « generale » (choix : {CONTRACTS}).", "contract"),
    ("card points over 162", deal("110", 163), CARDS, "points"),
    ("negative card points", deal("110", -1), CARDS, "points"),
    ("half card points", deal("110", 100.5), CARDS, "points"),
    ("no card points", deal("110"), "Il manque « points » dans la manche.",
     "points"),
    ("team 3", deal("110", 113, team=3), TEAM % 3, "team"),
    ("a team as text", deal("110", 113, team="2"), TEAM % 2, "team"),
    ("a team as a player's pk", deal("110", 113, team=TOM.pk + 10), TEAM % 12,
     "team"),
    ("a team as None", deal("110", 113, team=None), TEAM % None, "team"),
    ("an unknown trump", deal("110", 113, trump="rouge"),
     f"Atout inconnu : « rouge » (choix : {TRUMPS}).", "trump"),
    ("sans atout without the option", deal("110", 113, trump="sans_atout"),
     f"Atout inconnu : « sans_atout » (choix : {TRUMPS}).", "trump"),
    ("no trump said", {"team": 1, "contract": "110", "points": 113},
     "Il manque « trump » dans la manche.", "trump"),
    ("a double coinche", deal("110", 113, coinche="double"),
     "Coinché ou surcoinché : « coinche », « surcoinche » ou rien, pas "
     "« double ».", "coinche"),
    ("a coinche as a multiplier", deal("110", 113, coinche=2),
     "Coinché ou surcoinché : « coinche », « surcoinche » ou rien, pas « 2 ».",
     "coinche"),
    ("a capot by team 0", deal("110", capot=0),
     "Le capot : l'équipe 1, l'équipe 2 ou aucune, pas « 0 ».", "capot"),
    ("a belote by both", deal("110", 113, belote=[1, 2]),
     "La belote-rebelote : l'équipe 1, l'équipe 2 ou aucune, pas « [1, 2] ».",
     "belote"),
    ("a capot with card points", deal("capot", 100, capot=1),
     "Capot de l'équipe 1 : les points de cartes ne se comptent pas "
     "(laissez-les vides), pas 100.", "points"),
    ("every trick alone for a numbered contract",
     deal("110", capot=1, bidder_alone=True), ALONE, "bidder_alone"),
    ("every trick alone as text", deal("110", 113, bidder_alone="yes"),
     "Tous les plis par le preneur : vrai ou faux.", "bidder_alone"),
    ("an unknown key", deal("110", 113, annonce="tierce"),
     "Donnée inconnue dans la manche : « annonce ».", "annonce"),
    ("a passed deal with a contract", {"passed": True, "contract": "80"},
     "Donnée inconnue dans la manche : « contract ».", "contract"),
    ("passed neither true nor false", deal("110", 113, passed="no"),
     "« passed » : vrai ou faux.", "passed"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("case", "entry", "message", "field"), REFUSALS, ids=[r[0] for r in REFUSALS]
)
def test_a_bad_deal_is_refused_with_a_clear_message(case, entry, message, field):
    game = table().play(deal("110", 113))
    assert refused(game, entry) == (message, field)
    assert game.totals == table().play(deal("110", 113)).totals


def test_a_generale_taken_alone_needs_a_capot_of_the_bidding_team():
    house = coinche.build_rules({"generale": True})
    entry = deal("generale", capot=2, bidder_alone=True)
    assert refused(table(house), entry) == (ALONE, "bidder_alone")


OPTION_REFUSALS = [
    ({"target": 99}, "Total à atteindre : un nombre entier de 100 à 10000."),
    ({"scoring": "faits"},
     "Décompte : « faits » impossible (choix : made, announced)."),
    ({"generale": 1}, "Générale : la valeur doit être vrai ou faux."),
    ({"litige": True}, "L'option « litige » n'existe pas pour la variante Coinche."),
]  # fmt: skip


@pytest.mark.parametrize(("options", "message"), OPTION_REFUSALS)
def test_a_bad_option_is_refused(options, message):
    with pytest.raises(RuleError) as caught:
        coinche.build_rules(options)
    assert str(caught.value) == message


def test_options_default_and_round_trip():
    assert RULES.options == {
        "target": 2000,
        "scoring": "made",
        "belote_counts": True,
        "high_contracts": False,
        "generale": False,
        "no_trump": False,
        "rounding": False,
    }
    house = coinche.build_rules(
        {"target": 1000, "generale": True, "high_contracts": True, "no_trump": True}
    )
    assert coinche.build_rules(house.options) == house
    assert RULES.key == coinche.KEY == "coinche"


# --- properties ------------------------------------------------------------------

fuzz = settings(
    database=None,
    deadline=None,
    max_examples=80,
    suppress_health_check=[HealthCheck.too_slow],
)
HOUSE = coinche.build_rules(
    {"target": 10000, "generale": True, "high_contracts": True, "no_trump": True}
)


@st.composite
def deals(draw, rules=HOUSE):
    """A deal the rules accept: a passed one now and then, capots now and
    then."""
    if draw(st.integers(0, 9)) == 0:
        return {"passed": True}
    team = draw(st.sampled_from([1, 2]))
    trump = draw(st.sampled_from(rules.trumps))
    entry = {
        "team": team,
        "contract": draw(st.sampled_from(rules.contracts)),
        "trump": trump,
        "coinche": draw(st.sampled_from([None, None, "coinche", "surcoinche"])),
        "belote": None
        if trump == "sans_atout"
        else draw(st.sampled_from([None, 1, 2])),
    }
    capot = draw(st.sampled_from([None] * 4 + [1, 2]))
    if capot is None:
        entry["points"] = draw(st.integers(0, 162))
    else:
        entry["capot"] = capot
        if entry["contract"] == "generale" and capot == team:
            entry["bidder_alone"] = draw(st.booleans())
    return entry


@fuzz
@given(st.lists(deals(), max_size=8))
def test_every_deal_counts_as_rules_md_says(entries):
    game = HOUSE.start(PLAYERS)
    for entry in entries:
        game = game.play(entry)
        last = game.rounds[-1]
        first, second = by_team(last)
        deal_ = last.detail
        if deal_.passed:
            assert (first, second) == (0, 0)
            continue
        # The card points share 162, or 250 for a capot, before the contract and
        # the multiplier.
        assert sum(deal_.card_points.values()) == (250 if deal_.capot else 162)
        bidder, defence = deal_.bidder, 3 - deal_.bidder
        held = {team: 20 if deal_.belote == team else 0 for team in (1, 2)}
        value = coinche.CONTRACT_VALUES[entry["contract"]]
        multiplier = coinche.MULTIPLIERS[entry.get("coinche")]
        if not deal_.made:
            # A fall: 0 (plus its belote) to the bidding team; 162 + contract to
            # the defence (250 + contract when it took every trick), multiplied.
            everything = 250 if deal_.capot == defence else 162
            assert deal_.scores[bidder] == held[bidder]
            assert (
                deal_.scores[defence]
                == (everything + value) * multiplier + held[defence]
            )
        elif multiplier == 1:
            assert deal_.scores[bidder] == value + deal_.points[bidder]
            assert deal_.scores[defence] == deal_.points[defence]
        else:
            everything = 250 if deal_.capot == bidder else 162
            assert (
                deal_.scores[bidder] == (everything + value) * multiplier + held[bidder]
            )
            assert deal_.scores[defence] == held[defence]
    totals = game.totals
    for player in PLAYERS:
        assert totals[player.pk] == sum(r.points[player.pk] for r in game.rounds)
    assert totals[LEA.pk] == totals[ZOE.pk]
    assert totals[TOM.pk] == totals[MAX.pk]


@fuzz
@given(st.lists(deals(), max_size=8))
def test_a_numbered_contract_is_made_exactly_when_rules_md_says(entries):
    game = HOUSE.start(PLAYERS)
    for entry in entries:
        deal_ = game.check(entry).detail
        if deal_.passed:
            continue
        bidder, defence = deal_.bidder, 3 - deal_.bidder
        contract = entry["contract"]
        if contract == "capot":
            expected = deal_.capot == bidder
        elif contract == "generale":
            expected = deal_.capot == bidder and entry.get("bidder_alone", False)
        else:
            expected = (
                deal_.points[bidder] >= int(contract)
                and deal_.points[bidder] > deal_.points[defence]
            )
        assert deal_.made is expected


@fuzz
@given(st.lists(deals(), max_size=8))
def test_the_stored_entries_replay_to_the_same_game(entries):
    game = HOUSE.start(PLAYERS)
    for entry in entries:
        game = game.play(entry)
    stored = json.loads(json.dumps(game.entries))
    assert HOUSE.replay(PLAYERS, stored) == game
    if game.rounds:
        assert game.undo() == HOUSE.replay(PLAYERS, stored[:-1])


# --- the last deal in words, under the banner --------------------------------------

# Team 1 is Léa & Zoé, team 2 Tom & Max; no verb agrees with a team's name.
SAID = [
    ("made", deal("110", 113), "Donne 1 · 110 ♥ pris par Léa & Zoé : fait, 223 / 49"),
    (
        "coinched and fallen, with the bidders' belote",
        deal("90", 65, trump="carreau", coinche="coinche", belote=1),
        "Donne 1 · 90 ♦ coinché pris par Léa & Zoé : chute, 504 pour Tom & Max, "
        "20 pour Léa & Zoé, belote pour Léa & Zoé",
    ),
    (
        "a capot bid",
        deal("capot", capot=1, belote=2),
        "Donne 1 · Capot ♥ pris par Léa & Zoé : fait, ",
    ),
    ("nobody takes", {"passed": True}, "Donne 1 · personne ne prend"),
]


@pytest.mark.parametrize(("case", "entry", "said"), SAID, ids=[s[0] for s in SAID])
def test_the_last_deal_is_said_by_team_name_under_the_banner(case, entry, said):
    game = table().play(entry)
    with translation.override("fr"):
        line = COINCHE.round_summary(game, 1, game.rounds[-1])
    assert line.startswith(said)
    assert said.endswith(", ") or line == said
