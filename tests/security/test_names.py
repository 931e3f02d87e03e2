"""Hostile player names are refused with a French message or kept exactly as typed.

What is kept is escaped by the templates (page-level tests come with the pages);
what escaping cannot make harmless (invisible twins, bidi overrides, control
characters, stacked marks, 10 kB) never gets in.
"""

import pytest
from django.core.exceptions import ValidationError

from games.models import Player
from scorekeeper.lib.names import clean_name
from tests.factories import make_game

REFUSED = "refused"
KEPT = "kept"

FRENCH_MESSAGES = {
    "too_long": "Le prénom doit faire au plus 24 caractères.",
    "invisible": "Le prénom contient un caractère invisible ou de contrôle.",
    "empty": "Le prénom ne peut pas être vide.",
    "mark": "Le prénom ne peut pas commencer par un accent ou un signe seul.",
    "stacked": "Le prénom empile trop d'accents ou de signes.",
}

HOSTILE_NAMES = [
    ("x" * 10_000, "too_long"),
    ("<div hx-get=/h/x hx-trigger=load>", "too_long"),
    ("<script>alert(1)", KEPT),
    ("<div hx-get=/w/x>", KEPT),
    ("{{ 7*7 }}{% debug %}", KEPT),
    ('"><img src=x>', KEPT),
    ("javascript:alert(1)", KEPT),
    ("\u202eolleH", "invisible"),  # right-to-left override
    ("\u2066Hugo\u2069", "invisible"),  # bidi isolate
    ("Hu\u200bgo", "invisible"),  # zero-width space
    ("Hu\u200dgo", "invisible"),  # zero-width joiner between letters
    ("Hugo\ufe0f", "invisible"),  # variation selector after a letter: a twin
    ("Hu\x00go", "invisible"),
    ("Hu\ngo", "invisible"),
    ("\x1b[31mHugo", "invisible"),  # terminal escape
    ("\u2800", "invisible"),  # braille blank
    ("\u3164\u3164", "invisible"),  # hangul filler
    ("Z" + "\u0336" * 10, "stacked"),  # "Zalgo" text
    ("\u0301Hugo", "mark"),
    ("\ufeffHugo\u00ad", "invisible"),  # byte order mark, soft hyphen
]

FRIENDLY_NAMES = [
    "Zoé",
    "Jean-Pierre",
    "Anne Marie",
    "Nguyễn",
    "أحمد",
    "שרה",
    "กี้",
    "李小龍",
    "Ølaf O'Neil",
    "👩‍👩‍👧‍👦",
    "🏳️‍🌈 Léa",
    "👍🏽",
    "🏴‍☠️",
    "1️⃣",
    "Mamie ❤️",
]


def test_twenty_hostile_names_are_listed():
    assert len(HOSTILE_NAMES) == 20


@pytest.mark.parametrize("raw, expected", HOSTILE_NAMES)
def test_a_hostile_name_is_refused_in_french_or_kept_verbatim(raw, expected):
    if expected == KEPT:
        assert clean_name(raw) == raw
        return
    with pytest.raises(ValidationError) as refused:
        clean_name(raw)
    assert refused.value.code == expected
    assert refused.value.messages == [FRENCH_MESSAGES[expected]]


@pytest.mark.django_db
def test_kept_hostile_names_are_stored_exactly_as_typed():
    kept = [raw for raw, expected in HOSTILE_NAMES if expected == KEPT]
    game, _ = make_game(kept)
    assert [p.name for p in Player.objects.filter(game=game)] == kept


@pytest.mark.django_db
@pytest.mark.parametrize("raw, expected", [h for h in HOSTILE_NAMES if h[1] != KEPT])
def test_a_refused_name_stops_the_game_and_the_correction(raw, expected):
    with pytest.raises(ValidationError) as refused:
        make_game(["Sarah", raw])
    assert FRENCH_MESSAGES[expected] in refused.value.messages
    game, _ = make_game(["Sarah", "Hugo"])
    hugo = game.players.get(name="Hugo")
    with pytest.raises(ValidationError):
        game.rename(hugo.pk, raw)
    hugo.refresh_from_db()
    assert hugo.name == "Hugo"


@pytest.mark.parametrize("raw", FRIENDLY_NAMES)
def test_real_names_in_any_script_and_emoji_are_kept(raw):
    assert clean_name(raw) == raw


@pytest.mark.parametrize(
    "raw, stored",
    [
        ("  Hugo  ", "Hugo"),
        ("Hugo\n", "Hugo"),
        ("Anne \u00a0  Marie", "Anne Marie"),
        ("Zoe\u0301", "Zoé"),  # decomposed accent, composed once (NFC)
    ],
)
def test_outer_spaces_are_trimmed_and_inner_runs_merged(raw, stored):
    assert clean_name(raw) == stored


@pytest.mark.parametrize("raw", ["", None, "   ", "\t\n"])
def test_an_empty_name_is_refused(raw):
    with pytest.raises(ValidationError) as refused:
        clean_name(raw)
    assert refused.value.messages == [FRENCH_MESSAGES["empty"]]


def test_a_huge_name_is_refused_before_any_unicode_work():
    # A megabyte of decomposed accents would cost real time to normalise.
    with pytest.raises(ValidationError) as refused:
        clean_name("e\u0301" * 500_000)
    assert refused.value.code == "too_long"
