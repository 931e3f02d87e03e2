"""Belote and coinche on the game pages: created with team names or without,
deals entered through the host's dialog, the calculation said before Valider,
bad input refused with nothing stored, the two-column sheet and its end."""

import re

import pytest
from django.urls import reverse

from games.models import Game
from tests.factories import make_round_game
from tests.helpers import EVERY_SECTION, HTMX, host_url, text, watch_url

pytestmark = pytest.mark.django_db

TABLE = ["Léa", "Tom", "Max", "Zoé"]


def posted(game, fields, key="key-1"):
    game.refresh_from_db()
    return {"seen_version": game.version, "request_key": key, **fields}


def live_rounds(game):
    return list(game.rounds.filter(undone_at__isnull=True))


def deal(client, game, host, key, **fields):
    return client.post(host_url(host, "record_round"), posted(game, fields, key))


# --- creating ------------------------------------------------------------------


def test_a_belote_game_is_created_with_the_names_the_host_gave_the_teams(client):
    data = {
        **EVERY_SECTION,
        "kind": "belote",
        "names": TABLE,
        "belote-target": "1000",
        "belote-team1": "Les Rouges",
        "belote-team2": "",
    }
    response = client.post("/", data)
    assert response.status_code == 302, text(response)[:600]
    token = response["Location"].split("/")[2]
    game = Game.objects.by_token("host", token)
    assert game.kind == "belote"
    assert game.options["target"] == 1000
    assert game.options["team_names"] == ["Les Rouges", ""]
    page = text(client.get(host_url(token)))
    assert "Les Rouges" in page and "Tom & Zoé" in page


def test_the_create_page_says_team_1_is_players_1_and_3(client):
    page = text(client.get("/"))
    assert "l'équipe 1, ce sont les joueurs 1 et 3" in page


def test_belote_takes_exactly_four_players(client):
    data = {**EVERY_SECTION, "kind": "belote", "names": TABLE[:3]}
    response = client.post("/", data)
    assert response.status_code != 302
    assert not Game.objects.exists()


# --- the deal dialog -------------------------------------------------------------


def test_the_dialog_names_each_team_by_its_players(client):
    game, host = make_round_game("belote", TABLE)
    page = text(client.get(host_url(host, "new_round")))
    assert "Qui prend ?" in page
    assert "Léa & Max" in page and "Tom & Zoé" in page
    assert "Personne ne prend" in page


def test_the_preview_says_dedans_with_the_calculation_and_a_row_per_team(client):
    game, host = make_round_game("belote", TABLE)
    fields = {"team": "1", "points": "88", "belote": "2", "capot": ""}
    response = client.post(
        host_url(host, "preview_round"), posted(game, fields), **HTMX
    )
    said = text(response)
    assert "Léa & Max : 88 points contre 94, dedans." in said
    assert "Léa & Max 0 0 → 0" in said
    assert "Tom & Zoé 182 0 → 182" in said
    assert live_rounds(game) == []


@pytest.mark.parametrize(
    ("language", "lines"),
    [
        (
            "fr",
            [
                "Prise par Léa & Max : 88 points de cartes ; 74 pour Les Bleus.",
                "Belote-rebelote pour Les Bleus : +20.",
                "Dedans : 0 pour Léa & Max, 162 pour Les Bleus ;",
                "Les Bleus (Tom et Zoé) : 182.",
            ],
        ),
        (
            "en",
            [
                "Taken by Léa & Max: 88 card points; 74 for Les Bleus.",
                "Belote-rebelote for Les Bleus: +20.",
                "Down (dedans): 0 for Léa & Max, 162 for Les Bleus;",
                "Les Bleus (Tom and Zoé): 182.",
            ],
        ),
    ],
)
def test_the_calculation_names_each_team_as_the_sheet_does_never_by_number(
    client, language, lines
):
    game, host = make_round_game("belote", TABLE, {"team_names": ["", "Les Bleus"]})
    fields = {"team": "1", "points": "88", "belote": "2", "capot": ""}
    said = text(
        client.post(
            host_url(host, "preview_round"),
            posted(game, fields),
            HTTP_ACCEPT_LANGUAGE=language,
            **HTMX,
        )
    )
    for line in lines:
        assert line in said
    assert "quipe 1" not in said and "quipe 2" not in said
    assert "Team 1" not in said and "Team 2" not in said


