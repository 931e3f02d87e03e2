"""The ASGI application: every request, pages and live streams alike.

Django's handler runs each request's synchronous parts (the middleware, a sync
view) in a thread of its own, kept until the response ends. For a page that is a
few milliseconds; for a live stream it would be an idle thread for as long as the
phone watches, thousands of them. So a stream does its synchronous work (the
middleware, the token's lookup: a few milliseconds at its start) in asgiref's one
shared sync thread instead, and then waits on the event loop alone.

Django's handler speaks only HTTP; the lifespan messages the server sends around
it are answered here. At startup the server's own SIGTERM/SIGINT handler is
chained with the live streams' drain, so that on a deploy every open stream ends
at once with a jittered `retry:` instead of being cut at the graceful timeout and
reconnecting all at the same instant.

The server (scorekeeper/serve.py) starts each worker process through `served()`:
it loads the URLs and the game page's template, then freezes every object alive
out of the garbage collector (`gc.freeze()`). They live as long as the process,
and a full collection would otherwise walk them all again each time, while every
request and stream of the process waits.
"""

import contextlib
import gc
import os
import re
import signal

import django
from asgiref.typing import (
    ASGI3Application,
    ASGIReceiveCallable,
    ASGISendCallable,
    Scope,
)
from django.core.handlers.asgi import ASGIHandler

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
django.setup(set_prefix=False)

STREAM_PATH = re.compile(r"^/[whc]/[^/]+/events/$")


class Handler(ASGIHandler):
    async def __call__(
        self, scope: Scope, receive: ASGIReceiveCallable, send: ASGISendCallable
    ) -> None:
        if scope["type"] == "http" and STREAM_PATH.match(scope["path"]):
            # No ThreadSensitiveContext: no thread of its own (see above).
            await self.handle(scope, receive, send)
        else:
            await super().__call__(scope, receive, send)


django_application = Handler()

from games.live import fanout  # noqa: E402  (needs the settings loaded above)


def _drain_streams_on(signum):
    previous = signal.getsignal(signum)

    def handler(sig, frame):
        fanout.hub.drain()
        if callable(previous):
            previous(sig, frame)

    signal.signal(signum, handler)


async def application(
    scope: Scope, receive: ASGIReceiveCallable, send: ASGISendCallable
) -> None:
    if scope["type"] != "lifespan":
        return await django_application(scope, receive, send)
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            for signum in (signal.SIGTERM, signal.SIGINT):
                # Not in the main thread (a test's server thread): no signals.
                with contextlib.suppress(ValueError):
                    _drain_streams_on(signum)
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            fanout.hub.drain()
            await send({"type": "lifespan.shutdown.complete"})
            return


def served() -> ASGI3Application:
    """The application as a server process runs it (uvicorn's app factory)."""
    from django.template.loader import get_template
    from django.urls import get_resolver

    get_resolver().url_patterns  # noqa: B018  (imports every view)
    get_template("games/game.html")
    gc.collect()
    gc.freeze()
    return application
