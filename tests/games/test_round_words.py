"""A game of rounds in words a newcomer reads: the line under the banner says
the last round (each kind its own way), tarot's sheet says who took and who was
called in words, the log speaks the kind's rounds, the undo waits for a round,
and a pencil link taken back leads home."""

import pytest
from django.urls import reverse
from django.utils import translation

from tests.factories import (
    make_round_game,
    play_rounds,
    skyjo_round,
    tally_round,
    tarot_deal,
)
from tests.helpers import host_url, pencil_url, text, watch_url

pytestmark = pytest.mark.django_db

FIVE = ["Léa", "Bruno", "Chloé", "Dan", "Eve"]
FOUR = FIVE[:4]


def last_said(game):
    """The banner's line for the game's last round, in French."""
    state = game.state()
    with translation.override("fr"):
        return game.game_kind.round_summary(state, len(state.rounds), state.rounds[-1])


def test_a_tarot_deal_made_says_contract_taker_margin_and_the_takers_points():
    game, _host = make_round_game("tarot", FOUR)
    play_rounds(game, tarot_deal(game, "Léa", "garde", 2, 49))

    # 2 bouts need 41: made by 8; (25 + 8) × 2 = 66, the taker wins 3 × 66.
    assert last_said(game) == "Donne 1 · Garde de Léa, faite de 8 : +198"


def test_a_tarot_deal_lost_with_a_partner_says_both_and_the_taker_pays():
    game, _host = make_round_game("tarot", FIVE)
    play_rounds(game, tarot_deal(game, "Chloé", "prise", 1, 40, partner="Dan"))

    # 1 bout needs 51: lost by 11; (25 + 11) × 1 = 36, the taker pays 2 × 36.
    assert last_said(game) == "Donne 1 · Prise de Chloé avec Dan, chutée de 11 : −72"


def test_a_tarot_deal_made_to_the_point_and_one_alone():
    game, _host = make_round_game("tarot", FIVE)
    play_rounds(game, tarot_deal(game, "Eve", "garde", 3, 36, partner=None))

    assert last_said(game).startswith("Donne 1 · Garde de Eve, faite tout juste : +")


def test_a_passed_deal_says_nobody_took(client):
    game, host = make_round_game("tarot", FOUR)
    client.post(
        host_url(host, "record_round"),
        {"seen_version": game.version, "request_key": "k", "passed": "1"},
    )

    assert "Donne 1 · Donne passée, personne n'a pris" in text(
        client.get(host_url(host))
    )


def test_a_skyjo_round_says_who_finished_and_whether_it_was_doubled():
    game, _host = make_round_game("skyjo", ["Léa", "Tom", "Zoé"])
    play_rounds(game, skyjo_round(game, {"Léa": 3, "Tom": 12, "Zoé": 1}, "Zoé"))
    assert last_said(game) == "Manche 1 · Zoé a fini avec 1 point"

    play_rounds(game, skyjo_round(game, {"Léa": 3, "Tom": 12, "Zoé": 7}, "Zoé"))
    assert last_said(game) == "Manche 2 · Zoé a fini, ses points doublés : 2 × 7 = 14"


def test_a_counters_round_says_who_got_what_and_leaves_out_the_zeros():
    game, _host = make_round_game("tally", ["Léa", "Tom", "Zoé"])
    play_rounds(game, tally_round(game, {"Léa": 12, "Tom": -3, "Zoé": 0}))

    assert last_said(game) == "Manche 1 · Léa +12, Tom −3"


# Léa, Tom and Zoé throw in turn: Léa's throws are every third, from the first.
LEA_ON_47 = [12, 1, 1, 12, 1, 1, 12, 1, 1, 11, 1, 1]
TOM_MISSES = [12, 0, 1, 12, 0, 1, 12, 0]  # Tom's third miss in a row at turn 3


@pytest.mark.parametrize(
    ("throws", "options", "said"),
    [
        # The turn of the table (the sheet's row), not the throw's number (7).
        ([12, 1, 1, 12, 1, 1, 7], {}, "Tour 3 · Léa : 7 → 31"),
        ([12, 0], {}, "Tour 1 · Tom : raté"),
        (TOM_MISSES[:5], {}, "Tour 2 · Tom : raté (2ᵉ de suite)"),
        (TOM_MISSES, {}, "Tour 3 · Tom : raté (3ᵉ de suite), hors jeu"),
        ([*LEA_ON_47, 8], {}, "Tour 5 · Léa : 8 → 55, retombe à 25"),
        ([*LEA_ON_47[:9], 8, 1, 1, 6], {}, "Tour 5 · Léa : 6 → 50, victoire"),
        # The house options: no elimination, back to 0, another target.
        (TOM_MISSES, {"three_misses": "none"}, "Tour 3 · Tom : raté (3ᵉ de suite)"),
        (
            [12, 5, 1, *TOM_MISSES],
            {"three_misses": "zero"},
            "Tour 4 · Tom : raté (3ᵉ de suite), retombe à 0",
        ),
        (
            [12, 1, 1, 12, 1, 1, 7],
            {"target": 30},
            "Tour 3 · Léa : 7 → 31, retombe à 15",
        ),
    ],
)
def test_a_molkky_throw_says_the_turn_the_thrower_and_what_the_throw_did(
    throws, options, said
):
    game, _host = make_round_game("molkky", ["Léa", "Tom", "Zoé"], options)
    play_rounds(game, *({"points": points} for points in throws))

    assert last_said(game) == said