def test_a_coinche_calculation_in_english_names_the_bidding_team(client):
    game, host = make_round_game("coinche", TABLE, {"team_names": ["Les Bleus", ""]})
    fields = {"team": "1", "contract": "90", "trump": "coeur", "points": "100"}
    said = text(
        client.post(
            host_url(host, "preview_round"),
            posted(game, fields),
            HTTP_ACCEPT_LANGUAGE="en",
            **HTMX,
        )
    )
    assert "Contract taken by Les Bleus: 90, ♥ hearts." in said
    assert "Card points: 100 for Les Bleus, 62 for Tom & Zoé." in said
    assert "Contract made: 90 + 100 = 190 for Les Bleus;" in said


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"team": "1", "points": "163"}, "Les points de cartes : de 0 à 162."),
        ({"team": "1", "points": "-1"}, "Les points de cartes : de 0 à 162."),
        ({"team": "1", "points": "cent"}, "Les points de cartes : un nombre entier."),
        ({"team": "3", "points": "90"}, "L'équipe : l'une des deux de la table."),
        ({"team": "1", "points": "90", "capot": "3"}, "l'une des équipes, ou aucune"),
        ({"team": "1", "points": "90", "belote": "x"}, "l'une des équipes, ou aucune"),
        ({"points": "90"}, "Dites quelle équipe prend."),
        ({"team": "1"}, "Combien de points de cartes"),
        ({"team": "1", "points": "90", "capot": "1"}, "laissez-les vides"),
    ],
)
def test_a_bad_belote_deal_is_refused_and_nothing_is_stored(client, fields, message):
    game, host = make_round_game("belote", TABLE)
    version = game.version
    response = client.post(host_url(host, "record_round"), posted(game, fields))
    assert response.status_code == 422
    assert message in text(response)
    game.refresh_from_db()
    assert game.version == version and live_rounds(game) == []


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        (
            {"team": "1", "contract": "170", "trump": "coeur", "points": "90"},
            "Ce contrat n'est pas dans la liste de cette partie.",
        ),
        (
            {"team": "1", "contract": "generale", "trump": "coeur", "points": "90"},
            "Ce contrat n'est pas dans la liste de cette partie.",
        ),
        (
            {"team": "1", "contract": "80", "trump": "sans_atout", "points": "90"},
            "Cet atout n'est pas dans la liste de cette partie.",
        ),
        (
            {"team": "1", "contract": "80", "trump": "coeur", "points": "200"},
            "Les points de cartes : de 0 à 162.",
        ),
        ({"team": "1", "trump": "coeur", "points": "90"}, "Choisissez le contrat."),
        ({"team": "2", "contract": "80", "points": "90"}, "Choisissez l'atout."),
        (
            {
                "team": "1",
                "contract": "80",
                "trump": "coeur",
                "points": "90",
                "coinche": "x8",
            },
            "Coinché : non, ×2 ou ×4.",
        ),
    ],
)
def test_a_bad_coinche_deal_is_refused_and_nothing_is_stored(client, fields, message):
    game, host = make_round_game("coinche", TABLE)
    version = game.version
    response = client.post(host_url(host, "record_round"), posted(game, fields))
    assert response.status_code == 422
    assert message in text(response)
    game.refresh_from_db()
    assert game.version == version and live_rounds(game) == []


