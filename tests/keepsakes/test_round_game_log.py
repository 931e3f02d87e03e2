"""The log of a game of rounds: every round in order, who entered it, what was
entered, each player's points and total after it; a round taken back is kept,
struck, with who took it back."""

import re

import pytest
from django.urls import reverse

from tests.helpers import page_text
from tests.keepsakes.round_games import skyjo_game, tally_game, tarot_game


def log_url(game):
    return reverse("keepsakes:log", kwargs={"watch_token": game.watch_token})


CELL = (
    r'<span class="log-round-points">(.*?)</span>'
    r'<span class="log-total">(.*?)</span>'
)


def round_blocks(response):
    """Each round of the log as (heading words, [(points, total)] per player),
    and the players the table heads name."""
    html = response.content.decode()
    heads = re.findall(r'<th scope="col" class="log-num">(.*?)</th>', html)
    blocks = []
    for inner in re.findall(
        r'<tbody class="log-round-entry[^"]*">(.*?)</tbody>', html, flags=re.S
    ):
        what = page_text(
            re.search(
                r"<th scope=\"rowgroup\"[^>]*>(.*?)</th>", inner, flags=re.S
            ).group(1)
        )
        cells = [
            (page_text(points), page_text(total))
            for points, total in re.findall(CELL, inner)
        ]
        struck = re.findall(r'<td class="log-num"[^>]*><del>(.*?)</del></td>', inner)
        blocks.append((what, cells or [(page_text(s), "") for s in struck]))
    return [page_text(h) for h in heads], blocks


@pytest.mark.django_db
def test_a_tarot_log_says_each_deal_its_taker_and_every_share_with_the_totals(client):
    game, _host = tarot_game()
    response = client.get(log_url(game))
    assert response.status_code == 200
    heads, blocks = round_blocks(response)
    assert heads == ["Ana", "Bruno", "Chloé", "David"]
    assert "Toutes les donnes, dans l'ordre" in page_text(response.content.decode())
    first, passed, failed, made = blocks
    assert first[0].startswith("Donne 1 Garde · Ana · faite")
    assert "2 bouts, 49 points (il en fallait 41)" in first[0]
    assert "petit au bout pour le camp du preneur" in first[0]
    assert "Poignée simple montrée par le camp du preneur" in first[0]
    assert first[0].endswith("Hôte")
    assert first[1] == [
        ("+318", "318"),
        ("−106", "−106"),
        ("−106", "−106"),
        ("−106", "−106"),
    ]
    assert passed[0].startswith("Donne 2 Donne passée")
    assert passed[1] == [("0", "318"), ("0", "−106"), ("0", "−106"), ("0", "−106")]
    assert failed[0].startswith("Donne 3 Prise · Bruno · chutée")
    assert "1 bout, 40,5 points (il en fallait 51)" in failed[0]
    assert made[0].startswith("Donne 4 Garde sans le chien · Chloé · faite")
    assert made[1] == [
        ("−100", "254"),
        ("−100", "−314"),
        ("+300", "230"),
        ("−100", "−170"),
    ]


@pytest.mark.django_db
def test_a_tarot_deal_at_five_names_the_partner(client):
    from games.models import Game
    from tests.factories import pks

    game, _host = Game.objects.create_game(
        ["Ana", "Bruno", "Chloé", "David", "Emma"], kind="tarot"
    )
    p = pks(game)
    game.record_round(
        {
            "taker": p["Ana"],
            "partner": p["Emma"],
            "contract": "garde",
            "bouts": 2,
            "points": 49,
        }
    )
    _heads, blocks = round_blocks(client.get(log_url(game)))
    assert blocks[0][0].startswith("Donne 1 Garde · Ana avec Emma · faite")


