"""Games scored by rounds (Skyjo, tarot, the free counter) on the game page: the
round's dialog and its calculation, recording, refusals that change nothing,
undo, the end and its reopening, the pencil, renaming and the watch page."""

import re

import pytest
from django.urls import reverse

from tests.factories import (
    make_game,
    make_round_game,
    pks,
    play_rounds,
    skyjo_round,
    tally_round,
    tarot_deal,
)
from tests.helpers import HTMX, host_url, pencil_url, text, triggered, watch_url

pytestmark = pytest.mark.django_db

FOUR = ["Ana", "Bruno", "Chloé", "Dan"]
FIVE = [*FOUR, "Eve"]


def posted(game, fields, key="key-1"):
    """The dialog's form data: `fields` with the version the page was drawn at."""
    return {"seen_version": game.version, "request_key": key, **fields}


def skyjo_form(game, cards, finisher):
    ids = pks(game)
    fields = {f"cards-{ids[name]}": value for name, value in cards.items()}
    return fields | {"finisher": ids[finisher]}


def tarot_form(game, taker, contract, bouts, points, **extras):
    ids = pks(game)
    fields = {"taker": ids[taker], "contract": contract, "bouts": bouts}
    return fields | {"points": points} | extras


def live_rounds(game):
    return list(game.rounds.filter(undone_at__isnull=True))


# --- Skyjo ----------------------------------------------------------------------------


def test_the_skyjo_preview_shows_the_finisher_doubled_and_the_new_totals(client):
    game, host = make_round_game("skyjo", ["Léa", "Tom", "Zoé"])
    form = skyjo_form(game, {"Léa": 3, "Tom": 12, "Zoé": 3}, "Zoé")

    response = client.post(host_url(host, "preview_round"), posted(game, form), **HTMX)

    said = text(response)
    assert response.status_code == 200
    assert "à égalité avec le plus petit total : doublé, 3 × 2 = 6" in said
    assert "Zoé +6 0 → 6" in said
    assert "Tom +12 0 → 12" in said
    assert live_rounds(game) == []


def test_a_skyjo_round_recorded_by_the_host_is_on_the_sheet(client):
    game, host = make_round_game("skyjo", ["Léa", "Tom", "Zoé"])
    form = skyjo_form(game, {"Léa": 3, "Tom": 12, "Zoé": 3}, "Zoé")

    response = client.post(host_url(host, "record_round"), posted(game, form))

    assert response.status_code == 302
    page = client.get(response.url)
    said = text(page)
    assert "Manche 1 notée." in said
    assert "Manche 2" in said
    (made,) = live_rounds(game)
    ids = pks(game)
    assert made.points == {str(ids["Léa"]): 3, str(ids["Tom"]): 12, str(ids["Zoé"]): 6}


def test_a_finisher_strictly_lowest_keeps_their_score(client):
    game, host = make_round_game("skyjo", ["Léa", "Tom", "Zoé"])
    form = skyjo_form(game, {"Léa": 4, "Tom": 12, "Zoé": 3}, "Zoé")

    client.post(host_url(host, "record_round"), posted(game, form))

    (made,) = live_rounds(game)
    assert made.points[str(pks(game)["Zoé"])] == 3


@pytest.mark.parametrize("cards", [-18, 143, "douze", ""])
def test_a_skyjo_total_twelve_cards_cannot_make_is_refused(client, cards):
    game, host = make_round_game("skyjo", ["Léa", "Tom"])
    form = skyjo_form(game, {"Léa": 3, "Tom": cards}, "Léa")

    response = client.post(host_url(host, "record_round"), posted(game, form))

    assert response.status_code == 422
    assert "Tom" in text(response)
    assert live_rounds(game) == []


def test_the_extreme_totals_of_twelve_cards_are_taken(client):
    game, host = make_round_game("skyjo", ["Léa", "Tom"])
    form = skyjo_form(game, {"Léa": -17, "Tom": 142}, "Léa")

    response = client.post(host_url(host, "record_round"), posted(game, form))

    assert response.status_code == 302
    assert len(live_rounds(game)) == 1


