"""Faults under load: what the clients see when a dependency fails.

    sudo .venv/bin/python bench/faults.py [--only postgres,redis,slow,disk]

Each scenario serves the app with `python -m scorekeeper.serve` (DEBUG=0, plain
HTTP on 127.0.0.1) on a dependency of its own, never the suite's:
- postgres: a PostgreSQL cluster made with pg_createcluster on port 55432,
  stopped for 20 s under load, then its postmaster hung (SIGSTOP) for a while;
- redis:    a redis-server on port 56379 (SQLite database), killed, started
  again, then hung (SIGSTOP);
- slow:     200 streams that never read and 50 half requests (25 cut in the
  headers, 25 in the body) while the hosts score;
- disk:     SQLite on a small tmpfs of its own, filled up, then freed.

Hosts score one entry a second each and resend an entry answered 502/503/504
or not answered, with the same request key, after Retry-After (as the phone
does); a watcher loads each game's watch page; a prober asks /healthz. Printed:
statuses by kind, the longest answer, the time to recover, entries lost and
doubled, and for `slow` the send queues, memory and open files of the server.
Every loop is bounded in time; everything started is stopped, the cluster
dropped and the tmpfs unmounted, whatever happens. Needs root (tmpfs, the
cluster), pg_createcluster and redis-server. The app is set up and served by
the benchmarks' harness (bench/harness/servers.py).
"""

import argparse
import collections
import contextlib
import http.client
import json
import os
import secrets
import shutil
import signal
import socket
import statistics
import subprocess
import tempfile
import threading
import time
from pathlib import Path

from harness import servers

ROOT = servers.ROOT
PYTHON = servers.PYTHON
HOST = servers.HOST
PG_PORT = 55432
PG_CLUSTER = "faultbench"
REDIS_PORT = 56379
RESEND = {502, 503, 504}


# --- the app in its own process ------------------------------------------------------


def app_env(database_url, redis_url="", **extra):
    """The harness's production environment, on this scenario's dependencies."""
    return servers.app_env(
        database_url,
        SECRET_KEY="bench-faults-" + "k" * 50,
        STATIC_MANIFEST="0",
        REDIS_URL=redis_url,
        CACHE_KEY_PREFIX=f"faults-{os.getpid()}",
        **extra,
    )


def manage(env, *args):
    servers.manage(env, *args, timeout=300)


SEED = """
import json, sys
import django
django.setup()
from games.kinds.yams import PRESETS
from games.models import Entry, Game
if sys.argv[1] == "seed":
    out = []
    for n in range(int(sys.argv[2])):
        game, host = Game.objects.create_game(["Sarah", "Hugo"], "classic", {})
        players = [p.pk for p in game.players.order_by("seat")]
        out.append({"host": host, "watch": game.watch_token, "id": game.pk,
                    "players": players, "boxes": list(PRESETS["classic"].box_keys)})
    print(json.dumps(out))
else:
    print(json.dumps(list(Entry.objects.filter(undone_at__isnull=True).values_list(
        "game_id", "player_id", "column", "box", "request_key"))))
"""


def django_script(env, *args):
    done = subprocess.run(
        [PYTHON, "-c", SEED, *args],
        cwd=ROOT,
        env={**env, "DJANGO_SETTINGS_MODULE": "scorekeeper.settings"},
        check=True,
        capture_output=True,
        text=True,
        timeout=300,
    )
    return json.loads(done.stdout)


def serve(env, workers=1):
    """The app under uvicorn, answering: the harness's server (bench/harness)."""
    try:
        return servers.Server(env, workers=workers, name="faults").start(timeout=60)
    except RuntimeError as exc:
        raise SystemExit(f"the app server did not start: {exc}") from None


def log_errors(server):
    """Lines of the server's log that tell of an error other than a 503."""
    return [
        line
        for line in server.log_text(tail=None).splitlines()
        if ("ERROR" in line or "Traceback" in line)
        and "Service Unavailable" not in line
    ]


# --- HTTP, as the phones speak it --------------------------------------------------


def request(port, method, path, body=None, headers=None, timeout=15):
    """(status, headers, body); raises OSError when there is no answer."""
    connection = http.client.HTTPConnection(HOST, port, timeout=timeout)
    try:
        connection.request(
            method, path, body=body, headers={"Host": HOST, **(headers or {})}
        )
        response = connection.getresponse()
        headers = {name.lower(): value for name, value in response.getheaders()}
        return response.status, headers, response.read()
    finally:
        connection.close()


