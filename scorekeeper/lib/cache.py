"""The shared cache: Redis, or this process's memory while Redis is away.

Redis is optional (docs/production.md, "When something fails"): when it stops
answering, a request must not fail nor wait. Every operation that Redis refuses or
lets time out (`REDIS_TIMEOUT`, a fraction of a second) is done on a local-memory cache
instead, and Redis is left alone for `REDIS_RETRY_SECONDS` before it is tried
again. Meanwhile the rate limits count per process, as on a single server
without Redis, and the preview images are drawn again per process: the site
degrades, it does not stop.

Values written to the fallback are not copied to Redis when it comes back: they
are counters of a short window and images keyed by version, so Redis's own,
possibly older, values are as good.

The local cache (`ProcessMemoryCache`, the `local` alias): what this process keeps
per game version — a game's replayed state, the sheet's text — kept as the
objects themselves. Django's LocMemCache pickles every value on `set` and
unpickles it on every `get`: for a game's replayed state that is milliseconds a
read, on every request of a game in play, more than the replay it saves.
"""

import threading
import time
from collections import OrderedDict
from collections.abc import Iterable
from typing import Any

from django.core.cache.backends.base import DEFAULT_TIMEOUT, BaseCache
from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache
from redis.exceptions import RedisError

from scorekeeper.lib.outage import Outage

FAILURES = (RedisError, OSError)


class FallbackRedisCache(RedisCache):
    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self.fallback = LocMemCache(
            f"fallback:{server}",
            {"TIMEOUT": params.get("TIMEOUT", 300), "OPTIONS": {"MAX_ENTRIES": 3000}},
        )
        self.outage = Outage.of(f"cache (Redis at {server})")

    def _either(self, name: str, *args: Any, **kwargs: Any) -> Any:
        if self.outage.worth_trying():
            try:
                result = getattr(super(), name)(*args, **kwargs)
            except FAILURES as error:
                self.outage.failed(error)
            else:
                self.outage.passed()
                return result
        return getattr(self.fallback, name)(*args, **kwargs)

    def add(
        self,
        key: Any,
        value: Any,
        timeout: float | None = DEFAULT_TIMEOUT,
        version: int | None = None,
    ) -> bool:
        return self._either("add", key, value, timeout, version)

    def get(self, key: Any, default: Any = None, version: int | None = None) -> Any:
        return self._either("get", key, default, version)

    def set(
        self,
        key: Any,
        value: Any,
        timeout: float | None = DEFAULT_TIMEOUT,
        version: int | None = None,
    ) -> None:
        self._either("set", key, value, timeout, version)

    def touch(
        self,
        key: Any,
        timeout: float | None = DEFAULT_TIMEOUT,
        version: int | None = None,
    ) -> bool:
        return self._either("touch", key, timeout, version)

    def delete(self, key: Any, version: int | None = None) -> bool:
        return self._either("delete", key, version)

    def get_many(
        self, keys: Iterable[Any], version: int | None = None
    ) -> dict[Any, Any]:
        return self._either("get_many", keys, version)

    def has_key(self, key: Any, version: int | None = None) -> bool:
        return self._either("has_key", key, version)

    def incr(self, key: Any, delta: int = 1, version: int | None = None) -> int:
        return self._either("incr", key, delta, version)

    def set_many(
        self,
        data: dict[Any, Any],
        timeout: float | None = DEFAULT_TIMEOUT,
        version: int | None = None,
    ) -> list[Any]:
        return self._either("set_many", data, timeout, version)

    def delete_many(self, keys: Iterable[Any], version: int | None = None) -> None:
        self._either("delete_many", keys, version)

    def clear(self) -> None:
        self.fallback.clear()
        self._either("clear")


# Each entry: the value and its expiry on the monotonic clock (None: never).
Entries = OrderedDict[str, tuple[Any, float | None]]
STORES: dict[str, tuple[Entries, threading.Lock]] = {}


class ProcessMemoryCache(BaseCache):
    """This process's memory, values kept as they are (not copied): what is put
    in must never be changed afterwards, by the writer or by a reader — a game's
    state and a rendered sheet are never changed once made. Least recently used
    entries go first past MAX_ENTRIES; each entry expires after its timeout."""

    def __init__(self, location: str, params: dict[str, Any]) -> None:
        super().__init__(params)
        self.max_entries = int(params.get("OPTIONS", {}).get("MAX_ENTRIES", 300))
        # Django makes a cache object per thread (pages are answered by a pool
        # of threads, streams render in others): the entries live in the
        # process, by location.
        self.entries, self.lock = STORES.setdefault(
            location, (OrderedDict(), threading.Lock())
        )

    def get(self, key: Any, default: Any = None, version: int | None = None) -> Any:
        key = self.make_and_validate_key(key, version=version)
        with self.lock:
            kept = self.entries.get(key)
            if kept is None:
                return default
            value, expires = kept
            if expires is not None and expires <= time.monotonic():
                del self.entries[key]
                return default
            self.entries.move_to_end(key)
            return value

    def set(
        self,
        key: Any,
        value: Any,
        timeout: float | None = DEFAULT_TIMEOUT,
        version: int | None = None,
    ) -> None:
        key = self.make_and_validate_key(key, version=version)
        expires = self.get_backend_timeout(timeout)
        if expires is not None:
            expires = time.monotonic() + expires - time.time()
        with self.lock:
            self.entries[key] = (value, expires)
            self.entries.move_to_end(key)
            self._drop_expired_oldest()
            while len(self.entries) > self.max_entries:
                self.entries.popitem(last=False)

    def _drop_expired_oldest(self) -> None:
        """Drops the least recently used entries while they have expired: the
        values of the games nobody follows any more go once their timeout has
        passed, not only when MAX_ENTRIES pushes them out (or when read again,
        which they never are). An entry kept without a timeout stops the sweep:
        the ones there are are read on every page, so seldom the oldest."""
        now = time.monotonic()
        while self.entries:
            key, (_value, expires) = next(iter(self.entries.items()))
            if expires is None or expires > now:
                return
            del self.entries[key]

    def add(
        self,
        key: Any,
        value: Any,
        timeout: float | None = DEFAULT_TIMEOUT,
        version: int | None = None,
    ) -> bool:
        if self.has_key(key, version=version):
            return False
        self.set(key, value, timeout, version)
        return True

    def touch(
        self,
        key: Any,
        timeout: float | None = DEFAULT_TIMEOUT,
        version: int | None = None,
    ) -> bool:
        value = self.get(key, self, version=version)
        if value is self:
            return False
        self.set(key, value, timeout, version)
        return True

    def delete(self, key: Any, version: int | None = None) -> bool:
        key = self.make_and_validate_key(key, version=version)
        with self.lock:
            return self.entries.pop(key, None) is not None

    def has_key(self, key: Any, version: int | None = None) -> bool:
        return self.get(key, self, version=version) is not self

    def clear(self) -> None:
        with self.lock:
            self.entries.clear()
