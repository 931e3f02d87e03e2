"""Bounds what a stalled client can hold: a pure ASGI middleware.

- A response body (a live stream, mostly) that the client has not taken for
  LIVE_SEND_TIMEOUT seconds: the server's `send` stays blocked once its buffers
  are full. The send is timed out and the request treated as gone
  (RequestAborted: Django closes the stream's generator, which frees its place
  among the address's streams, and ends the request as for a client that left).
  The connection's socket is then dropped by the kernel (TCP_USER_TIMEOUT, set
  by scorekeeper/serve.py), since a close waits for the queued bytes.
- A request body that stops arriving for as long: the request gets 408 with
  `Connection: close` and the view never runs (Django reads the whole body
  before it builds the request). A request whose headers never end is held by
  the server before any application sees it: the TLS proxy bounds it
  (deploy/nginx/scorekeeper.conf, `client_header_timeout`).
"""

import asyncio

from django.conf import settings
from django.core.exceptions import RequestAborted


def send_timeout() -> float:
    return float(getattr(settings, "LIVE_SEND_TIMEOUT", 30))


class StalledClientMiddleware:
    """Wraps the ASGI application; `timeout` (seconds) defaults to the setting."""

    def __init__(self, app, timeout: float | None = None) -> None:
        self.app = app
        self.timeout = timeout

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        timeout = self.timeout if self.timeout is not None else send_timeout()
        body_read = False

        async def timed_receive():
            nonlocal body_read
            if body_read:
                # After the body, the handler listens for the disconnect for as
                # long as the response lasts: a stream's whole life, untimed.
                return await receive()
            try:
                message = await asyncio.wait_for(receive(), timeout)
            except TimeoutError:
                body_read = True
                await send_request_timeout(send)
                return {"type": "http.disconnect"}
            if message["type"] != "http.request" or not message.get("more_body"):
                body_read = True
            return message

        async def timed_send(message):
            if message["type"] != "http.response.body":
                return await send(message)
            try:
                return await asyncio.wait_for(send(message), timeout)
            except TimeoutError:
                raise RequestAborted("client stalled: response not taken") from None

        await self.app(scope, timed_receive, timed_send)


async def send_request_timeout(send) -> None:
    """408 and close: the body stopped arriving, nothing was done."""
    await send(
        {
            "type": "http.response.start",
            "status": 408,
            "headers": [
                (b"content-type", b"text/plain; charset=utf-8"),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": b"Request Timeout\n"})
