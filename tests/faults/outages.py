"""Dependencies that fail, built in code: a database that refuses or has no room,
a Redis that refuses connections or accepts them and never answers."""

import contextlib
import socket
import sqlite3
import threading
from unittest import mock

from django.core.cache import caches
from django.db import OperationalError, connection
from django.db.backends.utils import CursorWrapper
from django.db.utils import ConnectionHandler
from django.test import override_settings

from scorekeeper.lib.outage import Outage

# Nothing listens on port 1 of the loopback: connections are refused at once.
CLOSED_PORT = 1
REFUSING_REDIS = f"redis://127.0.0.1:{CLOSED_PORT}/0"


@contextlib.contextmanager
def database_refuses():
    """Every query fails as a query does when the server refuses connections, in
    every thread: the test's, and the pages' pool (scorekeeper/pool.py)."""

    def refuse(cursor, sql, params, many, executor):
        raise OperationalError(
            'connection failed: connection to server at "127.0.0.1", port 5432 '
            "failed: Connection refused"
        )

    with mock.patch.object(CursorWrapper, "_execute_with_wrappers", refuse):
        yield


@contextlib.contextmanager
def disk_full(on_writes_only=True):
    """Writes fail as SQLite's do on a full disk; reads still answer."""

    def full(execute, sql, params, many, context):
        if on_writes_only and sql.lstrip().upper().startswith("SELECT"):
            return execute(sql, params, many, context)
        cause = sqlite3.OperationalError("database or disk is full")
        cause.sqlite_errorcode = sqlite3.SQLITE_FULL
        raise OperationalError("database or disk is full") from cause

    with connection.execute_wrapper(full):
        yield


def postgresql_at_closed_port():
    """A PostgreSQL connection (Django's, psycopg's) to a port nothing listens on."""
    away = {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": "scorekeeper",
        "HOST": "127.0.0.1",
        "PORT": str(CLOSED_PORT),
        "USER": "nobody",
        "OPTIONS": {"connect_timeout": 2},
    }
    # A handler of its own: the suite's connections are left as they are.
    return ConnectionHandler({"default": away})["default"]


@contextlib.contextmanager
def redis_cache(url, **options):
    """The project's shared cache (Redis with its fallback) at `url`, its fallback
    memory empty (a local-memory cache lives as long as the process)."""
    shared = {
        "BACKEND": "scorekeeper.lib.cache.FallbackRedisCache",
        "LOCATION": url,
        "OPTIONS": {"socket_connect_timeout": 0.2, "socket_timeout": 0.2, **options},
    }
    local = {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    with override_settings(
        REDIS_URL=url,
        CACHES={"default": shared, "shared": shared, "local": local},
        Q_CLUSTER={"name": "scorekeeper", "redis": url},
        REDIS_TIMEOUT=0.2,
    ):
        # What the process learnt of Redis (down, since when) starts afresh too.
        Outage.known.clear()
        caches["shared"].fallback.clear()
        yield
    Outage.known.clear()


class HungRedis:
    """A server that accepts connections and never answers (Redis under SIGSTOP
    looks the same from the client), counting the connections it was offered."""

    def __init__(self):
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.accepted = []
        self.thread = threading.Thread(target=self.accept_forever, daemon=True)

    def accept_forever(self):
        with contextlib.suppress(OSError):
            while True:
                peer, _ = self.listener.accept()
                self.accepted.append(peer)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.listener.close()
        for peer in self.accepted:
            peer.close()