def test_the_house_contracts_are_offered_only_when_the_game_takes_them(client):
    game, host = make_round_game(
        "coinche", TABLE, {"high_contracts": True, "generale": True}
    )
    page = client.get(host_url(host, "new_round")).content.decode()
    assert 'value="170"' in page and 'value="generale"' in page
    assert "tous les plis seul" in text(client.get(host_url(host, "new_round")))
    plain, plain_host = make_round_game("coinche", TABLE)
    page = client.get(host_url(plain_host, "new_round")).content.decode()
    assert 'value="170"' not in page and 'value="generale"' not in page


# --- playing ---------------------------------------------------------------------


def test_belote_deals_played_through_the_host_page_fill_the_two_team_columns(client):
    game, host = make_round_game("belote", TABLE, {"target": 501})
    assert deal(client, game, host, "k1", team="1", points="97").status_code == 302
    assert deal(client, game, host, "k2", team="2", points="81").status_code == 302
    assert deal(client, game, host, "k3", team="1", passed="on").status_code == 302
    page = text(client.get(host_url(host)))
    assert "Léa & Max" in page and "Tom & Zoé" in page
    # 97 + 0 (litige: 81 of team 2 in reserve), Tom & Zoé 65 + 0.
    assert "Léa & Max : 81, total 178" in page
    assert "81 points de litige en réserve" in page
    assert "Donne 4 : Zoé distribue" in page
    assert len(live_rounds(game)) == 3
    # Each partner holds the team's total.
    totals = game.state().totals
    ids = {p.name: p.pk for p in game.players.all()}
    assert totals[ids["Léa"]] == totals[ids["Max"]] == 178
    assert totals[ids["Tom"]] == totals[ids["Zoé"]] == 65


def test_a_coinche_game_ends_with_the_winning_team_on_the_podium(client):
    game, host = make_round_game("coinche", TABLE, {"target": 500})
    contract = {"contract": "90", "trump": "carreau", "coinche": "coinche"}
    deal(client, game, host, "k1", team="2", points="100", **contract)
    page = text(client.get(host_url(host)))
    assert "90 ♦ coinché · fait" in page
    assert "Partie terminée" in page
    assert "Victoire : Tom & Zoé !" in page
    assert "504 points" in page
    watch = text(client.get(watch_url(game)))
    assert "Victoire : Tom & Zoé !" in watch


def test_the_band_credits_both_partners_of_the_winning_team(client):
    game, host = make_round_game("belote", TABLE, {"target": 200})
    deal(client, game, host, "k1", team="1", capot="1", belote="1")
    game.refresh_from_db()
    assert game.state().finished
    scores = game.game_kind.final_scores(game.state())
    ranks = {score.name: score.rank for score in scores}
    assert ranks == {"Léa": 1, "Max": 1, "Tom": 3, "Zoé": 3}
    details = {score.name: score.details for score in scores}
    assert details["Léa"] == {"taken": 1, "made": 1, "capots": 1}
    assert details["Tom"] == {"taken": 0, "made": 0, "capots": 0}
    band = client.get(reverse("bands:band", kwargs={"band_token": game.band.token}))
    assert band.status_code == 200
    said = text(band)
    assert "Belote" in said and "Capots" in said


def test_the_result_page_ranks_the_two_teams(client):
    game, host = make_round_game(
        "belote", TABLE, {"target": 200, "team_names": ["", "Les Bleus"]}
    )
    deal(client, game, host, "k1", team="2", capot="2")
    url = reverse("keepsakes:result", kwargs={"watch_token": game.watch_token})
    page = text(client.get(url))
    assert "Victoire : Les Bleus" in page
    assert "Rang Équipe Points" in page
    assert "Léa & Max" in page
    assert "ex aequo" not in page
    assert "Tom" not in page.split("Victoire : Les Bleus")[1].split("Partager")[0]
    image = client.get(
        reverse("keepsakes:result_image", kwargs={"watch_token": game.watch_token})
    )
    assert image.status_code == 200 and image["Content-Type"] == "image/png"


