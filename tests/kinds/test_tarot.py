"""French tarot, FFT scoring: the deal's value, how the table shares it, the
rotating dealer, the end, and every refusal; the worked examples of RULES.md."""

import pytest

from games.kinds import tarot
from games.kinds.rounds import RuleError
from tests.kinds.tables import refused, seated

RULES = tarot.build_rules()
THREE = seated("Léa", "Tom", "Zoé")
FOUR = seated("Léa", "Tom", "Zoé", "Max")
FIVE = seated("Léa", "Tom", "Zoé", "Max", "Inès")
LEA, TOM, ZOE, MAX, INES = FIVE


def table(players, rules=RULES):
    return rules.start(players)


def deal(contract="garde", bouts=2, points=49, taker=LEA, **extras):
    return {
        "taker": taker.pk,
        "contract": contract,
        "bouts": bouts,
        "points": points,
        **extras,
    }


def simple_poignee(side="taker"):
    return {"size": "simple", "side": side}


# RULES.md's worked example: Garde, 2 bouts, 49 made, petit au bout to the taker,
# a simple poignée: V = 106.
WORKED = deal(petit_au_bout="taker", poignees=[simple_poignee()])


def test_the_worked_example_at_four_players():
    round_ = table(FOUR).check(WORKED)
    worked = round_.detail
    assert (worked.needed, worked.margin, worked.contract_points) == (41, 8, 66)
    assert (worked.petit_au_bout, worked.value) == (20, 106)
    assert round_.points == {LEA.pk: 318, TOM.pk: -106, ZOE.pk: -106, MAX.pk: -106}


def test_the_worked_example_at_five_players_with_a_partner():
    round_ = table(FIVE).check({**WORKED, "partner": ZOE.pk})
    assert round_.points == {
        LEA.pk: 212,
        TOM.pk: -106,
        ZOE.pk: 106,
        MAX.pk: -106,
        INES.pk: -106,
    }


SHARES = [
    # players, partner, taker's share, partner's share
    (THREE, None, 2, None),
    (FOUR, None, 3, None),
    (FIVE, ZOE, 2, 1),
    (FIVE, None, 4, None),  # the taker called their own king
]


@pytest.mark.parametrize(("players", "partner", "taker_share", "partner_share"), SHARES)
def test_the_table_shares_v_and_the_deal_adds_up_to_zero(
    players, partner, taker_share, partner_share
):
    extras = {"partner": partner.pk if partner else None} if len(players) == 5 else {}
    round_ = table(players).check({**WORKED, **extras})
    for player in players:
        if player == LEA:
            assert round_.points[player.pk] == taker_share * 106
        elif player == partner:
            assert round_.points[player.pk] == partner_share * 106
        else:
            assert round_.points[player.pk] == -106
    assert sum(round_.points.values()) == 0 == round_.detail.total


@pytest.mark.parametrize(("bouts", "needed"), [(0, 56), (1, 51), (2, 41), (3, 36)])
def test_the_points_needed_by_the_taker(bouts, needed):
    assert table(FOUR).check(deal(bouts=bouts, points=60)).detail.needed == needed


# bouts, points made, won, margin: RULES.md's half points and "juste fait".
MARGINS = [
    (2, 41, True, 0),
    (2, 40.5, False, 1),
    (2, 41.5, True, 1),
    (0, 55.5, False, 1),
    (3, 35, False, 1),
    (1, 91, True, 40),
    (0, 0, False, 56),
]


@pytest.mark.parametrize(("bouts", "points", "won", "margin"), MARGINS)
def test_a_half_point_in_the_gap_counts_as_a_whole_one(bouts, points, won, margin):
    read = table(FOUR).check(deal("prise", bouts, points)).detail
    assert (read.won, read.margin) == (won, margin)
    assert read.value == (25 + margin) * (1 if won else -1)


@pytest.mark.parametrize(
    ("contract", "fft", "old"),
    [("prise", 1, 1), ("garde", 2, 2), ("garde_sans", 4, 3), ("garde_contre", 6, 4)],
)
def test_the_contract_multipliers_and_the_old_house_ones(contract, fft, old):
    house = tarot.build_rules({"multipliers": "1_2_3_4"})
    entry = deal(contract, 2, 41)  # juste fait: 25 × multiplier
    assert table(FOUR).check(entry).detail.value == 25 * fft
    assert table(FOUR, house).check(entry).detail.value == 25 * old


def test_a_lost_contract_is_paid_by_the_taker():
    # Garde, 1 bout, 45: needed 51, lost by 6: (25 + 6) × 2 = 62 against.
    round_ = table(FOUR).check(deal("garde", 1, 45))
    assert round_.detail.value == -62
    assert round_.points == {LEA.pk: -186, TOM.pk: 62, ZOE.pk: 62, MAX.pk: 62}


