"""Helpers shared by the security tests."""

import contextlib

from django.core.signals import request_finished, request_started
from django.db import close_old_connections


@contextlib.contextmanager
def connection_kept():
    """As Django's test client does around a request: a request handled (or a
    response closed) outside the client must not close the test's connection,
    which holds the test's transaction."""
    signals = (request_started, request_finished)
    for signal in signals:
        signal.disconnect(close_old_connections)
    try:
        yield
    finally:
        for signal in signals:
            signal.connect(close_old_connections)
