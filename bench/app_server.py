"""The server under load: `python -m scorekeeper.serve` (uvicorn, as production
runs it) on a free loopback port, started and stopped by the benchmark, and what
its processes use (CPU time, RSS, threads, open fds, read from /proc)."""

import contextlib
import os
import resource
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from app_setup import PYTHON, ROOT
from loopback import HOST

CLK_TCK = os.sysconf("SC_CLK_TCK")
PAGE_SIZE = os.sysconf("SC_PAGE_SIZE")


def free_port():
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def _children(pid):
    """Every descendant of `pid` (any thread's children, recursively)."""
    found = []
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return found
    for tid in tasks:
        try:
            text = Path(f"/proc/{pid}/task/{tid}/children").read_text()
        except OSError:
            continue
        for child in map(int, text.split()):
            found.append(child)
            found.extend(_children(child))
    return found


def _cpu_ticks(pid):
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return 0
    fields = stat.rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime + stime


def _rss_bytes(pid):
    try:
        return int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * PAGE_SIZE
    except OSError:
        return 0


def _status_field(pid, name):
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(name + ":"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def _open_fds(pid):
    try:
        return len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return 0


def raise_fd_limit(wanted=None):
    """Raises this process's soft RLIMIT_NOFILE to `wanted` (default: the hard
    limit); returns the new soft limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = hard if wanted is None else min(wanted, hard)
    if hard == resource.RLIM_INFINITY and wanted is None:
        target = max(soft, 65536)
    if target > soft:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def add_server_args(parser):
    parser.add_argument(
        "--workers",
        type=int,
        default=None,
        help="server processes, WEB_CONCURRENCY (default: 1 on SQLite, which "
        "takes no more; 2 on PostgreSQL)",
    )


def workers_for(args, kind):
    return args.workers or (1 if kind == "sqlite" else 2)


@dataclass
class Server:
    """`python -m scorekeeper.serve` (uvicorn) on a free loopback port (a context
    manager). SQLite: one process (the live fan-out is in-process only)."""

    env: dict
    workers: int = 1  # WEB_CONCURRENCY
    cpus: str | None = None  # e.g. "0" to pin the server to core 0 (taskset)
    port: int = 0
    proc: subprocess.Popen | None = None
    log: str = ""
    nofile: int | None = None  # the server's fd limit (default: the hard limit)
    extra_env: dict = field(default_factory=dict)

    @property
    def base(self):
        return f"http://{HOST}:{self.port}"

    def describe(self):
        return f"uvicorn (scorekeeper.serve), {self.workers} process(es)"

    def start(self, timeout=30):
        self.port = self.port or free_port()
        cmd = [PYTHON, "-m", "scorekeeper.serve"]
        if self.cpus is not None and shutil.which("taskset"):
            cmd = ["taskset", "-c", self.cpus, *cmd]
        env = dict(self.env)
        env.update(
            BIND=f"{HOST}:{self.port}",
            WEB_CONCURRENCY=str(self.workers),
            FORWARDED_ALLOW_IPS=HOST,
        )
        env.update({k: str(v) for k, v in self.extra_env.items()})
        nofile = self.nofile
        fd, self.log = tempfile.mkstemp(prefix="scorekeeper-serve-", suffix=".log")
        with os.fdopen(fd, "wb") as log:
            self.proc = subprocess.Popen(
                cmd,
                cwd=ROOT,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
                preexec_fn=lambda: raise_fd_limit(nofile),
            )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited:\n{self.log_text()}")
            ready = self.workers <= 1 or len(self.worker_pids()) >= self.workers
            if ready and self._healthy():
                return self
            time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"server did not answer in {timeout}s:\n{self.log_text()}")

    def _healthy(self):
        try:
            with socket.create_connection((HOST, self.port), timeout=1) as s:
                s.sendall(
                    f"GET /healthz HTTP/1.1\r\nHost: {HOST}\r\n"
                    "Connection: close\r\n\r\n".encode()
                )
                return s.recv(64).startswith(b"HTTP/1.1 200")
        except OSError:
            return False

    def log_text(self):
        try:
            return Path(self.log).read_text()[-4000:]
        except (OSError, TypeError):
            return ""

    def master_pid(self):
        # With taskset the Popen child execs python itself: same pid.
        return self.proc.pid

    def worker_pids(self):
        """uvicorn's worker processes (none with one process: it serves itself)."""
        return _children(self.master_pid())

    def pids(self):
        return [self.master_pid(), *self.worker_pids()]

    def cpu_seconds(self):
        """CPU time used so far by the server's processes."""
        return sum(_cpu_ticks(pid) for pid in self.pids()) / CLK_TCK

    def rss_bytes(self):
        """Resident memory of every server process, summed."""
        return sum(_rss_bytes(pid) for pid in self.pids())

    def worker_rss(self):
        return [_rss_bytes(pid) for pid in self.worker_pids()]

    def threads(self):
        """Threads of every server process, summed."""
        return sum(_status_field(pid, "Threads") for pid in self.pids())

    def open_fds(self):
        return sum(_open_fds(pid) for pid in self.pids())

    def fds_to(self, suffix):
        """Open fds of the server's processes whose target ends with `suffix`."""
        count = 0
        for pid in self.pids():
            try:
                names = os.listdir(f"/proc/{pid}/fd")
            except OSError:
                continue
            for name in names:
                try:
                    if os.readlink(f"/proc/{pid}/fd/{name}").endswith(suffix):
                        count += 1
                except OSError:
                    pass
        return count

    def fd_limit(self):
        """The soft RLIMIT_NOFILE of the server's (first) process."""
        try:
            limits = Path(f"/proc/{self.master_pid()}/limits").read_text()
            for line in limits.splitlines():
                if line.startswith("Max open files"):
                    return int(line.split()[3])
        except (OSError, ValueError, IndexError):
            pass
        return 0

    def log_all(self):
        try:
            return Path(self.log).read_text(errors="replace")
        except (OSError, TypeError):
            return ""

    def stop(self, timeout=30):
        if self.proc is None or self.proc.poll() is not None:
            return
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=5)

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()
        if self.log and exc[0] is None:
            with contextlib.suppress(OSError):
                os.unlink(self.log)
