"""The app as each load benchmark sets it up, before serving it.

A throwaway database (an SQLite file under /tmp, or the PostgreSQL database
`scorekeeper_bench` on 127.0.0.1), the environment a production server gets (minus
TLS: plain HTTP on loopback), migrations and collectstatic, and games seeded
through the models (bench/seed.py, run in the app's own environment).
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from loopback import HOST

ROOT = Path(__file__).resolve().parent.parent
# BENCH_PYTHON, else the worktree's .venv, else the interpreter running this.
PYTHON = os.environ.get("BENCH_PYTHON") or str(ROOT / ".venv" / "bin" / "python")
if not Path(PYTHON).exists():
    PYTHON = sys.executable
PG_ADMIN_URL = "postgresql://postgres@127.0.0.1:5432/postgres"
PG_BENCH_DB = "scorekeeper_bench"

# --- databases -----------------------------------------------------------------


@dataclass
class Database:
    kind: str  # "sqlite" or "postgres"
    url: str
    tmpdir: str | None = None

    def drop(self):
        if self.kind == "sqlite" and self.tmpdir:
            shutil.rmtree(self.tmpdir, ignore_errors=True)
        elif self.kind == "postgres":
            _pg_admin(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')

    @property
    def name(self):
        return self.url.rsplit("/", 1)[-1]


def _pg_admin(sql):
    import psycopg

    with psycopg.connect(PG_ADMIN_URL, autocommit=True, connect_timeout=5) as conn:
        conn.execute(sql)


def throwaway_database(kind, name=PG_BENCH_DB):
    """A fresh, empty database of that kind (call .drop() when done)."""
    if kind == "sqlite":
        tmpdir = tempfile.mkdtemp(prefix="scorekeeper-bench-")
        return Database("sqlite", f"sqlite:///{tmpdir}/db.sqlite3", tmpdir)
    if kind == "postgres":
        _pg_admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        _pg_admin(f'CREATE DATABASE "{name}"')
        return Database("postgres", f"postgres://postgres@127.0.0.1:5432/{name}")
    raise ValueError(f"unknown database kind {kind!r}")


# --- the app's environment --------------------------------------------------------


def app_env(database_url, **extra):
    """What a production server gets, minus TLS (plain HTTP on loopback)."""
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("DJANGO_", "GUNICORN_", "LIVE_"))
        and k
        not in {
            "REDIS_URL",
            "WEB_CONCURRENCY",
            "BIND",
            "FORWARDED_ALLOW_IPS",
            "GRACEFUL_TIMEOUT",
            "SERVER_LOG_LEVEL",
            "KEEPALIVE",
            "BACKLOG",
        }
    }
    env.update(
        DEBUG="0",
        SECRET_KEY="bench-only-" + "k" * 50,
        ALLOWED_HOSTS=HOST,
        DATABASE_URL=database_url,
        # Loopback is plain HTTP: production keeps its HTTPS defaults.
        SECURE_SSL_REDIRECT="0",
        SECURE_HSTS_SECONDS="0",
        STATIC_MANIFEST="1",
        LOG_LEVEL="WARNING",
        PYTHONUNBUFFERED="1",
    )
    env.update({k: str(v) for k, v in extra.items()})
    return env


def manage(env, *args, quiet=True):
    subprocess.run(
        [PYTHON, "manage.py", *args],
        cwd=ROOT,
        env=env,
        check=True,
        stdout=subprocess.DEVNULL if quiet else None,
    )


_static_done = False


def prepare(env):
    """Migrations, and the compressed, hashed static files (once per run)."""
    global _static_done
    manage(env, "migrate", "--noinput")
    if not _static_done:
        manage(env, "collectstatic", "--noinput")
        _static_done = True


def seed(env, *args):
    """Runs bench/seed.py in the app's environment; returns its JSON output."""
    out = subprocess.run(
        [PYTHON, str(ROOT / "bench" / "seed.py"), *map(str, args)],
        cwd=ROOT,
        env=env,
        check=True,
        stdout=subprocess.PIPE,
        text=True,
    ).stdout
    return json.loads(out)