def test_the_petit_au_bout_goes_to_its_side_whatever_the_contract():
    won_but_petit_lost = table(FOUR).check(deal(petit_au_bout="defence")).detail
    assert won_but_petit_lost.value == 66 - 20
    lost_but_petit_won = (
        table(FOUR).check(deal(points=30, petit_au_bout="taker")).detail
    )
    assert lost_but_petit_won.value == -(25 + 11) * 2 + 20


@pytest.mark.parametrize(
    ("poignees", "won_value", "lost_value"),
    [
        ([simple_poignee("taker")], 66 + 20, -(25 + 11) * 2 - 20),
        ([simple_poignee("defence")], 66 + 20, -(25 + 11) * 2 - 20),
        ([{"size": "double", "side": "defence"}], 66 + 30, -72 - 30),
        ([{"size": "triple", "side": "taker"}], 66 + 40, -72 - 40),
        ([simple_poignee("taker"), simple_poignee("defence")], 66 + 40, -72 - 40),
    ],
)
def test_a_poignee_goes_to_the_side_winning_the_deal_whoever_showed_it(
    poignees, won_value, lost_value
):
    assert table(FOUR).check(deal(poignees=poignees)).detail.value == won_value
    lost = deal(points=30, poignees=poignees)  # 2 bouts, 30: lost by 11
    assert table(FOUR).check(lost).detail.value == lost_value


def test_two_poignees_shown_by_two_players_of_one_side_both_count():
    poignees = [simple_poignee("defence"), simple_poignee("defence")]
    # (25 + 8) x 2 = 66, then 20 + 20 to the taker, who wins the deal (at four,
    # two simples show 20 trumps: a simple and a double, 23, are more than 22).
    assert table(FOUR).check(deal(poignees=poignees)).detail.value == 66 + 20 + 20


def test_the_house_poignees_are_worth_20_40_60_never_multiplied():
    house = tarot.build_rules({"poignees": "20_40_60"})
    entry = deal("garde_contre", 2, 41, poignees=[{"size": "triple", "side": "taker"}])
    assert table(FOUR, house).check(entry).detail.value == 25 * 6 + 60


CHELEMS = [
    # announced, made by, points made, the chelem's points for the taker's side
    (True, "taker", 91, 400),
    (False, "taker", 91, 200),
    (True, None, 80, -200),
    (False, "defence", 0, -200),
    (True, "defence", 0, -400),  # the failed announce and the defence's chelem
]


@pytest.mark.parametrize(("announced", "made_by", "points", "chelem"), CHELEMS)
def test_the_chelem_is_counted_apart_and_never_multiplied(
    announced, made_by, points, chelem
):
    entry = deal("garde", 3, points, chelem=made_by, chelem_announced=announced)
    read = table(FOUR).check(entry).detail
    assert read.chelem == chelem
    assert read.value == read.contract_points + chelem


def test_a_deal_nobody_takes_is_zero_for_everyone_and_passes_the_deal_on():
    game = table(FOUR)
    assert game.dealer == LEA
    passed = game.play({"passed": True})
    assert passed.rounds[-1].points == dict.fromkeys([p.pk for p in FOUR], 0)
    assert passed.dealer == TOM
    assert passed.entries == ({"passed": True},)
    assert str(passed.rounds[-1].calculation[0]).startswith("Tout le monde passe")


def test_the_dealer_rotates_in_seat_order_from_the_first_name():
    game = table(THREE)
    dealers = []
    for _ in range(4):
        dealers.append(game.dealer)
        game = game.play(deal(taker=ZOE))
    assert dealers == [LEA, TOM, ZOE, LEA]


def test_a_passed_deal_counts_as_a_deal_played_for_the_number_of_deals():
    rules = tarot.build_rules({"deals": 2})
    game = table(FOUR, rules).play({"passed": True})
    assert not game.finished
    game = game.play(WORKED)
    assert game.finished
    assert game.dealer is None


def test_without_a_number_of_deals_the_host_ends_the_game_and_the_highest_wins():
    game = table(FOUR).play(WORKED).play(deal(taker=TOM, points=30))
    assert not game.finished
    closed = game.close()
    assert closed.finished
    ranking = [(s.rank, s.player.name, s.total) for s in closed.ranking()]
    # Léa +318, then +72 as a defender; Tom paid 106, then lost 72 × 3 alone.
    assert ranking == [
        (1, "Léa", 318 + 72),
        (2, "Zoé", -106 + 72),
        (2, "Max", -106 + 72),
        (4, "Tom", -106 - 216),
    ]
    assert closed.winners() == [LEA]


