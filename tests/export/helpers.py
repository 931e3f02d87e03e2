"""Games for the export tests, played through the model's own verbs."""

import io
import random

from pypdf import PdfReader

from tests.factories import make_game, play

# RULES.md, "Sheet totals (003, classic)": Sarah 250, Hugo 218.
SARAH = [
    ("ones", {"kind": "count", "value": 3}),
    ("twos", {"kind": "count", "value": 3}),
    ("threes", {"kind": "count", "value": 3}),
    ("fours", {"kind": "count", "value": 3}),
    ("fives", {"kind": "count", "value": 3}),
    ("sixes", {"kind": "count", "value": 3}),
    ("three_kind", {"kind": "face", "value": 5}),
    ("four_kind", {"kind": "face", "value": 3}),
    ("full_house", {"kind": "made"}),
    ("small_straight", {"kind": "made"}),
    ("large_straight", {"kind": "cross"}),
    ("yams", {"kind": "made"}),
    ("chance", {"kind": "total", "value": 20}),
]
HUGO = [
    ("ones", {"kind": "count", "value": 2}),
    ("twos", {"kind": "count", "value": 2}),
    ("threes", {"kind": "count", "value": 4}),
    ("fours", {"kind": "count", "value": 4}),
    ("fives", {"kind": "count", "value": 2}),
    ("sixes", {"kind": "count", "value": 3}),
    ("three_kind", {"kind": "face", "value": 6}),
    ("four_kind", {"kind": "face", "value": 5}),
    ("full_house", {"kind": "made"}),
    ("small_straight", {"kind": "made"}),
    ("large_straight", {"kind": "made"}),
    ("yams", {"kind": "cross"}),
    ("chance", {"kind": "total", "value": 23}),
]


def worked_example(turns=None, band=None):
    """The classic game of RULES.md between Sarah and Hugo; (game, host_token).

    `turns` stops it early (each player's turns alternate, Sarah first)."""
    game, host_token = make_game(("Sarah", "Hugo"), "classic", band=band)
    moves = []
    for sarah, hugo in zip(SARAH, HUGO, strict=True):
        moves.append(("Sarah", "free", *sarah))
        moves.append(("Hugo", "free", *hugo))
    play(game, *moves[:turns])
    game.refresh_from_db()
    return game, host_token


def entry_for(spec, rng, cross=False):
    """A valid entry for an EntrySpec (or a cross out when allowed and asked)."""
    if cross and spec.crossable:
        return {"kind": "cross"}
    if spec.kind == "count":
        return {"kind": "count", "value": rng.choice(spec.choices)}
    if spec.kind == "face":
        return {"kind": "face", "value": rng.choice(spec.choices)}
    if spec.kind == "faces":
        return {"kind": "faces", "values": rng.sample(list(spec.choices), spec.n_faces)}
    if spec.kind == "total":
        return {"kind": "total", "value": rng.randint(spec.min, spec.max)}
    return {"kind": "made"}


def autoplay(game, seed=0, turns=None, cross_rate=0.15):
    """Plays the game turn after turn with seeded choices; returns its state."""
    rng = random.Random(seed)
    columns = game.variant.columns
    played = 0
    while turns is None or played < turns:
        state = game.state()
        if state.finished:
            break
        sheet = state.current
        choices = [(c, b) for c in columns for b in sheet.sheet.free_boxes(c)]
        column, box = rng.choice(choices)
        spec = sheet.sheet.entry_spec(column, box)
        entry = entry_for(spec, rng, cross=rng.random() < cross_rate)
        game.record(sheet.player.pk, column, box, entry)
        played += 1
    game.refresh_from_db()
    return game.state()


def pdf_pages(content):
    return PdfReader(io.BytesIO(content)).pages


def pdf_text(content):
    """The text of every page, all whitespace (line breaks too) as single spaces."""
    return " ".join(
        " ".join(page.extract_text() for page in pdf_pages(content)).split()
    )
