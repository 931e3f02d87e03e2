"""The container recipe, read as hadolint and `docker compose config` would (no
image can be pulled here): what it installs, runs and keeps."""

import re
import shlex
import shutil
import subprocess

import pytest
import yaml

from tests.deploy.processes import ROOT


def dockerfile_instructions():
    text = (ROOT / "Dockerfile").read_text()
    text = re.sub(r"\\\n", " ", text)  # continuation lines
    lines = [line.strip() for line in text.splitlines()]
    return [
        tuple(line.split(None, 1))
        for line in lines
        if line and not line.startswith("#")
    ]


def stages():
    """The Dockerfile's stages: a list of (FROM arguments, instructions)."""
    found = []
    for name, *args in dockerfile_instructions():
        if name == "FROM":
            found.append((args[0], []))
        else:
            found[-1][1].append((name, args[0] if args else ""))
    return found


@pytest.fixture(scope="module")
def compose():
    return yaml.safe_load((ROOT / "compose.yaml").read_text())


def test_the_image_is_multi_stage_on_slim_python_3_13():
    built = stages()
    assert len(built) >= 2
    for base, _ in built:
        assert base.split()[0] == "python:3.13-slim"
    assert "AS build" in built[0][0]
    final = built[-1][1]
    assert ("COPY", "--from=build /opt/venv /opt/venv") in final


def test_the_image_installs_the_runtime_lock_only_with_hashes():
    runs = " ".join(
        args for _, body in stages() for name, args in body if name == "RUN"
    )
    assert "--require-hashes" in runs and "-r /tmp/requirements.txt" in runs
    copies = [args for _, body in stages() for name, args in body if name == "COPY"]
    assert any("requirements.txt" in args for args in copies)
    ignored = (ROOT / ".dockerignore").read_text().split()
    # Nothing of the tests gets in: their lock, their code, the benchmarks.
    for path in ("requirements-dev.*", "tests", "bench", ".venv", ".git", ".env"):
        assert path in ignored
    runtime = (ROOT / "requirements.txt").read_text().lower()
    for tool in ("pytest", "playwright", "hypothesis", "ruff", "honcho"):
        assert f"\n{tool}==" not in runtime


def test_the_image_collects_static_files_and_runs_unprivileged():
    final = stages()[-1][1]
    runs = [args for name, args in final if name == "RUN"]
    assert any("manage.py collectstatic --noinput" in args for args in runs)
    assert any("compilemessages" in args for args in runs)
    users = [args for name, args in final if name == "USER"]
    assert users and users[-1] not in ("root", "0")
    names = [name for name, _ in final]
    # Nothing runs as root after USER.
    assert "RUN" not in names[names.index("USER") :]
    env = " ".join(args for name, args in final if name == "ENV")
    assert "DEBUG=0" in env and "BIND=0.0.0.0:8000" in env


def test_the_image_checks_its_health_on_healthz_through_the_entrypoint():
    final = dict(stages()[-1][1])
    assert '["scripts/entrypoint", "healthcheck"]' in final["HEALTHCHECK"]
    assert "/healthz" in (ROOT / "scripts" / "entrypoint").read_text()
    assert final["ENTRYPOINT"] == '["scripts/entrypoint"]'
    assert final["CMD"] == '["web"]'
    assert final["EXPOSE"] == "8000"


def test_compose_runs_the_app_the_task_cluster_postgresql_and_optional_redis(
    compose,
):
    services = compose["services"]
    assert services["web"]["command"] == ["web"]
    assert services["worker"]["command"] == ["worker"]
    assert services["release"]["command"] == ["release"]
    assert services["web"]["ports"] == ["${PORT:-8000}:8000"]
    for name in ("web", "worker"):
        after = services[name]["depends_on"]
        assert after["db"]["condition"] == "service_healthy"
        assert after["release"]["condition"] == "service_completed_successfully"
        assert services[name]["env_file"] == [{"path": ".env", "required": False}]
        assert services[name]["environment"]["DATABASE_URL"].startswith("postgres://")
    assert services["db"]["image"].startswith("postgres:")
    assert services["redis"]["profiles"] == ["redis"]
    assert services["worker"]["healthcheck"] == {"disable": True}


