"""Mölkky on the game page: the throw pad and its calculation, recording a
throw, the throws refused (worth more than 12, by an eliminated player, by
someone whose turn it is not), undo, the sheet's turns, misses and who throws
next, the players' faces and the last throw in words, and the end at exactly 50."""

import re

import pytest
from django.urls import reverse

from games.kinds.molkky import eliminated
from games.models import Game
from tests.factories import make_round_game, pks, play_rounds
from tests.helpers import EVERY_SECTION, HTMX, host_url, text, watch_url

pytestmark = pytest.mark.django_db


def posted(game, fields, key="key-1"):
    game.refresh_from_db()
    return {"seen_version": game.version, "request_key": key, **fields}


def live_rounds(game):
    return list(game.rounds.filter(undone_at__isnull=True))


def throws(game, *points):
    """Records each throw as the host would, in turn."""
    return play_rounds(game, *({"points": p} for p in points))


def test_the_pad_names_the_thrower_and_has_twelve_pins_and_a_miss(client):
    game, host = make_round_game("molkky", ["Léa", "Tom"])

    response = client.get(host_url(host, "new_round"))

    said = text(response)
    assert "À Léa de lancer" in said
    html = response.content.decode()
    for n in range(0, 13):
        assert f'name="points" value="{n}"' in html
    assert "Raté" in said


def test_the_pad_shows_the_calculation_before_validating(client):
    game, host = make_round_game("molkky", ["Léa", "Tom"])
    throws(game, 12, 1, 12, 1, 12, 1, 8, 1)  # Léa on 44

    response = client.post(
        host_url(host, "preview_round"), posted(game, {"points": 6}), **HTMX
    )

    said = text(response)
    assert "Léa : 44 + 6 = 50, pile le total : gagné !" in said
    assert "Ce lancer termine la partie." in said
    assert len(live_rounds(game)) == 8


def test_a_throw_over_fifty_shows_the_fall_to_twenty_five(client):
    game, host = make_round_game("molkky", ["Léa", "Tom"])
    throws(game, 12, 1, 12, 1, 12, 1, 11, 1)  # Léa on 47

    response = client.post(
        host_url(host, "preview_round"), posted(game, {"points": 8}), **HTMX
    )

    assert "Léa : 47 + 8 = 55, plus de 50 : retour à 25." in text(response)


def test_a_throw_recorded_goes_on_the_sheet_and_the_next_player_throws(client):
    game, host = make_round_game("molkky", ["Léa", "Tom"])
    ids = pks(game)

    response = client.post(
        host_url(host, "record_round"),
        posted(game, {"points": 6, "thrower": ids["Léa"]}),
    )

    assert response.status_code == 302
    said = text(client.get(response.url))
    assert "Lancer 1 noté." in said
    assert "À Tom de lancer" in said
    assert "Léa, tour 1 : 6, total 6" in said
    (made,) = live_rounds(game)
    assert made.entry == {"thrower": ids["Léa"], "points": 6}


@pytest.mark.parametrize("points", [13, -1, "six"])
def test_a_throw_worth_more_than_twelve_or_less_than_zero_is_refused(client, points):
    game, host = make_round_game("molkky", ["Léa", "Tom"])

    response = client.post(
        host_url(host, "record_round"), posted(game, {"points": points})
    )

    assert response.status_code == 422
    assert "Un lancer vaut de 0 (raté) à 12 points" in text(response)
    assert live_rounds(game) == []


def test_a_throw_by_someone_whose_turn_it_is_not_is_refused(client):
    game, host = make_round_game("molkky", ["Léa", "Tom"])
    ids = pks(game)

    response = client.post(
        host_url(host, "record_round"),
        posted(game, {"points": 6, "thrower": ids["Tom"]}),
    )

    assert response.status_code == 422
    assert "C'est à Léa de lancer, pas à Tom." in text(response)
    assert live_rounds(game) == []


def test_a_throw_by_an_eliminated_player_is_refused(client):
    game, host = make_round_game("molkky", ["Léa", "Tom", "Zoé"])
    ids = pks(game)
    throws(game, 0, 1, 1, 0, 1, 1, 0)  # Léa's third miss
    assert eliminated(game.state()) == {ids["Léa"]}

    response = client.post(
        host_url(host, "record_round"),
        posted(game, {"points": 6, "thrower": ids["Léa"]}),
    )

    assert response.status_code == 422
    said = text(response)
    assert "Léa, hors jeu après trois ratés de suite : plus aucun lancer." in said
    assert len(live_rounds(game)) == 7


def test_a_stranger_as_thrower_is_refused(client):
    game, host = make_round_game("molkky", ["Léa", "Tom"])

    response = client.post(
        host_url(host, "record_round"), posted(game, {"points": 6, "thrower": 99999})
    )

    assert response.status_code == 422
    assert "Ce joueur n'est pas de la partie." in text(response)
    assert live_rounds(game) == []


