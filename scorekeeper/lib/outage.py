"""Remembers that an optional service (Redis) just failed, for a few seconds.

A dead or hung Redis answers nothing: trying it again on every request would cost
each one the socket timeout. After a failure the callers skip it for
`REDIS_RETRY_SECONDS` and use their fallback, then try it once more; the log says
when the service goes and when it comes back, not at every request.

    outage = Outage.of("cache")   # one per service and process, all threads
    if outage.worth_trying():
        try:
            ...ask Redis...
            outage.passed()
        except RedisError as error:
            outage.failed(error)
"""

import logging
import threading
import time

from django.conf import settings

log = logging.getLogger("scorekeeper.outage")


def retry_seconds() -> float:
    return float(getattr(settings, "REDIS_RETRY_SECONDS", 5))


class Outage:
    known: dict[str, "Outage"] = {}
    known_lock = threading.Lock()

    @classmethod
    def of(cls, service: str) -> "Outage":
        """The process's one record for `service`: a cache backend is made again
        in every request's thread, and what one request learnt must spare the
        next ones."""
        with cls.known_lock:
            if service not in cls.known:
                cls.known[service] = cls(service)
            return cls.known[service]

    def __init__(self, service: str) -> None:
        self.service = service
        self.skip_until = 0.0
        self.down = False
        self.lock = threading.Lock()

    def worth_trying(self) -> bool:
        """False while a recent failure says the service is still away."""
        return time.monotonic() >= self.skip_until

    def failed(self, error: BaseException) -> None:
        with self.lock:
            self.skip_until = time.monotonic() + retry_seconds()
            first = not self.down
            self.down = True
        if first:
            log.warning(
                "%s unreachable, degraded until it answers (%s: %s)",
                self.service,
                type(error).__name__,
                error,
            )

    def passed(self) -> None:
        if self.down:
            with self.lock:
                back = self.down
                self.down = False
            if back:
                log.warning("%s answers again", self.service)
