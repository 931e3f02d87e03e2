"""CSV files for spreadsheets: UTF-8 with a BOM, CRLF lines, and no cell a
spreadsheet would run as a formula (the names in them are free text)."""

import csv
import datetime
import io
from collections.abc import Iterable, Sequence

from django.utils import timezone

# Spreadsheets run a cell starting with one of these as a formula.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value: object) -> object:
    """The value as a cell that no spreadsheet will run as a formula."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def csv_text(header: Sequence[object], rows: Iterable[Sequence[object]]) -> str:
    """The whole file: `header`, then one line per row."""
    out = io.StringIO()
    # The BOM makes spreadsheets read the file as UTF-8 (accents, emoji).
    out.write("\ufeff")
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(header)
    for row in rows:
        writer.writerow([safe_cell(value) for value in row])
    return out.getvalue()


def local_time(moment: datetime.datetime | None) -> str:
    """A moment as a cell, in the site's time zone ("" for none)."""
    return timezone.localtime(moment).strftime("%Y-%m-%d %H:%M:%S") if moment else ""
