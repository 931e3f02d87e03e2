"""Entries as the host records them, and a refusal read from both `check` and `apply`:
helpers shared by the sheet tests."""

import pytest

from games.kinds.yams import InvalidEntry

CROSS = {"kind": "cross"}
MADE = {"kind": "made"}


def count(value, **extra):
    return {"kind": "count", "value": value, **extra}


def total(value, **extra):
    return {"kind": "total", "value": value, **extra}


def refused(sheet, column, box, entry):
    with pytest.raises(InvalidEntry) as caught:
        sheet.check(column, box, entry)
    with pytest.raises(InvalidEntry):
        sheet.apply(column, box, entry)
    return str(caught.value)
