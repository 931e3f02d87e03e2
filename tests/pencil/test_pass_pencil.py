"""Passer le crayon: the host hands scoring to another phone, one writer at a time,
and takes it back."""

import pytest

from games.invite import pencil_path
from games.models import Entry, Game, PencilOut, PencilTakenBack
from tests.factories import count, make_game, play
from tests.helpers import HTMX, db_snapshot, host_url, pencil_url, request_key, text
from tests.pencil.helpers import box_kwargs, host_links, pencil_links, record_post

pytestmark = pytest.mark.django_db


def pass_pencil(client, host_token, label=""):
    return client.post(host_url(host_token, "pass_pencil"), {"label": label})


def current_pencil(game, host_token):
    game.refresh_from_db()
    return game.current_pencil_token(host_token)


def test_the_host_page_offers_to_pass_the_pencil(client):
    game, host_token = make_game(["Sarah", "Hugo"])
    page = client.get(host_url(host_token))
    html = page.content.decode()
    assert "Passer le crayon" in text(page)
    assert "À qui ? (facultatif)" in text(page)
    assert f'action="{host_url(host_token, "pass_pencil")}#pencil"' in html
    assert "Reprendre le crayon" not in text(page)


def test_passing_the_pencil_shows_who_holds_it_and_its_link(client):
    game, host_token = make_game(["Sarah", "Hugo"])
    response = pass_pencil(client, host_token, "  Léa ")
    assert response.status_code == 302
    assert response["Location"] == host_url(host_token) + "#pencil"
    pencil_token = current_pencil(game, host_token)
    assert pencil_token and game.pencil_label == "Léa"

    page = client.get(response["Location"])
    shown = text(page)
    html = page.content.decode()
    assert "Le crayon est passé à Léa : envoyez-lui le lien." in shown
    assert "Le crayon est chez Léa : c'est depuis son téléphone qu'on note." in shown
    assert "Reprendre le crayon" in shown
    # The link, ready to copy, share or scan (the share page's widget).
    link = "http://testserver" + pencil_path(pencil_token)
    assert f'href="{link}"' in html
    assert "Copier le lien" in shown
    assert "WhatsApp" in shown and "SMS" in shown
    assert f'src="{host_url(host_token, "pencil_qr")}"' in html
    # The share page shows the same link.
    share = client.get(host_url(host_token, "share")).content.decode()
    assert link in share


def test_a_pencil_passed_without_a_name_still_says_it_is_out(client):
    game, host_token = make_game(["Sarah", "Hugo"])
    pass_pencil(client, host_token, "")
    page = text(client.get(host_url(host_token)))
    assert "Le crayon est passé : c'est depuis un autre téléphone qu'on note." in page
    assert "Reprendre le crayon" in page


@pytest.mark.parametrize(
    "label, message",
    [
        ("x" * 10_000, "au plus 96 caractères"),
        ("Léa" + "a" * 30, "Le prénom doit faire au plus 24 caractères."),
        ("\u202eaéL", "Le prénom contient un caractère invisible ou de contrôle."),
        ("Lé\u200ba", "Le prénom contient un caractère invisible ou de contrôle."),
    ],
)
def test_a_hostile_label_is_refused_and_no_pencil_goes_out(client, label, message):
    game, host_token = make_game(["Sarah", "Hugo"])
    before = db_snapshot()
    response = pass_pencil(client, host_token, label)
    assert response.status_code == 422
    assert message in text(response)
    assert db_snapshot() == before
    assert not Game.objects.get().pencil_out


def test_while_the_pencil_is_out_the_host_page_cannot_score(client):
    game, host_token = make_game(["Sarah", "Hugo"])
    play(game, ("Sarah", "free", "ones", count(3)))
    pass_pencil(client, host_token, "Léa")
    page = client.get(host_url(host_token))
    html = page.content.decode()
    # No box to tap, no undo: the Reprendre button stands in their place.
    assert "/box/" not in html
    assert "Annuler la dernière case" not in text(page)
    assert f'action="{host_url(host_token, "take_pencil")}"' in html
    # Correcting a name stays with the host.
    sarah = game.players.get(name="Sarah")
    assert host_url(host_token, "rename", player_id=sarah.pk) in html


def test_the_hosts_own_writes_are_refused_while_the_pencil_is_out(client):
    game, host_token = make_game(["Sarah", "Hugo"])
    play(game, ("Sarah", "free", "ones", count(3)))
    # The host's dialog was open when the pencil went out.
    url_of = host_links(host_token)
    kwargs = box_kwargs(game, "Hugo", "ones")
    dialog = client.get(url_of("box", **kwargs)).content.decode()
    key = request_key(dialog)
    pass_pencil(client, host_token, "Léa")
    game.refresh_from_db()
    before = db_snapshot()

    response = client.post(
        url_of("record", **kwargs),
        {"value": "2", "request_key": key, "seen_version": game.version},
    )
    assert response.status_code == 302
    page = text(client.get(response["Location"]))
    assert "Le crayon est chez Léa : reprenez-le pour noter vous-même." in page

    response = client.post(
        url_of("record", **kwargs),
        {"value": "2", "request_key": key, "seen_version": game.version},
        **HTMX,
    )
    assert response.status_code == 200
    assert response["HX-Retarget"] == "#sheet"
    assert "Le crayon est chez Léa : reprenez-le pour noter vous-même." in text(
        response
    )
    for method, url in [
        ("get", url_of("box", **kwargs)),
        ("post", url_of("preview", **kwargs)),
        ("get", url_of("undo")),
        ("post", url_of("undo")),
    ]:
        response = getattr(client, method)(url, {"seen_version": game.version})
        assert response.status_code == 302, url
    assert db_snapshot() == before


