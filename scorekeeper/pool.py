"""What the ASGI application (scorekeeper/asgi.py) answers pages and static files
with: Django's WSGI handler in a fixed pool of threads, and ServeStatic's table of
files on the event loop.

`PagePool` is a2wsgi's WSGI-to-ASGI bridge, with a body read before the pool and
a response that a client gone or stalled can never hold a thread for:

- The request body is read on the event loop, whole, before the request takes a
  thread (spooled to disk past FILE_UPLOAD_MAX_MEMORY_SIZE, as Django's ASGI
  handler does). A client that sends its body slowly holds no thread; one that
  stops sending it gets StalledClientMiddleware's 408, and one gone before its
  end runs nothing: its cut body never reaches a view. Nor does a request
  whose client hangs up while it waits for a thread (`Responder.run`).
- The response goes from the thread to the event loop through a small queue.
  a2wsgi's thread hands each message (the head, each chunk, the end) to the loop
  and waits until the loop has queued it: three waits for the loop per page,
  each as long as the loop's turn, while thousands of streams keep it busy.
  Here the thread only takes a place in the queue (`room`) and goes on: it waits
  only when the queue is full. a2wsgi's thread also waits for room without end,
  and the loop's sender stops at the first send that fails (a client gone, or
  stalled past LIVE_SEND_TIMEOUT): the thread would then wait for ever once the
  queue is full. Here a failed send drops the rest of the response on the loop,
  so the queue always empties; the thread stops at its next chunk; and it never
  waits for room longer than a stalled send may take.

`StaticFiles` is ServeStatic's Django middleware, configured from the settings
as that middleware configures itself (manifest, hashed files cached for ever,
compressed copies, max-age, the finders under DEBUG), asked for its table
only: the files are then sent on the event loop by ServeStatic's ASGI file
server, with the same headers, and never take a pool thread or go through the
middleware chain.
"""

import contextlib
import io
import tempfile
import threading
import typing
import warnings
from concurrent.futures import ThreadPoolExecutor
from typing import IO

from a2wsgi.asgi_typing import HTTPScope, Receive, Scope, Send, SendEvent
from a2wsgi.wsgi import WSGIMiddleware, WSGIResponder, build_environ
from a2wsgi.wsgi_typing import Environ, WSGIApp
from asgiref.typing import ASGIReceiveCallable, ASGISendCallable
from asgiref.typing import HTTPScope as ASGIHTTPScope
from asgiref.typing import Scope as ASGIScope
from django.conf import settings
from django.core.exceptions import RequestAborted
from django.core.handlers.wsgi import WSGIHandler
from django.db import connection
from django.http import HttpRequest, HttpResponseBase
from servestatic.asgi import FileServerASGI
from servestatic.middleware import ServeStaticMiddleware
from servestatic.responders import Redirect, StaticFile
from servestatic.utils import decode_path_info, run_async_in_thread

from scorekeeper.middleware import send_timeout


class ClientGone(Exception):
    """The response's client is gone or stalled: the thread stops answering it."""


class PagePool(WSGIMiddleware):
    """Django's WSGI handler in `workers` threads, made once (see the module)."""

    def __init__(self, app: WSGIHandler, workers: int) -> None:
        super().__init__(app, workers=workers)  # type: ignore[arg-type]
        self.workers = workers
        self.answering = 0  # requests given to the threads and not yet answered

    def start_threads(self) -> None:
        """Starts every thread with its database connection, as its first
        request would leave it (kept on SQLite, back to PostgreSQL's pool): after
        a deploy the phones all come back at once, and none of them should wait
        for a thread or a connection to be made."""
        started = threading.Barrier(self.workers)

        def open_connection() -> None:
            # Each call waits for the others: the executor makes a thread for each.
            with contextlib.suppress(threading.BrokenBarrierError):
                started.wait(timeout=10)
            # A database away at start delays nothing: the first request retries.
            with contextlib.suppress(Exception):
                connection.ensure_connection()
                connection.close_if_unusable_or_obsolete()

        calls = [self.executor.submit(open_connection) for _ in range(self.workers)]
        for call in calls:
            call.result()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await super().__call__(scope, receive, send)
        body = await read_body(receive)
        if body is None:
            return  # gone before the end of its body: nothing runs
        # With every thread busy, it waits: then its client's hang-up is heard.
        waits = self.answering >= self.workers
        self.answering += 1
        try:
            responder = Responder(self.app, self.executor, self.send_queue_size)
            await responder.answer(scope, body, send, receive if waits else None)
        finally:
            self.answering -= 1
            body.close()


async def read_body(receive: Receive) -> IO[bytes] | None:
    """The request's whole body, or None when the client left before its end."""
    body = tempfile.SpooledTemporaryFile(  # noqa: SIM115 (closed by the caller)
        max_size=settings.FILE_UPLOAD_MAX_MEMORY_SIZE, mode="w+b"
    )
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            body.close()
            return None
        if message["type"] == "http.request":
            if chunk := message.get("body", b""):
                body.write(chunk)
            if not message.get("more_body", False):
                break
    body.seek(0)
    return typing.cast(IO[bytes], body)


