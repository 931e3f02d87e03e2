"""`make run` serves the table: the phones on the network reach it (here through
127.0.0.2, which only a server listening on every address answers), DEBUG off, the
static files from ServeStatic, forms working over plain HTTP, a QR code printed."""

import os
import re
import signal
import socket
import sys
from http.cookies import SimpleCookie
from urllib.parse import urlencode

import pytest

from tests.deploy.processes import (
    Background,
    clean_env,
    free_port,
    request,
    wait_for_port,
)

# The set-up (migrations, and collectstatic on a fresh clone) comes first.
START_TIMEOUT = 240


def game_night_server(tmp, bind):
    """`make run`'s server (scripts/gamenight.py) on `bind`, its data in `tmp`."""
    return Background(
        [sys.executable, "scripts/gamenight.py"],
        clean_env(
            BIND=bind,
            DATABASE_URL=f"sqlite:///{tmp / 'db.sqlite3'}",
            SECRET_KEY_FILE=str(tmp / "secret_key"),
        ),
    )


@pytest.fixture(scope="module")
def game_night(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("gamenight")
    port = free_port()
    runner = game_night_server(tmp, f"0.0.0.0:{port}")
    try:
        runner.wait_for_output("Ctrl-C", START_TIMEOUT)
        wait_for_port("127.0.0.2", port, 60, runner.process)
        yield runner, port, tmp
    finally:
        runner.kill()


def phone_host(runner, port):
    """The host:port the banner tells the phones to open."""
    urls = re.findall(rf"http://([^/\s]+:{port})/", runner.output)
    assert urls, runner.output
    return urls[0]


def test_it_prints_the_address_for_the_phones_and_its_qr_code(game_night):
    runner, port, _ = game_night
    host = phone_host(runner, port)
    assert not host.startswith("127."), runner.output
    # segno draws the code with half blocks: a square of full-width lines.
    qr_lines = [line for line in runner.lines if re.fullmatch(r"[█▀▄ ]{21,}\n", line)]
    assert len(qr_lines) >= 10, runner.output
    assert "Ctrl-C" in runner.output


def test_a_phone_on_the_network_gets_the_home_page_without_debug(game_night):
    runner, port, _ = game_night
    status, headers, body = request("127.0.0.2", port, "/", phone_host(runner, port))
    assert status == 200, body[:500]
    page = body.decode()
    assert "<form" in page
    # Plain HTTP on a LAN: no HSTS; and DEBUG is off (no technical 404 page).
    assert "Strict-Transport-Security" not in headers
    status, _, body = request("127.0.0.2", port, "/nope/", phone_host(runner, port))
    assert status == 404 and b"URLconf" not in body


def test_static_files_are_hashed_and_served_by_servestatic(game_night):
    runner, port, _ = game_night
    _, _, body = request("127.0.0.2", port, "/", phone_host(runner, port))
    assets = re.findall(
        r'(?:href|src)="(/static/[^"]+\.[0-9a-f]{12}\.(?:css|js))"', body.decode()
    )
    assert assets, body[:1000]
    status, headers, _ = request(
        "127.0.0.2",
        port,
        assets[0],
        phone_host(runner, port),
        headers={"Accept-Encoding": "br"},
    )
    assert status == 200
    assert headers["Content-Encoding"] == "br"
    assert "immutable" in headers["Cache-Control"]


def test_forms_pass_the_csrf_check_over_plain_http(game_night):
    runner, port, _ = game_night
    host = phone_host(runner, port)
    _, headers, _ = request("127.0.0.2", port, "/", host)
    cookie_header = headers["Set-Cookie"]
    # A Secure cookie would never come back over http: the form would fail.
    assert "secure" not in cookie_header.lower()
    token = SimpleCookie(cookie_header)["csrftoken"].value
    status, headers, body = request(
        "127.0.0.2",
        port,
        "/i18n/setlang/",
        host,
        method="POST",
        body=urlencode({"language": "en", "next": "/", "csrfmiddlewaretoken": token}),
        headers={
            "Content-Type": "application/x-www-form-urlencoded",
            "Cookie": f"csrftoken={token}",
            "Origin": f"http://{host}",
        },
    )
    assert status == 302, body[:500]


def test_its_secret_key_is_generated_once_and_kept_private(game_night):
    _, _, tmp = game_night
    key_file = tmp / "secret_key"
    assert len(key_file.read_text().strip()) >= 50
    assert key_file.stat().st_mode & 0o077 == 0


def test_ctrl_c_stops_the_web_server_and_the_task_cluster(game_night):
    runner, port, _ = game_night
    # The task cluster ran beside the server (it names itself once started).
    runner.wait_for_output("[scorekeeper]", 60)
    # Ctrl-C as a terminal sends it, to the whole foreground group.
    os.killpg(runner.process.pid, signal.SIGINT)
    assert runner.process.wait(timeout=30) == 0
    # Nothing is left running: no server, no cluster, none of its workers.
    with pytest.raises(ProcessLookupError):
        os.killpg(runner.process.pid, 0)
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", port), timeout=2).close()
    assert "Stopping / arrêt" in runner.output


def test_bind_127_0_0_1_keeps_it_on_this_machine(tmp_path):
    """`BIND=127.0.0.1:8000 make run`: no address or QR code for the phones, and
    127.0.0.2 is refused, which also shows why the tests above prove something:
    only a server listening on every address answers there."""
    port = free_port()
    runner = game_night_server(tmp_path, f"127.0.0.1:{port}")
    try:
        runner.wait_for_output("Ctrl-C", START_TIMEOUT)
        wait_for_port("127.0.0.1", port, 60, runner.process)
        shown = f"On this machine only / sur cette machine : http://127.0.0.1:{port}/"
        assert shown in runner.output
        assert "Phones on the same Wi-Fi" not in runner.output
        assert not [line for line in runner.lines if re.search(r"[█▀▄]{5}", line)]
        status, _, body = request("127.0.0.1", port, "/", f"127.0.0.1:{port}")
        assert status == 200, body[:500]
        with pytest.raises(ConnectionRefusedError):
            socket.create_connection(("127.0.0.2", port), timeout=2).close()
        assert runner.interrupt(timeout=30) == 0
    finally:
        runner.kill()