def test_a_finisher_who_is_not_a_player_is_refused(client):
    game, host = make_round_game("skyjo", ["Léa", "Tom"])
    other, _host = make_round_game("skyjo", ["Zoé", "Max"])
    form = skyjo_form(game, {"Léa": 3, "Tom": 5}, "Léa")
    form["finisher"] = pks(other)["Zoé"]

    response = client.post(host_url(host, "record_round"), posted(game, form))

    assert response.status_code == 422
    assert "Qui a fini la manche ?" in text(response)
    assert live_rounds(game) == []


def test_a_skyjo_game_ends_when_a_total_reaches_the_limit(client):
    game, host = make_round_game("skyjo", ["Léa", "Tom"], options={"limit": 50})
    play_rounds(game, skyjo_round(game, {"Léa": 20, "Tom": 30}, "Léa"))
    form = skyjo_form(game, {"Léa": 5, "Tom": 25}, "Léa")

    response = client.post(host_url(host, "record_round"), posted(game, form))

    page = text(client.get(response.url))
    game.refresh_from_db()
    assert game.finished_at is not None
    assert "Partie terminée." in page
    assert "Léa" in page.split("Partie terminée.")[-1]
    assert client.get(host_url(host, "new_round")).status_code == 302
    said = text(client.get(host_url(host)))
    assert "La partie est terminée." in said


# --- tarot ----------------------------------------------------------------------------


def test_the_tarot_preview_shows_what_each_player_wins_or_pays_and_the_sum(client):
    game, host = make_round_game("tarot", FOUR)
    form = tarot_form(
        game,
        "Ana",
        "garde",
        2,
        "49",
        petit_au_bout="taker",
        **{f"poignee-{pks(game)['Ana']}": "simple"},
    )

    response = client.post(host_url(host, "preview_round"), posted(game, form), **HTMX)

    said = text(response)
    assert "il faut 41 points ; faits : 49" in said
    assert "Garde : (25 + 8) × 2 = +66" in said
    assert "Ana, preneur : +318" in said
    assert "Dan, défense : −106" in said
    assert "Somme de la donne : 0" in said


def test_a_tarot_deal_at_five_shares_between_taker_partner_and_defence(client):
    game, host = make_round_game("tarot", FIVE)
    ids = pks(game)
    form = tarot_form(
        game,
        "Ana",
        "garde",
        2,
        "49",
        partner=ids["Bruno"],
        petit_au_bout="taker",
        **{f"poignee-{ids['Bruno']}": "simple"},
    )

    response = client.post(host_url(host, "record_round"), posted(game, form))

    assert response.status_code == 302
    (deal,) = live_rounds(game)
    assert [deal.points_of(ids[name]) for name in FIVE] == [
        212,
        106,
        -106,
        -106,
        -106,
    ]
    assert "Donne 2 : Bruno distribue" in text(client.get(response.url))


def test_two_poignees_of_two_players_both_count(client):
    game, host = make_round_game("tarot", FIVE)
    ids = pks(game)
    # Ana and Bruno win 49 - 41 = 8 at a garde: (25 + 8) x 2 = 66; a simple
    # poignée (20) shown by Bruno and a double (30) shown by Dan, the defence,
    # both go to the winning side: 66 + 50 = 116.
    form = tarot_form(
        game,
        "Ana",
        "garde",
        2,
        "49",
        partner=ids["Bruno"],
        **{f"poignee-{ids['Bruno']}": "simple", f"poignee-{ids['Dan']}": "double"},
    )

    response = client.post(host_url(host, "record_round"), posted(game, form))

    assert response.status_code == 302
    (deal,) = live_rounds(game)
    assert [deal.points_of(ids[name]) for name in FIVE] == [232, 116, -116, -116, -116]
    assert deal.entry["poignees"] == [
        {"size": "simple", "side": "taker"},
        {"size": "double", "side": "defence"},
    ]


def test_the_dialog_preselects_the_garde_and_no_bouts(client):
    game, host = make_round_game("tarot", FIVE)

    page = client.get(host_url(host, "new_round"))

    html = page.content.decode()
    assert re.search(r'value="garde" id="[^"]+" checked', html)
    assert not re.search(r'name="bouts" value="\d" id="[^"]+" checked', html)


