"""Compiles locale/*/LC_MESSAGES/*.po to .mo with polib, so that a fresh machine
needs no GNU gettext tools."""

import pathlib
import sys

import polib

root = pathlib.Path(__file__).resolve().parent.parent
count = 0
for po_path in sorted((root / "locale").glob("*/LC_MESSAGES/*.po")):
    po = polib.pofile(str(po_path))
    po.save_as_mofile(str(po_path.with_suffix(".mo")))
    count += 1
print(f"compiled {count} catalogue(s)", file=sys.stderr)
