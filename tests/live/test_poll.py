"""The poll endpoints: "unchanged" is an empty 204 after one query, a moved game
answers the fresh sheet, and a link that opens nothing answers as the page would."""

import re
import sys

import pytest
from django.urls import reverse

from scorekeeper.lib import ratelimit
from tests.factories import CLASSIC_BOXES, CROSS, SIX_NAMES, count, make_game, play
from tests.helpers import HTMX, text

BOXES = CLASSIC_BOXES
NAMES = SIX_NAMES
# The game (with its band), its players, its entries; and the one version query.
CHANGED_POLL = 4


def watch_sheet(game, version=None):
    url = reverse("games:watch_sheet", kwargs={"watch_token": game.watch_token})
    return url if version is None else f"{url}?v={version}"


def host_sheet(token, version):
    url = reverse("games:host_sheet", kwargs={"host_token": token})
    return f"{url}?v={version}"


def pencil_sheet(token, version):
    url = reverse("games:pencil_sheet", kwargs={"pencil_token": token})
    return f"{url}?v={version}"


def row(html, box):
    """The figures of one row of the sheet, in seating order."""
    match = re.search(rf'<tr class="row-box row-{box}[ "].*?</tr>', html, re.S)
    return re.findall(r'<span class="num">([^<]*)</span>', match.group(0))


def played(players, rounds):
    game, token = make_game(NAMES[:players])
    play(
        game,
        *[
            (name, "free", box, count(1) if box == "ones" else CROSS)
            for box in BOXES[:rounds]
            for name in NAMES[:players]
        ],
    )
    game.refresh_from_db()
    return game, token


@pytest.mark.django_db
@pytest.mark.parametrize("role", ["watch", "host", "pencil"])
def test_an_unchanged_sheet_answers_204_with_no_body_after_one_query(
    client, django_assert_num_queries, role
):
    game, host_token = played(2, 3)
    pencil = game.pass_pencil(host_token, "Léa")
    url = {
        "watch": watch_sheet(game, game.version),
        "host": host_sheet(host_token, game.version),
        "pencil": pencil_sheet(pencil, game.version),
    }[role]
    with django_assert_num_queries(1):
        response = client.get(url, **HTMX)
    assert response.status_code == 204
    assert response.content == b""


@pytest.mark.django_db
@pytest.mark.parametrize(("players", "rounds"), [(1, 1), (6, 12)])
def test_a_changed_sheet_costs_the_same_whatever_the_game(
    client, django_assert_max_num_queries, players, rounds
):
    game, _ = played(players, rounds)
    with django_assert_max_num_queries(CHANGED_POLL):
        response = client.get(watch_sheet(game, game.version - 1), **HTMX)
    assert response.status_code == 200
    assert f'data-version="{game.version}"' in response.content.decode()


