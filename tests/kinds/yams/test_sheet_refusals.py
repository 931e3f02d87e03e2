"""What a card refuses whatever the variant: a box filled twice, a column or a box
the game does not have, named in the message the host reads."""

import pytest

from games.kinds.yams import PRESETS, RuleError
from tests.kinds.yams.helpers import CROSS, MADE, refused


@pytest.mark.parametrize(
    ("box", "entry", "message"),
    [
        ("three_kind", CROSS, "Brelan est déjà rempli."),
        ("chance", CROSS, "Chance est déjà remplie."),
        ("small_straight", MADE, "Petite suite est déjà remplie."),
        ("yams", MADE, "Yams est déjà rempli."),
    ],
)
def test_a_box_is_filled_once(box, entry, message):
    card = PRESETS["classic"].new_scorecard().apply("free", box, entry)
    assert refused(card, "free", box, entry) == message


def test_unknown_column_names_the_box():
    card = PRESETS["classic"].new_scorecard()
    assert refused(card, "down", "three_kind", CROSS) == (
        "Brelan : la colonne « down » n'existe pas dans cette partie."
    )
    assert "Brelan" in refused(card, ["free"], "three_kind", CROSS)


def test_unknown_box():
    card = PRESETS["classic"].new_scorecard()
    assert (
        refused(card, "free", "maxi_yatzy", MADE) == "Case inconnue : « maxi_yatzy »."
    )
    assert refused(card, "free", {"box": 1}, MADE).startswith("Case inconnue")


def test_reading_an_unknown_column_or_box():
    card = PRESETS["classic"].new_scorecard()
    with pytest.raises(RuleError, match="La colonne « up » n'existe pas"):
        card.free_boxes("up")
    with pytest.raises(RuleError, match="Case inconnue"):
        card.filled("free", "tower")
    with pytest.raises(RuleError, match="La colonne « dry » n'existe pas"):
        card.entry_spec("dry", "chance")
    with pytest.raises(RuleError, match="La colonne « down » n'existe pas"):
        card.value("down", "chance")