@pytest.mark.django_db
def test_a_deal_taken_back_stays_in_the_log_struck_with_who_took_it_back(client):
    game, _host = tarot_game(end=False)
    game.undo()
    game.record_round({"passed": True})
    response = client.get(log_url(game))
    _heads, blocks = round_blocks(response)
    assert len(blocks) == 5
    undone, again = blocks[3], blocks[4]
    assert undone[0].startswith(
        "Donne 4 Garde sans le chien · Chloé · faite annulée par l'hôte"
    )
    assert undone[1] == [("−100", ""), ("−100", ""), ("+300", ""), ("−100", "")]
    assert "<del" in response.content.decode()
    # The deal entered in its place is the fourth again, and the totals skip the
    # one taken back.
    assert again[0].startswith("Donne 4 Donne passée")
    assert again[1] == [("0", "354"), ("0", "−214"), ("0", "−70"), ("0", "−70")]


@pytest.mark.django_db
def test_a_skyjo_log_gives_the_cards_the_finisher_and_the_doubling(client):
    game, _host = skyjo_game()
    heads, blocks = round_blocks(client.get(log_url(game)))
    assert heads == ["Léa", "Tom", "Zoé"]
    assert blocks[0][0].startswith(
        "Manche 1 Zoé a fini · doublé Cartes : Léa 3, Tom 12, Zoé 3"
    )
    assert blocks[0][1] == [("3", "3"), ("12", "12"), ("6", "6")]
    assert blocks[1][0].startswith("Manche 2 Léa a fini Cartes : Léa −2, Tom 9")
    assert blocks[1][1][0] == ("−2", "1")
    assert blocks[2][1] == [("4", "5"), ("22", "43"), ("8", "19")]


@pytest.mark.django_db
def test_a_free_count_log_gives_the_points_given_each_round(client):
    game, _host = tally_game()
    _heads, blocks = round_blocks(client.get(log_url(game)))
    assert blocks[0][0].startswith("Manche 1 Points : Sarah +5, Hugo −3")
    assert blocks[1][0].startswith("Manche 2 Points : Hugo +10")
    assert blocks[1][1] == [("0", "5"), ("+10", "7")]


@pytest.mark.django_db
def test_a_round_entered_by_the_pencil_says_so(client):
    game, host = tally_game(end=False)
    game.pass_pencil(host, "Léa")
    game.record_round({"points": {str(game.players.first().pk): 1}}, by="pencil")
    _heads, blocks = round_blocks(client.get(log_url(game)))
    assert blocks[-1][0].endswith("Crayon (Léa)")


@pytest.mark.django_db
def test_a_game_of_rounds_without_a_round_has_an_empty_log(client):
    from games.models import Game

    game, _host = Game.objects.create_game(["Léa", "Tom"], kind="skyjo")
    response = client.get(log_url(game))
    assert response.status_code == 200
    assert "Aucune manche pour l'instant." in page_text(response.content.decode())


@pytest.mark.django_db
def test_a_name_corrected_shows_in_the_log_of_a_game_of_rounds(client):
    game, _host = tally_game(end=False)
    hugo = game.players.get(name="Hugo")
    game.rename(hugo.pk, "Hugues")
    game.record_round({"points": {str(hugo.pk): 2}})
    response = client.get(log_url(game))
    heads, blocks = round_blocks(response)
    assert heads == ["Sarah", "Hugues"]
    page = page_text(response.content.decode())
    assert "Prénom corrigé : Hugo → Hugues" in page
    # Under the round before it, before the one after it.
    assert (
        page.index("Manche 2") < page.index("Prénom corrigé") < page.index("Manche 3")
    )
    assert blocks[-1][0].startswith("Manche 3 Points : Hugues +2")


@pytest.mark.django_db
@pytest.mark.parametrize("deals", [1, 40])
def test_the_log_of_a_game_of_rounds_costs_the_same_queries_whatever_its_length(
    client, django_assert_max_num_queries, deals
):
    from games.models import Game
    from tests.factories import pks

    game, _host = Game.objects.create_game(["Ana", "Bruno", "Chloé"], kind="tarot")
    ana = pks(game)["Ana"]
    for _n in range(deals):
        game.record_round({"taker": ana, "contract": "prise", "bouts": 1, "points": 60})
    with django_assert_max_num_queries(6):
        assert client.get(log_url(game)).status_code == 200