class Responder(WSGIResponder):
    """One request through the pool: a2wsgi's, but for the body (read already)
    and the sends (bounded, see the module)."""

    gone = False

    def __init__(
        self, app: WSGIApp, executor: ThreadPoolExecutor, send_queue_size: int
    ) -> None:
        super().__init__(app, executor, send_queue_size)
        # The places left in the send queue: taken by the thread for each
        # message, given back by the loop's sender as it takes one out.
        self.room = threading.Semaphore(send_queue_size)

    async def answer(
        self,
        scope: HTTPScope,
        body: IO[bytes],
        send: Send,
        receive: Receive | None = None,
    ) -> None:
        """Answers the request; `receive`, for one that waits for a thread, is
        listened to for its client's hang-up meanwhile."""
        environ = build_environ(scope, body)  # type: ignore[arg-type]
        if "CONTENT_LENGTH" not in environ:
            # A chunked body, read whole already: WSGI reads only a declared length.
            size = body.seek(0, io.SEEK_END)
            body.seek(0)
            if size:
                environ["CONTENT_LENGTH"] = str(size)
        sender = self.loop.create_task(self.sender(send))
        hang_up = None
        if receive is not None:
            hang_up = self.loop.create_task(self.hear_hang_up(receive))
        try:
            # In the thread's own context, not a copy of the loop's: what
            # Django keeps per thread (asgiref's Local, as its cache objects)
            # then lasts from one request to the next, as under a WSGI server,
            # instead of being made again, under a lock every thread takes, for
            # every request.
            with contextlib.suppress(ClientGone):
                await self.loop.run_in_executor(self.executor, self.run, environ)
            await self.send_queue.put(None)
            await sender
            if self.exc_info is not None:
                raise self.exc_info[1].with_traceback(self.exc_info[2])
        finally:
            if hang_up is not None:
                hang_up.cancel()
            if not sender.done():
                sender.cancel()

    def run(self, environ: Environ) -> None:
        """In the pool thread. A request whose client left while it waited for a
        thread runs nothing: nobody is there to read its answer, and the time
        goes to the requests still waited for. A write not run is safe to drop:
        unanswered, the phone sends it again with the same request_key
        (static/js/outbox.js). When the server is behind, this keeps it from
        spending its threads on answers nobody reads."""
        if self.gone:
            raise ClientGone
        self.wsgi(environ, self.start_response)

    async def hear_hang_up(self, receive: Receive) -> None:
        """On the loop, while the request is answered: the body is read whole
        already, so the next message the server has is the client's hang-up."""
        if (await receive())["type"] == "http.disconnect":
            self.gone = True

    async def sender(self, send: Send) -> None:
        while (message := await self.send_queue.get()) is not None:
            self.room.release()
            if self.gone:
                continue  # dropped, so that the thread never waits for room
            try:
                await send(message)
            except (OSError, RequestAborted):
                # Gone (uvicorn's ClientDisconnected is an OSError) or stalled
                # (scorekeeper.middleware.StalledClientMiddleware).
                self.gone = True

    def send(self, message: SendEvent | None) -> None:
        """From the pool thread: hands a message to the loop's sender, waiting
        only for a place in the queue."""
        if self.gone:
            raise ClientGone
        # The sender frees a place within one send, itself bounded by
        # LIVE_SEND_TIMEOUT: none after twice that, the loop has given up.
        if not self.room.acquire(timeout=2 * send_timeout()):
            self.gone = True
            raise ClientGone
        # Queued in the order handed: the loop runs its callbacks in order, and
        # the place taken above leaves room for it.
        self.loop.call_soon_threadsafe(self.send_queue.put_nowait, message)


class StaticFiles:
    """ServeStatic's table of static files, answered on the event loop."""

    def __init__(self) -> None:
        async def not_used(request: HttpRequest) -> HttpResponseBase:
            raise NotImplementedError

        with warnings.catch_warnings():
            # Its checks are about the middleware in MIDDLEWARE, not used here.
            warnings.filterwarnings("ignore", "Django checks for ServeStatic")
            self.table = ServeStaticMiddleware(not_used)

    async def find(self, path: str) -> StaticFile | Redirect | None:
        """The file at `path` (a scope's path), if it is a static file."""
        table = self.table
        if not table.autorefresh:
            return table.files.get(decode_path_info(path))
        if not path.startswith(table.static_prefix):
            return None
        # DEBUG: looked up on disk each time, as the middleware does.
        found: StaticFile | Redirect | None = await run_async_in_thread(
            table.find_file, decode_path_info(path)
        )
        return found

    @staticmethod
    async def serve(
        found: StaticFile | Redirect,
        scope: ASGIScope,
        receive: ASGIReceiveCallable,
        send: ASGISendCallable,
    ) -> None:
        await FileServerASGI(found)(typing.cast(ASGIHTTPScope, scope), receive, send)
