"""Stale forms and retried requests: a clear message and the fresh sheet, never a
500, never a silent overwrite, never a double count."""

import pytest

from games.models import AlreadyUndone, Entry, StaleVersion
from tests.factories import count, make_game, play
from tests.helpers import HTMX, db_snapshot, host_url, request_key, text
from tests.pencil.helpers import box_kwargs, host_links

pytestmark = pytest.mark.django_db

STALE = "La feuille a changé entre-temps : vérifiez-la et recommencez."
UNDONE = (
    "Cette saisie a déjà été enregistrée puis annulée : "
    "elle n'est pas notée une seconde fois."
)


def open_dialog(client, host_token, game, name, box):
    url_of = host_links(host_token)
    kwargs = box_kwargs(game, name, box)
    page = client.get(url_of("box", **kwargs)).content.decode()
    return url_of("record", **kwargs), request_key(page)


@pytest.mark.parametrize(
    "seen", ["abc", "1.5", "-1", "0x10", "９", "", "99999999999999999999", "1 OR 1"]
)
def test_a_garbled_version_gets_a_clear_answer_not_a_500(client, seen):
    game, host_token = make_game(["Sarah", "Hugo"])
    play(game, ("Sarah", "free", "ones", count(3)))
    record, key = open_dialog(client, host_token, game, "Hugo", "ones")
    before = db_snapshot()
    response = client.post(
        record, {"value": "2", "request_key": key, "seen_version": seen}
    )
    if seen == "":
        # No version said: the entry goes through the other checks only.
        assert response.status_code == 302
        assert Entry.objects.filter(box="ones").count() == 2
        return
    assert response.status_code == 302
    assert STALE in text(client.get(response["Location"]))
    assert db_snapshot() == before
    response = client.post(
        record, {"value": "2", "request_key": key, "seen_version": seen}, **HTMX
    )
    assert response.status_code == 200
    assert STALE in text(response)
    assert "À Hugo de jouer" in text(response)
    assert db_snapshot() == before


def test_the_model_calls_a_garbled_version_stale():
    game, _ = make_game(["Solo"])
    solo = game.players.get()
    for seen in ("abc", "", "1.0", object()):
        with pytest.raises(StaleVersion):
            game.record(solo.pk, "free", "ones", count(1), seen_version=seen)
        with pytest.raises(StaleVersion):
            game.undo(seen_version=seen)
    assert game.record(solo.pk, "free", "ones", count(1), seen_version="1").points == 1


@pytest.mark.parametrize("seen", ["abc", "0", "-3", "1.5"])
def test_an_invalid_undo_confirmation_is_refused_not_applied(client, seen):
    game, host_token = make_game(["Sarah", "Hugo"])
    play(game, ("Sarah", "free", "ones", count(3)))
    before = db_snapshot()
    response = client.post(host_url(host_token, "undo"), {"seen_version": seen})
    assert STALE in text(client.get(response["Location"]))
    assert db_snapshot() == before


def test_a_form_opened_before_someone_else_filled_the_box_says_so(client):
    game, host_token = make_game(["Sarah", "Hugo"])
    record, key = open_dialog(client, host_token, game, "Sarah", "ones")
    version = game.version
    play(game, ("Sarah", "free", "ones", count(4)))
    response = client.post(
        record, {"value": "2", "request_key": key, "seen_version": version}, **HTMX
    )
    assert response.status_code == 200
    assert STALE in text(response)
    # The fresh sheet: the other phone's 4 stands, nothing overwritten.
    assert Entry.objects.get().points == 4
    assert "À Hugo de jouer" in text(response)


def test_a_double_tap_is_recorded_once_and_answered_twice(client):
    game, host_token = make_game(["Sarah", "Hugo"])
    record, key = open_dialog(client, host_token, game, "Sarah", "fours")
    posted = {"value": "3", "request_key": key, "seen_version": game.version}
    first = client.post(record, posted, **HTMX)
    second = client.post(record, posted, **HTMX)
    assert first.status_code == second.status_code == 200
    for response in (first, second):
        assert "✓ Sarah · Quatre : 12" in text(response)
        assert "À Hugo de jouer" in text(response)
    assert Entry.objects.count() == 1
    plain = client.post(record, posted)
    assert plain.status_code == 302
    assert Entry.objects.count() == 1


