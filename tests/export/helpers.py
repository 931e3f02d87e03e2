"""Games played at random through the model's own verbs, and PDFs read back, for
the export tests."""

import io
import random

from pypdf import PdfReader


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