class Tally:
    """Statuses and answer times by kind of request, for one phase."""

    def __init__(self):
        self.lock = threading.Lock()
        self.statuses = collections.defaultdict(collections.Counter)
        self.times = collections.defaultdict(list)
        self.no_retry_after = 0
        self.ok_at = collections.defaultdict(list)

    def note(self, kind, status, seconds, headers=None):
        with self.lock:
            self.statuses[kind][status] += 1
            self.times[kind].append(seconds)
            if status == 503 and "retry-after" not in (headers or {}):
                self.no_retry_after += 1
            if status == 200:
                self.ok_at[kind].append(time.monotonic())

    def timed(self, kind, port, method, path, **kwargs):
        start = time.monotonic()
        try:
            status, headers, body = request(port, method, path, **kwargs)
        except OSError as error:
            status, headers, body = f"no answer ({type(error).__name__})", {}, b""
        self.note(kind, status, time.monotonic() - start, headers)
        return status, headers, body


class Host(threading.Thread):
    """Scores one entry a second in its games, resending as the phone does."""

    def __init__(self, port, games, tally, stop):
        super().__init__(daemon=True)
        self.port, self.games, self.tally, self.stop = port, list(games), tally, stop
        self.acknowledged = []
        self.csrf = ""

    def moves(self):
        for game in self.games:
            for box in game["boxes"]:
                for player in game["players"]:
                    yield game, player, box

    def run(self):
        moves = self.moves()
        for game, player, box in moves:
            if self.stop.is_set():
                return
            started = time.monotonic()
            self.score(game, player, box)
            self.stop.wait(max(0.0, 1.0 - (time.monotonic() - started)))

    def cookie(self, headers):
        for name, value in headers.items():
            if name == "set-cookie" and value.startswith("csrftoken="):
                self.csrf = value.split(";")[0].split("=", 1)[1]

    def score(self, game, player, box):
        key = secrets.token_urlsafe(16)
        base = f"/h/{game['host']}/box/{player}/free/{box}/"
        pause = 1.0
        while not self.stop.is_set():
            if not self.csrf:
                status, headers, _ = self.tally.timed("page", self.port, "GET", base)
                self.cookie(headers)
                if not self.csrf:
                    self.stop.wait(pause)
                    continue
            form = f"value=x&request_key={key}".encode()
            status, headers, _ = self.tally.timed(
                "entry",
                self.port,
                "POST",
                base + "record/",
                body=form,
                headers={
                    "HX-Request": "true",
                    "X-CSRFToken": self.csrf,
                    "Cookie": f"csrftoken={self.csrf}",
                    "Content-Type": "application/x-www-form-urlencoded",
                },
            )
            if status == 200:
                self.acknowledged.append((game["id"], player, "free", box, key))
                return
            if isinstance(status, int) and status not in RESEND:
                return  # refused with a reason (4xx): the host would see it
            # As the phone does: the same request, after Retry-After or a pause
            # that grows.
            wait = float(headers.get("retry-after", pause))
            pause = min(pause * 2, 8)
            self.stop.wait(min(wait, 8))


class Watcher(threading.Thread):
    """Loads a game's watch page, its poll and a wrong link, every 2 s."""

    def __init__(self, port, game, tally, stop):
        super().__init__(daemon=True)
        self.port, self.game, self.tally, self.stop = port, game, tally, stop

    def run(self):
        watch = self.game["watch"]
        while not self.stop.is_set():
            self.tally.timed("watch page", self.port, "GET", f"/w/{watch}/")
            self.tally.timed(
                "sheet poll",
                self.port,
                "GET",
                f"/w/{watch}/sheet/?v=0",
                headers={"HX-Request": "true"},
            )
            self.tally.timed(
                "wrong link", self.port, "GET", f"/w/{secrets.token_urlsafe(24)}/"
            )
            self.tally.timed("preview", self.port, "GET", f"/r/{watch}/preview.png")
            self.stop.wait(2)


class Prober(threading.Thread):
    """Asks /healthz twice a second, as a load balancer."""

    def __init__(self, port, tally, stop):
        super().__init__(daemon=True)
        self.port, self.tally, self.stop = port, tally, stop

    def run(self):
        while not self.stop.is_set():
            self.tally.timed("healthz", self.port, "GET", "/healthz", timeout=10)
            self.stop.wait(0.5)


