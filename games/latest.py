"""The newest version of something per slot, kept in this process: the sheets a
write made (games/game_writes.py) and the sheet and watch page rendered for a version
(games/renderings.py).

A value is only handed out for the very version it was made for, so no process
can serve a stale one; and only the newest version of each slot is kept, since an
older one is never asked for again. At most `limit` slots: the least recently
stored go first.
"""

import collections
import threading


class Latest:
    """slot -> (version, value). A version is a tuple, the game's version first."""

    def __init__(self, limit):
        self.limit = limit
        self.slots = collections.OrderedDict()
        self.lock = threading.Lock()

    def get(self, slot, version):
        found = self.slots.get(slot)
        return found[1] if found is not None and found[0] == version else None

    def put(self, slot, version, value):
        with self.lock:
            found = self.slots.get(slot)
            # A slow maker of an older version must not evict the newer one.
            if found is None or found[0][0] <= version[0]:
                self.slots[slot] = (version, value)
                self.slots.move_to_end(slot)
            while len(self.slots) > self.limit:
                self.slots.popitem(last=False)

    def clear(self):
        with self.lock:
            self.slots.clear()
