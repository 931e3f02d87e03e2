"""Keeps SQLite's write-ahead log and shared-memory index in place while serving.

Each request opens its own connection (persistent connections do not survive
the ASGI server's thread per request). When the last connection to a WAL
database closes, SQLite checkpoints and deletes the `-wal` and `-shm` files, and
the next connection must create them again. On a full disk it cannot, and every
request fails, reads too ("disk I/O error"): a watch page of a running game would
answer 500 although nothing needs writing to show it.

One connection held open for the life of the server process keeps both files:
reads go on answering on a full disk, writes fail with "database or disk is
full" (a 503, scorekeeper/unavailable.py), and SQLite's own checkpoints still
reuse the log from its start, so it does not grow. It holds no transaction, so it
never keeps a checkpoint from completing.
"""

import sqlite3
from pathlib import Path

from django.conf import settings

held: list[sqlite3.Connection] = []


def hold(path: str | Path) -> sqlite3.Connection | None:
    """A connection to the SQLite database at `path` that keeps its files, or None
    when there is no such database yet (it is never created here)."""
    try:
        keeper = sqlite3.connect(
            f"{Path(path).resolve().as_uri()}?mode=rw",
            uri=True,
            autocommit=True,
            check_same_thread=False,
        )
        # A first read maps the shared-memory index (and makes the files).
        keeper.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.Error:
        return None
    return keeper


def keep_open(alias: str = "default") -> sqlite3.Connection | None:
    """Holds (once per process) the files of the alias's database, if SQLite."""
    database = settings.DATABASES[alias]
    if held or database["ENGINE"] != "django.db.backends.sqlite3":
        return held[0] if held else None
    name = str(database["NAME"])
    if name == ":memory:" or name.startswith("file:"):
        return None
    keeper = hold(name)
    if keeper is not None:
        held.append(keeper)
    return keeper
