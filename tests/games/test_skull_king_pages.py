"""Skull King on the game page: the round dialog (the cards dealt, each player's
bid and tricks, the bonuses), the calculation before Valider, the sheet's
bid/tricks marks, bad rounds refused with the player's name and nothing stored,
undo, the house options on the create page, and the log's words."""

import re

import pytest

from games.models import Game
from keepsakes.export import game_log
from tests.factories import make_round_game, pks, play_rounds
from tests.helpers import EVERY_SECTION, HTMX, host_url, page_text, text

pytestmark = pytest.mark.django_db

FOUR = ["Léa", "Tom", "Zoé", "Max"]


def entry(game, rows, **extra):
    """An engine entry: `rows` {name: (bid, tricks)} or {name: {fields}}."""
    ids = pks(game)
    players = {}
    for name, row in rows.items():
        if isinstance(row, tuple):
            row = {"bid": row[0], "tricks": row[1]}
        players[str(ids[name])] = row
    return {"players": players, **extra}


def posted(game, rows, key="key-1", **extra):
    """The dialog's form data: `rows` {name: (bid, tricks, {bonus: count})}."""
    ids = pks(game)
    fields = {"seen_version": game.version, "request_key": key, **extra}
    for name, (bid, tricks, *bonuses) in rows.items():
        pk = ids[name]
        fields[f"bid-{pk}"] = bid
        fields[f"tricks-{pk}"] = tricks
        for field, value in (bonuses[0] if bonuses else {}).items():
            fields[f"{field}-{pk}"] = value
    return fields


def to_round_five(game):
    """Four rounds where Léa bids and wins every trick, the others nothing."""
    for number in range(1, 5):
        rows = {name: (0, 0) for name in FOUR} | {"Léa": (number, number)}
        play_rounds(game, entry(game, rows))
    game.refresh_from_db()


def live_rounds(game):
    return list(game.rounds.filter(undone_at__isnull=True))


def test_the_dialog_says_the_cards_dealt_and_offers_each_players_bid_and_tricks(
    client,
):
    game, host = make_round_game("skull_king", FOUR)
    to_round_five(game)

    html = client.get(host_url(host, "new_round"), **HTMX).content.decode()
    said = text(client.get(host_url(host, "new_round")))

    assert "Manche 5" in said
    assert "5 cartes chacun" in said
    assert "Les plis gagnés font 5 en tout." in said
    léa = pks(game)["Léa"]
    bids = re.findall(rf'type="radio" name="bid-{léa}" value="(\d+)"', html)
    assert bids == [str(n) for n in range(6)]
    # Nothing chosen for the bid: a wrong default would score silently.
    assert not re.search(rf'name="bid-{léa}" value="\d+" checked', html)
    # The cards are not asked: they are the round's number.
    assert 'name="cards"' not in html
    assert "Bonus" in said
    assert 'type="text"' not in html and 'type="number"' not in html


def test_the_preview_shows_each_players_calculation_and_the_new_totals(client):
    game, host = make_round_game("skull_king", FOUR)
    to_round_five(game)
    rows = {
        "Léa": (2, 2, {"black_fourteen": "on"}),
        "Tom": (3, 1),
        "Zoé": (0, 0),
        "Max": (1, 2, {"fourteens": 1}),
    }

    response = client.post(host_url(host, "preview_round"), posted(game, rows), **HTMX)

    said = text(response)
    assert "Léa : mise 2, plis 2 : réussie, 20 × 2 = +40." in said
    assert "Léa, bonus 14 noir × 1 : +20." in said
    assert "Léa : +60 pour la manche." in said
    assert "Tom : mise 3, plis 1 : manquée de 2, −10 × 2 = −20." in said
    assert "Zoé : mise zéro, aucun pli : réussie, 10 × 5 = +50." in said
    assert "Max : mise manquée, bonus non comptés." in said
    assert "Max : −10 pour la manche." in said
    assert live_rounds(game) and len(live_rounds(game)) == 4


