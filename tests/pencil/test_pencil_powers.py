"""Whoever holds the pencil does what the host does at the table, and only that:
record entries with the preview, undo the last round. Not: manage links, rename,
delete or change the rules."""

import re

import pytest
from django.urls import reverse

from games.models import Entry
from tests.factories import classic_moves, play
from tests.helpers import HTMX, db_snapshot, host_url, pencil_url, text
from tests.pencil.helpers import box_kwargs, pencil_links, record_post, token_routes

pytestmark = pytest.mark.django_db

# Every URL a pencil link opens. pencil_rename exists because the write URLs of
# both roles are made by one function; its view refuses the pencil.
PENCIL_ROUTES = {
    "pencil",
    "pencil_sheet",
    "pencil_events",
    "pencil_box",
    "pencil_preview",
    "pencil_record",
    "pencil_undo",
    "pencil_rename",
    # A game of rounds: a round, its preview and record, the end and reopening.
    "pencil_new_round",
    "pencil_preview_round",
    "pencil_record_round",
    "pencil_end",
    "pencil_reopen",
    # The turn timer: pausing and resuming it (its length is the host's).
    "pencil_timer",
}


def test_a_pencil_link_opens_exactly_the_scoring_urls():
    names = {name for route, name in token_routes() if "<pencil_token>" in route}
    assert names == PENCIL_ROUTES


def test_the_pencil_previews_records_and_undoes(client, game_with_pencil):
    game, host_token, pencil_token = game_with_pencil
    url_of = pencil_links(pencil_token)
    kwargs = box_kwargs(game, "Hugo", "fours")

    dialog = client.get(url_of("box", **kwargs), **HTMX)
    assert dialog.status_code == 200
    assert "Hugo · Quatre" in text(dialog)
    preview = client.post(url_of("preview", **kwargs), {"value": "3"}, **HTMX)
    assert "3 × 4 = 12" in text(preview)

    response = record_post(client, url_of, game, "Hugo", "fours", {"value": "3"})
    assert response.status_code == 302
    assert response["Location"].startswith(pencil_url(pencil_token))
    assert Entry.objects.get(box="fours").points == 12
    page = text(client.get(response["Location"]))
    assert "✓ Hugo · Quatre : 12" in page

    confirm = client.get(url_of("undo"), **HTMX)
    assert "Annuler la dernière case ?" in text(confirm)
    version = re.search(r'name="seen_version" value="(\d+)"', confirm.content.decode())
    response = client.post(url_of("undo"), {"seen_version": version.group(1)}, **HTMX)
    assert "Annulé : Hugo, Quatre (12)." in text(response)
    assert not Entry.objects.filter(box="fours", undone_at__isnull=True).exists()


def test_the_pencil_cannot_rename_a_player(client, game_with_pencil):
    game, host_token, pencil_token = game_with_pencil
    sarah = game.players.get(name="Sarah")
    rename = pencil_url(pencil_token, "pencil_rename", player_id=sarah.pk)
    before = db_snapshot()
    assert client.get(rename).status_code == 403
    response = client.post(rename, {"name": "Sara"})
    assert response.status_code == 403
    assert "Seul l'hôte de la partie peut corriger un prénom." in text(response)
    assert client.post(rename, {"name": "Sara"}, **HTMX).status_code == 403
    assert db_snapshot() == before


def test_the_host_tools_refuse_a_pencil_link(client, game_with_pencil):
    # Links, the pencil itself, import, the band's tools: the host's URLs do not
    # take a pencil token.
    game, host_token, pencil_token = game_with_pencil
    before = db_snapshot()
    for name in ("host", "share", "pencil_qr", "host_sheet", "host_events"):
        assert client.get(host_url(pencil_token, name)).status_code == 404, name
    for name in ("pass_pencil", "take_pencil", "reseat"):
        assert client.post(host_url(pencil_token, name)).status_code == 404, name
    import_url = reverse("keepsakes:import_game", kwargs={"host_token": pencil_token})
    assert client.get(import_url).status_code == 404
    assert client.post(import_url).status_code == 404
    for path in ("band", "next"):
        url = f"/h/{pencil_token}/{path}/"
        assert client.get(url).status_code == 404
        assert client.post(url, {"action": "rename", "name": "X"}).status_code == 404
    assert db_snapshot() == before
    assert game.current_pencil_token(host_token) == pencil_token


def test_the_pencil_page_shows_none_of_the_host_tools(client, game_with_pencil):
    game, host_token, pencil_token = game_with_pencil
    page = client.get(pencil_url(pencil_token))
    html = page.content.decode()
    shown = text(page)
    assert page.status_code == 200
    assert (
        "Vous tenez le crayon : c'est vous qui notez les scores de la table." in shown
    )
    assert "Annuler la dernière case" in shown
    for absent in (
        "Renommer",
        "Inviter la table",
        "Pour la table",
        "Passer le crayon",
        "Reprendre le crayon",
        "Importer une partie",
        "Nouvelle partie avec la même bande",
    ):
        assert absent not in shown, absent
    assert "/rename/" not in html
    assert "/seating/" not in html
    assert "/h/" not in html
    assert host_token not in html
    # Full names still one tap away, read-only.
    assert 'popovertarget="player-' in html


def test_the_pencil_end_screen_offers_no_host_tools(client, game_with_pencil):
    game, host_token, pencil_token = game_with_pencil
    game.undo()
    play(game, *classic_moves())
    html = client.get(pencil_url(pencil_token)).content.decode()
    assert "gagne !" in html
    assert "/h/" not in html
    assert "Nouvelle partie avec la même bande" not in html