def test_undo_takes_back_the_last_throw_and_gives_the_turn_back(client):
    game, host = make_round_game("molkky", ["Léa", "Tom"])
    throws(game, 6, 3)

    response = client.post(host_url(host, "undo"), posted(game, {}), follow=True)

    said = text(response)
    assert "Lancer 2 annulé." in said
    assert "À Tom de lancer" in said
    assert len(live_rounds(game)) == 1


def test_the_host_page_names_the_throw_as_what_undo_and_the_pencil_take_back(client):
    game, host = make_round_game("molkky", ["Léa", "Tom"])
    throws(game, 6)

    page = text(client.get(host_url(host)))

    assert "Annuler le dernier lancer" in page
    assert "annuler le dernier lancer, rien d'autre" in page
    assert "manche" not in page


def test_the_sheet_warns_after_a_second_miss_and_shows_the_eliminated(client):
    game, host = make_round_game("molkky", ["Léa", "Tom", "Zoé"])
    throws(game, 0, 5, 5, 0)  # Léa: two misses in a row

    said = text(client.get(watch_url(game)))
    assert "2 ratés de suite : un troisième l'élimine" in said

    throws(game, 5, 5, 0)  # Léa's third
    said = text(client.get(watch_url(game)))
    assert "hors jeu, ne lance plus" in said
    assert "À Tom de lancer" in said
    assert "Léa, tour 3 : raté, trois de suite : hors jeu" in said


def test_the_sheet_has_a_row_per_turn_not_per_throw(client):
    game, host = make_round_game("molkky", ["Léa", "Tom", "Zoé"])
    throws(game, 1, 2, 3, 4, 5, 6, 7)

    html = client.get(watch_url(game)).content.decode()

    assert html.count('class="row-round"') == 3
    assert "Tour 3" in text(client.get(watch_url(game)))


def faces_in(html, where):
    """(colour, sign) of each face dot that opens a `where` element (a column
    head, a line of the standings or of the ranking), in the page's order."""
    return re.findall(
        where + r'<span class="face-dot face-(\d)" data-sign="([^"]*)"', html
    )


HEAD = r'<th scope="col" class="player[^"]*">'
STANDING = r'<span class="standing-name">'
RANKED = r'<span class="rank-name">'
LEA_TOM_ZOE = [("0", "L"), ("1", "T"), ("2", "Z")]


def test_the_sheet_shows_each_players_face_and_the_last_throw_in_words(client):
    game, host = make_round_game("molkky", ["Léa", "Tom", "Zoé"])
    throws(game, 12, 0, 5, 7)

    watched = client.get(watch_url(game))
    html = watched.content.decode()
    assert faces_in(html, HEAD) == LEA_TOM_ZOE
    # The big screen's standings, best first: Léa 19, Zoé 5, Tom 0.
    assert faces_in(html, STANDING) == [("0", "L"), ("2", "Z"), ("1", "T")]
    said = "Dernier résultat : Tour 2 · Léa : 7 → 19"
    assert said in text(watched)
    assert said in text(client.get(host_url(host)))
    tv = client.get(watch_url(game) + "?tv=1").content.decode()
    assert faces_in(tv, STANDING) == [("0", "L"), ("2", "Z"), ("1", "T")]
    english = text(client.get(watch_url(game), HTTP_ACCEPT_LANGUAGE="en"))
    assert "Last result: Turn 2 · Léa: 7 → 19" in english


def test_before_the_first_throw_the_host_is_offered_the_faces_and_no_throw_is_said(
    client,
):
    game, host = make_round_game("molkky", ["Léa", "Tom"])

    page = client.get(host_url(host))

    assert "Choisir les couleurs et les marques des joueurs" in text(page)
    assert "Dernier résultat" not in text(page)
    assert "Dernier résultat" not in text(client.get(watch_url(game)))


def test_exactly_fifty_ends_the_game_at_once_with_the_winner(client):
    game, host = make_round_game("molkky", ["Léa", "Tom", "Zoé"])
    throws(game, *([12, 1, 1] * 4))  # Léa on 48

    response = client.post(
        host_url(host, "record_round"), posted(game, {"points": 2}), follow=True
    )

    said = text(response)
    assert "Victoire : Léa !" in said
    game.refresh_from_db()
    assert game.state().finished


def finished_game():
    """Léa & Max win on exactly 50 at their fifth throw; Zoé is out."""
    game, host = make_round_game("molkky", ["Léa & Max", "Tom", "Zoé"])
    throws(game, 10, 3, 0, 10, 3, 0, 10, 3, 0, 10, 3, 10)
    game.refresh_from_db()
    return game, host