def test_a_round_recorded_shows_each_players_bid_and_tricks_on_the_sheet(client):
    game, host = make_round_game("skull_king", FOUR)
    rows = {"Léa": (1, 1), "Tom": (0, 0), "Zoé": (1, 0), "Max": (0, 0)}

    response = client.post(host_url(host, "record_round"), posted(game, rows))

    assert response.status_code == 302
    page = client.get(response.url)
    said = text(page)
    assert "Manche 1 notée." in said
    assert "Léa : +20, total 20 (mise 1, 1 pli)" in said
    assert "Zoé : −10, total −10 (mise 1, 0 pli)" in said
    assert '<small class="mark">1/1</small>' in page.content.decode()
    (made,) = live_rounds(game)
    ids = pks(game)
    assert made.points == {
        str(ids["Léa"]): 20,
        str(ids["Tom"]): 10,
        str(ids["Zoé"]): -10,
        str(ids["Max"]): 10,
    }


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        (
            {"Léa": (3, 1), "Tom": (0, 0), "Zoé": (0, 0), "Max": (0, 0)},
            "Léa, la mise : un nombre de 0 à 1.",
        ),
        (
            {"Léa": (1, 1), "Tom": (0, 1), "Zoé": (0, 0), "Max": (0, 0)},
            "Les plis gagnés font 2 ; il en faut 1, un par carte distribuée.",
        ),
        (
            {"Léa": (1, 1, {"fourteens": 4}), "Tom": (0, 0), "Zoé": (0, 0)}
            | {"Max": (0, 0)},
            "Léa, les 14 de couleur : un nombre de 0 à 3.",
        ),
        (
            {"Léa": (1, 1), "Tom": (0, 0, {"black_fourteen": "on"})}
            | {"Zoé": (0, 0), "Max": (0, 0)},
            "Tom n'a gagné aucun pli : aucune carte capturée, pas de bonus",
        ),
        (
            {"Léa": (1, 1), "Tom": (0, 0), "Zoé": (0, 0)},
            "Il manque la mise de Max.",
        ),
        (
            {"Léa": ("deux", 1), "Tom": (0, 0), "Zoé": (0, 0), "Max": (0, 0)},
            "Mise de Léa : un nombre entier.",
        ),
    ],
    ids=[
        "bid-above-cards",
        "tricks",
        "bonus-beyond-deck",
        "no-trick",
        "missing",
        "nan",
    ],
)
def test_a_bad_round_is_refused_with_the_players_name_and_nothing_stored(
    client, rows, message
):
    game, host = make_round_game("skull_king", FOUR)
    version = game.version

    response = client.post(host_url(host, "record_round"), posted(game, rows))

    assert response.status_code == 422
    assert message in text(response)
    game.refresh_from_db()
    assert live_rounds(game) == [] and game.version == version


def test_two_players_cannot_share_more_than_three_fourteens(client):
    game, host = make_round_game("skull_king", FOUR)
    to_round_five(game)
    rows = {
        "Léa": (2, 2, {"fourteens": 2}),
        "Tom": (3, 3, {"fourteens": 2}),
        "Zoé": (0, 0),
        "Max": (0, 0),
    }

    response = client.post(host_url(host, "record_round"), posted(game, rows))

    assert response.status_code == 422
    assert "Il n'y a que trois 14 de couleur." in text(response)
    assert len(live_rounds(game)) == 4


def test_undo_takes_the_last_round_back(client):
    game, host = make_round_game("skull_king", FOUR)
    play_rounds(
        game, entry(game, {"Léa": (1, 1), "Tom": (0, 0), "Zoé": (0, 0), "Max": (0, 0)})
    )
    game.refresh_from_db()

    asked = text(client.get(host_url(host, "undo")))
    response = client.post(
        host_url(host, "undo"), {"seen_version": game.version, "request_key": "u-1"}
    )

    assert "Manche 1 : Léa +20 · Tom +10 · Zoé +10 · Max +10" in asked
    assert "Manche 1 annulée." in text(client.get(response.url))
    assert live_rounds(game) == []


