"""Runtime and development dependencies are apart, and both locked with hashes."""

import re
import subprocess

from tests.deploy.processes import ROOT

# Every package the project had before the split: all still needed.
BEFORE_THE_SPLIT = {
    "django": "6.1.3",
    "django-htmx": "1.29.0",
    "django-q2": "1.11.1",
    "dj-database-url": "3.1.2",
    "servestatic": "4.4.0",
    "psycopg": "3.3.9",
    "uvicorn": "0.54.0",
    "httptools": "0.9.0",
    "uvloop": "0.23.0",
    "honcho": "2.0.0",
    "segno": "1.6.6",
    "pillow": "13.0.0",
    "fpdf2": "2.8.9",
    "polib": "1.2.0",
    "redis": "8.1.0",
    "pytest": "9.2.0",
    "pytest-django": "4.14.0",
    "hypothesis": "6.170.17",
    "playwright": "1.65.2",
    "time-machine": "3.6.0",
    "ruff": "0.17.6",
    "zxing-cpp": "3.1.1",
    "axe-playwright-python": "0.1.8",
    "pytest-benchmark": "5.3.1",
    "pypdf": "7.1.1",
    "pyinstrument": "5.1.3",
    "aiohttp": "3.14.5",
    "brotli": "1.2.1",
}
DEV_ONLY = {
    "honcho",
    "pytest",
    "pytest-django",
    "hypothesis",
    "playwright",
    "time-machine",
    "ruff",
    "zxing-cpp",
    "axe-playwright-python",
    "pytest-benchmark",
    "pypdf",
    "pyinstrument",
    "aiohttp",
}


def locked(name):
    """{package: version} of a lock file, checking every pin carries hashes."""
    text = (ROOT / name).read_text()
    pins = {}
    for block in re.split(r"\n(?=\S)", text):
        match = re.match(r"([A-Za-z0-9._-]+)==([^\s;\\]+)", block)
        if not match:
            continue
        assert "--hash=sha256:" in block, f"{name}: {match.group(1)} has no hash"
        pins[match.group(1).lower()] = match.group(2)
    return pins


def test_the_runtime_lock_has_what_the_app_needs_and_no_test_tool():
    runtime = locked("requirements.txt")
    for name, version in BEFORE_THE_SPLIT.items():
        if name not in DEV_ONLY:
            assert runtime.get(name) == version, name
    assert not DEV_ONLY & set(runtime)
    # ServeStatic's Brotli files, and Django's own dependencies, are locked too.
    assert {"brotli", "asgiref", "sqlparse", "psycopg-binary"} <= set(runtime)


def test_the_development_lock_is_the_runtime_plus_the_tools_same_versions():
    runtime = locked("requirements.txt")
    dev = locked("requirements-dev.txt")
    for name, version in BEFORE_THE_SPLIT.items():
        assert dev.get(name) == version, name
    for name, version in runtime.items():
        assert dev.get(name) == version, name


def test_the_locks_follow_their_inputs_and_make_installs_from_them():
    for source, lock in (
        ("requirements.in", "requirements.txt"),
        ("requirements-dev.in", "requirements-dev.txt"),
    ):
        pins = locked(lock)
        for line in (ROOT / source).read_text().splitlines():
            match = re.match(r"([A-Za-z0-9._-]+)(?:\[[^\]]*\])?==(\S+)", line)
            if match:
                assert pins.get(match.group(1).lower()) == match.group(2), line
        assert "make lock" in (ROOT / lock).read_text()
    makefile = (ROOT / "Makefile").read_text()
    assert "--require-hashes -r requirements.txt" in makefile
    assert "--require-hashes -r requirements-dev.txt" in makefile
    assert re.search(r"^lock:", makefile, flags=re.M)


def installs(target):
    """The lock files `make <target>` would install from, on a machine with none."""
    # -n prints the recipes without running any; -B as if nothing were installed.
    shown = subprocess.run(
        ["make", "--no-print-directory", "-n", "-B", target],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert shown.returncode == 0, shown.stderr
    return re.findall(r"--require-hashes -r (\S+)", shown.stdout)


def test_game_night_and_production_install_the_runtime_lock_only():
    for target in ("run", "prod-setup", "prod-check", "prod-web", "prod-worker"):
        assert installs(target) == ["requirements.txt"], target
    # The development lock holds the runtime one: those targets install both.
    for target in ("test", "dev", "lint", "check-translations"):
        assert installs(target)[0] == "requirements-dev.txt", target
