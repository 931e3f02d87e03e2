"""Changing the seating on the host's page before the first deal: partners at
belote and coinche are chosen by where they sit, so until a deal is entered the
host moves players up or down; after it, or for an order that is not the
game's players, or from any other link, nothing changes."""

import re

import pytest
from django.urls import reverse

from games.models import HostOnly, SeatingRefused, Writer
from tests.factories import make_round_game, pks
from tests.helpers import HTMX, db_snapshot, host_url, pencil_url, text, watch_url

pytestmark = pytest.mark.django_db

TABLE = ["Léa", "Tom", "Max", "Zoé"]


def seating(game):
    return [p.name for p in game.players.all()]


def order(game, names):
    ids = pks(game)
    return [ids[name] for name in names]


def joined(game, names):
    return ",".join(str(pk) for pk in order(game, names))


def belote(options=None):
    return make_round_game("belote", TABLE, options)


# --- the verb --------------------------------------------------------------------


def test_reseating_moves_the_players_and_the_teams_follow():
    game, host = belote()
    version = game.version
    seated = game.reseat(order(game, ["Léa", "Max", "Tom", "Zoé"]))
    assert [p.name for p in seated] == ["Léa", "Max", "Tom", "Zoé"]
    assert seating(game) == ["Léa", "Max", "Tom", "Zoé"]
    game.refresh_from_db()
    assert game.version == version + 1
    # Team 1 is seats 1 and 3: Léa now plays with Tom.
    heads = [h.name for h in game.state().players]
    assert heads == ["Léa", "Max", "Tom", "Zoé"]


def test_the_same_order_again_changes_nothing():
    game, host = belote()
    version = game.version
    game.reseat(order(game, TABLE))
    game.refresh_from_db()
    assert game.version == version
    assert seating(game) == TABLE


def test_reseating_is_refused_once_a_deal_is_entered():
    game, host = belote()
    game.record_round({"team": 1, "points": 100})
    before = db_snapshot()
    with pytest.raises(SeatingRefused, match="La partie a commencé"):
        game.reseat(order(game, ["Léa", "Max", "Tom", "Zoé"]))
    assert db_snapshot() == before


def test_after_the_only_deal_is_undone_the_seating_changes_again():
    game, host = belote()
    game.record_round({"team": 1, "points": 100})
    game.undo()
    game.reseat(order(game, ["Tom", "Léa", "Max", "Zoé"]))
    assert seating(game) == ["Tom", "Léa", "Max", "Zoé"]


@pytest.mark.parametrize(
    "forged",
    [
        ["Léa", "Tom", "Max"],  # one left out
        ["Léa", "Tom", "Max", "Max"],  # one twice
        ["Léa", "Tom", "Max", "Zoé", "Léa"],
    ],
)
def test_an_order_that_is_not_the_players_each_once_is_refused(forged):
    game, host = belote()
    before = db_snapshot()
    with pytest.raises(SeatingRefused, match="pas celles des joueurs"):
        game.reseat(order(game, forged))
    assert db_snapshot() == before


def test_an_order_naming_another_games_player_is_refused():
    game, host = belote()
    other, _ = belote()
    ids = order(game, TABLE)
    ids[0] = pks(other)["Léa"]
    before = db_snapshot()
    with pytest.raises(SeatingRefused):
        game.reseat(ids)
    assert db_snapshot() == before


def test_only_the_host_reseats():
    game, host = belote()
    before = db_snapshot()
    with pytest.raises(HostOnly, match="Seul l'hôte de la partie change les places"):
        game.reseat(order(game, ["Léa", "Max", "Tom", "Zoé"]), by=Writer.PENCIL)
    assert db_snapshot() == before


def test_a_kind_whose_seating_is_only_the_turn_order_is_not_reseated_here():
    game, host = make_round_game("skyjo", ["Ana", "Bruno", "Chloé"])
    before = db_snapshot()
    with pytest.raises(SeatingRefused):
        game.reseat(order(game, ["Bruno", "Ana", "Chloé"]))
    assert db_snapshot() == before


