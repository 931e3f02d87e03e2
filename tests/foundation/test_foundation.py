import os
import re
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

ROOT = Path(__file__).resolve().parents[2]


def clean_env():
    """The environment of a fresh shell: no database choice, no test-only flags."""
    drop = {"DATABASE_URL", "DJANGO_ALLOW_ASYNC_UNSAFE"}
    return {k: v for k, v in os.environ.items() if k not in drop}


def run_python(code, **env):
    full_env = clean_env()
    full_env.update(env)
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=full_env,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.django_db
def test_no_pending_migrations():
    out = StringIO()
    try:
        call_command("makemigrations", "--check", "--dry-run", stdout=out, stderr=out)
    except SystemExit as exc:  # --check exits 1 when a migration is missing
        pytest.fail(f"pending migrations:\n{out.getvalue()}\n{exc}")


def test_database_url_switches_the_engine():
    code = (
        "import os; os.environ['DJANGO_SETTINGS_MODULE']='scorekeeper.settings';"
        "from django.conf import settings; d=settings.DATABASES['default'];"
        "print(d['ENGINE'], d['NAME'], d['HOST'], d['PORT'])"
    )
    pg = run_python(code, DATABASE_URL="postgres://postgres@127.0.0.1:5432/somewhere")
    assert pg.stdout.split() == [
        "django.db.backends.postgresql",
        "somewhere",
        "127.0.0.1",
        "5432",
    ], pg.stderr
    default = run_python(code)
    assert default.stdout.startswith("django.db.backends.sqlite3 "), default.stderr


def test_sqlite_is_tuned_for_a_web_app():
    code = (
        "import os; os.environ['DJANGO_SETTINGS_MODULE']='scorekeeper.settings';"
        "import django; django.setup(); from django.db import connection;"
        "c=connection.cursor();"
        "print(c.execute('PRAGMA journal_mode').fetchone()[0],"
        " c.execute('PRAGMA synchronous').fetchone()[0],"
        " c.execute('PRAGMA busy_timeout').fetchone()[0],"
        " connection.transaction_mode)"
    )
    result = run_python(code)
    # synchronous=NORMAL is 1.
    assert result.stdout.split() == ["wal", "1", "20000", "IMMEDIATE"], result.stderr


def test_settings_come_from_the_environment():
    code = (
        "import os; os.environ['DJANGO_SETTINGS_MODULE']='scorekeeper.settings';"
        "from django.conf import settings;"
        "print(settings.DEBUG, settings.ALLOWED_HOSTS, settings.CSRF_TRUSTED_ORIGINS,"
        " settings.SECRET_KEY)"
    )
    result = run_python(
        code,
        DEBUG="0",
        SECRET_KEY="s" * 60,
        ALLOWED_HOSTS="yams.example,b.example",
        CSRF_TRUSTED_ORIGINS="https://yams.example",
    )
    assert result.stdout.strip() == (
        "False ['yams.example', 'b.example'] ['https://yams.example'] " + "s" * 60
    ), result.stderr


def test_production_refuses_to_start_without_a_secret_key():
    code = (
        "import os; os.environ['DJANGO_SETTINGS_MODULE']='scorekeeper.settings';"
        "from django.conf import settings; settings.DEBUG"
    )
    result = run_python(code, DEBUG="0", SECRET_KEY="")
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def test_check_deploy_is_clean_with_production_settings():
    env = clean_env()
    env.update(
        DEBUG="0",
        SECRET_KEY="x8#Kq2!vLz@9pW$3mN&7rT*5yB^1cF(4hJ)6gD-0sA+eU=iO_lP~kM",
        ALLOWED_HOSTS="yams.example",
        STATIC_MANIFEST="0",
    )
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.django_db
def test_home_page_carries_a_strict_csp_and_no_inline_script(client):
    response = client.get("/")
    assert response.status_code == 200
    csp = response.headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp
    assert "object-src 'none'" in csp
    assert "base-uri 'none'" in csp
    assert "frame-ancestors 'none'" in csp
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
    html = response.content.decode()
    scripts = re.findall(r"<script\b[^>]*>", html)
    assert scripts, "htmx and the app script are expected"
    assert all(" src=" in tag for tag in scripts), scripts
    assert not re.search(r"<script\b[^>]*>\s*[^<\s]", html), "inline script body"
    assert not re.search(r"\son[a-z]+\s*=", html), "inline event handler"
    assert not re.search(r"\sstyle\s*=", html), "inline style attribute"
    assert response.headers["Referrer-Policy"] == "same-origin"
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["X-Frame-Options"] == "DENY"


@pytest.mark.django_db
def test_home_page_speaks_french_by_default_and_english_on_request(client):
    french = client.get("/").content.decode()
    assert 'lang="fr"' in french
    assert "Scorekeeper" in french
    english = client.get("/", headers={"accept-language": "en"}).content.decode()
    assert 'lang="en"' in english
    assert "Créer la partie" not in english or "Create the game" in english


@pytest.mark.django_db
def test_htmx_is_served_locally(client):
    html = client.get("/").content.decode()
    assert re.search(r'<script src="/static/django_htmx/htmx-2[^"]*\.js"', html)
    assert "https://" not in re.sub(r'content="[^"]*"', "", html).split("<body")[0]


def test_robots_txt_keeps_crawlers_off_capability_links(client):
    body = client.get("/robots.txt").content.decode()
    for prefix in ("/h/", "/w/", "/c/", "/b/"):
        assert f"Disallow: {prefix}" in body


@pytest.mark.django_db
def test_health_endpoint_checks_the_database(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json()["database"] == "ok"