class Load:
    """Hosts, watchers and a prober on `games`, one Tally per named phase."""

    def __init__(self, port, games, hosts=5, games_per_host=4):
        self.port, self.stop = port, threading.Event()
        self.tally = Tally()
        self.phases = []
        self.hosts = [
            Host(port, games[i::hosts][:games_per_host], self.tally, self.stop)
            for i in range(hosts)
        ]
        self.others = [Watcher(port, games[i], self.tally, self.stop) for i in range(2)]
        self.others.append(Prober(port, self.tally, self.stop))

    def __enter__(self):
        for thread in self.hosts + self.others:
            thread.start()
        return self

    def phase(self, name):
        """Starts counting a new phase (the previous one's figures are kept)."""
        self.phases.append((name, self.tally))
        self.tally = Tally()
        for thread in self.hosts + self.others:
            thread.tally = self.tally

    def __exit__(self, *exc):
        self.phase("end")
        self.stop.set()
        for thread in self.hosts + self.others:
            thread.join(20)

    def acknowledged(self):
        return [entry for host in self.hosts for entry in host.acknowledged]


# --- figures --------------------------------------------------------------------------


def summary(name, tally, since=None):
    if not tally.statuses:
        return
    print(f"  {name}")
    for kind in sorted(tally.statuses):
        statuses = ", ".join(
            f"{s}: {n}" for s, n in sorted(tally.statuses[kind].items(), key=str)
        )
        times = tally.times[kind]
        p50 = statistics.median(times) * 1000
        p99 = sorted(times)[int(0.99 * (len(times) - 1))] * 1000
        print(
            f"    {kind:<11} {statuses:<30} p50 {p50:5.0f} ms, p99 {p99:5.0f} ms, "
            f"longest {max(times) * 1000:5.0f} ms"
        )
    if tally.no_retry_after:
        print(f"    503 without Retry-After: {tally.no_retry_after}")
    if since is not None:
        first = [min(ok) for ok in tally.ok_at.values() if ok]
        firsts = {k: min(v) - since for k, v in tally.ok_at.items() if v}
        if first:
            shown = ", ".join(f"{k} {v:.1f} s" for k, v in sorted(firsts.items()))
            print(f"    first 200 after it was back: {shown}")


def entries_report(acknowledged, recorded):
    keys = collections.Counter(tuple(row[:4]) for row in recorded)
    doubled = sum(n - 1 for n in keys.values() if n > 1)
    by_key = {row[4] for row in recorded}
    lost = [entry for entry in acknowledged if entry[4] not in by_key]
    print(
        f"  entries: {len(acknowledged)} acknowledged, {len(recorded)} recorded, "
        f"{len(lost)} lost, {doubled} doubled"
    )


def report_errors(server):
    errors = log_errors(server)
    kinds = collections.Counter(line.split(" ", 3)[-1][:70] for line in errors)
    print(f"  server log, errors other than 503: {len(errors)}")
    for line, count in kinds.most_common(3):
        print(f"    {count} × {line}")


def print_phases(load, marks=None):
    for name, tally in load.phases:
        summary(name, tally, (marks or {}).get(name))


# --- scenarios ----------------------------------------------------------------------


def postgres(args):
    print("\n== PostgreSQL of its own, stopped 20 s, then its postmaster hung")
    version = sorted(os.listdir("/usr/lib/postgresql"))[-1]
    run = lambda *cmd: subprocess.run(cmd, check=True, capture_output=True, timeout=120)  # noqa: E731
    subprocess.run(
        ["pg_dropcluster", "--stop", version, PG_CLUSTER], capture_output=True
    )
    run("pg_createcluster", version, PG_CLUSTER, "-p", str(PG_PORT), "--start")
    server = None
    try:
        sql = (
            "CREATE ROLE bench LOGIN PASSWORD 'bench';"
            "CREATE DATABASE bench OWNER bench;"
        )
        run(
            "runuser",
            "-u",
            "postgres",
            "--",
            "psql",
            "-p",
            str(PG_PORT),
            "-c",
            sql.split(";")[0],
        )
        run(
            "runuser",
            "-u",
            "postgres",
            "--",
            "psql",
            "-p",
            str(PG_PORT),
            "-c",
            sql.split(";")[1],
        )
        env = app_env(f"postgres://bench:bench@{HOST}:{PG_PORT}/bench")
        manage(env, "migrate", "-v", "0")
        games = django_script(env, "seed", "40")
        server = serve(env, workers=2)
        marks = {}
        with Load(server.port, games) as load:
            time.sleep(8)
            load.phase("healthy")
            run("pg_ctlcluster", version, PG_CLUSTER, "stop", "-m", "fast")
            time.sleep(args.outage)
            load.phase(f"stopped {args.outage:.0f} s")
            marks["back"] = time.monotonic()
            run("pg_ctlcluster", version, PG_CLUSTER, "start")
            print(
                "  pg_ctlcluster start: ready in "
                f"{time.monotonic() - marks['back']:.1f} s"
            )
            time.sleep(10)
            load.phase("back")
            postmaster = int(
                Path(f"/var/run/postgresql/{version}-{PG_CLUSTER}.pid")
                .read_text()
                .split()[0]
            )
            os.kill(postmaster, signal.SIGSTOP)
            try:
                time.sleep(8)
            finally:
                os.kill(postmaster, signal.SIGCONT)
            load.phase("postmaster hung 8 s (new connections)")
            time.sleep(4)
        print_phases(load, marks)
        entries_report(load.acknowledged(), django_script(env, "entries"))
        report_errors(server)
    finally:
        if server:
            server.stop()
        subprocess.run(
            ["pg_dropcluster", "--stop", version, PG_CLUSTER], capture_output=True
        )


