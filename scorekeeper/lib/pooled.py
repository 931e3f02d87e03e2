"""The check of a PostgreSQL connection as the pool lends it (settings.py).

psycopg's own check (`ConnectionPool.check_connection`) asks the server, one
round trip on every request before its first query. A connection that waited
in the pool can only have died while it waited, and a server that ends a
session (a restart, an administrator's `pg_terminate_backend`) says so on its
socket: a last message, then the end of the stream. So a socket with nothing to
read is lent as it is, and only one with something to say, which an idle
connection of the pool never has otherwise (it listens to nothing), is asked
the way psycopg asks. A server that vanished without a word (its machine gone)
fails the first query either way: its answer is the middleware's 503.

A session found ended most likely means a restarted server, which ended all of
them: the pool then checks every connection it holds at once, so that the
request is lent a new connection rather than the next dead one, and the next
one, until its wait is over and it answers 503.
"""

import select

import psycopg
from django.db import connection as default_connection
from psycopg_pool import ConnectionPool


def check_lent_connection(connection: psycopg.Connection) -> None:
    """Raises if `connection` is known dead; the pool then lends another."""
    if connection.closed:
        raise psycopg.OperationalError("the connection is closed")
    quiet = select.poll()
    quiet.register(connection.fileno(), select.POLLIN)
    if not quiet.poll(0):
        return
    try:
        ConnectionPool.check_connection(connection)
    except psycopg.Error:
        # The pool Django made for the app's one database (PostgreSQL's wrapper
        # has it; this check is only ever its pool's).
        pool = getattr(default_connection, "pool", None)
        if pool is not None:
            pool.check()
        raise
