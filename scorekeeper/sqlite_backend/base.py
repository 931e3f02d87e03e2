"""SQLite whose writers wait their turn in a queue rather than in a sleep loop.

Every write transaction here is `BEGIN IMMEDIATE`: it takes SQLite's single write
lock at once. When the lock is taken, SQLite's busy handler retries after sleeping
1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50, then 100 ms: a writer that finds the lock
taken a few times waits tens of milliseconds for a lock held about one (a score
entry's transaction, Game.record_move). With fifty hosts tapping "Valider" at once
(bench/scoring.py --mode burst) those sleeps made the slowest answers: p99 395 ms
with SQLite's busy handler alone, 254 ms with these queues.

So a writer first queues on a lock shared by the threads of this process (woken
the moment it is released), then on an exclusive `flock` on a file next to the
database, shared by every process on the machine (the kernel drops it if its
process dies), tried every millisecond or so: at most one thread per process
asks. Then BEGIN IMMEDIATE nearly always finds SQLite's lock free. The turn ends
with the transaction (COMMIT, ROLLBACK, or the connection closed).

Waiting is bounded by the connection's `timeout` option: past it, a writer goes
ahead without its turn and SQLite's own busy handling decides, as before (a test
that keeps a transaction open, say, still gets "database is locked", not a hang).
"""

import fcntl
import itertools
import os
import threading
import time

from django.db.backends.sqlite3 import base

_process_turn = threading.Lock()
# Seconds between two tries at another process's turn: about a transaction's length.
_NAPS = (0.0002, 0.0005, 0.001, 0.001, 0.002)


class DatabaseWrapper(base.DatabaseWrapper):
    _holds_process_turn = False
    _turn_file = None

    def _start_transaction_under_autocommit(self):
        if self.transaction_mode == "IMMEDIATE" and not self.is_in_memory_db():
            self._take_turn()
        try:
            super()._start_transaction_under_autocommit()
        except BaseException:
            self._end_turn()
            raise

    def _commit(self):
        try:
            return super()._commit()
        finally:
            self._end_turn()

    def _rollback(self):
        try:
            return super()._rollback()
        finally:
            self._end_turn()

    def _close(self):
        try:
            return super()._close()
        finally:
            self._end_turn()

    def _take_turn(self):
        limit = float(self.settings_dict["OPTIONS"].get("timeout", 5))
        deadline = time.monotonic() + limit
        self._holds_process_turn = _process_turn.acquire(timeout=limit)
        if not self._holds_process_turn:
            return
        path = f"{self.settings_dict['NAME']}.write-turn"
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        for attempt in itertools.count():
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    os.close(fd)
                    return
                time.sleep(_NAPS[min(attempt, len(_NAPS) - 1)])
            else:
                self._turn_file = fd
                return

    def _end_turn(self):
        fd, self._turn_file = self._turn_file, None
        if fd is not None:
            os.close(fd)  # and with it the flock
        if self._holds_process_turn:
            self._holds_process_turn = False
            _process_turn.release()