def test_compose_keeps_the_data_and_the_key_in_named_volumes(compose):
    services = compose["services"]
    assert "pgdata:/var/lib/postgresql/data" in services["db"]["volumes"]
    assert "redisdata:/data" in services["redis"]["volumes"]
    assert "appdata:/app/var" in services["web"]["volumes"]
    assert services["web"]["environment"]["SECRET_KEY_FILE"] == "/app/var/secret_key"
    assert set(compose["volumes"]) == {"pgdata", "redisdata", "appdata"}
    for name in ("web", "worker", "db"):
        assert services[name]["restart"] == "unless-stopped"


def test_every_variable_compose_reads_is_in_env_example(compose):
    text = (ROOT / "compose.yaml").read_text()
    read = set(re.findall(r"\$\{([A-Z_]+)", text))
    example = (ROOT / ".env.example").read_text()
    listed = set(re.findall(r"^#?([A-Z_]+)=", example, flags=re.M))
    assert read <= listed, read - listed
    # Served on plain http://localhost:8000 out of the box.
    assert re.search(r"^PLAIN_HTTP=1$", example, flags=re.M)
    assert "${PLAIN_HTTP:-1}" in text


def test_the_procfile_is_production_and_the_development_one_is_apart():
    procfile = dict(
        line.split(": ", 1)
        for line in (ROOT / "Procfile").read_text().splitlines()
        if line and not line.startswith("#")
    )
    assert procfile == {
        "release": "scripts/entrypoint release",
        "web": "scripts/entrypoint web",
        "worker": "scripts/entrypoint worker",
    }
    entrypoint = (ROOT / "scripts" / "entrypoint").read_text()
    assert "manage.py migrate --noinput" in entrypoint
    assert "manage.py setup_schedules" in entrypoint
    assert "-m scorekeeper.serve" in entrypoint
    dev = (ROOT / "Procfile.dev").read_text()
    assert "--reload" in dev and "--host 127.0.0.1" in dev


def test_the_systemd_units_run_the_entrypoint():
    units = ROOT / "deploy" / "systemd"
    for kind in ("release", "web", "worker"):
        unit = (units / f"scorekeeper-{kind}.service").read_text()
        exec_start = re.search(r"^ExecStart=(.*)$", unit, flags=re.M).group(1)
        assert shlex.split(exec_start) == ["/srv/scorekeeper/scripts/entrypoint", kind]
        assert "User=scorekeeper" in unit
        assert "EnvironmentFile=/etc/scorekeeper/env" in unit
    worker = (units / "scorekeeper-worker.service").read_text()
    assert "TimeoutStopSec=30" in worker


def test_nginx_lets_live_streams_through_unbuffered_and_long():
    site = (ROOT / "deploy" / "nginx" / "scorekeeper.conf").read_text()
    events = site[site.index("location ~ /events/$") :]
    events = events[: events.index("}")]
    assert "proxy_buffering off;" in events
    seconds = {"s": 1, "m": 60, "h": 3600}
    timeout = re.search(r"proxy_read_timeout (\d+)([smh]);", events)
    # Well above the streams' heartbeat (settings.py's default, what it says).
    settings = (ROOT / "scorekeeper" / "settings.py").read_text()
    heartbeat = re.search(r'"LIVE_HEARTBEAT_SECONDS", "(\d+)"', settings).group(1)
    assert f"heartbeat every {heartbeat} s" in site
    assert int(timeout.group(1)) * seconds[timeout.group(2)] > 2 * int(heartbeat)
    assert "http2 on;" in site
    assert "X-Forwarded-Proto $scheme" in site


def docker_compose():
    """The `docker compose` command when this machine has it, else None."""
    if not shutil.which("docker"):
        return None
    version = subprocess.run(
        ["docker", "compose", "version"], capture_output=True, timeout=30
    )
    return ["docker", "compose"] if version.returncode == 0 else None


@pytest.mark.skipif(docker_compose() is None, reason="docker compose not installed")
def test_docker_compose_accepts_the_file_with_and_without_env():
    for env_file in ((), ("--env-file", ".env.example")):
        config = subprocess.run(
            [*docker_compose(), *env_file, "config", "--quiet"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert config.returncode == 0, config.stderr
