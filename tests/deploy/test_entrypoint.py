"""The container's start commands (scripts/entrypoint, also the Procfile's and the
systemd units'), run as CI can: production settings, a throwaway database,
loopback only."""

import os
import secrets
import signal
import subprocess
import sys
from urllib.parse import urlsplit, urlunsplit

import pytest

from tests.deploy.processes import (
    ROOT,
    Background,
    clean_env,
    free_port,
    request,
    wait_for_port,
)


@pytest.fixture(scope="module")
def database(tmp_path_factory):
    """A throwaway database: on the suite's PostgreSQL server when it runs on one
    (as the containers do), else an SQLite file."""
    suite_url = os.environ.get("DATABASE_URL", "")
    if not suite_url.startswith("postgres"):
        yield f"sqlite:///{tmp_path_factory.mktemp('entrypoint') / 'db.sqlite3'}"
        return
    import psycopg

    server = urlsplit(suite_url)
    name = f"scorekeeper_entrypoint_{os.getpid()}_{secrets.token_hex(3)}"
    admin = urlunsplit(server._replace(scheme="postgresql", path="/postgres"))
    with psycopg.connect(admin, autocommit=True, connect_timeout=5) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    try:
        yield urlunsplit(server._replace(path=f"/{name}"))
    finally:
        with psycopg.connect(admin, autocommit=True, connect_timeout=5) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(scope="module")
def production(tmp_path_factory, database):
    tmp = tmp_path_factory.mktemp("entrypoint")
    port = free_port()
    env = clean_env(
        DEBUG="0",
        SECRET_KEY_FILE=str(tmp / "secret_key"),
        ALLOWED_HOSTS="yams.example.org,localhost",
        DATABASE_URL=database,
        BIND=f"127.0.0.1:{port}",
    )
    release = subprocess.run(
        ["scripts/entrypoint", "release"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    return env, port, release


def test_release_migrates_and_applies_the_schedules(production):
    env, _, release = production
    assert release.returncode == 0, release.stdout + release.stderr
    assert "schedule(s) set" in release.stdout
    shown = subprocess.run(
        [sys.executable, "manage.py", "showmigrations", "--plan"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert "[ ]" not in shown.stdout and "[X]" in shown.stdout


def test_web_answers_healthz_and_keeps_the_https_settings(production):
    env, port, _ = production
    web = Background(["scripts/entrypoint", "web"], env)
    try:
        wait_for_port("127.0.0.1", port, 60, web.process)
        status, _, body = request("127.0.0.1", port, "/healthz", "yams.example.org")
        assert status == 200, body
        assert b'"database": "ok"' in body
        # Production is not LAN mode: pages redirect to HTTPS.
        status, headers, _ = request("127.0.0.1", port, "/", "yams.example.org")
        assert status == 301
        assert headers["Location"].startswith("https://yams.example.org")
        check = subprocess.run(
            ["scripts/entrypoint", "healthcheck"], cwd=ROOT, env=env, timeout=30
        )
        assert check.returncode == 0
    finally:
        web.kill()


def test_the_healthcheck_fails_when_nothing_answers(production):
    env, _, _ = production
    env = {**env, "BIND": f"127.0.0.1:{free_port()}"}
    check = subprocess.run(
        ["scripts/entrypoint", "healthcheck"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        timeout=30,
    )
    assert check.returncode != 0


def test_worker_runs_the_task_cluster_and_stops_on_sigterm(production):
    env, _, _ = production
    worker = Background(["scripts/entrypoint", "worker"], env)
    try:
        worker.wait_for_output("Q Cluster", 120)
        # exec: the cluster itself gets the signal, no shell in between.
        worker.process.send_signal(signal.SIGTERM)
        worker.process.wait(timeout=30)
    finally:
        worker.kill()
