"""Games played at random through the model's own verbs, and PDFs read back, for
the export tests."""

import io
import json
import random

import pytest
from pypdf import PdfReader

from tests.factories import play_turn_after_turn, worked_example


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

    def at_random(current):
        card = current.scorecard
        choices = [(c, b) for c in columns for b in card.free_boxes(c)]
        column, box = rng.choice(choices)
        spec = card.entry_spec(column, box)
        return column, box, entry_for(spec, rng, cross=rng.random() < cross_rate)

    return play_turn_after_turn(game, at_random, turns)


def pdf_pages(content):
    return PdfReader(io.BytesIO(content)).pages


def pdf_text(content):
    """The text of every page, all whitespace (line breaks too) as single spaces."""
    return " ".join(
        " ".join(page.extract_text() for page in pdf_pages(content)).split()
    )


def assert_costs_at_most_after_one_round_or_thirteen(
    client, url_of, queries, assert_max_num_queries
):
    """The page at `url_of(game)` answers with at most `queries` queries, whether the
    worked example is one round in or over."""
    short, _host = worked_example(turns=2)
    full, _host = worked_example()
    for game in (short, full):
        with assert_max_num_queries(queries):
            assert client.get(url_of(game)).status_code == 200


def assert_import_refused(data, band, words, *models):
    """Importing the JSON `data` is refused with a message holding `words`, and
    not one row more of `models` (the games among them) is made."""
    from games.models import Game
    from keepsakes.imports import ImportRefused, import_game

    counted = (Game, *models)
    before = [model.objects.count() for model in counted]
    with pytest.raises(ImportRefused) as refused:
        import_game(json.dumps(data, ensure_ascii=False).encode(), band)
    assert words in refused.value.message
    assert [model.objects.count() for model in counted] == before