def test_a_seating_drawn_at_random_is_no_longer_said_drawn_once_moved():
    game, host = belote()
    game.seating_drawn = True
    game.save(update_fields=["seating_drawn"])
    game.reseat(order(game, ["Tom", "Léa", "Max", "Zoé"]))
    game.refresh_from_db()
    assert not game.seating_drawn


# --- the host's page ---------------------------------------------------------------


def test_the_host_page_offers_the_seating_until_the_first_deal(client):
    game, host = belote()
    page = client.get(host_url(host))
    shown = text(page)
    assert "Changer les places" in shown
    assert "Monter Tom d'une place" in shown
    game.record_round({"team": 1, "points": 100})
    assert "Changer les places" not in text(client.get(host_url(host)))


def test_a_watcher_and_the_pencil_see_no_seating_card(client):
    game, host = belote()
    pencil = game.pass_pencil(host, "Max")
    for url in (watch_url(game), pencil_url(pencil)):
        page = client.get(url)
        assert "Changer les places" not in text(page)
        assert "/seating/" not in page.content.decode()


def test_a_kind_without_partners_offers_no_seating_card(client):
    game, host = make_round_game("tarot", ["Ana", "Bruno", "Chloé", "Dan"])
    assert "Changer les places" not in text(client.get(host_url(host)))


def test_a_move_button_posts_the_new_order_and_the_teams_follow(client):
    game, host = belote()
    page = client.get(host_url(host)).content.decode()
    # Tom's ↓ swaps him with Max: Léa then plays with Tom.
    down = joined(game, ["Léa", "Max", "Tom", "Zoé"])
    assert f'name="order" value="{down}"' in page
    response = client.post(host_url(host, "reseat"), {"order": down})
    assert response.status_code == 302
    assert response["Location"] == host_url(host) + "#seating"
    assert seating(game) == ["Léa", "Max", "Tom", "Zoé"]
    shown = text(client.get(response["Location"]))
    assert "Nouvelles places : 1. Léa, 2. Max, 3. Tom, 4. Zoé." in shown
    assert "Léa & Tom" in shown and "Max & Zoé" in shown
    assert "Léa & Max" not in shown


