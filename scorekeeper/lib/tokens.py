"""Capability links: unguessable tokens in URLs, stored hashed.

A token is 32 URL-safe characters (192 bits from `secrets`). The database keeps a
short plain prefix (indexed, for the lookup) and the SHA-256 of the whole token;
the candidate rows found by prefix are compared in constant time. A token of high
entropy needs no salt or slow hash: there is nothing to brute-force.
"""

import base64
import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass

TOKEN_BYTES = 24
TOKEN_LENGTH = 32
PREFIX_LENGTH = 8
TOKEN_RE = re.compile(rf"^[A-Za-z0-9_-]{{{TOKEN_LENGTH}}}$")


@dataclass(frozen=True)
class Hashed:
    prefix: str
    digest: str


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def is_well_formed(token: str) -> bool:
    return isinstance(token, str) and bool(TOKEN_RE.fullmatch(token))


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def hashed(token: str) -> Hashed:
    return Hashed(prefix=token[:PREFIX_LENGTH], digest=digest(token))


def matches(token: str, stored_digest: str) -> bool:
    return hmac.compare_digest(digest(token), stored_digest or "")


def derive(secret: str, purpose: str) -> str:
    """A token derived from another one, so the holder of `secret` can show it again
    (the host page shows its pencil link again) while the database keeps hashes."""
    mac = hmac.new(secret.encode(), purpose.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac[:TOKEN_BYTES]).decode()
