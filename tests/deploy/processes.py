"""Starting the project's own commands in the background, on loopback only."""

import contextlib
import http.client
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def copy_of_sources(tmp_path):
    """A copy of the working tree (no dot-files, caches, collected static files,
    data or database) to break on purpose."""
    copy = tmp_path / "src"
    shutil.copytree(
        ROOT,
        copy,
        ignore=shutil.ignore_patterns(
            ".*", "__pycache__", "staticfiles", "var", "db.sqlite3*"
        ),
    )
    return copy


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def clean_env(**extra):
    """A fresh shell's environment (no test database, no test flags), plus extra."""
    drop = {"DATABASE_URL", "DJANGO_ALLOW_ASYNC_UNSAFE", "SECRET_KEY", "DEBUG"}
    env = {k: v for k, v in os.environ.items() if k not in drop}
    # The virtualenv first, as in the container (where python is on PATH).
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env["PYTHON"] = sys.executable
    env.update(extra)
    return env


class Background:
    """A command in its own process group, its output collected line by line."""

    def __init__(self, command, env):
        self.lines = []
        self.process = subprocess.Popen(
            command,
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,
        )
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self):
        for line in self.process.stdout:
            self.lines.append(line)

    @property
    def output(self):
        return "".join(self.lines)

    def wait_for_output(self, text, timeout):
        deadline = time.monotonic() + timeout
        while text not in self.output:
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(f"{text!r} never printed:\n{self.output}")
            time.sleep(0.2)

    def interrupt(self, timeout=30):
        """Ctrl-C as a terminal sends it (to the whole group); the exit status."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGINT)
        try:
            return self.process.wait(timeout=timeout)
        finally:
            self.kill()

    def kill(self):
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)
        self._reader.join(timeout=5)


def wait_for_port(host, port, timeout, process=None):
    deadline = time.monotonic() + timeout
    while True:
        try:
            socket.create_connection((host, port), timeout=1).close()
            return
        except OSError as error:
            if process is not None and process.poll() is not None:
                message = f"the server exited ({process.returncode})"
                raise AssertionError(message) from error
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


def request(address, port, path, host_header, method="GET", body=None, headers=()):
    """One HTTP request to address:port with the given Host header."""
    connection = http.client.HTTPConnection(address, port, timeout=20)
    try:
        connection.request(
            method, path, body=body, headers={"Host": host_header, **dict(headers)}
        )
        response = connection.getresponse()
        return response.status, response.headers, response.read()
    finally:
        connection.close()