def test_a_short_game_asks_the_cards_and_ends_after_its_rounds(client):
    game, host = make_round_game("skull_king", ["Léa", "Tom"], options={"rounds": 2})

    html = client.get(host_url(host, "new_round"), **HTMX).content.decode()
    assert re.search(r'name="cards" value="1" checked', html)
    rows = {"Léa": (3, 2), "Tom": (0, 1)}
    client.post(host_url(host, "record_round"), posted(game, rows, cards=3))
    game.refresh_from_db()
    client.post(
        host_url(host, "record_round"),
        posted(game, {"Léa": (1, 1), "Tom": (1, 1)}, key="key-2", cards=2),
    )

    game.refresh_from_db()
    state = game.state()
    assert state.finished
    assert [r.detail.cards for r in state.rounds] == [3, 2]
    # Léa −10 then +20; Tom, bid zero with a trick of three cards, −30 then +20.
    assert state.totals == {pks(game)["Léa"]: 10, pks(game)["Tom"]: -10}
    assert "3 cartes" in text(client.get(host_url(host)))


def test_at_eight_players_the_ninth_round_asks_the_cards_dealt_eight_chosen(client):
    names = ["Ana", "Bob", "Cy", "Dan", "Eve", "Fay", "Gus", "Hal"]
    game, host = make_round_game("skull_king", names)
    for number in range(1, 9):
        rows = {name: (0, 0) for name in names} | {"Ana": (number, number)}
        play_rounds(game, entry(game, rows))

    html = client.get(host_url(host, "new_round"), **HTMX).content.decode()

    assert "8 cartes chacun" in text(client.get(host_url(host, "new_round")))
    assert re.search(r'name="cards" value="8" checked', html)
    assert not re.search(r'name="cards" value="9"', html)


def test_the_advanced_cards_add_the_lost_tricks_the_loot_and_the_wager(client):
    game, host = make_round_game(
        "skull_king", ["Léa", "Tom", "Zoé"], options={"advanced": True}
    )
    play_rounds(game, entry(game, {"Léa": (1, 1), "Tom": (0, 0), "Zoé": (0, 0)}))
    game.refresh_from_db()

    html = client.get(host_url(host, "new_round"), **HTMX).content.decode()
    assert 'name="lost_tricks"' in html
    assert f'name="loot-{pks(game)["Léa"]}"' in html
    rows = {"Léa": (1, 1, {"wager": 20}), "Tom": (1, 0), "Zoé": (0, 0)}
    response = client.post(
        host_url(host, "preview_round"), posted(game, rows, lost_tricks=1), **HTMX
    )

    said = text(response)
    assert "Manche 2 : 2 cartes, dont 1 plis remportés par personne." in said
    assert "Léa, pari de Rascal gagné : +20." in said


def test_the_create_page_offers_the_house_options(client):
    page = text(client.get("/"))
    assert "Skull King" in page and "Nombre de manches" in page

    data = {**EVERY_SECTION, "kind": "skull_king", "names": ["Léa", "Tom"]}
    data |= {"skull_king-rounds": "5", "skull_king-scoring": "rascal"}
    response = client.post("/", data)

    assert response.status_code == 302
    game = Game.objects.get()
    assert game.kind == "skull_king"
    assert game.options == {
        "rounds": 5,
        "advanced": False,
        "scoring": "rascal",
        "bonuses": "2021",
    }


def test_the_log_says_each_players_bid_tricks_points_and_bonuses(client):
    game, host = make_round_game("skull_king", FOUR)
    to_round_five(game)
    rows = {
        "Léa": {"bid": 2, "tricks": 2, "black_fourteen": True},
        "Tom": (3, 3),
        "Zoé": (0, 0),
        "Max": (0, 0),
    }
    play_rounds(game, entry(game, rows))
    game.refresh_from_db()

    log = " / ".join(f"{row.text} | {row.details}" for row in game_log(game))

    assert "Léa : mise 2, 2 plis, +60 (14 noir)" in log
    assert "Tom : mise 3, 3 plis, +60" in log
    assert "5 cartes · 4 mises réussies sur 4" in log