def test_a_retry_of_an_entry_undone_since_records_nothing_and_says_so(client):
    game, host_token = make_game(["Sarah", "Hugo"])
    record, key = open_dialog(client, host_token, game, "Sarah", "fours")
    posted = {"value": "3", "request_key": key, "seen_version": game.version}
    client.post(record, posted, **HTMX)
    game.refresh_from_db()
    client.post(host_url(host_token, "undo"), {"seen_version": game.version})
    before = db_snapshot()

    response = client.post(record, posted, **HTMX)
    assert response.status_code == 200
    assert UNDONE in text(response)
    assert "À Sarah de jouer" in text(response)
    response = client.post(record, posted)
    assert UNDONE in text(client.get(response["Location"]))
    assert db_snapshot() == before
    sarah = game.players.get(name="Sarah")
    with pytest.raises(AlreadyUndone):
        game.record(sarah.pk, "free", "fours", count(3), request_key=key)


def test_a_retried_undo_takes_back_one_round_only(client):
    game, host_token = make_game(["Sarah", "Hugo"])
    play(
        game,
        ("Sarah", "free", "ones", count(3)),
        ("Hugo", "free", "ones", count(2)),
    )
    dialog = client.get(host_url(host_token, "undo"), **HTMX).content.decode()
    key = request_key(dialog)
    posted = {"request_key": key, "seen_version": game.version}
    first = client.post(host_url(host_token, "undo"), posted, **HTMX)
    again = client.post(host_url(host_token, "undo"), posted, **HTMX)
    for response in (first, again):
        assert "Annulé : Hugo, As (2)." in text(response)
    assert Entry.objects.filter(undone_at__isnull=True).count() == 1
    assert Entry.objects.get(undone_at__isnull=False).undo_key == key


def test_each_version_s_undo_forms_carry_a_key_of_their_own(client):
    game, host_token = make_game(["Sarah", "Hugo"])
    play(game, ("Sarah", "free", "ones", count(3)))
    entry = Entry.objects.get()
    toast = client.get(host_url(host_token) + f"?done={entry.seq}").content.decode()
    dialog = client.get(host_url(host_token, "undo")).content.decode()
    # Both take back the same entry, at the same version: the same undo.
    assert request_key(toast) == request_key(dialog)
    play(game, ("Hugo", "free", "ones", count(2)))
    later = client.get(host_url(host_token, "undo")).content.decode()
    assert request_key(later) != request_key(dialog)

    game.refresh_from_db()
    posted = {"request_key": request_key(later), "seen_version": game.version}
    client.post(host_url(host_token, "undo"), posted, **HTMX)
    game.refresh_from_db()
    after_undo = client.get(host_url(host_token, "undo")).content.decode()
    posted = {"request_key": request_key(after_undo), "seen_version": game.version}
    response = client.post(host_url(host_token, "undo"), posted, **HTMX)

    assert "Annulé : Sarah, As (3)." in text(response)
    assert Entry.objects.filter(undone_at__isnull=True).count() == 0


def test_two_phones_taking_back_the_same_version_take_back_one_entry(client):
    game, host_token = make_game(["Sarah", "Hugo"])
    play(
        game,
        ("Sarah", "free", "ones", count(3)),
        ("Hugo", "free", "ones", count(2)),
    )
    shown = game.version
    # The host's phone and a second phone on the host link, both showing the
    # same version, each tap "undo".
    first_phone = client.get(host_url(host_token, "undo")).content.decode()
    second_phone = client.get(host_url(host_token, "undo")).content.decode()
    answers = [
        client.post(
            host_url(host_token, "undo"),
            {"request_key": request_key(page), "seen_version": shown},
            **HTMX,
        )
        for page in (first_phone, second_phone)
    ]

    for response in answers:
        assert response.status_code == 200
        assert "Annulé : Hugo, As (2)." in text(response)
    assert Entry.objects.filter(undone_at__isnull=True).count() == 1
    game.refresh_from_db()
    assert game.version == shown + 1
