"""LAN mode for `make run`, production as before, and the key kept in a file."""

import json
import subprocess
import sys

from tests.deploy.processes import ROOT, clean_env

SHOW = (
    "import json; from django.conf import settings as s;"
    "print(json.dumps({k: getattr(s, k, None) for k in ("
    "'SECURE_SSL_REDIRECT', 'SECURE_HSTS_SECONDS', 'SESSION_COOKIE_SECURE',"
    "'CSRF_COOKIE_SECURE', 'LANGUAGE_COOKIE_SECURE', 'SECRET_KEY')}))"
)


def settings_with(**env):
    result = subprocess.run(
        [sys.executable, "-c", f"import django; django.setup(); {SHOW}"],
        cwd=ROOT,
        env=clean_env(DJANGO_SETTINGS_MODULE="scorekeeper.settings", **env),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_lan_mode_turns_off_what_needs_https(tmp_path):
    lan = settings_with(DEBUG="0", SECRET_KEY="x" * 50, PLAIN_HTTP="1")
    assert lan["SECURE_SSL_REDIRECT"] is False
    assert lan["SECURE_HSTS_SECONDS"] == 0
    assert not lan["SESSION_COOKIE_SECURE"]
    assert not lan["CSRF_COOKIE_SECURE"]
    assert not lan["LANGUAGE_COOKIE_SECURE"]


def test_production_keeps_https_redirect_hsts_and_secure_cookies():
    production = settings_with(DEBUG="0", SECRET_KEY="x" * 50)
    assert production["SECURE_SSL_REDIRECT"] is True
    assert production["SECURE_HSTS_SECONDS"] == 31536000
    assert production["SESSION_COOKIE_SECURE"] is True
    assert production["CSRF_COOKIE_SECURE"] is True
    assert production["LANGUAGE_COOKIE_SECURE"] is True


def test_the_key_file_is_written_once_private_then_reused(tmp_path):
    key_file = tmp_path / "var" / "secret_key"
    first = settings_with(DEBUG="0", SECRET_KEY_FILE=str(key_file))
    second = settings_with(DEBUG="0", SECRET_KEY_FILE=str(key_file))
    assert len(first["SECRET_KEY"]) >= 50
    assert first["SECRET_KEY"] == second["SECRET_KEY"] == key_file.read_text().strip()
    assert key_file.stat().st_mode & 0o777 == 0o600
    assert list(key_file.parent.iterdir()) == [key_file]


def test_an_explicit_key_wins_over_the_file(tmp_path):
    key_file = tmp_path / "secret_key"
    shown = settings_with(DEBUG="0", SECRET_KEY="y" * 50, SECRET_KEY_FILE=str(key_file))
    assert shown["SECRET_KEY"] == "y" * 50
    assert not key_file.exists()


def test_the_deployment_checks_pass_with_production_settings():
    result = subprocess.run(
        ["make", "--no-print-directory", "check-deploy"],
        cwd=ROOT,
        env=clean_env(),
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout
