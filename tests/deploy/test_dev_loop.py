"""The working loop: `make test-fast` runs everything but the browser tests (and
every test that opens a browser carries the `browser` marker), the development
server reloads on a change in any of the project's apps, and pre-commit runs
what `make lint` checks."""

import re
import subprocess
import sys

import yaml
from django.conf import settings

from tests.deploy.browser_probe import PREFIX
from tests.deploy.processes import ROOT, clean_env


def recipes():
    makefile = (ROOT / "Makefile").read_text()
    return dict(
        re.findall(r"^([a-z-]+):[^\n]*\n((?:\t[^\n]*\n)+)", makefile, flags=re.M)
    )


def test_make_test_fast_runs_the_suite_without_the_browser_tests():
    targets = recipes()
    assert '-m pytest -m "not browser" $(PYTEST_ARGS)' in targets["test-fast"]
    # `make test` (CI's) still runs everything.
    assert "-m pytest $(PYTEST_ARGS)" in targets["test"]
    assert "-m " not in targets["test"].replace("-m pytest", "")
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert '"browser: ' in pyproject and "--strict-markers" in pyproject


def test_every_test_that_opens_a_browser_is_marked_browser():
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "--collect-only",
            "-q",
            "-p",
            "no:cacheprovider",
            "-p",
            "tests.deploy.browser_probe",
            "-m",
            "not browser",
        ],
        cwd=ROOT,
        env=clean_env(),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    assert "tests collected" in result.stdout
    unmarked = [
        line.removeprefix(PREFIX)
        for line in result.stdout.splitlines()
        if line.startswith(PREFIX)
    ]
    assert unmarked == [], "mark these @pytest.mark.browser"


def test_the_development_server_reloads_on_every_app():
    dev = (ROOT / "Procfile.dev").read_text()
    watched = set(re.findall(r"--reload-dir (\S+)", dev))
    apps = {app for app in settings.INSTALLED_APPS if (ROOT / app).is_dir()}
    assert {"scorekeeper", "games", "bands", "keepsakes"} <= apps
    assert apps <= watched


def test_pre_commit_runs_ruff_check_and_ruff_format_from_the_virtualenv():
    config = yaml.safe_load((ROOT / ".pre-commit-config.yaml").read_text())
    hooks = [hook for repo in config["repos"] for hook in repo["hooks"]]
    entries = [hook["entry"] for hook in hooks]
    assert ".venv/bin/ruff check --force-exclude" in entries
    assert ".venv/bin/ruff format --force-exclude" in entries
    assert all("python" in hook["types_or"] for hook in hooks)