def test_the_calculation_shows_needed_made_value_shares_and_zero():
    lines = [str(line) for line in table(FOUR).check(WORKED).calculation]
    assert lines == [
        "Avec 2 bouts, il faut 41 points ; faits : 49.",
        "Contrat gagné de 8.",
        "Garde : (25 + 8) × 2 = +66.",
        "Petit au bout pour le camp du preneur : +20.",
        "Poignée simple montrée par le camp du preneur : +20.",
        "Valeur de la donne pour le preneur : +106.",
        "Léa, preneur : +318.",
        "Tom, défense : \u2212106.",
        "Zoé, défense : \u2212106.",
        "Max, défense : \u2212106.",
        "Somme de la donne : 0.",
    ]


def test_the_calculation_of_a_half_point_lost_and_of_juste_fait():
    half = [str(line) for line in table(FOUR).check(deal("prise", 0, 55.5)).calculation]
    assert half[:3] == [
        "Sans bout, il faut 56 points ; faits : 55,5.",
        "Contrat chuté de 1.",
        "Prise : (25 + 1) × 1 = \u221226.",
    ]
    just = table(FOUR).check(deal("prise", 1, 51)).calculation
    assert str(just[0]) == "Avec 1 bout, il faut 51 points ; faits : 51."
    assert str(just[1]) == "Contrat juste fait."


def test_the_preview_is_the_deal_and_the_totals_after():
    game = table(FOUR).play(WORKED)
    shown = tarot.preview(game, deal(taker=MAX))
    assert shown.detail.value == 66
    assert shown.totals_after[MAX.pk] == -106 + 198
    assert sum(shown.points.values()) == 0
    assert game.rounds == table(FOUR).play(WORKED).rounds


def test_the_stored_entry_is_the_normal_form_and_replays_the_same():
    played = table(FIVE).play({**WORKED, "partner": str(ZOE.pk), "points": 49.0})
    assert played.entries == (
        {
            "taker": LEA.pk,
            "contract": "garde",
            "bouts": 2,
            "points": 49,
            "partner": ZOE.pk,
            "petit_au_bout": "taker",
            "poignees": [{"size": "simple", "side": "taker"}],
            "chelem": None,
            "chelem_announced": False,
        },
    )
    assert RULES.replay(FIVE, played.entries) == played


@pytest.mark.parametrize("players", [2, 6])
def test_tarot_is_played_by_three_four_or_five(players):
    with pytest.raises(RuleError) as caught:
        RULES.start(seated(*"ABCDEF"[:players]))
    assert str(caught.value) == f"Tarot : de 3 à 5 joueurs, pas {players}."


