"""CSV files a spreadsheet opens as they are meant: UTF-8, one local time format,
and no cell run as a formula. A game's export and a band's history both write
theirs here, so that both files open the same way.
"""

import csv
import datetime
import io
from collections.abc import Iterable

from django.utils import timezone

# Spreadsheets run a cell starting with one of these as a formula.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def local_time(moment: datetime.datetime | None) -> str:
    """The moment in the current time zone, as spreadsheets read a date and time."""
    return timezone.localtime(moment).strftime("%Y-%m-%d %H:%M:%S") if moment else ""


def safe_cell(value: object) -> object:
    """A CSV cell that no spreadsheet will run as a formula (names are free text)."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def csv_text(header: list[str], rows: Iterable[list]) -> str:
    out = io.StringIO()
    # The BOM makes spreadsheets read the file as UTF-8 (accents, emoji).
    out.write("\ufeff")
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(header)
    for row in rows:
        writer.writerow([safe_cell(value) for value in row])
    return out.getvalue()