def test_the_end_screen_ranks_the_players_with_their_faces_under_the_winning_throw(
    client,
):
    game, _host = finished_game()

    watched = client.get(watch_url(game))

    # Léa & Max on 50, Tom on 12; Zoé, out, last.
    assert faces_in(watched.content.decode(), RANKED) == LEA_TOM_ZOE
    said = text(watched)
    assert "Dernier résultat : Tour 5 · Léa & Max : 10 → 50, victoire" in said
    assert "Victoire : Léa & Max !" in said


def test_a_team_entered_as_one_player_is_named_with_no_verb_to_agree(client):
    game, _host = make_round_game("molkky", ["Léa & Max", "Tom"])
    throws(game, 10, 3, 10)
    game.refresh_from_db()
    assert "Léa & Max en tête depuis le lancer 1 ; Tom à 17 points." in text(
        client.get(watch_url(game))
    )
    game, _host = finished_game()
    result = text(client.get(reverse("keepsakes:result", args=[game.watch_token])))
    assert "Victoire : Léa & Max !" in result
    assert "Léa & Max : victoire, en tête depuis le lancer 1 ; Tom : 38 points" in (
        result
    )
    assert "Léa & Max gagne" not in result and "Léa & Max mène" not in result


def test_the_winner_s_name_on_the_podium_is_shown_as_typed_never_as_markup(client):
    game, _host = make_round_game("molkky", ["<script>alert(1)", "Tom"])
    throws(game, 12, 1, 12, 1, 12, 1, 8, 1, 6)
    html = client.get(watch_url(game)).content.decode()
    heading = re.search(r'<h1 class="winner">(.*?)</h1>', html, re.S).group(1)
    assert "<script>" not in html
    assert heading.strip() == (
        'Victoire : <span class="winner-name">&lt;script&gt;alert(1)</span> !'
    )


def test_a_team_name_and_the_house_options_are_taken_at_creation(client):
    data = {
        **EVERY_SECTION,
        "kind": "molkky",
        "names": ["Léa & Max", "Tom"],
        "molkky-target": "40",
        "molkky-three_misses": "zero",
    }
    response = client.post("/", data)

    assert response.status_code == 302
    game = Game.objects.get()
    assert (game.kind, game.options) == (
        "molkky",
        {"target": 40, "three_misses": "zero"},
    )
    assert [p.name for p in game.players.order_by("seat")] == ["Léa & Max", "Tom"]


def test_the_result_page_log_and_csv_say_the_throws(client):
    game, _host = finished_game()
    token = {"watch_token": game.watch_token}

    result = text(client.get(reverse("keepsakes:result", kwargs=token)))
    assert "Léa & Max" in result and "50" in result
    log = text(client.get(reverse("keepsakes:log", kwargs=token)))
    assert "Léa & Max : 10 → 50, victoire" in log
    assert "Zoé : raté (2ᵉ de suite)" in log
    assert "Zoé : raté (3ᵉ de suite), hors jeu" in log
    csv = client.get(reverse("keepsakes:export", kwargs={**token, "fmt": "csv"}))
    assert "Léa & Max : 10 → 20" in csv.content.decode()


def test_the_band_keeps_the_throws_to_finish_and_the_eliminations(client):
    game, _host = finished_game()

    said = text(
        client.get(reverse("bands:band", kwargs={"band_token": game.band.token}))
    )
    assert "Lancers" in said and "Éliminé" in said
    (result,) = game.band.results.all()
    details = {s.name: s.details for s in result.scores.all()}
    assert details["Léa & Max"]["to_finish"] == 5
    assert details["Zoé"]["eliminated"] == 1


def test_the_undo_dialog_says_the_throw_in_a_line(client):
    game, host = make_round_game("molkky", ["Léa", "Tom", "Zoé"])
    throws(game, 6, 0)

    said = text(client.get(host_url(host, "undo")))

    assert "Annuler le dernier lancer ?" in said
    assert "Lancer 2 : Tom : raté" in said
    assert "Léa +0" not in said


def test_the_filled_sheet_pdf_and_the_big_screen_of_a_finished_game(client):
    game, _host = finished_game()
    token = {"watch_token": game.watch_token}

    pdf = client.get(reverse("keepsakes:game_pdf", kwargs=token))
    assert pdf.status_code == 200
    assert pdf["Content-Type"] == "application/pdf"
    tv = client.get(watch_url(game) + "?tv=1")
    assert tv.status_code == 200
    assert "Victoire : Léa & Max !" in text(tv)


def test_the_pad_and_sheet_speak_english(client):
    game, host = make_round_game("molkky", ["Léa", "Tom"])
    throws(game, 0, 0, 0)
    client.cookies["django_language"] = "en"

    said = text(client.get(host_url(host, "new_round"), HTTP_ACCEPT_LANGUAGE="en"))

    assert "Tom to throw" in said and "Miss" in said
    assert "2 misses in a row: a third puts them out" in said
