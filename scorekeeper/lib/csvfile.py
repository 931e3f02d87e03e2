"""CSV files for spreadsheets: UTF-8 with a BOM, CRLF lines, and no cell a
spreadsheet would run as a formula (the names in them are free text).

Every cell of the file, header included, goes through `safe_cell` here, in the
one writer: a caller cannot forget it. A header can carry free text too (the
rounds CSV names a column after each player)."""

import csv
import datetime
import decimal
import io
import itertools
import re
from collections.abc import Iterable, Sequence

from django.utils import timezone

# Spreadsheets run a cell starting with one of these as a formula.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")

# A cell that is a plain number (-12, +3, 0.5) is read as that number, not run:
# it stays as written, so that negative points still add up in a spreadsheet.
PLAIN_NUMBER = re.compile(r"[+-]?\d+(?:\.\d+)?")


def safe_cell(value: object) -> object:
    """The value as a cell that no spreadsheet will run as a formula: a number
    as it is, any other value as text, quoted with a leading ' when it starts
    like a formula."""
    if value is None:
        return ""
    if isinstance(value, (int, float, decimal.Decimal)):
        return value
    # Not only `str`: a lazy translation or any other object is written as its
    # text, so it is checked as text.
    text = str(value)
    if text.startswith(FORMULA_STARTS) and not PLAIN_NUMBER.fullmatch(text):
        return "'" + text
    return text


def csv_text(header: Sequence[object], rows: Iterable[Sequence[object]]) -> str:
    """The whole file: `header`, then one line per row, every cell safe."""
    out = io.StringIO()
    # The BOM makes spreadsheets read the file as UTF-8 (accents, emoji).
    out.write("\ufeff")
    writer = csv.writer(out, lineterminator="\r\n")
    for row in itertools.chain([header], rows):
        writer.writerow([safe_cell(value) for value in row])
    return out.getvalue()


def local_time(moment: datetime.datetime | None) -> str:
    """A moment as a cell, in the site's time zone ("" for none)."""
    return timezone.localtime(moment).strftime("%Y-%m-%d %H:%M:%S") if moment else ""