def test_a_deal_without_bouts_is_refused_with_a_clear_message(client):
    game, host = make_round_game("tarot", FIVE)
    ids = pks(game)
    form = tarot_form(game, "Ana", "garde", "", "49", partner=ids["Bruno"])

    response = client.post(host_url(host, "record_round"), posted(game, form))

    assert "Combien de bouts ?" in text(response)
    assert live_rounds(game) == []


def test_a_half_point_in_the_gap_is_rounded_up(client):
    game, host = make_round_game("tarot", ["Ana", "Bruno", "Chloé"])
    form = tarot_form(game, "Ana", "prise", 2, "40,5")

    client.post(host_url(host, "record_round"), posted(game, form))

    (deal,) = live_rounds(game)
    # Lost by 1: (25 + 1) × 1, the taker pays twice at three.
    assert deal.points_of(pks(game)["Ana"]) == -52


@pytest.mark.parametrize("points", ["92", "91.5", "-1", "beaucoup"])
def test_tarot_points_beyond_0_to_91_are_refused(client, points):
    game, host = make_round_game("tarot", FOUR)
    form = tarot_form(game, "Ana", "garde", 1, points)

    response = client.post(host_url(host, "record_round"), posted(game, form))

    assert response.status_code == 422
    assert "Points du preneur (0–91)" in text(response)
    assert live_rounds(game) == []


def test_a_partner_at_four_players_is_refused(client):
    game, host = make_round_game("tarot", FOUR)
    form = tarot_form(game, "Ana", "garde", 1, "60", partner=pks(game)["Bruno"])

    response = client.post(host_url(host, "record_round"), posted(game, form))

    assert response.status_code == 422
    assert "On n'appelle de partenaire qu'à cinq joueurs (ici 4)." in text(response)
    assert live_rounds(game) == []


def test_a_deal_at_five_needs_its_partner_or_alone(client):
    game, host = make_round_game("tarot", FIVE)
    form = tarot_form(game, "Ana", "garde", 1, "60")

    response = client.post(host_url(host, "record_round"), posted(game, form))

    assert response.status_code == 422
    assert "Avec qui le preneur joue-t-il ?" in text(response)
    assert live_rounds(game) == []


def test_a_forged_contract_is_refused(client):
    game, host = make_round_game("tarot", FOUR)
    form = tarot_form(game, "Ana", "grande_garde", 1, "60")

    response = client.post(host_url(host, "record_round"), posted(game, form))

    assert response.status_code == 422
    assert live_rounds(game) == []


def test_a_deal_nobody_takes_scores_zero_and_the_deal_passes_on(client):
    game, host = make_round_game("tarot", FOUR)

    response = client.post(
        host_url(host, "record_round"), posted(game, {"passed": "1"})
    )

    (deal,) = live_rounds(game)
    assert set(deal.points.values()) == {0}
    page = text(client.get(response.url))
    assert "Donne passée" in page
    assert "Donne 2 : Bruno distribue" in page


# --- the free counter -----------------------------------------------------------------


def test_a_counter_round_gives_zero_to_players_left_blank(client):
    game, host = make_round_game("tally", ["Ana", "Bruno", "Chloé"])
    ids = pks(game)
    form = {f"points-{ids['Ana']}": "12", f"points-{ids['Chloé']}": "-3"}

    response = client.post(host_url(host, "record_round"), posted(game, form))

    assert response.status_code == 302
    (made,) = live_rounds(game)
    assert [made.points_of(ids[n]) for n in ("Ana", "Bruno", "Chloé")] == [12, 0, -3]


def test_a_counter_point_that_is_not_a_whole_number_is_refused(client):
    game, host = make_round_game("tally", ["Ana", "Bruno"])
    ids = pks(game)
    form = {f"points-{ids['Ana']}": "1.5"}

    response = client.post(host_url(host, "record_round"), posted(game, form))

    assert response.status_code == 422
    assert live_rounds(game) == []


# --- the end, and its reopening -------------------------------------------------------


