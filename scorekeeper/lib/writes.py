"""The write transaction: one at a time per process on SQLite, queued in Python.

SQLite has one write lock, and the app's write transactions take it at BEGIN
(IMMEDIATE, settings.py). A second writer then waits in SQLite's busy handler,
which sleeps and tries again, longer and longer (up to 100 ms between tries):
with a few writers at once, a write waits for its next try rather than for the
lock, and the writes answered in a second fall to a handful. Queued on a lock of
the process instead, a writer is woken the moment the one before it commits: it
leaves the queue at its commit, before the work it does once committed. The
woken writer still waits for the interpreter, which the thread before it keeps
while it draws its answer: in a busy process that hand-off takes about as long
as the write itself (bench/CHANGELOG.md, "Where a score entry waits at 10,000
watchers"). The one server process on SQLite (scorekeeper/checks.py) holds
every writer that matters; the task worker and management commands still meet
the busy handler, and write seldom.

On PostgreSQL writers lock the rows they write, not the database: no queue.
"""

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from django.db import OperationalError, connection, transaction

# One queue: the app writes to one database.
_writers = threading.Lock()


@contextmanager
def write_transaction() -> Iterator[None]:
    """`transaction.atomic()`, entered on SQLite once no other thread of this
    process is writing."""
    # Inside a transaction already, this thread holds SQLite's lock or has
    # queued for it: waiting again could only wait for itself.
    if connection.vendor != "sqlite" or connection.in_atomic_block:
        with transaction.atomic():
            yield
        return
    # As long as SQLite itself would wait, then the same refusal, which the
    # middleware answers 503 with Retry-After.
    timeout = float(connection.settings_dict["OPTIONS"].get("timeout", 5))
    if not _writers.acquire(timeout=timeout):
        raise OperationalError("database is locked")
    held = True

    def release() -> None:
        nonlocal held
        if held:
            held = False
            _writers.release()

    try:
        with transaction.atomic():
            # The first thing done once committed: what the write does after its
            # commit (the news to the streams, the sheets kept) needs no lock of
            # SQLite's, and the next writer need not wait for it.
            transaction.on_commit(release)
            yield
    finally:
        release()
