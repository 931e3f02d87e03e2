"""Fails when a string of the interface has no English translation.

Runs Django's makemessages for the English catalogue on a copy of the sources
(the committed locale/en/LC_MESSAGES/django.po is never rewritten), then reads the
result: a string of the code or templates that the committed catalogue lacks, or
one whose translation is empty or fuzzy, is reported and fails the check.
Needs GNU gettext (scripts/ensure-test-tools installs it).

    python scripts/check-translations.py [SOURCE_DIR]
"""

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import polib

CATALOGUE = Path("locale/en/LC_MESSAGES/django.po")
SKIPPED = shutil.ignore_patterns(
    ".*", "__pycache__", "staticfiles", "var", "node_modules", "db.sqlite3*", "*.mo"
)


def key(entry):
    return (entry.msgctxt, entry.msgid, entry.msgid_plural)


def untranslated(entry):
    if entry.msgid_plural:
        return not entry.msgstr_plural or not all(entry.msgstr_plural.values())
    return not entry.msgstr


def problems(source):
    """(missing, untranslated) entries of the catalogue makemessages would write."""
    committed = polib.pofile(str(source / CATALOGUE))
    known = {key(entry) for entry in committed if not entry.obsolete}
    with tempfile.TemporaryDirectory(prefix="scorekeeper-messages-") as tmp:
        copy = Path(tmp) / "src"
        shutil.copytree(source, copy, ignore=SKIPPED)
        subprocess.run(
            [sys.executable, "manage.py", "makemessages", "--locale", "en", "-v", "0"],
            cwd=copy,
            check=True,
        )
        fresh = polib.pofile(str(copy / CATALOGUE))
    current = [entry for entry in fresh if not entry.obsolete]
    missing = [entry for entry in current if key(entry) not in known]
    empty = [
        entry
        for entry in current
        if key(entry) in known and (untranslated(entry) or entry.fuzzy)
    ]
    return missing, empty


def where(entry):
    return ", ".join(f"{path}:{line}" for path, line in entry.occurrences[:3])


def main():
    source = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).parents[1])
    missing, empty = problems(source.resolve())
    for entry in missing:
        print(f"missing from {CATALOGUE}: {entry.msgid!r} ({where(entry)})")
    for entry in empty:
        print(f"not translated in {CATALOGUE}: {entry.msgid!r} ({where(entry)})")
    if missing or empty:
        print(
            f"{len(missing) + len(empty)} string(s) to translate: run "
            "`.venv/bin/python manage.py makemessages --locale en`, fill in the "
            "English, and commit the catalogue.",
            file=sys.stderr,
        )
        return 1
    print(f"{CATALOGUE}: every string is translated.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
