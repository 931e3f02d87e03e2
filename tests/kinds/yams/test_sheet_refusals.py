"""What a sheet refuses whatever the variant: a box filled twice, a column or a box
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
    sheet = PRESETS["classic"].new_sheet().apply("free", box, entry)
    assert refused(sheet, "free", box, entry) == message


def test_unknown_column_names_the_box():
    sheet = PRESETS["classic"].new_sheet()
    assert refused(sheet, "down", "three_kind", CROSS) == (
        "Brelan : la colonne « down » n'existe pas dans cette partie."
    )
    assert "Brelan" in refused(sheet, ["free"], "three_kind", CROSS)


def test_unknown_box():
    sheet = PRESETS["classic"].new_sheet()
    assert (
        refused(sheet, "free", "maxi_yatzy", MADE) == "Case inconnue : « maxi_yatzy »."
    )
    assert refused(sheet, "free", {"box": 1}, MADE).startswith("Case inconnue")


def test_reading_an_unknown_column_or_box():
    sheet = PRESETS["classic"].new_sheet()
    with pytest.raises(RuleError, match="La colonne « up » n'existe pas"):
        sheet.free_boxes("up")
    with pytest.raises(RuleError, match="Case inconnue"):
        sheet.filled("free", "tower")
    with pytest.raises(RuleError, match="La colonne « dry » n'existe pas"):
        sheet.entry_spec("dry", "chance")
    with pytest.raises(RuleError, match="La colonne « down » n'existe pas"):
        sheet.value("down", "chance")