def test_with_htmx_the_answer_is_the_sheet_and_the_card_redrawn(client):
    game, host = belote()
    response = client.post(
        host_url(host, "reseat"),
        {"order": joined(game, ["Tom", "Léa", "Max", "Zoé"])},
        **HTMX,
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="sheet"' in html
    assert re.search(r'id="seating"[^>]*hx-swap-oob="true"', html)
    shown = text(response)
    assert "Nouvelles places : 1. Tom, 2. Léa, 3. Max, 4. Zoé." in shown
    assert "Tom & Max" in shown


def test_team_names_typed_by_the_host_stay_with_their_team(client):
    game, host = belote({"team_names": ["Les Rouges", ""]})
    client.post(
        host_url(host, "reseat"), {"order": joined(game, ["Léa", "Max", "Tom", "Zoé"])}
    )
    shown = text(client.get(host_url(host)))
    # Team 1 keeps the name the host gave it; team 2, named by its players,
    # follows them.
    assert "Les Rouges" in shown
    assert "Max & Zoé" in shown
    assert "Tom & Zoé" not in shown
    game.refresh_from_db()
    assert game.options["team_names"] == ["Les Rouges", ""]


@pytest.mark.parametrize(
    "posted",
    [
        {},
        {"order": ""},
        {"order": "1,2,x,4"},
        {"order": "-1,2,3,4"},
        {"order": "9" * 40},
    ],
)
def test_bad_input_is_refused_with_a_message_and_changes_nothing(client, posted):
    game, host = belote()
    before = db_snapshot()
    response = client.post(host_url(host, "reseat"), posted, follow=True)
    assert "Ces places ne sont pas celles des joueurs de la partie." in text(response)
    response = client.post(host_url(host, "reseat"), posted, **HTMX)
    assert "Ces places ne sont pas celles des joueurs de la partie." in text(response)
    assert db_snapshot() == before


def test_a_forged_order_of_the_wrong_players_changes_nothing(client):
    game, host = belote()
    before = db_snapshot()
    forged = joined(game, ["Léa", "Léa", "Max", "Zoé"])
    response = client.post(host_url(host, "reseat"), {"order": forged}, follow=True)
    assert "Ces places ne sont pas celles des joueurs de la partie." in text(response)
    assert db_snapshot() == before


def test_after_the_first_deal_the_post_is_refused_clearly(client):
    game, host = belote()
    stale = joined(game, ["Léa", "Max", "Tom", "Zoé"])
    game.record_round({"team": 1, "points": 100})
    before = db_snapshot()
    response = client.post(host_url(host, "reseat"), {"order": stale}, **HTMX)
    assert "La partie a commencé : les places ne changent plus." in text(response)
    # The card is redrawn empty: nothing left to move.
    assert "Monter" not in text(response)
    assert db_snapshot() == before


def test_a_watch_or_pencil_token_cannot_reseat(client):
    game, host = belote()
    pencil = game.pass_pencil(host, "Max")
    before = db_snapshot()
    new = {"order": joined(game, ["Léa", "Max", "Tom", "Zoé"])}
    for token in (game.watch_token, pencil):
        assert client.post(f"/h/{token}/seating/", new).status_code == 404
    assert client.post(f"/w/{game.watch_token}/seating/", new).status_code == 404
    assert client.post(f"/c/{pencil}/seating/", new).status_code == 404
    assert db_snapshot() == before


def test_the_host_reseats_while_the_pencil_is_out(client):
    game, host = belote()
    game.pass_pencil(host, "Max")
    new = joined(game, ["Léa", "Max", "Tom", "Zoé"])
    assert client.post(host_url(host, "reseat"), {"order": new}).status_code == 302
    assert seating(game) == ["Léa", "Max", "Tom", "Zoé"]


def test_a_get_is_not_allowed(client):
    game, host = belote()
    assert client.get(host_url(host, "reseat")).status_code == 405


def test_the_watchers_sheet_follows_the_new_seating(client):
    game, host = belote()
    watch = watch_url(game)
    assert "Léa · Max" in text(client.get(watch))
    game.refresh_from_db()
    version = game.version
    client.post(
        host_url(host, "reseat"), {"order": joined(game, ["Léa", "Max", "Tom", "Zoé"])}
    )
    # The poll a watcher's page makes answers with the new sheet.
    poll = client.get(f"{watch}sheet/", {"v": version}, **HTMX)
    assert poll.status_code == 200
    assert "Léa · Tom" in text(poll)


def test_reseating_is_announced_to_the_live_pages(monkeypatch):
    game, host = belote()
    heard = []
    monkeypatch.setattr(
        "games.models.fanout.announce",
        lambda game, state: heard.append(game.version),
    )
    game.reseat(order(game, ["Léa", "Max", "Tom", "Zoé"]))
    assert heard == [game.version]


# --- the log ------------------------------------------------------------------------


def test_a_reseat_is_written_in_the_log_where_it_happened_as_a_rename_is(client):
    game, host = belote()
    game.reseat(order(game, ["Léa", "Max", "Tom", "Zoé"]))
    game.rename(pks(game)["Zoé"], "Zoë")
    game.record_round({"team": 1, "points": 97})

    log = text(
        client.get(reverse("keepsakes:log", kwargs={"watch_token": game.watch_token}))
    )

    said = "Nouvelles places : 1. Léa, 2. Max, 3. Tom, 4. Zoé. "
    assert said in log
    # In order: the seats, then the name corrected, then the deal.
    assert log.index(said) < log.index("Prénom corrigé : Zoé → Zoë")
    assert log.index("Prénom corrigé") < log.index("Pris par Léa & Tom")
    english = text(
        client.get(
            reverse("keepsakes:log", kwargs={"watch_token": game.watch_token}),
            HTTP_ACCEPT_LANGUAGE="en",
        )
    )
    assert "New seating: 1. Léa, 2. Max, 3. Tom, 4. Zoé." in english


def test_a_refused_reseat_and_the_same_order_leave_the_log_alone(client):
    game, host = belote()
    game.reseat(order(game, TABLE))
    game.record_round({"team": 1, "points": 97})
    with pytest.raises(SeatingRefused):
        game.reseat(order(game, ["Léa", "Max", "Tom", "Zoé"]))

    log = text(
        client.get(reverse("keepsakes:log", kwargs={"watch_token": game.watch_token}))
    )
    assert "Nouvelles places" not in log