POINTS = "Les points du preneur : de 0 à 91, au demi-point près."
REFUSALS = [
    ("points above 91", FOUR, deal(points=91.5), POINTS, "points"),
    ("negative points", FOUR, deal(points=-1), POINTS, "points"),
    ("a quarter point", FOUR, deal(points=40.25), POINTS, "points"),
    ("points as text", FOUR, deal(points="49"), POINTS, "points"),
    ("points as a boolean", FOUR, deal(points=True), POINTS, "points"),
    ("points not a number", FOUR, deal(points=float("nan")), POINTS, "points"),
    ("four bouts", FOUR, deal(bouts=4), "Les bouts : un nombre de 0 à 3.", "bouts"),
    ("an unknown contract", FOUR, deal(contract="petite"),
     "Contrat inconnu : « petite » (choix : prise, garde, garde_sans, garde_contre).",
     "contract"),
    ("a taker who is not a player", FOUR, {**deal(), "taker": 9},
     "« 9 » ne joue pas dans cette partie.", "taker"),
    ("a partner at four players", FOUR, deal(partner=ZOE.pk),
     "Un partenaire ne s'appelle qu'à 5 joueurs.", "partner"),
    ("a partner at three players", THREE, deal(partner=ZOE.pk),
     "Un partenaire ne s'appelle qu'à 5 joueurs.", "partner"),
    ("no partner said at five players", FIVE, deal(),
     "Il manque « partner » dans la manche.", "partner"),
    ("the taker as their own partner", FIVE, deal(partner=LEA.pk),
     "Le preneur qui appelle son propre roi joue seul : pas de partenaire.",
     "partner"),
    ("a partner who is not a player", FIVE, deal(partner=9),
     "« 9 » ne joue pas dans cette partie.", "partner"),
    ("a petit au bout to nobody known", FOUR, deal(petit_au_bout="Léa"),
     "Le petit au bout va au camp du preneur, à la défense ou à personne.",
     "petit_au_bout"),
    ("an unknown poignée", FOUR, deal(poignees=[{"size": "quadruple",
                                                  "side": "taker"}]),
     "Une poignée est simple, double ou triple, montrée par le camp du preneur ou "
     "par la défense.", "poignees"),
    ("poignées not a list", FOUR, deal(poignees="simple"),
     "Les poignées : une liste.", "poignees"),
    ("two poignées for a lone taker", FOUR,
     deal(poignees=[simple_poignee(), simple_poignee()]),
     "Trop de poignées pour le camp du preneur : une par joueur au plus.",
     "poignees"),
    ("four poignées for three defenders", FOUR,
     deal(poignees=[simple_poignee("defence")] * 4),
     "Trop de poignées pour la défense : une par joueur au plus.", "poignees"),
    ("more trumps than the deck has", THREE,
     deal(poignees=[simple_poignee(), simple_poignee("defence")]),
     "Ces poignées montrent 26 atouts ; le jeu n'en a que 22, Excuse comprise.",
     "poignees"),
    ("a chelem by the taker with the contract lost", FOUR,
     deal(points=30, chelem="taker"),
     "Un chelem du preneur gagne le contrat, un chelem de la défense le fait "
     "chuter : vérifiez les points.", "chelem"),
    ("a chelem by the defence with the contract won", FOUR,
     deal(chelem="defence"),
     "Un chelem du preneur gagne le contrat, un chelem de la défense le fait "
     "chuter : vérifiez les points.", "chelem"),
    ("a chelem announced as text", FOUR, deal(chelem_announced="yes"),
     "Chelem annoncé : vrai ou faux.", "chelem_announced"),
    ("a chelem by nobody known", FOUR, deal(chelem="both"),
     "Le chelem est fait par le camp du preneur, par la défense ou par personne.",
     "chelem"),
    ("a passed deal with a taker", FOUR, {"passed": True, "taker": 1},
     "Donnée inconnue dans la manche : « taker ».", "taker"),
    ("passed neither true nor false", FOUR, {**deal(), "passed": 1},
     "« passed » : vrai ou faux.", "passed"),
    ("an unknown key", FOUR, deal(misere=True),
     "Donnée inconnue dans la manche : « misere ».", "misere"),
    ("no contract", FOUR, {"taker": 1, "bouts": 1, "points": 50},
     "Il manque « contract » dans la manche.", "contract"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("case", "players", "entry", "message", "field"),
    REFUSALS,
    ids=[case for case, *_ in REFUSALS],
)
def test_a_bad_deal_is_refused_with_a_clear_message(
    case, players, entry, message, field
):
    assert refused(table(players), entry) == (message, field)


@pytest.mark.parametrize(
    ("players", "poignees"),
    [
        (FOUR, [simple_poignee(), simple_poignee("defence")]),  # 20 trumps
        (FIVE, [{"size": "triple", "side": "taker"}, simple_poignee("defence")]),
    ],
)
def test_poignees_that_fit_in_the_deck_are_taken(players, poignees):
    extras = {"partner": None} if len(players) == 5 else {}
    assert table(players).check(deal(poignees=poignees, **extras))


def test_a_partner_said_as_nobody_at_four_is_no_partner_and_is_not_stored():
    round_ = table(FOUR).check(deal(partner=None))
    assert round_.detail.partner is None
    assert "partner" not in round_.entry


OPTION_REFUSALS = [
    ({"multipliers": "1_2_4_8"},
     "Multiplicateurs : « 1_2_4_8 » impossible (choix : 1_2_4_6, 1_2_3_4)."),
    ({"poignees": 20}, "Poignées : « 20 » impossible (choix : 20_30_40, 20_40_60)."),
    ({"deals": 0}, "Nombre de donnes : un nombre entier de 1 à 500."),
    ({"deals": 2.0}, "Nombre de donnes : un nombre entier de 1 à 500."),
    ({"limit": 100}, "L'option « limit » n'existe pas pour la variante Tarot."),
]  # fmt: skip


@pytest.mark.parametrize(("options", "message"), OPTION_REFUSALS)
def test_a_bad_option_is_refused(options, message):
    with pytest.raises(RuleError) as caught:
        tarot.build_rules(options)
    assert str(caught.value) == message


def test_options_default_and_round_trip():
    assert RULES.options == {
        "multipliers": "1_2_4_6",
        "poignees": "20_30_40",
        "deals": None,
    }
    house = tarot.build_rules({"multipliers": "1_2_3_4", "deals": 12})
    assert tarot.build_rules(house.options) == house