def test_a_coinche_game_with_team_names_exports_and_imports_back_the_same(client):
    import json

    from keepsakes.export import game_json
    from keepsakes.imports import import_game

    game, host = make_round_game(
        "coinche", TABLE, {"target": 500, "team_names": ["Nord-Sud", "Est-Ouest"]}
    )
    contract = {"contract": "110", "trump": "coeur"}
    deal(client, game, host, "k1", team="1", points="113", **contract)
    deal(client, game, host, "k2", team="2", passed="on")
    deal(
        client,
        game,
        host,
        "k3",
        team="2",
        capot="2",
        belote="1",
        contract="capot",
        trump="pique",
    )
    game.refresh_from_db()
    exported = game_json(game)
    imported, _host = import_game(json.dumps(exported).encode(), band=None)
    assert imported.options["team_names"] == ["Nord-Sud", "Est-Ouest"]
    again = game_json(imported)
    exported.pop("exported_at"), again.pop("exported_at")
    assert again == exported
    log = text(
        client.get(reverse("keepsakes:log", kwargs={"watch_token": game.watch_token}))
    )
    assert "110 ♥ · Nord-Sud · fait" in log
    assert "Capot ♠ · Est-Ouest · fait" in log
    pdf = client.get(
        reverse("keepsakes:game_pdf", kwargs={"watch_token": game.watch_token})
    )
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    csv = client.get(
        reverse(
            "keepsakes:export", kwargs={"watch_token": game.watch_token, "fmt": "csv"}
        )
    )
    assert "Donne passée" in csv.content.decode()


def test_the_end_and_undo_dialogs_speak_of_the_two_teams(client):
    game, host = make_round_game("belote", TABLE)
    deal(client, game, host, "k1", team="1", points="97")
    ending = text(client.get(host_url(host, "end")))
    assert "1 Léa & Max 97" in ending and "2 Tom & Zoé 65" in ending
    assert "Tom 65" not in ending
    undoing = text(client.get(host_url(host, "undo")))
    assert "Léa & Max 97 · Tom & Zoé 65" in undoing


@pytest.mark.parametrize(
    ("language", "summary"),
    [
        ("fr", "Tom & Zoé en tête depuis la donne 2 ; Les Bleus à 46 points."),
        ("en", "Tom & Zoé ahead since deal 2; Les Bleus 46 points behind."),
    ],
)
def test_the_race_under_the_team_sheet_names_the_teams_with_no_verb_to_agree(
    client, language, summary
):
    game, host = make_round_game("belote", TABLE, {"team_names": ["Les Bleus", ""]})
    deal(client, game, host, "k1", team="1", points="97")
    deal(client, game, host, "k2", team="2", points="120")
    page = text(client.get(watch_url(game), HTTP_ACCEPT_LANGUAGE=language))
    assert summary in page


@pytest.mark.parametrize(
    ("language", "summary"),
    [
        (
            "fr",
            "Les Bleus : victoire, en tête depuis la donne 1 ; Tom & Zoé : "
            "250 points derrière à l'arrivée.",
        ),
        (
            "en",
            "Les Bleus: victory, ahead since deal 1; Tom & Zoé: 250 points behind "
            "at the end.",
        ),
    ],
)
def test_the_result_page_s_race_names_the_teams_with_no_verb_to_agree(
    client, language, summary
):
    game, host = make_round_game(
        "belote", TABLE, {"target": 200, "team_names": ["Les Bleus", ""]}
    )
    deal(client, game, host, "k1", team="1", capot="1")
    url = reverse("keepsakes:result", kwargs={"watch_token": game.watch_token})
    page = text(client.get(url, HTTP_ACCEPT_LANGUAGE=language))
    assert summary in page


