"""Counts a client's misses (links that lead nowhere) and says when to stop answering.

A fixed-window counter in the shared cache: `add` then `incr`, both atomic
on Redis and on the local-memory cache, so concurrent misses are all counted.

    game = lookup(token)
    if game is None:
        if too_many_misses(request, "capability"):
            ...answer 429...
        note_miss(request, "capability", token)

A valid token is never refused here: only the wrong links a client tries.

Tokens carry 192 bits: the limit is defence in depth against enumeration, not what
keeps links secret. It is keyed by client address and scope; a table of friends
shares one address (one Wi-Fi, one phone operator NAT), so only *distinct* missed
tokens count: a phone that keeps polling a revoked pencil link, or a bookmarked old
link reloaded again and again, is one miss per window, not a lock-out of the table.

Settings (all optional):
    CAPABILITY_MISS_LIMIT   misses allowed per window and client (default 30)
    CAPABILITY_MISS_WINDOW  window length in seconds (default 600)
    TRUSTED_PROXY_COUNT     reverse proxies in front of the app that append to
                            X-Forwarded-For (default 0: the header is ignored, as
                            any client can send it)
"""

import hashlib
import ipaddress
import time

from django.conf import settings
from django.core.cache import caches
from django.http import HttpRequest

DEFAULT_LIMIT = 30
DEFAULT_WINDOW = 600
_PREFIX = "misses"


def limit() -> int:
    return int(getattr(settings, "CAPABILITY_MISS_LIMIT", DEFAULT_LIMIT))


def window() -> int:
    return max(1, int(getattr(settings, "CAPABILITY_MISS_WINDOW", DEFAULT_WINDOW)))


def client_ip(request: HttpRequest) -> str:
    """The client's address: REMOTE_ADDR, or the entry of X-Forwarded-For written by
    the outermost trusted proxy. An IPv6 client is its /64 (one household or phone
    gets a whole /64 and can pick any address in it)."""
    remote = request.META.get("REMOTE_ADDR", "") or ""
    proxies = int(getattr(settings, "TRUSTED_PROXY_COUNT", 0) or 0)
    candidate = remote
    if proxies > 0:
        forwarded = [
            part.strip()
            for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")
            if part.strip()
        ]
        # Each trusted proxy appends the address it was reached from; whatever
        # stands left of those entries was written by the client and means nothing.
        if len(forwarded) >= proxies:
            candidate = forwarded[-proxies]
    return _normalised(candidate, remote)


def _normalised(candidate: str, remote: str) -> str:
    try:
        address = ipaddress.ip_address(candidate)
    except ValueError:
        try:
            address = ipaddress.ip_address(remote)
        except ValueError:
            return "unknown"
    if address.version == 6:
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.ip_network(f"{address}/64", strict=False).network_address)
    return str(address)


def _window_index(now: float | None = None) -> int:
    return int((time.time() if now is None else now) // window())


def _counter_key(request: HttpRequest, scope: str) -> str:
    return f"{_PREFIX}:{scope}:{client_ip(request)}:{_window_index()}"


def too_many_misses(request: HttpRequest, scope: str) -> bool:
    """True when this client has used up its misses in the current window."""
    return (caches["shared"].get(_counter_key(request, scope)) or 0) >= limit()


def note_miss(request: HttpRequest, scope: str, token: str | None = None) -> int:
    """Counts one miss; returns the client's count in this window.

    With `token`, a token already missed in this window is not counted again
    (only a digest of it is kept, never the token).
    """
    key = _counter_key(request, scope)
    ttl = window() + 5
    if token is not None:
        seen = hashlib.sha256(str(token).encode()).hexdigest()[:24]
        if not caches["shared"].add(f"{key}:{seen}", 1, ttl):
            return caches["shared"].get(key) or 0
    caches["shared"].add(key, 0, ttl)
    try:
        return caches["shared"].incr(key)
    except ValueError:
        # The window expired between add and incr: this miss opens the next one.
        caches["shared"].add(key, 1, ttl)
        return 1


def spend(request: HttpRequest, scope: str, allowed: int, seconds: float) -> bool:
    """Counts one attempt of this client at `scope` (say, an import) in a fixed
    window of `seconds`; False once it has made more than `allowed` there."""
    seconds = max(1, int(seconds))
    key = f"{_PREFIX}:{scope}:{client_ip(request)}:{int(time.time() // seconds)}"
    caches["shared"].add(key, 0, seconds + 5)
    try:
        count = caches["shared"].incr(key)
    except ValueError:
        caches["shared"].add(key, 1, seconds + 5)
        count = 1
    return count <= allowed


def retry_after(now: float | None = None) -> int:
    """Seconds until the current window closes (for the Retry-After header)."""
    now = time.time() if now is None else now
    return max(1, int((_window_index(now) + 1) * window() - now))