def redis(args):
    print("\n== Redis of its own (SQLite), killed, started again, then hung")
    binary = shutil.which("redis-server")
    workdir = Path(tempfile.mkdtemp(prefix="faults-redis-"))
    command = [
        binary,
        "--port",
        str(REDIS_PORT),
        "--bind",
        HOST,
        "--save",
        "",
        "--appendonly",
        "no",
        "--dir",
        str(workdir),
    ]
    redis_process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    server = None
    try:
        time.sleep(0.5)
        env = app_env(
            f"sqlite:///{workdir / 'db.sqlite3'}", f"redis://{HOST}:{REDIS_PORT}/0"
        )
        manage(env, "migrate", "-v", "0")
        games = django_script(env, "seed", "40")
        server = serve(env)
        marks = {}
        with Load(server.port, games) as load:
            time.sleep(8)
            load.phase("healthy")
            redis_process.kill()
            redis_process.wait()
            time.sleep(10)
            load.phase("killed 10 s")
            redis_process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
            marks["back"] = time.monotonic()
            time.sleep(8)
            load.phase("back")
            os.kill(redis_process.pid, signal.SIGSTOP)
            try:
                time.sleep(10)
            finally:
                os.kill(redis_process.pid, signal.SIGCONT)
            load.phase("hung 10 s (SIGSTOP)")
            time.sleep(4)
        print_phases(load, marks)
        entries_report(load.acknowledged(), django_script(env, "entries"))
        report_errors(server)
    finally:
        if server:
            server.stop()
        with contextlib.suppress(ProcessLookupError):
            os.kill(redis_process.pid, signal.SIGCONT)
        redis_process.kill()
        redis_process.wait()
        shutil.rmtree(workdir, ignore_errors=True)


def send_queue(port):
    """(connections, bytes in their send queues) of the server's socket."""
    out = subprocess.run(
        ["ss", "-tnH", "state", "established", f"( sport = :{port} )"],
        capture_output=True,
        text=True,
        timeout=10,
    ).stdout.splitlines()
    return len(out), sum(int(line.split()[1]) for line in out if line.split())


def process_figures(server):
    rss = files = 0
    for pid in server.pids():
        with contextlib.suppress(OSError):
            status = Path(f"/proc/{pid}/status").read_text()
            rss += int(
                next(
                    line for line in status.splitlines() if line.startswith("VmRSS")
                ).split()[1]
            )
            files += len(os.listdir(f"/proc/{pid}/fd"))
    return rss // 1024, files