def test_the_host_cannot_score_even_if_the_pencil_goes_out_mid_request():
    # The view let the write through; the model, under its lock, sees the pencil.
    game, host_token = make_game(["Sarah", "Hugo"])
    Game.objects.get(pk=game.pk).pass_pencil(host_token, "Léa")
    sarah = game.players.get(name="Sarah")
    with pytest.raises(PencilOut):
        game.record(sarah.pk, "free", "ones", count(3), by="host")
    with pytest.raises(PencilOut):
        game.undo(by="host")
    assert not Entry.objects.exists()


def test_taking_the_pencil_back_revokes_its_link_at_once(client):
    game, host_token = make_game(["Sarah", "Hugo"])
    pass_pencil(client, host_token, "Léa")
    pencil_token = current_pencil(game, host_token)
    assert client.get(pencil_url(pencil_token)).status_code == 200

    response = client.post(host_url(host_token, "take_pencil"))
    assert response.status_code == 302
    page = client.get(response["Location"])
    assert "Vous avez repris le crayon : à vous de noter." in text(page)
    assert "Passer le crayon" in text(page)
    assert "/box/" in page.content.decode()

    gone = client.get(pencil_url(pencil_token))
    assert gone.status_code == 410
    assert "Le crayon a été repris" in text(gone)
    # Its writes too: the pencil holder's next action gets the same page.
    url_of = pencil_links(pencil_token)
    kwargs = box_kwargs(game, "Sarah", "ones")
    response = client.post(url_of("record", **kwargs), {"value": "3"})
    assert response.status_code == 410
    assert "Le crayon a été repris" in text(response)
    # And the host scores again.
    response = record_post(
        client, host_links(host_token), game, "Sarah", "ones", {"value": "3"}
    )
    assert response.status_code == 302
    assert Entry.objects.get().points == 3


def test_taking_back_a_pencil_that_is_not_out_changes_nothing(client):
    game, host_token = make_game(["Sarah", "Hugo"])
    before = db_snapshot()
    response = client.post(host_url(host_token, "take_pencil"))
    assert response.status_code == 302
    assert db_snapshot() == before


def test_passing_again_makes_a_new_link_and_an_old_one_never_comes_back(client):
    game, host_token = make_game(["Sarah", "Hugo"])
    pass_pencil(client, host_token, "Léa")
    first = current_pencil(game, host_token)
    client.post(host_url(host_token, "take_pencil"))
    pass_pencil(client, host_token, "Léa")
    second = current_pencil(game, host_token)
    pass_pencil(client, host_token, "Hugo")
    third = current_pencil(game, host_token)
    assert len({first, second, third}) == 3
    for old in (first, second):
        assert client.get(pencil_url(old)).status_code == 410
    assert client.get(pencil_url(third)).status_code == 200
    client.post(host_url(host_token, "take_pencil"))
    for old in (first, second, third):
        assert client.get(pencil_url(old)).status_code == 410


def test_a_pencil_write_in_flight_when_it_is_taken_back_is_refused(client):
    game, host_token = make_game(["Sarah", "Hugo"])
    pencil_token = game.pass_pencil(host_token, "Léa")
    by_pencil = Game.objects.by_token("pencil", pencil_token)
    game.take_back_pencil()
    sarah = game.players.get(name="Sarah")
    with pytest.raises(PencilTakenBack):
        by_pencil.record(sarah.pk, "free", "ones", count(3), by="pencil")
    with pytest.raises(PencilTakenBack):
        by_pencil.undo(by="pencil")
    # Passed again in between: the old link's write is refused all the same.
    game.pass_pencil(host_token, "Léa")
    with pytest.raises(PencilTakenBack):
        by_pencil.record(sarah.pk, "free", "ones", count(3), by="pencil")
    assert not Entry.objects.exists()


def test_the_pencil_page_stays_live_like_the_hosts(client):
    # The pencil page polls its own sheet (games:pencil_sheet) and sees what the
    # host undid and what others entered.
    game, host_token = make_game(["Sarah", "Hugo"])
    pencil_token = game.pass_pencil(host_token, "Léa")
    html = client.get(pencil_url(pencil_token)).content.decode()
    poll = pencil_url(pencil_token, "pencil_sheet")
    assert f'data-live="{poll}"' in html
    version = game.version
    assert client.get(poll, {"v": version}, **HTMX).status_code == 204
    play(game, ("Sarah", "free", "ones", count(4)))
    fresh = client.get(poll, {"v": version}, **HTMX)
    assert fresh.status_code == 200
    assert "À Hugo de jouer" in text(fresh)
    game.undo()
    fresh = client.get(poll, {"v": version + 1}, **HTMX)
    assert "À Sarah de jouer" in text(fresh)
    # Taken back: the poll gets the 410 and reloads onto the "repris" page.
    game.take_back_pencil()
    gone = client.get(poll, {"v": version}, **HTMX)
    assert gone.status_code == 410
    assert gone["HX-Refresh"] == "true"