@pytest.mark.django_db
def test_an_entry_by_the_host_reaches_the_watch_poll(client):
    game, _ = make_game(["Sarah", "Hugo"])
    seen = game.version
    assert client.get(watch_sheet(game, seen), **HTMX).status_code == 204
    play(game, ("Sarah", "free", "fours", count(3)))
    response = client.get(watch_sheet(game, seen), **HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<section id="sheet"')
    assert f'data-version="{seen + 1}"' in html
    assert row(html, "fours") == ["12", ""]
    assert "À Hugo de jouer" in text(response)
    # Only the sheet: no page around it.
    assert "<html" not in html and "<body" not in html


@pytest.mark.django_db
def test_the_poll_without_a_version_answers_the_sheet(client):
    game, _ = make_game(["Sarah"])
    for url in (watch_sheet(game), watch_sheet(game, "abc")):
        response = client.get(url)
        assert response.status_code == 200
        assert 'id="sheet"' in response.content.decode()


@pytest.mark.django_db
def test_the_last_box_brings_the_winner_screen_to_the_watchers(client):
    game, _ = make_game(["Sarah", "Hugo"])
    seen = game.version
    play(
        game,
        *[
            (
                name,
                "free",
                box,
                count(2) if name == "Sarah" and box == "ones" else CROSS,
            )
            for box in BOXES
            for name in ("Sarah", "Hugo")
        ],
    )
    response = client.get(watch_sheet(game, seen), **HTMX)
    page = text(response)
    assert "Sarah gagne !" in page
    assert "Partie terminée" in page
    html = response.content.decode()
    assert 'id="podium"' in html and "is-finished" in html
    # The result is public: every role may share it.
    assert reverse("keepsakes:result", kwargs={"watch_token": game.watch_token}) in html


@pytest.mark.django_db
def test_the_host_poll_shows_a_box_the_pencil_filled(client):
    game, host_token = make_game(["Sarah", "Hugo"])
    game.pass_pencil(host_token, "Léa")
    game.refresh_from_db()
    seen = game.version
    play(game, ("Sarah", "free", "twos", count(4)))
    response = client.get(host_sheet(host_token, seen), **HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert row(html, "twos")[0] == "8"
    assert "À Hugo de jouer" in text(response)


@pytest.mark.django_db
def test_the_watch_poll_never_carries_a_way_to_write(client):
    game, host_token = make_game(["Sarah", "Hugo"])
    pencil = game.pass_pencil(host_token, "Léa")
    play(game, ("Sarah", "free", "ones", count(3)))
    html = client.get(watch_sheet(game, 1), **HTMX).content.decode()
    assert host_token not in html and pencil not in html
    assert "/h/" not in html and "/c/" not in html
    assert "<form" not in html and "hx-post" not in html and "hx-get" not in html
    assert "cell-open" not in html


@pytest.mark.django_db
def test_an_unknown_watch_link_polls_a_404_and_counts_a_miss(client):
    response = client.get("/w/" + "a" * 32 + "/sheet/?v=1", **HTMX)
    assert response.status_code == 404
    assert response["HX-Refresh"] == "true"
    assert client.get("/w/not-a-token/sheet/?v=1").status_code == 404


@pytest.mark.django_db
def test_a_pencil_taken_back_polls_a_410_that_reloads_the_page(client):
    game, host_token = make_game(["Sarah", "Hugo"])
    pencil = game.pass_pencil(host_token, "Léa")
    game.refresh_from_db()
    assert client.get(pencil_sheet(pencil, game.version), **HTMX).status_code == 204
    game.take_back_pencil()
    response = client.get(pencil_sheet(pencil, game.version), **HTMX)
    assert response.status_code == 410
    # htmx does not swap errors: the header makes the page reload, and the reload
    # shows "Le crayon a été repris".
    assert response["HX-Refresh"] == "true"
    page = client.get(reverse("games:pencil", kwargs={"pencil_token": pencil}))
    assert page.status_code == 410
    assert "Le crayon a été repris" in text(page)


@pytest.mark.django_db
def test_a_client_over_the_miss_limit_still_polls_a_good_link(client, settings):
    settings.CAPABILITY_MISS_LIMIT = 2
    game, _ = make_game(["Sarah"])
    for n in range(2):
        client.get(f"/w/{'b' * 31}{n}/sheet/?v=1")
    response = client.get(watch_sheet(game, game.version), **HTMX)
    assert response.status_code == 204
    assert ratelimit.too_many_misses(response.wsgi_request, "capability")
    assert client.get(f"/w/{'b' * 31}x/sheet/?v=1", **HTMX).status_code == 429


@pytest.mark.django_db
def test_the_poll_is_never_stored_by_a_cache(client):
    game, _ = make_game(["Sarah"])
    response = client.get(watch_sheet(game, game.version), **HTMX)
    assert response["Cache-Control"] == "no-store"
    assert response["X-Robots-Tag"] == "noindex, nofollow"


@pytest.mark.django_db
@pytest.mark.parametrize("method", ["post", "put", "delete"])
def test_the_poll_only_reads(client, method):
    game, _ = make_game(["Sarah"])
    response = getattr(client, method)(watch_sheet(game, game.version))
    assert response.status_code == 405


@pytest.mark.django_db
def test_each_process_keeps_only_the_latest_sheet_of_a_game(client):
    from django.core.cache import caches

    game, _token = make_game(NAMES[:2])
    moves = [(name, "free", box, CROSS) for box in BOXES[:5] for name in NAMES[:2]]
    seen = 0
    for move in moves:
        play(game, move)
        game.refresh_from_db()
        answer = client.get(watch_sheet(game, seen), headers=HTMX)
        assert f'data-version="{game.version}"' in answer.content.decode()
        seen = game.version
    version, text = caches["local"].get(f"sheet:{game.watch_token}:watch:fr")
    assert version == seen and f'data-version="{seen}"' in text.decode()
    # Crossed boxes draw a dash: as Python text every character would take two
    # bytes; kept as UTF-8, the sheet takes about one per character.
    assert "—" in text.decode()
    assert sys.getsizeof(text) < 0.6 * sys.getsizeof(text.decode())


@pytest.mark.django_db
def test_a_page_and_its_poll_are_sent_one_rendering_of_the_sheet_per_version(
    client, monkeypatch
):
    from games import sheet

    game, token = make_game(NAMES[:2])
    host_page = reverse("games:host", kwargs={"host_token": token})
    watch_page = reverse("games:watch", kwargs={"watch_token": game.watch_token})
    drawn = []
    draw_sheet = sheet.draw_sheet

    def count_sheets(access, state):
        drawn.append((access.role, access.game.version))
        return draw_sheet(access, state)

    monkeypatch.setattr(sheet, "draw_sheet", count_sheets)
    for _ in range(2):
        page = client.get(host_page).content.decode()
        poll = client.get(host_sheet(token, 0), **HTMX).content.decode()
        assert poll.lstrip().startswith('<section id="sheet"') and poll in page
    play(game, (NAMES[0], "free", "ones", count(3)))
    poll = client.get(host_sheet(token, 1), **HTMX).content.decode()
    assert 'data-version="2"' in poll
    assert poll in client.get(host_page).content.decode()
    watched = client.get(watch_sheet(game, 1), **HTMX).content.decode()
    assert watched in client.get(watch_page).content.decode()
    # The host's sheet of each version once, the watchers' once: never per request.
    assert drawn == [("host", 1), ("host", 2), ("watch", 2)]
