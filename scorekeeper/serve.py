"""The one server for every request: uvicorn, configured from the environment.

    python -m scorekeeper.serve        # what `make run`, production and bench/ start

uvicorn rather than gunicorn with uvicorn workers: it has its own worker processes,
graceful shutdown and proxy-header handling, so one package does the whole job. It
sends no `Server:` banner and writes no access log (request lines carry capability
tokens).

Several processes (`WEB_CONCURRENCY` > 1) need PostgreSQL: on SQLite the live
sheet's news stays in the process that wrote, so the server refuses to start
(scorekeeper/checks.py says why).
"""

import os
import socket
import sys
from collections.abc import Mapping
from typing import Any

import uvicorn
from uvicorn.supervisors import Multiprocess


def _int(env: Mapping[str, str], name: str, default: int) -> int:
    value = env.get(name, "").strip()
    return int(value) if value else default


def workers(env: Mapping[str, str] = os.environ) -> int:
    """How many server processes `WEB_CONCURRENCY` asks for."""
    return _int(env, "WEB_CONCURRENCY", 1)


def options(env: Mapping[str, str] = os.environ) -> dict[str, Any]:
    """uvicorn.run()'s keyword arguments for this environment (docs/production.md)."""
    host, _, port = env.get("BIND", "127.0.0.1:8000").rpartition(":")
    return {
        "app": "scorekeeper.asgi:served",
        "factory": True,
        "host": host.strip("[]") or "127.0.0.1",
        "port": int(port),
        "workers": workers(env),
        "lifespan": "on",
        "proxy_headers": True,
        "forwarded_allow_ips": env.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1"),
        "server_header": False,
        "access_log": False,
        "log_level": env.get("SERVER_LOG_LEVEL", "warning"),
        "timeout_keep_alive": _int(env, "KEEPALIVE", 5),
        # Streams end by themselves at the first signal (scorekeeper/asgi.py); this
        # only bounds a request that is still being answered.
        "timeout_graceful_shutdown": _int(env, "GRACEFUL_TIMEOUT", 10),
        "backlog": _int(env, "BACKLOG", 2048),
    }


def refusals() -> list[str]:
    """The system checks' errors about serving with these settings: checked once,
    before any worker process starts, as `manage.py check` would say them."""
    import django
    from django.core import checks

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
    django.setup(set_prefix=False)
    return [str(e) for e in checks.run_checks(tags=["serve"]) if e.is_serious()]


def send_timeout_ms(env: Mapping[str, str] = os.environ) -> int:
    """TCP_USER_TIMEOUT of every connection, from LIVE_SEND_TIMEOUT (seconds)."""
    value = env.get("LIVE_SEND_TIMEOUT", "").strip()
    return int(float(value or 30) * 1000)


def listening_socket(
    config: uvicorn.Config, env: Mapping[str, str] = os.environ
) -> socket.socket:
    """The server's socket, bound as uvicorn binds it, with TCP_USER_TIMEOUT set.

    Accepted connections inherit it: the kernel drops a connection whose client
    has acknowledged nothing, or kept its receive window shut, for that long. No
    ASGI server setting does this, and closing from the application cannot: a
    close waits for the queued bytes to be sent, which a client that never reads
    never lets happen, so its socket and buffers would stay.
    """
    sock = config.bind_socket()
    if hasattr(socket, "TCP_USER_TIMEOUT"):
        sock.setsockopt(
            socket.IPPROTO_TCP, socket.TCP_USER_TIMEOUT, send_timeout_ms(env)
        )
    return sock


# glibc gives each thread that allocates an arena of its own (up to eight per
# core), and memory freed in one arena is not reused by a thread of another: the
# pages' pool, the streams' renderings and asgiref's thread each keep pages of
# their own. Python runs one thread at a time (the GIL), so more arenas buy no
# parallelism; two keep a held stream's share of the process small (bench/).
MALLOC_ARENAS = "2"


def with_malloc_arenas(env: Mapping[str, str] = os.environ) -> dict[str, str] | None:
    """The environment to start the server again in, with MALLOC_ARENA_MAX set,
    or None when it is set already (by this module, or by an operator who chose
    a value of their own)."""
    if "MALLOC_ARENA_MAX" in env:
        return None
    return {**env, "MALLOC_ARENA_MAX": MALLOC_ARENAS}


def start_with_malloc_arenas() -> None:
    """Starts this server again, in the same process, with MALLOC_ARENA_MAX set:
    glibc reads it only as a program starts. The worker processes inherit it.
    Elsewhere than on glibc the variable is ignored."""
    env = with_malloc_arenas()
    if env is not None:
        os.execve(sys.executable, sys.orig_argv, env)


def main() -> None:
    if errors := refusals():
        sys.exit("\n".join(errors))
    config = uvicorn.Config(**options())
    sock = listening_socket(config)
    if config.workers > 1:
        Multiprocess(config, sockets=[sock]).run()
    else:
        server = uvicorn.Server(config)
        server.run(sockets=[sock])
        if not server.started:
            sys.exit(3)  # uvicorn's own status for a failed startup


if __name__ == "__main__":
    start_with_malloc_arenas()
    main()
