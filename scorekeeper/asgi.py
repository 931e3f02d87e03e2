"""The ASGI application: every request, pages and live streams alike.

Django's handler speaks only HTTP; the lifespan messages the server sends around
it are answered here. At startup the server's own SIGTERM/SIGINT handler is
chained with the live streams' drain, so that on a deploy every open stream ends
at once with a jittered `retry:` instead of being cut at the graceful timeout and
reconnecting all at the same instant.
"""

import contextlib
import os
import signal

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
django_application = get_asgi_application()

from games import live  # noqa: E402  (needs the settings loaded above)


def _drain_streams_on(signum):
    previous = signal.getsignal(signum)

    def handler(sig, frame):
        live.hub.drain()
        if callable(previous):
            previous(sig, frame)

    signal.signal(signum, handler)


async def application(scope, receive, send):
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
            live.hub.drain()
            await send({"type": "lifespan.shutdown.complete"})
            return
