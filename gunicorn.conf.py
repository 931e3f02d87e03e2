"""gunicorn settings for production, read from the environment (see README.md).

    gunicorn scorekeeper.wsgi --config gunicorn.conf.py      # what `make prod-web` runs

The app keeps nothing in process memory that another server would need, so any
number of these can run behind one load balancer on one PostgreSQL.
"""

import os


def _int(name, default):
    value = os.environ.get(name, "")
    return int(value) if value.strip() else default


bind = os.environ.get("BIND", "127.0.0.1:8000")
workers = _int("WEB_CONCURRENCY", 3)
# Threads let one worker keep idle keep-alive connections (phones polling every
# second) without tying up a process for each; Django is thread-safe and every
# thread keeps its own database connection (CONN_MAX_AGE).
worker_class = os.environ.get("GUNICORN_WORKER_CLASS", "gthread")
threads = _int("GUNICORN_THREADS", 4)
keepalive = _int("GUNICORN_KEEPALIVE", 5)
timeout = _int("GUNICORN_TIMEOUT", 30)
graceful_timeout = _int("GUNICORN_GRACEFUL_TIMEOUT", 30)
# Off by default: the soak benchmark shows memory stays flat without recycling.
max_requests = _int("GUNICORN_MAX_REQUESTS", 0)
max_requests_jitter = max_requests // 10
# Request lines carry capability tokens in their paths: no access log, ever.
accesslog = None
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "warning")
# Behind a TLS-terminating proxy: which addresses may set X-Forwarded-* headers.
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1")
# gunicorn's control socket defaults to one path per user ($HOME/.gunicorn/): two
# servers on one machine would fight over it. Opt in with GUNICORN_CONTROL_SOCKET.
control_socket_disable = not os.environ.get("GUNICORN_CONTROL_SOCKET")
if not control_socket_disable:
    control_socket = os.environ["GUNICORN_CONTROL_SOCKET"]
