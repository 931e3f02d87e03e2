"""Requests whose body stops before the length they announce, for tests/security."""

import re
import socket
from urllib.parse import urlencode

from django.test import Client

from tests.factories import make_game
from tests.games.helpers import dialog, write_url
from tests.helpers import request_key


def typed_points_game():
    """A one-player game with typed points, where both 25 and 2 are valid."""
    return make_game(["Sarah"], options={"typed_points": True})


def cut_record(game, token, points="25"):
    """(path, headers, body) of the entry the chance dialog posts, with the CSRF
    cookie and header a phone sends; the body ends with `points`."""
    client = Client()
    page = dialog(client, token, game, "Sarah", "chance").content.decode()
    csrf = re.search(r'"X-CSRFToken": "([^"]+)"', page).group(1)
    game.refresh_from_db()
    fields = {
        "request_key": request_key(page),
        "seen_version": game.version,
        "points": points,
    }
    headers = {
        "Content-Type": "application/x-www-form-urlencoded",
        "Cookie": f"csrftoken={client.cookies['csrftoken'].value}",
        "X-CSRFToken": csrf,
    }
    path = write_url(token, "record", game, "Sarah", "chance")
    return path, headers, urlencode(fields).encode()


def raw_request(path, headers, body, declared):
    """The bytes of a POST announcing `declared` bytes of body and carrying `body`."""
    lines = [f"POST {path} HTTP/1.1", "Host: 127.0.0.1", "Connection: close"]
    lines += [f"{name}: {value}" for name, value in headers.items()]
    lines.append(f"Content-Length: {declared}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + body


def send_cut(host, port, path, headers, body, missing=1, timeout=10):
    """Sends the request with its last `missing` bytes left out, closes the
    sending side cleanly, and returns the status code (None if no answer).
    `missing=0` sends it whole and waits for the answer, as a browser does."""
    with socket.create_connection((host, port), timeout=timeout) as sock:
        sent = body[: len(body) - missing]
        sock.sendall(raw_request(path, headers, sent, len(body)))
        if missing:
            sock.shutdown(socket.SHUT_WR)
        answer = b""
        try:
            while chunk := sock.recv(65536):
                answer += chunk
        except (ConnectionResetError, TimeoutError):
            pass
    match = re.match(rb"HTTP/1\.[01] (\d{3})", answer)
    return int(match.group(1)) if match else None