def test_a_molkky_team_is_said_as_one_player():
    game, _host = make_round_game("molkky", ["Léa & Max", "Tom & Zoé"])
    play_rounds(game, *({"points": points} for points in [12, 0, 12, 0]))
    assert last_said(game) == "Tour 2 · Tom & Zoé : raté (2ᵉ de suite)"

    play_rounds(game, *({"points": points} for points in [12, 3, 8, 3, 6]))
    assert last_said(game) == "Tour 5 · Léa & Max : 6 → 50, victoire"


def test_the_host_and_the_watchers_read_the_last_round_under_the_banner(client):
    game, host = make_round_game("tarot", FOUR)
    play_rounds(game, tarot_deal(game, "Léa", "garde", 2, 49))
    said = "Dernier résultat : Donne 1 · Garde de Léa, faite de 8 : +198"

    assert said in text(client.get(host_url(host)))
    assert said in text(client.get(watch_url(game)))
    english = text(client.get(watch_url(game), HTTP_ACCEPT_LANGUAGE="en"))
    assert "Last result: Deal 1 · Guard by Léa, made by 8: +198" in english


def test_before_any_round_there_is_no_last_round_and_the_undo_waits(client):
    game, host = make_round_game("tarot", FOUR)

    page = client.get(host_url(host)).content.decode()

    assert "Dernier résultat" not in page
    assert "is-blank" in page  # the stylesheet hides the bar's undo
    play_rounds(game, tarot_deal(game, "Léa", "garde", 2, 49))
    assert "is-blank" not in client.get(host_url(host)).content.decode()


def test_tarots_sheet_says_taker_and_partner_in_words_not_letters(client):
    game, host = make_round_game("tarot", FIVE)
    play_rounds(game, tarot_deal(game, "Chloé", "garde", 2, 49, partner="Dan"))

    page = client.get(host_url(host)).content.decode()
    said = text(client.get(host_url(host)))

    assert "Garde de Chloé avec Dan, faite de 8" in said
    assert '<small class="mark is-word">preneur</small>' in page
    assert '<small class="mark is-word">partenaire</small>' in page
    assert '<small class="mark">P</small>' not in page
    assert "Chloé : +132, total 132 (preneur)" in said


def test_the_log_speaks_the_kinds_rounds(client):
    tarot, _host = make_round_game("tarot", FOUR)
    play_rounds(tarot, tarot_deal(tarot, "Léa", "garde", 2, 49))
    skyjo, _host = make_round_game("skyjo", ["Léa", "Tom"])
    play_rounds(skyjo, skyjo_round(skyjo, {"Léa": 3, "Tom": 12}, "Léa"))

    at_tarot = text(client.get(reverse("keepsakes:log", args=[tarot.watch_token])))
    at_skyjo = text(client.get(reverse("keepsakes:log", args=[skyjo.watch_token])))

    assert "Toutes les donnes, dans l'ordre" in at_tarot
    assert "après la dernière donne" in at_tarot
    assert "manche" not in at_tarot.lower()
    assert "Toutes les manches, dans l'ordre" in at_skyjo
    assert "après la dernière manche" in at_skyjo


def test_a_pencil_link_taken_back_leads_home(client):
    game, host = make_round_game("tally", ["Léa", "Tom"])
    token = game.pass_pencil(host)
    game.take_back_pencil()

    gone = client.get(pencil_url(token))

    assert gone.status_code == 410
    assert f'href="{reverse("games:home")}"' in gone.content.decode()
    assert "Retour à l'accueil" in text(gone)


def test_the_pencil_card_and_the_reopen_dialog_say_deal_at_tarot(client):
    game, host = make_round_game("tarot", FOUR)
    play_rounds(game, tarot_deal(game, "Léa", "garde", 2, 49))
    game.end()

    page = text(client.get(host_url(host)))
    reopen = text(client.get(host_url(host, "reopen")))

    assert "annuler la dernière donne, rien d'autre" in page
    assert "La partie continue après sa dernière donne" in reopen
    assert "manche" not in reopen
