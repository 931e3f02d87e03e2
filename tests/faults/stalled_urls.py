"""A stream that never ends, for driving Django's ASGI handler in tests."""

import asyncio

from django.http import StreamingHttpResponse
from django.urls import path

CLOSED = []


async def forever(request):
    async def events():
        try:
            while True:
                yield b"data: tick\n\n"
                await asyncio.sleep(0)
        finally:
            CLOSED.append(request.path)

    return StreamingHttpResponse(events(), content_type="text/event-stream")


urlpatterns = [path("forever/", forever)]