def test_the_host_ends_a_counter_and_the_band_keeps_its_result(client):
    game, host = make_round_game("tally", ["Ana", "Bruno", "Chloé"])
    play_rounds(
        game,
        tally_round(game, {"Ana": 10, "Bruno": 30, "Chloé": 30}),
    )

    asked = text(client.get(host_url(host, "end")))
    assert "Terminer la partie ?" in asked
    assert "1 Bruno 30" in asked and "1 Chloé 30" in asked and "3 Ana 10" in asked
    response = client.post(host_url(host, "end"), {"seen_version": game.version})

    game.refresh_from_db()
    assert game.finished_at is not None and game.ended_by_host
    page = text(client.get(response.url))
    assert "Partie terminée." in page
    assert "Ex aequo : Bruno et Chloé !" in page
    (result,) = game.band.results.all()
    assert sorted((s.name, s.rank) for s in result.scores.all()) == [
        ("Ana", 3),
        ("Bruno", 1),
        ("Chloé", 1),
    ]


def test_ending_a_game_without_a_round_is_refused(client):
    game, host = make_round_game("tally", ["Ana", "Bruno"])

    response = client.post(host_url(host, "end"), {"seen_version": game.version})

    game.refresh_from_db()
    assert game.finished_at is None
    said = text(client.get(response.url))
    assert "Aucune manche n'est notée : il n'y a rien à terminer." in said


def test_reopening_a_game_takes_its_result_out_of_the_band(client):
    game, host = make_round_game("tarot", FOUR)
    play_rounds(game, tarot_deal(game, "Ana", "garde", 1, 60))
    game.end()
    game.refresh_from_db()

    assert "Reprendre la partie ?" in text(client.get(host_url(host, "reopen")))
    response = client.post(host_url(host, "reopen"), {"seen_version": game.version})

    game.refresh_from_db()
    assert game.finished_at is None
    assert not game.band.results.exists()
    assert "La partie continue." in text(client.get(response.url))
    assert client.get(host_url(host, "new_round")).status_code == 200


def test_a_yams_game_has_no_round_pages(client):
    _game, host = make_game()

    for name in ("new_round", "preview_round", "end", "reopen"):
        assert client.get(host_url(host, name)).status_code == 404


def test_a_game_of_rounds_has_no_box_pages(client):
    game, host = make_round_game("skyjo", ["Léa", "Tom"])
    player = game.players.first().pk
    url = host_url(host, "box", player_id=player, column="free", box="ones")

    assert client.get(url).status_code == 404


# --- undo -----------------------------------------------------------------------------


def test_undo_asks_about_the_last_round_then_takes_it_off_the_sheet(client):
    game, host = make_round_game("tally", ["Ana", "Bruno"])
    play_rounds(
        game,
        tally_round(game, {"Ana": 5, "Bruno": 7}),
        tally_round(game, {"Ana": 20, "Bruno": -4}),
    )

    asked = text(client.get(host_url(host, "undo")))
    assert "Annuler la dernière manche ?" in asked
    assert "Manche 2 : Ana +20 · Bruno −4" in asked
    game.refresh_from_db()
    form = {"seen_version": game.version, "request_key": "undo-1"}
    response = client.post(host_url(host, "undo"), form)
    # The same request again (a retry): one round only is taken back.
    client.post(host_url(host, "undo"), form)

    assert "Manche 2 annulée." in text(client.get(response.url))
    assert [r.seq for r in live_rounds(game)] == [1]
    assert game.rounds.count() == 2


def test_undo_reopens_a_finished_skyjo_game(client):
    game, host = make_round_game("skyjo", ["Léa", "Tom"], options={"limit": 10})
    play_rounds(game, skyjo_round(game, {"Léa": 2, "Tom": 12}, "Léa"))
    game.refresh_from_db()
    assert game.finished_at is not None and game.band.results.exists()

    client.post(host_url(host, "undo"), {"seen_version": game.version})

    game.refresh_from_db()
    assert game.finished_at is None
    assert not game.band.results.exists()


def test_undo_with_nothing_to_undo_says_so(client):
    game, host = make_round_game("tally", ["Ana", "Bruno"])

    response = client.get(host_url(host, "undo"), follow=True)

    assert "Rien à annuler." in text(response)


# --- retries, stale pages, htmx -------------------------------------------------------


def test_a_retried_round_is_recorded_once(client):
    game, host = make_round_game("tally", ["Ana", "Bruno"])
    form = posted(game, {f"points-{pks(game)['Ana']}": "4"}, key="same-key")

    client.post(host_url(host, "record_round"), form)
    again = client.post(host_url(host, "record_round"), form)

    assert again.status_code == 302
    assert len(live_rounds(game)) == 1