def slow(args):
    print(
        f"\n== Slow clients: {args.slow_streams} streams that never read, "
        f"{args.half} half requests"
    )
    workdir = Path(tempfile.mkdtemp(prefix="faults-slow-"))
    env = app_env(f"sqlite:///{workdir / 'db.sqlite3'}", LIVE_STREAMS_PER_ADDRESS=1000)
    manage(env, "migrate", "-v", "0")
    games = django_script(env, "seed", "40")
    server = serve(env)
    sockets = []
    try:
        with Load(server.port, games) as load:
            time.sleep(10)
            load.phase("before")
            before = send_queue(server.port), process_figures(server)
            for n in range(args.slow_streams):
                sock = socket.socket()
                # A small window: the phone that stopped reading fills it fast.
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
                sock.connect((HOST, server.port))
                game = games[n % 10]
                sock.sendall(
                    f"GET /w/{game['watch']}/events/ HTTP/1.1\r\n"
                    f"Host: {HOST}\r\n\r\n".encode()
                )
                sockets.append(sock)
            for n in range(args.half):
                sock = socket.create_connection((HOST, server.port))
                if n % 2:
                    sock.sendall(
                        f"GET /w/{games[0]['watch']}/ HTTP/1.1\r\n"
                        f"Host: {HOST}\r\n".encode()
                    )
                else:
                    sock.sendall(
                        f"POST /h/x/undo/ HTTP/1.1\r\nHost: {HOST}\r\n"
                        "Content-Type: application/x-www-form-urlencoded\r\n"
                        "Content-Length: 100\r\n\r\nrequest_key=".encode()
                    )
                sockets.append(sock)
            start = time.monotonic()
            samples = []
            while time.monotonic() - start < args.attack:
                time.sleep(5)
                samples.append(
                    (
                        time.monotonic() - start,
                        send_queue(server.port),
                        process_figures(server),
                    )
                )
            load.phase(f"during ({args.attack:.0f} s)")
        print_phases(load)
        (conns, queued), (rss, files) = before
        print(
            f"  before: {conns} connections, send queues {queued / 1e6:.2f} MB, "
            f"server RSS {rss} MB, {files} files"
        )
        for at, (conns, queued), (rss, files) in samples[::2] + samples[-1:]:
            print(
                f"  +{at:4.0f} s: {conns} connections, send queues "
                f"{queued / 1e6:.2f} MB, server RSS {rss} MB, {files} files"
            )
        streams_open = sum(1 for sock in sockets[: args.slow_streams] if is_open(sock))
        half_open = [is_open(sock) for sock in sockets[args.slow_streams :]]
        print(
            f"  still open at the end: {streams_open}/{args.slow_streams} "
            "slow streams, "
            f"{sum(half_open[1::2])}/{len(half_open[1::2])} cut in the headers, "
            f"{sum(half_open[0::2])}/{len(half_open[0::2])} cut in the body"
        )
        entries_report(load.acknowledged(), django_script(env, "entries"))
        report_errors(server)
    finally:
        for sock in sockets:
            sock.close()
        server.stop()
        shutil.rmtree(workdir, ignore_errors=True)


def is_open(sock):
    """False once the server closed (or reset) the connection."""
    sock.setblocking(False)
    try:
        while True:
            data = sock.recv(65536)
            if not data:
                return False
    except BlockingIOError:
        return True
    except OSError:
        return False


def disk(args):
    print("\n== A full disk under SQLite (a tmpfs of its own)")
    mount = Path(tempfile.mkdtemp(prefix="faults-disk-"))
    subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=24m", "tmpfs", str(mount)],
        check=True,
        timeout=30,
    )
    server = None
    try:
        env = app_env(f"sqlite:///{mount / 'db.sqlite3'}")
        manage(env, "migrate", "-v", "0")
        games = django_script(env, "seed", "40")
        server = serve(env)
        marks = {}
        with Load(server.port, games) as load:
            time.sleep(8)
            load.phase("room")
            with open(mount / "filler", "wb") as filler, contextlib.suppress(OSError):
                while True:
                    filler.write(b"\0" * 65536)
                    filler.flush()
            time.sleep(15)
            load.phase("disk full 15 s")
            (mount / "filler").unlink()
            marks["room again"] = time.monotonic()
            time.sleep(10)
            load.phase("room again")
        print_phases(load, marks)
        server.stop()
        check = (
            subprocess.run(
                ["sqlite3", str(mount / "db.sqlite3"), "PRAGMA integrity_check"],
                capture_output=True,
                text=True,
            ).stdout.strip()
            if shutil.which("sqlite3")
            else "(no sqlite3 tool)"
        )
        entries_report(load.acknowledged(), django_script(env, "entries"))
        print(f"  integrity_check: {check}")
        report_errors(server)
    finally:
        if server:
            server.stop()
        subprocess.run(["umount", "-l", str(mount)], timeout=30)
        shutil.rmtree(mount, ignore_errors=True)


SCENARIOS = {"postgres": postgres, "redis": redis, "slow": slow, "disk": disk}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--only", default=",".join(SCENARIOS), help="comma-separated scenarios"
    )
    parser.add_argument(
        "--outage", type=float, default=20, help="seconds PostgreSQL is stopped"
    )
    parser.add_argument("--slow-streams", type=int, default=200)
    parser.add_argument("--half", type=int, default=50)
    parser.add_argument(
        "--attack", type=float, default=70, help="seconds of slow clients"
    )
    args = parser.parse_args()
    if os.geteuid() != 0:
        raise SystemExit("needs root: a tmpfs and a PostgreSQL cluster of its own")
    for name in args.only.split(","):
        needs = {"postgres": "pg_createcluster", "redis": "redis-server"}.get(name)
        if needs and not shutil.which(needs):
            print(f"\n== {name}: skipped, {needs} is not installed")
            continue
        SCENARIOS[name](args)


if __name__ == "__main__":
    main()
