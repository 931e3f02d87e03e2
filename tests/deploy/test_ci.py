"""CI (.ci/run) fails on a formatting slip and on an untranslated string: the
Makefile's own `lint` and `check-translations` targets, run on a copy of the
sources with a slip in it, fail; `check --deploy` runs too."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.deploy.processes import ROOT, clean_env, copy_of_sources

# The copy uses this virtualenv: the targets that would install it are skipped.
NO_INSTALL = ["-o", "venv", "-o", "venv-dev", "-o", "test-tools"]


def ci_steps():
    """The make targets .ci/run runs, in order (with the variables they get)."""
    text = (ROOT / ".ci" / "run").read_text()
    return re.findall(r"^((?:[A-Z_]+=\S+ )*)make(?: (\S+))?$", text, flags=re.M)


def make(source, target):
    return subprocess.run(
        ["make", "--no-print-directory", *NO_INSTALL, target],
        cwd=source,
        env=clean_env(),
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.fixture
def sources(tmp_path):
    """A copy of the working tree, its .venv pointing at this virtualenv."""
    copy = copy_of_sources(tmp_path)
    (copy / ".venv").symlink_to(Path(sys.prefix))
    return copy


def test_ci_runs_every_check_then_both_suites_and_stops_at_the_first_failure():
    text = (ROOT / ".ci" / "run").read_text()
    assert "set -euo pipefail" in text
    assert ci_steps() == [
        ("", "lint"),
        ("", "check-translations"),
        ("", "check-deploy"),
        ("", "test"),
        ('DATABASE_URL="$PG_URL" ', "test"),
    ]
    makefile = (ROOT / "Makefile").read_text()
    assert "ruff format --check ." in makefile
    assert "check --deploy --fail-level WARNING" in makefile


def test_make_lint_fails_on_a_formatting_slip(sources):
    clean = make(sources, "lint")
    assert clean.returncode == 0, clean.stdout + clean.stderr
    # Valid, and clean for ruff check: only the formatter objects.
    module = sources / "games" / "kinds" / "yams" / "__init__.py"
    module.write_text(module.read_text() + "\nSLIP = [1,2]\n")
    slipped = make(sources, "lint")
    assert slipped.returncode != 0
    assert "--> games/kinds/yams/__init__.py" in slipped.stdout
    assert "1 file would be reformatted" in slipped.stdout
    assert "All checks passed!" in slipped.stdout  # ruff check itself let it by


def test_make_check_translations_fails_on_an_untranslated_string(sources):
    template = sources / "templates" / "games" / "home.jinja"
    assert template.exists()
    template.write_text(
        template.read_text() + '{{ _("Une phrase oubliée du catalogue") }}\n'
    )
    result = make(sources, "check-translations")
    assert result.returncode != 0
    assert "Une phrase oubliée du catalogue" in result.stdout
    assert "templates/games/home.jinja" in result.stdout
