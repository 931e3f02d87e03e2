"""The shared cache: Redis, or this process's memory while Redis is away.

Redis is optional (README, "When something fails"): when it stops answering, a
request must not fail nor wait. Every operation that Redis refuses or lets time
out (`REDIS_TIMEOUT`, a fraction of a second) is done on a local-memory cache
instead, and Redis is left alone for `REDIS_RETRY_SECONDS` before it is tried
again. Meanwhile the rate limits count per process, as on a single server
without Redis, and the preview images are drawn again per process: the site
degrades, it does not stop.

Values written to the fallback are not copied to Redis when it comes back: they
are counters of a short window and images keyed by version, so Redis's own,
possibly older, values are as good.
"""

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache
from redis.exceptions import RedisError

from scorekeeper.lib.outage import Outage

FAILURES = (RedisError, OSError)


class FallbackRedisCache(RedisCache):
    def __init__(self, server, params):
        super().__init__(server, params)
        self.fallback = LocMemCache(
            f"fallback:{server}",
            {"TIMEOUT": params.get("TIMEOUT", 300), "OPTIONS": {"MAX_ENTRIES": 3000}},
        )
        self.outage = Outage.of(f"cache (Redis at {server})")

    def _either(self, name, *args, **kwargs):
        if self.outage.worth_trying():
            try:
                result = getattr(super(), name)(*args, **kwargs)
            except FAILURES as error:
                self.outage.failed(error)
            else:
                self.outage.passed()
                return result
        return getattr(self.fallback, name)(*args, **kwargs)

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._either("add", key, value, timeout, version)

    def get(self, key, default=None, version=None):
        return self._either("get", key, default, version)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._either("set", key, value, timeout, version)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        return self._either("touch", key, timeout, version)

    def delete(self, key, version=None):
        return self._either("delete", key, version)

    def get_many(self, keys, version=None):
        return self._either("get_many", keys, version)

    def has_key(self, key, version=None):
        return self._either("has_key", key, version)

    def incr(self, key, delta=1, version=None):
        return self._either("incr", key, delta, version)

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        return self._either("set_many", data, timeout, version)

    def delete_many(self, keys, version=None):
        return self._either("delete_many", keys, version)

    def clear(self):
        self.fallback.clear()
        return self._either("clear")
