"""`make run`: serves the table's phones from this machine, web and task cluster.

Sets up what a game night needs (migrations, static files, schedules), prints the
address the phones should open with a QR code of it, then runs the web server
(uvicorn through scorekeeper.serve) and the task cluster side by side until
Ctrl-C, which stops both.

A tiny runner rather than honcho: the laptop then needs only the runtime
dependencies, and the banner and the set-up live in one place.

Environment (all optional): BIND (default 0.0.0.0:8000; 127.0.0.1:8000 keeps it on
this machine), ALLOWED_HOSTS (added to this machine's addresses), SECRET_KEY or
SECRET_KEY_FILE (default var/secret_key, generated once), DATABASE_URL.
"""

import ipaddress
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import segno

ROOT = Path(__file__).resolve().parent.parent
# django-q2 sometimes hangs on SIGTERM: after this many seconds it is killed.
STOP_DEADLINE = 10


def lan_addresses():
    """This machine's IPv4 addresses that another device may reach, best first."""
    found = []
    # Connecting a UDP socket sends nothing: the kernel only picks the interface
    # (and so the address) it would use to leave the machine.
    for probe in ("192.168.0.1", "10.0.0.1", "8.8.8.8"):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
                sock.connect((probe, 9))
                found.append(sock.getsockname()[0])
        except OSError:
            pass
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
        found += [info[4][0] for info in infos]
    except OSError:
        pass
    usable = []
    for address in found:
        ip = ipaddress.ip_address(address)
        if ip.is_loopback or ip.is_unspecified or ip.is_link_local:
            continue
        if address not in usable:
            usable.append(address)
    # Home and office networks use private addresses: those come first.
    return sorted(usable, key=lambda a: not ipaddress.ip_address(a).is_private)


def is_loopback(host):
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return host == "localhost"


def split_bind(bind):
    host, _, port = bind.rpartition(":")
    return host.strip("[]") or "0.0.0.0", int(port)


def allowed_hosts(bind_host, lan, extra):
    hosts = ["127.0.0.1", "localhost", "[::1]"]
    if bind_host in ("0.0.0.0", "::", ""):
        hostname = socket.gethostname()
        hosts += lan + [hostname, f"{hostname}.local"]
    else:
        hosts.append(f"[{bind_host}]" if ":" in bind_host else bind_host)
    hosts += [host for host in extra.split(",") if host.strip()]
    return list(dict.fromkeys(host.strip() for host in hosts))


def environment(env):
    """The environment of the set-up, web and task cluster (LAN mode)."""
    env = dict(env)
    env.setdefault("BIND", "0.0.0.0:8000")
    bind_host, _ = split_bind(env["BIND"])
    env["DEBUG"] = "0"
    # Plain HTTP on the local network: no HTTPS redirect, HSTS or secure cookies.
    env["PLAIN_HTTP"] = "1"
    # Static files hashed and compressed (collectstatic below), served by ServeStatic.
    env["STATIC_MANIFEST"] = "1"
    if not env.get("SECRET_KEY"):
        env.setdefault("SECRET_KEY_FILE", "var/secret_key")
    env["ALLOWED_HOSTS"] = ",".join(
        allowed_hosts(bind_host, lan_addresses(), env.get("ALLOWED_HOSTS", ""))
    )
    # One process: SQLite's writers and the live streams' hub stay in one place.
    env.setdefault("WEB_CONCURRENCY", "1")
    env["PYTHONUNBUFFERED"] = "1"
    return env


def urls(bind):
    host, port = split_bind(bind)
    if host in ("0.0.0.0", "::"):
        return [f"http://{address}:{port}/" for address in lan_addresses()]
    shown = f"[{host}]" if ":" in host else host
    return [f"http://{shown}:{port}/"]


def banner(bind, database):
    host, port = split_bind(bind)
    addresses = urls(bind)
    lines = ["", "=" * 64, "  Scorekeeper is ready / Scorekeeper est prêt", "=" * 64]
    if host in ("0.0.0.0", "::") and not addresses:
        lines += [
            "  No network found: connect this machine to the Wi-Fi the phones use.",
            f"  On this machine only: http://127.0.0.1:{port}/",
        ]
    elif is_loopback(host):
        lines += [f"  On this machine only / sur cette machine : {addresses[0]}"]
    else:
        lines += [
            "  Phones on the same Wi-Fi open / les téléphones ouvrent :",
            "",
            *[f"      {url}" for url in addresses],
            "",
            "  (also on this laptop, so the links it shares work on the phones)",
        ]
    print("\n".join(lines), flush=True)
    if addresses and not is_loopback(host):
        segno.make(addresses[0], error="m").terminal(compact=True, border=2)
    print(
        "\n".join(
            [
                f"  Data: {database}",
                "  Stop / arrêter : Ctrl-C",
                "=" * 64,
                "",
            ]
        ),
        flush=True,
    )


def database_shown(env):
    url = env.get("DATABASE_URL", "")
    if url.startswith("sqlite:///"):
        return f"{url.removeprefix('sqlite:///')} (SQLite)"
    if not url:
        return f"{ROOT / 'db.sqlite3'} (SQLite; keep it to keep the games)"
    return url.split("@")[-1] if "@" in url else url


def manage(env, *args):
    subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=True)


def static_files_changed():
    """Whether collectstatic must run: compressing takes a while on a laptop."""
    manifest = ROOT / "staticfiles" / "staticfiles.json"
    if not manifest.exists():
        return True
    built = manifest.stat().st_mtime
    sources = [ROOT / "requirements.txt", *(ROOT / "static").rglob("*")]
    return any(path.stat().st_mtime > built for path in sources)


def set_up(env):
    (ROOT / "var").mkdir(exist_ok=True)
    manage(env, "migrate", "--noinput", "-v", "0")
    if static_files_changed():
        print("Preparing the static files (once)…", flush=True)
        manage(env, "collectstatic", "--noinput", "-v", "0")
    # Before the cluster starts, so it runs the current schedules.
    manage(env, "setup_schedules")


def stop(processes):
    for process in processes:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
    deadline = time.monotonic() + STOP_DEADLINE
    for process in processes:
        try:
            process.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def serve(env):
    commands = {
        "web": [sys.executable, "-m", "scorekeeper.serve"],
        "task cluster": [sys.executable, "manage.py", "qcluster"],
    }
    processes = {
        name: subprocess.Popen(command, cwd=ROOT, env=env)
        for name, command in commands.items()
    }
    stopping = False

    def on_signal(signum, frame):
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)
    status = 0
    while not stopping:
        ended = [name for name, p in processes.items() if p.poll() is not None]
        if ended:
            name = ended[0]
            print(f"The {name} stopped (exit {processes[name].returncode}).")
            status = processes[name].returncode or 1
            break
        time.sleep(0.2)
    print("Stopping / arrêt…", flush=True)
    stop(list(processes.values()))
    return status


def main():
    env = environment(os.environ)
    try:
        set_up(env)
    except subprocess.CalledProcessError as error:
        print(f"Set-up failed: {error}", file=sys.stderr)
        return 1
    host, port = split_bind(env["BIND"])
    try:
        with socket.socket(
            socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM
        ) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, port))
    except OSError:
        print(
            f"Port {port} is already in use: stop the other server, or choose "
            f"another port, e.g. BIND=0.0.0.0:8001 make run",
            file=sys.stderr,
        )
        return 1
    banner(env["BIND"], database_shown(env))
    return serve(env)


if __name__ == "__main__":
    sys.exit(main())
