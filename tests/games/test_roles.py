"""The watch page reads only; the pencil page writes through the same views."""

import re

import pytest
from django.urls import reverse

from games.models import Entry
from tests.factories import count, make_game, play
from tests.helpers import HTMX, markup, pencil_url, request_key, text, watch_url


@pytest.mark.django_db
def test_the_watch_page_shows_the_sheet_without_any_way_to_write(client):
    game, token = make_game(["Sarah", "Hugo"])
    play(game, ("Sarah", "free", "ones", count(3)))
    response = client.get(watch_url(game))
    html = markup(response.content.decode())
    assert response.status_code == 200
    assert "À Hugo de jouer" in text(response)
    assert token not in html
    assert "/h/" not in html and "/c/" not in html
    assert "hx-post" not in html and "hx-get" not in html
    actions = re.findall(r'<form[^>]*action="([^"]*)"', html)
    assert actions == ["/i18n/setlang/"]
    assert "Annuler la dernière case" not in html
    assert "cell-open" not in html
    assert f'data-version="{game.version}"' in html
    # Full names one tap away, without JavaScript.
    assert 'popovertarget="player-' in html


@pytest.mark.django_db
def test_an_unknown_watch_link_is_not_found(client):
    assert client.get("/w/" + "a" * 32 + "/").status_code == 404


@pytest.mark.django_db
def test_the_pencil_writes_through_its_own_links(client):
    game, host_token = make_game(["Sarah", "Hugo"])
    pencil = game.pass_pencil(host_token, "Léa")
    response = client.get(pencil_url(pencil))
    html = response.content.decode()
    assert response.status_code == 200
    assert host_token not in html
    sarah = game.players.get(name="Sarah")
    box = pencil_url(
        pencil, "pencil_box", player_id=sarah.pk, column="free", box="ones"
    )
    assert box in html
    dialog = client.get(box).content.decode()
    game.refresh_from_db()
    response = client.post(
        pencil_url(
            pencil, "pencil_record", player_id=sarah.pk, column="free", box="ones"
        ),
        {
            "value": "2",
            "request_key": request_key(dialog),
            "seen_version": game.version,
        },
    )
    assert response["Location"].startswith(pencil_url(pencil))
    assert Entry.objects.get().points == 2
    response = client.post(pencil_url(pencil, "pencil_undo"), **HTMX)
    assert "Annulé : Sarah, As (2)." in text(response)
    # Correcting names stays with the host (tests/pencil: the pencil's exact powers).
    response = client.post(
        pencil_url(pencil, "pencil_rename", player_id=sarah.pk), {"name": "Sara"}
    )
    assert response.status_code == 403
    assert not game.players.filter(name="Sara").exists()
    assert "Inviter la table" not in html  # the host's own tools stay with the host


@pytest.mark.django_db
def test_a_pencil_taken_back_is_gone(client):
    game, host_token = make_game(["Sarah", "Hugo"])
    pencil = game.pass_pencil(host_token, "Léa")
    game.take_back_pencil()
    response = client.get(pencil_url(pencil))
    assert response.status_code == 410
    assert "Le crayon a été repris" in text(response)
    sarah = game.players.get(name="Sarah")
    response = client.post(
        pencil_url(
            pencil, "pencil_record", player_id=sarah.pk, column="free", box="ones"
        ),
        {"value": "2"},
    )
    assert response.status_code == 410
    assert client.post(pencil_url(pencil, "pencil_undo")).status_code == 410
    assert not Entry.objects.exists()


@pytest.mark.django_db
def test_write_urls_refuse_the_wrong_method(client):
    game, token = make_game()
    sarah = game.players.get(name="Sarah")
    record = reverse(
        "games:record",
        kwargs={
            "host_token": token,
            "player_id": sarah.pk,
            "column": "free",
            "box": "ones",
        },
    )
    assert client.get(record).status_code == 405
    assert client.post(f"/h/{token}/").status_code == 405


@pytest.mark.django_db
def test_the_sheet_fragment_renders_alone_for_every_role(rf):
    from games.access import Access
    from games.views import sheet_fragment

    game, token = make_game(["Sarah", "Hugo"])
    play(game, ("Sarah", "free", "ones", count(3)))
    for access in (Access("host", game, token), Access("watch", game)):
        request = rf.get("/")
        request.htmx = True
        html = sheet_fragment(request, access).content.decode()
        assert html.lstrip().startswith('<section id="sheet"')
        assert f'data-version="{game.version}"' in html
        assert "À Hugo de jouer" in html
    assert (
        token not in sheet_fragment(rf.get("/"), Access("watch", game)).content.decode()
    )


def loaded(html):
    """The static files a page loads (scripts and style sheets), by name, its
    inline stylesheet's sources included."""
    linked = re.findall(r'(?:src|href)="/static/((?:js|css)/[\w.-]+)"', html)
    inlined = " ".join(re.findall(r'<style [^>]*data-sheets="([^"]*)"', html))
    return set(linked) | set(inlined.split())


@pytest.mark.django_db
def test_a_watch_page_loads_neither_the_dialog_nor_the_big_screen(client):
    game, _token = make_game(["Sarah", "Hugo"])
    html = client.get(watch_url(game)).content.decode()
    assert {"css/app.css", "js/app.js", "css/sheet.css", "js/live.js"} <= loaded(html)
    assert not {"css/dialog.css", "js/scoring.js", "css/tv.css"} & loaded(html)
    assert '<dialog id="dialog"' not in html


@pytest.mark.django_db
def test_the_pages_that_score_load_the_dialog_and_the_big_screen_its_own_sheet(client):
    game, host_token = make_game(["Sarah", "Hugo"])
    host_page = reverse("games:host", kwargs={"host_token": host_token})
    pencil_token = game.pass_pencil(host_token, "Hugo")
    for page in (host_page, pencil_url(pencil_token)):
        html = client.get(page).content.decode()
        assert {"css/dialog.css", "js/scoring.js"} <= loaded(html)
        assert "css/tv.css" not in loaded(html)
        assert '<dialog id="dialog"' in html
    assert "css/tv.css" in loaded(
        client.get(f"{watch_url(game)}?tv=1").content.decode()
    )
    assert "css/tv.css" in loaded(client.get(f"{host_page}?tv=1").content.decode())