def test_teams_named_nous_and_eux_read_right_from_the_first_deal_to_the_podium(client):
    # The pads of French tables say "Nous" and "Eux": no sentence may make a verb
    # agree with a team's name ("Nous gagnent", "Eux mènent").
    game, host = make_round_game(
        "belote", TABLE, {"target": 200, "team_names": ["Nous", "Eux"]}
    )
    deal(client, game, host, "k1", team="1", points="97")
    page = text(client.get(watch_url(game)))
    assert "Nous en tête depuis la donne 1 ; Eux à 32 points." in page
    log = text(client.get(reverse("keepsakes:log", args=[game.watch_token])))
    assert "Pris par Nous · faite" in log
    deal(client, game, host, "k2", team="2", capot="2")
    page = text(client.get(watch_url(game)))
    assert "Victoire : Eux !" in page
    result = client.get(reverse("keepsakes:result", args=[game.watch_token]))
    said = text(result)
    assert "Victoire : Eux !" in said
    assert "Eux : victoire, en tête depuis la donne 2 ; Nous : " in said
    for wrong in ("Eux gagnent", "Nous mènent", "Nous sont", "Nous finissent"):
        assert wrong not in page + said


# --- the players' faces and the last deal in words ----------------------------------


def faces_in(html, where):
    """(colour, sign) of each face dot right after a `where` element opens, and
    of the dots that follow it, in the page's order."""
    return [
        re.findall(r'face-dot face-(\d)" data-sign="([^"]*)"', found)
        for found in re.findall(
            where + r"((?:<span [^>]*face-dot[^>]*></span>)+)", html
        )
    ]


MEMBER = r'<span class="team-member">'
STANDING = r'<span class="standing-name">'
RANKED = r'<span class="rank-name">'


def test_the_team_sheet_shows_each_members_face_and_the_last_deal_in_words(client):
    game, host = make_round_game("belote", TABLE)
    deal(client, game, host, "k1", team="1", points="97")
    deal(client, game, host, "k2", team="2", points="88", belote="1")

    watched = client.get(watch_url(game))
    html = watched.content.decode()
    # Léa, Tom, Max, Zoé take the band's first colours in seat order; team 1 is
    # Léa & Max, team 2 Tom & Zoé.
    assert faces_in(html, MEMBER) == [
        [("0", "L")],
        [("2", "M")],
        [("1", "T")],
        [("3", "Z")],
    ]
    # The big screen's standings, best first: Léa & Max 97 + 182.
    assert faces_in(html, STANDING) == [
        [("0", "L"), ("2", "M")],
        [("1", "T"), ("3", "Z")],
    ]
    said = (
        "Dernier résultat : Donne 2 · pris par Tom & Zoé : dedans, "
        "182 pour Léa & Max, belote pour Léa & Max"
    )
    assert said in text(watched)
    assert said in text(client.get(host_url(host)))
    english = text(client.get(watch_url(game), HTTP_ACCEPT_LANGUAGE="en"))
    assert (
        "Last result: Deal 2 · taken by Tom & Zoé: dedans (failed), 182 to Léa & Max"
        in english
    )


def test_before_the_first_deal_the_host_is_offered_the_faces_and_no_deal_is_said(
    client,
):
    game, host = make_round_game("coinche", TABLE)

    page = client.get(host_url(host))

    assert "Choisir les couleurs et les marques des joueurs" in text(page)
    assert "Dernier résultat" not in text(page)
    assert "Choisir les couleurs" not in text(client.get(watch_url(game)))


def test_the_coinche_end_screen_ranks_the_teams_with_their_members_faces(client):
    game, host = make_round_game("coinche", TABLE, {"target": 500})
    deal(client, game, host, "k1", team="2", contract="capot", trump="pique", capot="2")

    watched = client.get(watch_url(game))

    assert faces_in(watched.content.decode(), RANKED) == [
        [("1", "T"), ("3", "Z")],
        [("0", "L"), ("2", "M")],
    ]
    assert "Dernier résultat : Donne 1 · Capot ♠ pris par Tom & Zoé : fait" in text(
        watched
    )