def test_a_round_from_a_page_drawn_before_another_write_is_refused(client):
    game, host = make_round_game("tally", ["Ana", "Bruno"])
    seen = game.version
    play_rounds(game, tally_round(game, {"Ana": 1}))
    form = {
        "seen_version": seen,
        "request_key": "late",
        f"points-{pks(game)['Bruno']}": 9,
    }

    response = client.post(host_url(host, "record_round"), form, follow=True)

    assert "La feuille a changé entre-temps" in text(response)
    assert len(live_rounds(game)) == 1


def test_an_htmx_round_answers_with_the_fresh_sheet_and_closes_the_dialog(client):
    game, host = make_round_game("tally", ["Ana", "Bruno"])
    form = posted(game, {f"points-{pks(game)['Ana']}": "4"})

    response = client.post(host_url(host, "record_round"), form, **HTMX)

    assert response.status_code == 200
    assert "sk-close-dialog" in triggered(response)
    said = text(response)
    assert "Manche 1 notée." in said
    assert "Manche 2" in said


def test_an_htmx_dialog_opens_in_the_dialog_body(client):
    game, host = make_round_game("tarot", FIVE)

    response = client.get(host_url(host, "new_round"), **HTMX)

    assert response["HX-Retarget"] == "#dialog-body"
    said = text(response)
    assert "Donne 1" in said and "Ana distribue." in said
    assert "Partenaire appelé" in said and "Personne ne prend" in said


# --- the pencil, renaming, watching ---------------------------------------------------


def test_the_pencil_records_a_round_while_the_host_is_refused(client):
    game, host = make_round_game("tally", ["Ana", "Bruno"])
    pencil = game.pass_pencil(host, "Léa")
    game.refresh_from_db()
    form = posted(game, {f"points-{pks(game)['Ana']}": "4"})

    refused = client.post(host_url(host, "record_round"), form, follow=True)
    assert "Le crayon est chez Léa" in text(refused)
    assert live_rounds(game) == []

    client.post(pencil_url(pencil, "pencil_record_round"), form)
    (made,) = live_rounds(game)
    assert (made.by, made.by_label) == ("pencil", "Léa")

    game.take_back_pencil()
    assert client.get(pencil_url(pencil)).status_code == 410


def test_renaming_a_player_of_a_round_game_shows_on_the_sheet(client):
    game, host = make_round_game("tally", ["Ana", "Bruno"])
    play_rounds(game, tally_round(game, {"Ana": 4}))
    bruno = pks(game)["Bruno"]

    response = client.post(
        host_url(host, "rename", player_id=bruno), {"name": "Benoît"}, follow=True
    )

    said = text(response)
    assert "Bruno s'appelle maintenant Benoît." in said
    sheet = said.split("Feuille de score")[-1].split("Inviter la table")[0]
    assert "Renommer Benoît" in sheet and "Bruno" not in sheet


def test_the_watch_page_shows_the_rounds_and_nothing_to_write_with(client):
    game, host = make_round_game("tarot", FOUR)
    play_rounds(game, tarot_deal(game, "Chloé", "garde_sans", 3, 50))

    page = client.get(watch_url(game))

    said = text(page)
    assert page.status_code == 200
    assert "Donne 2 : Bruno distribue" in said
    assert "Garde sans le chien de Chloé, faite de 14" in said
    assert "Chloé : +468, total 468" in said
    assert "Noter la donne" not in said
    assert reverse("games:new_round", kwargs={"host_token": host}) not in (
        page.content.decode()
    )


def test_a_tarot_game_reads_in_english(client):
    game, host = make_round_game("tarot", FIVE)
    play_rounds(game, tarot_deal(game, "Chloé", "garde", 2, 49, partner="Ana"))

    page = text(client.get(host_url(host), HTTP_ACCEPT_LANGUAGE="en"))
    dialog = text(client.get(host_url(host, "new_round"), HTTP_ACCEPT_LANGUAGE="en"))

    assert "Deal 2: Bruno deals" in page
    assert "Guard by Chloé with Ana, made by 8" in page
    assert "Undo the last deal" in page
    assert "Taker" in dialog and "Called partner" in dialog
    assert "Nobody takes" in dialog
