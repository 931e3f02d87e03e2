"""The sheet and the watch page, rendered once per version (the sheet by
`games.sheet_table.sheet_html`, the watch page by `games.views`).

Every page of a game in one role gets the same sheet for a given version of the
game (every write bumps it): each process renders it once per (game, version,
role, language) and hands the same text to the next asker — the page, its poll and
the watchers' stream (games/live/streams.py) — so the forty phones of a table that
follow a new entry cost one rendering, not forty. The watch page as a whole is
kept the same way. Process memory is safe here, unlike for the version itself: a
text is only served for the version it was rendered for, so no process can serve
a stale sheet. Only the latest version of each is kept: an older one is never
asked for again, and keeping them all made the workers grow without bound.

Keys hold the watch token, not the primary key: tests (and a restored database)
may give a new game the primary key of an old one, never its token. Only the CSRF
token differs from one watcher to the next: a kept page holds `CSRF_SLOT` in its
place, replaced by each request's own.
"""

import secrets

from games.latest import Latest

CSRF_SLOT = f"csrf-slot-{secrets.token_hex(16)}"


# A game in play keeps a few: its watch page, its watch, host (or pencil) sheets.
RENDERED = Latest(limit=512)


def rendered_once(slot, version, render_it):
    """`render_it()`'s text for `version` (a tuple, game version first) of `slot`."""
    text = RENDERED.get(slot, version)
    if text is None:
        text = render_it()
        RENDERED.put(slot, version, text)
    return text
