"""Keeps capability tokens out of logs.

Request lines and "Internal Server Error: /h/<token>/" messages carry host and
pencil tokens, which are passwords: `RedactTokensFilter` rewrites every log record
it sees so that /h/<token>/ becomes /h/…/ (and any bare 32-character token-looking
word becomes …). Settings attach it to the console handler, so whatever reaches the
output is redacted, and to the loggers that write request paths (django.request,
django.server, django.security.*), so every other handler (a test's caplog, an
error tracker) gets redacted records too.
"""

import functools
import logging
import re

REDACTED = "…"
# Token alphabet of scorekeeper.lib.tokens (URL-safe base64).
_TOKEN_CHARS = "A-Za-z0-9_-"
_BARE_TOKEN = re.compile(
    rf"(?<![{_TOKEN_CHARS}])[{_TOKEN_CHARS}]{{32}}(?![{_TOKEN_CHARS}])"
)


@functools.cache
def _patterns() -> tuple[re.Pattern[str], ...]:
    # Imported lazily: logging is configured before the apps are loaded.
    from scorekeeper.lib.capabilities import CAPABILITY_PREFIXES

    letters = "|".join(re.escape(p.strip("/")) for p in CAPABILITY_PREFIXES)
    return (
        # /h/<anything up to the next / ? # or space>
        re.compile(rf"(/(?:{letters})/)[^/?#\s\"']+"),
        # The same path percent-encoded in a query string (?next=%2Fh%2F...).
        re.compile(rf"(%2F(?:{letters})%2F)[^%&\s\"']+", re.IGNORECASE),
    )


def redact(text: str) -> str:
    if not isinstance(text, str):
        return text
    for pattern in _patterns():
        text = pattern.sub(rf"\g<1>{REDACTED}", text)
    return _BARE_TOKEN.sub(REDACTED, text)


class RedactTokensFilter(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        # Redact the formatted message, not the format string: a pattern applied
        # to "/h/%s/" would eat the placeholder.
        try:
            message = record.getMessage()
        except Exception:  # noqa: BLE001 - the handler reports bad formats itself
            return True
        cleaned = redact(message)
        if cleaned != message:
            record.msg, record.args = cleaned, ()
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact(record.exc_text)
        if record.stack_info:
            record.stack_info = redact(record.stack_info)
        return True
