"""Undoing the last round, down to an empty sheet, and correcting a name."""

import pytest

from games.models import Entry
from tests.factories import classic_moves, count, make_game, play
from tests.games.helpers import write_url
from tests.helpers import HTMX, host_url, text, triggered


def undo_url(token):
    return write_url(token, "undo")


def rename_url(token, game, name):
    return write_url(token, "rename", player_id=game.players.get(name=name).pk)


@pytest.mark.django_db
def test_undo_asks_for_confirmation_showing_what_it_will_undo(client):
    game, token = make_game()
    play(
        game,
        ("Sarah", "free", "fours", count(3)),
        ("Hugo", "free", "chance", {"kind": "total", "value": 23}),
    )
    response = client.get(undo_url(token))
    page = text(response)
    assert response.status_code == 200
    assert "Annuler la dernière case ?" in page
    assert "Hugo · Chance : 23" in page
    assert "Oui, vider cette case" in page
    assert Entry.objects.filter(undone_at__isnull=True).count() == 2


@pytest.mark.django_db
def test_undo_goes_back_one_entry_at_a_time_down_to_an_empty_sheet(client):
    game, token = make_game()
    play(game, *classic_moves()[:3])
    for expected_turn in ("Sarah", "Hugo", "Sarah"):
        game.refresh_from_db()
        response = client.post(undo_url(token), {"seen_version": game.version})
        assert response.status_code == 302
        page = text(client.get(response["Location"]))
        assert f"À {expected_turn} de jouer" in page
        assert "Annulé :" in page
    assert not Entry.objects.filter(undone_at__isnull=True).exists()
    # The log keeps what was undone.
    assert Entry.objects.count() == 3
    response = client.post(undo_url(token))
    assert "Rien à annuler." in text(client.get(response["Location"]))
    response = client.get(undo_url(token))
    assert "Rien à annuler." in text(client.get(response["Location"]))


@pytest.mark.django_db
def test_undo_refuses_a_stale_confirmation(client):
    game, token = make_game()
    play(game, ("Sarah", "free", "ones", count(1)))
    seen = game.version
    play(game, ("Hugo", "free", "ones", count(2)))
    response = client.post(undo_url(token), {"seen_version": seen})
    assert "La feuille a changé entre-temps" in text(client.get(response["Location"]))
    assert Entry.objects.filter(undone_at__isnull=True).count() == 2


@pytest.mark.django_db
def test_the_quick_undo_offer_after_validating_undoes_that_entry(client):
    game, token = make_game()
    play(game, ("Sarah", "free", "ones", count(1)))
    entry = Entry.objects.get()
    html = client.get(f"{host_url(token)}?done={entry.seq}").content.decode()
    assert f'name="seen_version" value="{game.version}"' in html
    response = client.post(undo_url(token), {"seen_version": game.version}, **HTMX)
    assert response.status_code == 200
    assert "sk-close-dialog" in triggered(response)
    assert "Annulé : Sarah, As (1)." in text(response)
    assert "À Sarah de jouer" in text(response)


@pytest.mark.django_db
def test_the_undo_offer_only_follows_the_last_entry(client):
    game, token = make_game()
    play(game, ("Sarah", "free", "ones", count(1)), ("Hugo", "free", "ones", count(1)))
    page = text(client.get(f"{host_url(token)}?done=1"))
    assert "✓ Sarah" not in page


@pytest.mark.django_db
def test_undo_reopens_a_finished_game(client):
    game, token = make_game()
    play(game, *classic_moves())
    assert "Sarah gagne !" in text(client.get(host_url(token)))
    client.post(undo_url(token))
    page = text(client.get(host_url(token)))
    assert "Sarah gagne !" not in page
    assert "À Hugo de jouer" in page


@pytest.mark.django_db
def test_rename_shows_the_full_name_and_corrects_it(client):
    game, token = make_game(["Sarah", "Hugo"])
    response = client.get(rename_url(token, game, "Hugo"))
    assert response.status_code == 200
    assert 'value="Hugo"' in response.content.decode()
    assert "Corriger le prénom" in text(response)
    response = client.post(rename_url(token, game, "Hugo"), {"name": "  Hugues "})
    assert response.status_code == 302
    assert "Hugo s'appelle maintenant Hugues." in text(client.get(response["Location"]))
    assert list(game.players.values_list("name", flat=True)) == ["Sarah", "Hugues"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("SARAH", "Deux joueurs s'appellent « SARAH »."),
        ("   ", "Le prénom ne peut pas être vide."),
        ("H" * 25, "au plus 24 caractères"),
    ],
)
def test_rename_refuses_a_wrong_name(client, name, message):
    game, token = make_game(["Sarah", "Hugo"])
    response = client.post(rename_url(token, game, "Hugo"), {"name": name})
    assert response.status_code == 422
    assert message in text(response)
    assert list(game.players.values_list("name", flat=True)) == ["Sarah", "Hugo"]


@pytest.mark.django_db
def test_rename_with_htmx_refreshes_the_sheet(client):
    game, token = make_game(["Sarah", "Hugo"])
    response = client.post(rename_url(token, game, "Hugo"), {"name": "Hugues"}, **HTMX)
    assert "sk-close-dialog" in triggered(response)
    assert 'title="Hugues"' in response.content.decode()
    response = client.post(rename_url(token, game, "Hugues"), {"name": "sarah"}, **HTMX)
    assert response["HX-Retarget"] == "#dialog-body"
    assert "Deux joueurs s'appellent" in text(response)


@pytest.mark.django_db
def test_a_player_of_another_game_cannot_be_renamed(client):
    game, token = make_game(["Sarah"])
    other, _ = make_game(["Zoé"])
    url = write_url(token, "rename", player_id=other.players.get().pk)
    assert client.get(url).status_code == 404
    assert client.post(url, {"name": "X"}).status_code == 404
    assert other.players.get().name == "Zoé"


@pytest.mark.django_db
def test_the_undo_button_is_always_on_the_host_page(client):
    game, token = make_game()
    html = client.get(host_url(token)).content.decode()
    assert "Annuler la dernière case" in html
    assert f'href="{undo_url(token)}"' in html


@pytest.mark.django_db
def test_the_undo_says_it_takes_back_a_box_in_english_too(client):
    game, token = make_game()
    play(game, ("Sarah", "free", "fours", count(3)))
    page = text(client.get(host_url(token), HTTP_ACCEPT_LANGUAGE="en"))
    assert "Undo the last box" in page
    dialog = text(client.get(undo_url(token), HTTP_ACCEPT_LANGUAGE="en"))
    assert "Undo the last box?" in dialog
    assert "Yes, clear this box" in dialog
    assert "undo the last box, nothing else" in page  # the pencil's card
    assert "last round" not in page and "last round" not in dialog
