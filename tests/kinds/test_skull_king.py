"""Skull King: bids against tricks, the bonuses and when they count, the cards
dealt, the tricks that must add up, Rascal's scoring and the first edition's
bonuses, every refusal; the worked examples of RULES.md; and properties."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.kinds import skull_king
from games.kinds.rounds import RoundRefused, RuleError
from tests.kinds.tables import refused, seated
from tests.kinds.yams.test_presets import _unmarked_french

ROOT = Path(__file__).resolve().parents[2]
RULES = skull_king.build_rules()
ADVANCED = skull_king.build_rules({"advanced": True})
RASCAL = skull_king.build_rules({"scoring": "rascal", "advanced": True})
FIRST = skull_king.build_rules({"bonuses": "first_edition"})
LEA, TOM, ZOE = THREE = seated("Léa", "Tom", "Zoé")


def rest(cards, **lea):
    """A round where Léa's entry is `lea`, Tom wins the tricks left (bidding
    0) and Zoé none (bidding 0)."""
    tricks = cards - lea["tricks"] - lea.pop("lost", 0)
    return {
        "players": {
            str(LEA.pk): lea,
            str(TOM.pk): {"bid": 0, "tricks": tricks},
            str(ZOE.pk): {"bid": 0, "tricks": 0},
        }
    }


def at_round(number, rules=RULES, players=THREE):
    """A game whose next round is `number`, every earlier round won by Tom."""
    game = rules.start(players)
    while game.number < number:
        cards = rules.cards(game)
        game = game.play(
            {
                "players": {
                    str(p.pk): {"bid": 0, "tricks": cards if p == TOM else 0}
                    for p in players
                }
            }
        )
    return game


# RULES.md's worked examples, round 5 (c = 5): Léa's entry and her score.
WORKED = [
    ("bid 2, won 2 with the black 14", {"bid": 2, "tricks": 2,
                                        "black_fourteen": True}, 60),
    ("bid 3, won 1", {"bid": 3, "tricks": 1}, -20),
    ("bid 0, won 0", {"bid": 0, "tricks": 0}, 50),
    ("bid 0, won 1", {"bid": 0, "tricks": 1}, -50),
    ("bid 1, won 1, the Skull King taking two pirates", {"bid": 1, "tricks": 1,
                                                        "pirates": 2}, 80),
    ("bid 2, won 3 with a standard 14", {"bid": 2, "tricks": 3,
                                         "fourteens": 1}, -10),
]  # fmt: skip


@pytest.mark.parametrize(
    ("case", "lea", "points"), WORKED, ids=[case for case, *_ in WORKED]
)
def test_the_worked_examples(case, lea, points):
    game = at_round(5)
    assert RULES.cards(game) == 5
    round_ = game.check(rest(5, **lea))
    assert round_.detail.number == 5 and round_.detail.cards == 5
    assert round_.points[LEA.pk] == points
    played = game.play(rest(5, **lea))
    assert played.totals[LEA.pk] == game.totals[LEA.pk] + points


def test_the_detail_says_made_missed_by_k_and_bid_zero():
    game = at_round(5)
    made = game.check(rest(5, bid=2, tricks=2, black_fourteen=True))
    read = made.detail.players[LEA.pk]
    assert (read.made, read.off_by, read.zero_bid) == (True, 0, False)
    assert (read.base, read.bonuses, read.points) == (40, 20, 60)
    assert read.entered == (skull_king.Bonus("black_fourteen", 1, 20),)
    missed = game.check(rest(5, bid=2, tricks=3, fourteens=1)).detail
    read = missed.players[LEA.pk]
    assert (read.made, read.off_by, read.base, read.bonuses) == (False, 1, -10, 0)
    assert read.entered == (skull_king.Bonus("fourteens", 1, 0),)
    zero = game.check(rest(5, bid=0, tricks=1)).detail.players[LEA.pk]
    assert (zero.zero_bid, zero.made, zero.off_by, zero.points) == (
        True,
        False,
        1,
        -50,
    )


def test_the_calculation_shown_before_validating():
    game = at_round(5)
    entry = rest(5, bid=2, tricks=3, fourteens=1)
    entry["players"][str(ZOE.pk)] = {"bid": 1, "tricks": 1, "skull_king": True}
    entry["players"][str(TOM.pk)] = {"bid": 0, "tricks": 1}
    lines = [str(line) for line in game.check(entry).calculation]
    assert lines == [
        "Manche 5 : 5 cartes.",
        "Léa : mise 2, plis 3 : manquée de 1, −10 × 1 = \u221210.",
        "Léa : mise manquée, bonus non comptés.",
        "Léa : \u221210 pour la manche.",
        "Tom : mise zéro, plis 1 : manquée, −10 × 5 = \u221250.",
        "Tom : \u221250 pour la manche.",
        "Zoé : mise 1, plis 1 : réussie, 20 × 1 = +20.",
        "Zoé, bonus Skull King pris par une sirène × 1 : +40.",
        "Zoé : +60 pour la manche.",
    ]


def test_a_zero_bid_made_scores_ten_per_card_and_a_loot_alliance():
    game = at_round(5, ADVANCED)
    round_ = game.check(rest(5, bid=0, tricks=0, loot=1))
    assert round_.points[LEA.pk] == 50 + 20
    missed = game.check(rest(5, bid=0, tricks=2, loot=1))
    assert missed.points[LEA.pk] == -50


@pytest.mark.parametrize(
    ("bonus", "value", "points"),
    [
        ("fourteens", 3, 30),
        ("black_fourteen", True, 20),
        ("mermaids", 2, 40),
        ("pirates", 2, 60),
        ("skull_king", True, 40),
    ],
)
def test_the_2021_bonuses(bonus, value, points):
    round_ = at_round(3).check(rest(3, bid=1, tricks=1, **{bonus: value}))
    assert round_.points[LEA.pk] == 20 + points


@pytest.mark.parametrize(("bonus", "points"), [("pirates", 30), ("skull_king", 50)])
def test_the_first_editions_bonuses(bonus, points):
    value = 1 if bonus == "pirates" else True
    round_ = at_round(3, FIRST).check(rest(3, bid=1, tricks=1, **{bonus: value}))
    assert round_.points[LEA.pk] == 20 + points


@pytest.mark.parametrize(
    ("wager", "bid", "tricks", "points"),
    [(20, 2, 2, 40 + 20), (20, 2, 1, -10 - 20), (10, 0, 0, 30 + 10), (10, 0, 1, -40)],
)
def test_rascals_wager_is_won_with_an_exact_bid_and_lost_otherwise(
    wager, bid, tricks, points
):
    round_ = at_round(3, ADVANCED).check(rest(3, bid=bid, tricks=tricks, wager=wager))
    assert round_.points[LEA.pk] == points
    assert round_.detail.players[LEA.pk].wager == (wager if bid == tricks else -wager)


def test_tricks_won_by_nobody_count_with_the_advanced_cards():
    game = at_round(5, ADVANCED)
    entry = rest(5, bid=2, tricks=2, lost=1)
    entry["lost_tricks"] = 1
    round_ = game.check(entry)
    assert round_.detail.lost_tricks == 1
    assert sum(p.tricks for p in round_.detail.players.values()) == 4
    assert str(round_.calculation[0]) == (
        "Manche 5 : 5 cartes, dont 1 plis remportés par personne."
    )


# --- Rascal's scoring --------------------------------------------------------------

RASCAL_CASES = [
    # Léa's entry at round 4 (c = 4), her score
    ("exact", {"bid": 2, "tricks": 2, "fourteens": 1}, 40 + 10),
    ("exact bid of zero", {"bid": 0, "tricks": 0}, 40),
    ("one off: half of each", {"bid": 2, "tricks": 1, "fourteens": 1}, 20 + 5),
    ("one off: no loot", {"bid": 2, "tricks": 3, "loot": 1, "fourteens": 2},
     20 + 10),
    ("two off", {"bid": 3, "tricks": 1, "fourteens": 1}, 0),
    ("cannonball exact", {"bid": 1, "tricks": 1, "cannonball": True,
                          "black_fourteen": True}, 60 + 20),
    ("cannonball one off", {"bid": 1, "tricks": 2, "cannonball": True}, 0),
    ("one off with a wager", {"bid": 1, "tricks": 2, "wager": 10}, 20 - 10),
]  # fmt: skip


@pytest.mark.parametrize(
    ("case", "lea", "points"), RASCAL_CASES, ids=[c for c, *_ in RASCAL_CASES]
)
def test_rascals_scoring(case, lea, points):
    round_ = at_round(4, RASCAL).check(rest(4, **lea))
    assert round_.points[LEA.pk] == points


def test_rascals_scoring_is_shown():
    lines = at_round(4, RASCAL).check(rest(4, bid=2, tricks=1, fourteens=1))
    assert [str(line) for line in lines.calculation][1:4] == [
        "Léa : mise 2, plis 1 : à un pli près, la moitié de 10 × 4 = +20, et la "
        "moitié des bonus (sauf les alliances).",
        "Léa, bonus 14 de couleur × 1 : +5.",
        "Léa : +25 pour la manche.",
    ]


# --- the cards, the rounds, the end ---------------------------------------------------


@pytest.mark.parametrize(
    ("number", "players", "advanced", "cards"),
    [(1, 2, False, 1), (7, 6, False, 7), (10, 7, False, 10), (8, 8, False, 8),
     (9, 8, False, 8), (10, 8, False, 8), (9, 8, True, 9), (10, 8, True, 9)],
)  # fmt: skip
def test_the_cards_dealt(number, players, advanced, cards):
    assert skull_king.cards_dealt(number, players, advanced) == cards


def test_at_eight_players_rounds_nine_and_ten_deal_eight_cards():
    eight = seated(*"ABCDEFGH")
    game = RULES.start(eight)
    for _ in range(9):
        cards = RULES.cards(game)
        game = game.play(
            {"players": {str(p.pk): {"bid": 0, "tricks": 0} for p in eight[1:]}
             | {str(eight[0].pk): {"bid": cards, "tricks": cards}}}
        )  # fmt: skip
    assert [r.detail.cards for r in game.rounds] == [1, 2, 3, 4, 5, 6, 7, 8, 8]
    assert game.totals[eight[0].pk] == 20 * (1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 8)


def test_the_host_may_say_the_cards_dealt_for_a_short_game():
    rules = skull_king.build_rules({"rounds": 5})
    game = rules.start(THREE)
    for number in range(1, 6):
        cards = 2 * number  # even rounds only: 2, 4, 6, 8, 10 cards
        entry = rest(cards, bid=cards, tricks=cards)
        entry["cards"] = cards
        game = game.play(entry)
    assert game.finished
    assert game.totals[LEA.pk] == 20 * (2 + 4 + 6 + 8 + 10)
    with pytest.raises(RoundRefused):
        game.play(rest(1, bid=1, tricks=1))


def test_the_game_ends_after_ten_rounds_and_the_highest_total_wins():
    game = at_round(10)
    assert not game.finished
    game = game.play(rest(10, bid=10, tricks=10))
    assert game.finished and game.next_player is None
    assert game.winners() == [LEA]
    # Léa and Zoé made bids of zero in rounds 1 to 9 (10 × c each), Tom won
    # every trick on a bid of zero (−10 × c each); in round 10 Léa made 10.
    assert game.totals[LEA.pk] == 10 * sum(range(1, 10)) + 200
    assert game.totals[TOM.pk] == -10 * sum(range(1, 10)) + 100
    assert game.totals[ZOE.pk] == 10 * sum(range(1, 11))


def test_equal_totals_are_tied():
    game = RULES.start(THREE).play(
        {"players": {str(LEA.pk): {"bid": 1, "tricks": 1},
                     str(TOM.pk): {"bid": 0, "tricks": 0},
                     str(ZOE.pk): {"bid": 0, "tricks": 0}}}
    )  # fmt: skip
    ranking = [(s.rank, s.player, s.total) for s in game.ranking()]
    assert ranking == [(1, LEA, 20), (2, TOM, 10), (2, ZOE, 10)]


def test_the_deal_rotates_in_seat_order():
    game = RULES.start(THREE)
    dealers = []
    for _ in range(4):
        dealers.append(game.dealer)
        game = game.play(rest(RULES.cards(game), bid=0, tricks=0))
    assert dealers == [LEA, TOM, ZOE, LEA]


def test_the_stored_entry_is_the_normal_form_and_replays_the_same():
    game = at_round(3).play(rest(3, bid=1, tricks=1, pirates=1))
    assert game.entries[-1] == {
        "cards": 3,
        "players": {
            str(LEA.pk): {"bid": 1, "tricks": 1, "fourteens": 0,
                          "black_fourteen": False, "mermaids": 0, "pirates": 1,
                          "skull_king": False},
            str(TOM.pk): {"bid": 0, "tricks": 2, "fourteens": 0,
                          "black_fourteen": False, "mermaids": 0, "pirates": 0,
                          "skull_king": False},
            str(ZOE.pk): {"bid": 0, "tricks": 0, "fourteens": 0,
                          "black_fourteen": False, "mermaids": 0, "pirates": 0,
                          "skull_king": False},
        },
    }  # fmt: skip
    stored = json.loads(json.dumps(game.entries))
    assert RULES.replay(THREE, stored) == game
    advanced = at_round(2, RASCAL).play(rest(2, bid=1, tricks=1))
    assert advanced.entries[-1]["lost_tricks"] == 0
    assert advanced.entries[-1]["players"][str(LEA.pk)] == {
        "bid": 1, "tricks": 1, "fourteens": 0, "black_fourteen": False,
        "mermaids": 0, "pirates": 0, "skull_king": False, "loot": 0, "wager": 0,
        "cannonball": False,
    }  # fmt: skip


def test_a_zero_for_a_bonus_the_options_lack_is_taken_as_nothing():
    round_ = at_round(2, FIRST).check(rest(2, bid=1, tricks=1, fourteens=0, loot=0))
    assert round_.points[LEA.pk] == 20
    assert "fourteens" not in round_.entry["players"][str(LEA.pk)]


def test_the_highlights_count_exact_bids():
    game = at_round(3).play(rest(3, bid=1, tricks=1, fourteens=1))
    figures = RULES.highlights(game)
    # Léa and Zoé made their zero bids in rounds 1 and 2, Tom missed them.
    assert figures[LEA.pk] == {"exact_bids": 3, "zero_bids_made": 2,
                               "bonus_points": 10}  # fmt: skip
    assert figures[TOM.pk]["exact_bids"] == 0


def test_the_preview_changes_nothing():
    game = at_round(5)
    shown = skull_king.preview(game, rest(5, bid=3, tricks=1))
    assert shown.points[LEA.pk] == -20
    assert shown.totals_after[LEA.pk] == shown.totals_before[LEA.pk] - 20
    assert game.number == 5


# --- refusals ----------------------------------------------------------------------


def with_(entry, pk, **fields):
    entry["players"][str(pk)].update(fields)
    return entry


COUNT = "un nombre de 0 à"
REFUSALS = [
    ("a bid above the cards", RULES, rest(5, bid=6, tricks=2),
     f"Léa, la mise : {COUNT} 5.", "bid"),
    ("a negative bid", RULES, rest(5, bid=-1, tricks=2),
     f"Léa, la mise : {COUNT} 5.", "bid"),
    ("tricks above the cards", RULES, with_(rest(5, bid=1, tricks=6), TOM.pk,
                                              tricks=0),
     f"Léa, les plis : {COUNT} 5.", "tricks"),
    ("tricks that do not add up", RULES, with_(rest(5, bid=1, tricks=1), TOM.pk,
                                                 tricks=2),
     "Les plis gagnés font 3 ; il en faut 5, un par carte distribuée.", "tricks"),
    ("tricks over with a Kraken", ADVANCED,
     {**rest(5, bid=1, tricks=1), "lost_tricks": 1},
     "Les plis gagnés font 5 ; il en faut 4 : 5 cartes, moins 1 remportés par "
     "personne.", "tricks"),
    ("tricks won by nobody without the advanced cards", RULES,
     {**rest(5, bid=1, tricks=1, lost=1), "lost_tricks": 1},
     "Des plis remportés par personne (Kraken, baleine blanche) : seulement avec "
     "les cartes avancées.", "lost_tricks"),
    ("three tricks won by nobody", ADVANCED,
     {**rest(5, bid=1, tricks=1, lost=3), "lost_tricks": 3},
     "Les plis remportés par personne : de 0 à 2 dans cette manche.",
     "lost_tricks"),
    ("a bid as text", RULES, rest(5, bid="2", tricks=2),
     f"Léa, la mise : {COUNT} 5.", "bid"),
    ("a player left out", RULES, {"players": {str(LEA.pk): {"bid": 0,
                                                            "tricks": 5}}},
     "Il manque la mise et les plis de Tom.", "players"),
    ("tricks as nothing", RULES, with_(rest(5, bid=1, tricks=0), LEA.pk,
                                        tricks=None),
     f"Léa, les plis : {COUNT} 5.", "tricks"),
    ("no tricks said", RULES,
     {"players": {str(LEA.pk): {"bid": 1}, str(TOM.pk): {"bid": 0, "tricks": 5},
                  str(ZOE.pk): {"bid": 0, "tricks": 0}}},
     "Léa : il manque « tricks ».", "tricks"),
    ("a player's entry not a dict", RULES,
     {"players": {str(LEA.pk): 3, str(TOM.pk): {"bid": 0, "tricks": 5},
                  str(ZOE.pk): {"bid": 0, "tricks": 0}}},
     "Léa : la mise, les plis et les bonus, en dictionnaire.", "players"),
    ("an unknown field", RULES, rest(5, bid=1, tricks=1, krakens=1),
     "Léa : donnée inconnue, « krakens ».", "krakens"),
    ("a 14 with no trick won", RULES, rest(5, bid=0, tricks=0, fourteens=1),
     "Léa n'a gagné aucun pli : aucune carte capturée, pas de bonus de capture.",
     "tricks"),
    ("four standard 14s", RULES, with_(rest(5, bid=1, tricks=1, fourteens=3),
                                         TOM.pk, fourteens=1),
     "Il n'y a que trois 14 de couleur.", "fourteens"),
    ("two black 14s", RULES, with_(rest(5, bid=1, tricks=1, black_fourteen=True),
                                     TOM.pk, black_fourteen=True),
     "Il n'y a qu'un 14 noir.", "black_fourteen"),
    ("three mermaids", RULES, with_(rest(5, bid=1, tricks=1, mermaids=2), TOM.pk,
                                      mermaids=1),
     "Il n'y a que deux sirènes.", "mermaids"),
    ("pirates taken by two Skull Kings", RULES,
     with_(rest(5, bid=1, tricks=1, pirates=1), TOM.pk, pirates=1),
     "Il n'y a qu'un Skull King : un seul joueur prend des pirates avec.",
     "pirates"),
    ("the Skull King taken twice", RULES,
     with_(rest(5, bid=1, tricks=1, skull_king=True), TOM.pk, skull_king=True),
     "Il n'y a qu'un Skull King : une seule sirène le prend.", "skull_king"),
    ("the Skull King taking pirates and taken", RULES,
     with_(rest(5, bid=1, tricks=1, skull_king=True), TOM.pk, pirates=1),
     "Le Skull King pris par une sirène n'a pris aucun pirate : l'un ou l'autre.",
     "skull_king"),
    ("three pirates in a trick of three", RULES,
     rest(5, bid=1, tricks=1, pirates=3),
     "Léa : le Skull King ne prend qu'un pli, donc au plus 2 pirates à 3 joueurs.",
     "pirates"),
    ("seven pirates", RULES, rest(5, bid=1, tricks=1, pirates=7),
     f"Léa, les pirates pris par le Skull King : {COUNT} 6.", "pirates"),
    ("a black 14 as a count", RULES, rest(5, bid=1, tricks=1, black_fourteen=1),
     "Léa, le 14 noir : oui ou non.", "black_fourteen"),
    ("loot without the advanced cards", RULES, rest(5, bid=0, tricks=0, loot=1),
     "Léa, les alliances de butin : seulement avec les cartes avancées.", "loot"),
    ("a wager without the advanced cards", RULES,
     rest(5, bid=0, tricks=0, wager=10),
     "Léa, le pari de Rascal : seulement avec les cartes avancées.", "wager"),
    ("a wager of 15", ADVANCED, rest(5, bid=0, tricks=0, wager=15),
     "Léa : le pari de Rascal vaut 0, 10 ou 20.", "wager"),
    ("three loot alliances", ADVANCED, rest(5, bid=0, tricks=0, loot=3),
     f"Léa, les alliances de butin : {COUNT} 2.", "loot"),
    ("a cannonball without Rascal's scoring", RULES,
     rest(5, bid=1, tricks=1, cannonball=True),
     "Léa, le boulet de canon : seulement avec le décompte de Rascal.",
     "cannonball"),
    ("a 14 in the first edition", FIRST, rest(5, bid=1, tricks=1, fourteens=1),
     "Léa, les 14 de couleur : pas de ce bonus dans la première édition.",
     "fourteens"),
    ("a mermaid bonus in the first edition", FIRST,
     rest(5, bid=1, tricks=1, mermaids=1),
     "Léa, les sirènes prises par un pirate : pas de ce bonus dans la première "
     "édition.", "mermaids"),
    ("cards above the deck at three", RULES, {**rest(11, bid=1, tricks=1),
                                             "cards": 11},
     "Les cartes distribuées : un nombre de 1 à 10 à 3 joueurs.", "cards"),
    ("no cards", RULES, {**rest(0, bid=0, tricks=0), "cards": 0},
     "Les cartes distribuées : un nombre de 1 à 10 à 3 joueurs.", "cards"),
    ("an unknown key", RULES, {**rest(5, bid=1, tricks=1), "kraken": True},
     "Donnée inconnue dans la manche : « kraken ».", "kraken"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("case", "rules", "entry", "message", "field"),
    REFUSALS,
    ids=[case for case, *_ in REFUSALS],
)
def test_a_bad_round_is_refused_with_a_clear_message(
    case, rules, entry, message, field
):
    assert refused(at_round(5, rules), entry) == (message, field)


def test_nine_cards_at_eight_players_need_the_advanced_cards():
    eight = seated(*"ABCDEFGH")
    entry = {
        "cards": 9,
        "players": {str(p.pk): {"bid": 0, "tricks": 9 if p == eight[0] else 0}
                    for p in eight},
    }  # fmt: skip
    assert refused(RULES.start(eight), entry) == (
        "Les cartes distribuées : un nombre de 1 à 8 à 8 joueurs.",
        "cards",
    )
    assert ADVANCED.start(eight).check(entry).detail.cards == 9


@pytest.mark.parametrize("players", [2, 8])
def test_two_to_eight_players(players):
    assert len(RULES.start(seated(*"ABCDEFGH"[:players])).players) == players


@pytest.mark.parametrize("players", [1, 9])
def test_one_or_nine_players_are_refused(players):
    with pytest.raises(RuleError) as caught:
        RULES.start(seated(*"ABCDEFGHI"[:players]))
    assert str(caught.value) == f"Skull King : de 2 à 8 joueurs, pas {players}."


OPTION_REFUSALS = [
    ({"rounds": 11}, "Nombre de manches : un nombre entier de 1 à 10."),
    ({"rounds": None}, "Nombre de manches : un nombre entier de 1 à 10."),
    ({"advanced": "yes"}, "Cartes avancées : la valeur doit être vrai ou faux."),
    ({"scoring": "cannonball"},
     "Décompte : « cannonball » impossible (choix : skull_king, rascal)."),
    ({"bonuses": "2018"},
     "Bonus : « 2018 » impossible (choix : 2021, first_edition)."),
    ({"kraken": True},
     "L'option « kraken » n'existe pas pour la variante Skull King."),
]  # fmt: skip


@pytest.mark.parametrize(("options", "message"), OPTION_REFUSALS)
def test_a_bad_option_is_refused(options, message):
    with pytest.raises(RuleError) as caught:
        skull_king.build_rules(options)
    assert str(caught.value) == message


def test_options_default_and_round_trip():
    assert RULES.options == {
        "rounds": 10,
        "advanced": False,
        "scoring": "skull_king",
        "bonuses": "2021",
    }
    assert RULES.key == "skull_king"
    for rules in (ADVANCED, RASCAL, FIRST):
        assert skull_king.build_rules(rules.options) == rules
    assert skull_king.build_rules(None) == RULES


def test_the_engine_never_imports_django_and_marks_its_french():
    code = "import sys, games.kinds.skull_king; assert 'django' not in sys.modules"
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    for path in sorted((ROOT / "games" / "kinds" / "skull_king").glob("*.py")):
        assert _unmarked_french(path) == [], path


# --- properties ----------------------------------------------------------------------

fuzz = settings(
    database=None,
    deadline=None,
    max_examples=80,
    suppress_health_check=[HealthCheck.too_slow],
)
ALL_RULES = [RULES, ADVANCED, RASCAL, FIRST,
             skull_king.build_rules({"scoring": "rascal"})]  # fmt: skip


@st.composite
def rounds_of(draw, rules, players, cards):
    """A round the rules take: tricks that add up, bonus cards once each and
    captured in a trick won."""
    count = len(players)
    lost = draw(st.integers(0, min(2, cards))) if rules.advanced else 0
    cuts = sorted(draw(st.lists(st.integers(0, cards - lost), min_size=count - 1,
                                max_size=count - 1)))  # fmt: skip
    bounds = [0, *cuts, cards - lost]
    tricks = [bounds[i + 1] - bounds[i] for i in range(count)]
    winners = [i for i in range(count) if tricks[i]]
    entries = [
        {"bid": draw(st.integers(0, cards)), "tricks": tricks[i]} for i in range(count)
    ]
    edition_2021 = rules.bonuses == "2021"
    if winners and edition_2021:
        for _ in range(draw(st.integers(0, 3))):
            entries[draw(st.sampled_from(winners))].setdefault("fourteens", 0)
        for entry in entries:
            if "fourteens" in entry:
                entry["fourteens"] = 1
        if draw(st.booleans()):
            entries[draw(st.sampled_from(winners))]["black_fourteen"] = True
        for _ in range(draw(st.integers(0, 2))):
            taker = entries[draw(st.sampled_from(winners))]
            taker["mermaids"] = taker.get("mermaids", 0) + 1
    if winners:
        skull = draw(st.sampled_from(["none", "pirates", "taken"]))
        if skull == "pirates":
            most = min(6, count - 1)
            entries[draw(st.sampled_from(winners))]["pirates"] = draw(
                st.integers(1, most)
            )
        elif skull == "taken":
            entries[draw(st.sampled_from(winners))]["skull_king"] = True
    for entry in entries:
        if rules.advanced and edition_2021:
            entry["loot"] = draw(st.integers(0, 2))
        if rules.advanced:
            entry["wager"] = draw(st.sampled_from([0, 10, 20]))
        if rules.scoring == "rascal":
            entry["cannonball"] = draw(st.booleans())
    round_ = {"players": {str(p.pk): e for p, e in zip(players, entries, strict=True)}}
    if rules.advanced:
        round_["lost_tricks"] = lost
    return round_


@st.composite
def played_games(draw):
    rules = draw(st.sampled_from(ALL_RULES))
    players = seated(*[f"J{n}" for n in range(draw(st.integers(2, 8)))])
    game = rules.start(players)
    for _ in range(draw(st.integers(1, 10))):
        game = game.play(draw(rounds_of(rules, players, rules.cards(game))))
    return rules, players, game


def points_from_rules_md(rules, cards, entry):
    """A player's round worked out again from RULES.md's words (standard
    scoring)."""
    bid, tricks = entry["bid"], entry["tricks"]
    values = skull_king.BONUS_VALUES[rules.bonuses]
    bonuses = sum(int(entry.get(key, 0)) * value for key, value in values.items())
    wager = entry.get("wager", 0) * (1 if bid == tricks else -1)
    if bid == 0:
        return wager + (10 * cards + bonuses if tricks == 0 else -10 * cards)
    if bid == tricks:
        return wager + 20 * bid + bonuses
    return wager - 10 * abs(bid - tricks)


@fuzz
@given(played_games())
def test_a_made_bid_never_scores_below_zero(played):
    rules, players, game = played
    for round_ in game.rounds:
        for pk, read in round_.detail.players.items():
            if read.made:
                assert round_.points[pk] >= 0
            if rules.scoring == "skull_king":
                entry = round_.entry["players"][str(pk)]
                assert round_.points[pk] == points_from_rules_md(
                    rules, round_.detail.cards, entry
                )
            else:
                # Rascal's scoring: never more than the round's worth and bonuses.
                assert read.base in (0, 5 * round_.detail.cards,
                                     10 * round_.detail.cards,
                                     15 * round_.detail.cards)  # fmt: skip


@fuzz
@given(played_games())
def test_totals_are_the_sums_of_the_rounds_and_replay_the_same(played):
    rules, players, game = played
    assert game.totals == {
        p.pk: sum(r.points[p.pk] for r in game.rounds) for p in players
    }
    for round_ in game.rounds:
        tricks = sum(read.tricks for read in round_.detail.players.values())
        assert tricks == round_.detail.cards - round_.detail.lost_tricks
    stored = json.loads(json.dumps(game.entries))
    assert rules.replay(players, stored) == game
    assert game.finished == (len(game.rounds) == rules.rounds)