def test_a_skull_king_game_reads_in_english(client):
    game, host = make_round_game("skull_king", FOUR)
    play_rounds(
        game, entry(game, {"Léa": (1, 1), "Tom": (0, 0), "Zoé": (0, 0), "Max": (0, 0)})
    )

    page = text(client.get(host_url(host), HTTP_ACCEPT_LANGUAGE="en"))
    dialog = text(client.get(host_url(host, "new_round"), HTTP_ACCEPT_LANGUAGE="en"))

    assert "Round 2: Tom deals" in page
    assert "2 cards each" in dialog
    assert "Bid" in dialog and "Tricks" in dialog


def test_tricks_that_do_not_add_up_are_said_before_every_bid_is_in(client):
    game, host = make_round_game("skull_king", ["Léa", "Tom"])
    play_rounds(game, entry(game, {"Léa": (1, 1), "Tom": (0, 0)}))
    game.refresh_from_db()
    ids = pks(game)
    fields = {"seen_version": game.version, "request_key": "k"}
    fields |= {f"tricks-{ids['Léa']}": 2, f"tricks-{ids['Tom']}": 1}

    response = client.post(host_url(host, "preview_round"), fields, **HTMX)

    said = text(response)
    assert "Les plis gagnés font 3 ; il en faut 2" in said
    # The bids not tapped yet are no mistake while the host is tapping.
    assert "Il manque la mise" not in said


def test_the_band_keeps_exact_bids_zero_bids_and_bonus_points(client):
    game, host = make_round_game("skull_king", ["Léa", "Tom"], options={"rounds": 2})
    play_rounds(game, entry(game, {"Léa": (1, 1), "Tom": (0, 0)}))
    play_rounds(
        game,
        entry(
            game,
            {"Léa": {"bid": 2, "tricks": 2, "black_fourteen": True}, "Tom": (1, 0)},
        ),
    )
    game.refresh_from_db()
    assert game.finished_at is not None

    (kept,) = game.band.stats().records
    html = client.get(f"/b/{game.band.token}/").content.decode()

    by_name = {p.name: [p.figure(c) for c in kept.columns] for p in kept.players}
    assert by_name == {"Léa": [2, 0, 20], "Tom": [1, 1, 0]}
    said = page_text(html)
    assert "Skull King" in said and "Mises réussies" in html
    result = client.get(f"/r/{game.watch_token}/")
    assert result.status_code == 200
    assert "Léa" in text(result) and "Skull King" in text(result)


def test_the_race_is_drawn_as_wide_as_the_game_from_its_first_round():
    game, _host = make_round_game("skull_king", ["Léa", "Tom"], options={"rounds": 6})
    play_rounds(game, entry(game, {"Léa": (1, 1), "Tom": (0, 0)}))
    game.refresh_from_db()
    state = game.state()

    assert game.game_kind.race_length(state) == 6
    (line, left) = state.prospects()[pks(game)["Tom"]].lines
    assert left.params == {"left": 5}


def test_every_page_of_a_skull_king_game_answers(client):
    game, host = make_round_game("skull_king", FOUR)
    to_round_five(game)
    watch = f"/w/{game.watch_token}/"

    for url in (
        host_url(host) + "?tv=1",
        watch,
        watch + "sheet/",
        watch + "log/",
        watch + "export.csv",
        watch + "export.json",
        watch + "sheet.pdf",
        "/printables/skull_king/8.pdf",
    ):
        assert client.get(url).status_code == 200, url
    assert "4 cartes · 4 mises réussies sur 4" in text(client.get(watch + "log/"))
