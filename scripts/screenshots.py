"""Takes the README's three pictures: the host's sheet, a watcher's phone and a
result page, on a phone (390 × 844) in French.

The same run gives the same pictures: the games are built in code with fixed
names, fixed tokens and a fixed clock (time-machine), in a throwaway SQLite
database, then served by the project's ASGI application under uvicorn and shot by
Debian's Chromium through Playwright. Needs the development requirements.

    .venv/bin/python scripts/screenshots.py [--out static/img/screenshots]
"""

import argparse
import base64
import datetime
import hashlib
import itertools
import os
import sys
import tempfile
import threading
import time
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from unittest import mock

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
PHONE = {"width": 390, "height": 844}
# A Saturday evening: the first game starts at 20:30 in Paris.
START = datetime.datetime(2026, 6, 13, 18, 30, tzinfo=datetime.UTC)
PICTURES = ("host-sheet.png", "watcher-phone.png", "result.png")


def fixed_tokens() -> Callable[[], str]:
    """Token after token, always the same ones (32 URL-safe characters each)."""
    counter = itertools.count(1)

    def new_token() -> str:
        seed = hashlib.sha256(f"scorekeeper-screenshot-{next(counter)}".encode())
        return base64.urlsafe_b64encode(seed.digest()[:24]).decode()

    return new_token


def set_up(database: Path) -> None:
    os.environ.update(
        DJANGO_SETTINGS_MODULE="scorekeeper.settings",
        DATABASE_URL=f"sqlite:///{database}",
        DEBUG="1",
        LOG_LEVEL="WARNING",
        # Playwright's sync API keeps an event loop in this thread; the ORM calls
        # made here are plain synchronous code.
        DJANGO_ALLOW_ASYNC_UNSAFE="true",
    )
    import django
    from django.core.management import call_command

    # Served as the tests serve it (DEBUG, static files from the finders).
    warnings.filterwarnings("ignore", message="Django checks for ServeStatic")

    django.setup()
    call_command("migrate", verbosity=0, interactive=False)


def build_games(clock) -> dict[str, str]:
    """The three games, played through the model verbs a minute apart; returns
    the paths to shoot."""
    from games.models import Game

    def tick(minutes: int = 1) -> None:
        clock.shift(datetime.timedelta(minutes=minutes))

    # Yams at four, halfway: the host's sheet.
    yams, yams_host = Game.objects.create_game(
        ["Sarah", "Hugo", "Léa", "Tom"], "classic", {}
    )
    seats = {p.name: p.pk for p in yams.players.all()}
    turns = [
        ("ones", {"kind": "count", "value": 3}, {"kind": "count", "value": 2}),
        ("sixes", {"kind": "count", "value": 4}, {"kind": "count", "value": 3}),
        ("full_house", {"kind": "made"}, {"kind": "cross"}),
        ("fives", {"kind": "count", "value": 3}, {"kind": "count", "value": 4}),
        ("chance", {"kind": "total", "value": 24}, {"kind": "total", "value": 19}),
    ]
    for box, first, second in turns:
        for name, entry in (
            ("Sarah", first),
            ("Hugo", second),
            ("Léa", second),
            ("Tom", first),
        ):
            tick()
            yams.record(seats[name], "free", box, entry)
    tick()
    yams.record(seats["Sarah"], "free", "yams", {"kind": "made"})

    # Tarot at four, three deals in: what a watcher's phone follows.
    tick(5)
    tarot, _host = Game.objects.create_game(
        ["Ana", "Bruno", "Chloé", "David"], options={"deals": 8}, kind="tarot"
    )
    ana, bruno, chloe, _david = (p.pk for p in tarot.players.all())
    for entry in (
        {
            "taker": ana,
            "contract": "garde",
            "bouts": 2,
            "points": 49,
            "petit_au_bout": "taker",
            "poignees": [{"size": "simple", "side": "taker"}],
        },
        {"taker": bruno, "contract": "prise", "bouts": 1, "points": 40.5},
        {"taker": chloe, "contract": "garde_sans", "bouts": 3, "points": 36},
    ):
        tick(8)
        tarot.record_round(entry)

    # Skyjo at three, to 100: the result page once it is over.
    tick(5)
    skyjo, _host = Game.objects.create_game(
        ["Léa", "Tom", "Zoé"], options={"limit": 100}, kind="skyjo"
    )
    lea, tom, zoe = (p.pk for p in skyjo.players.all())
    for cards, finisher in (
        ({lea: 12, tom: 25, zoe: 7}, zoe),
        ({lea: -2, tom: 31, zoe: 18}, lea),
        ({lea: 9, tom: 22, zoe: 14}, lea),
        ({lea: 15, tom: 28, zoe: 3}, zoe),
    ):
        tick(6)
        skyjo.record_round({"cards": cards, "finisher": finisher})
    skyjo.refresh_from_db()
    assert skyjo.state().finished, "the Skyjo game should be over"
    tick()
    return {
        "host-sheet.png": f"/h/{yams_host}/",
        "watcher-phone.png": f"/w/{tarot.watch_token}/",
        "result.png": f"/r/{skyjo.watch_token}/",
    }


class Server:
    """The project's ASGI application under uvicorn, in a thread of this process
    (it sees the frozen clock), static files from the finders."""

    def __init__(self) -> None:
        import socket

        import uvicorn
        from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler

        from scorekeeper.asgi import application

        self.socket = socket.socket()
        self.socket.bind(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.socket.getsockname()[1]}"
        self.server = uvicorn.Server(
            uvicorn.Config(
                ASGIStaticFilesHandler(application),
                log_level="warning",
                timeout_graceful_shutdown=1,
            )
        )
        self.thread = threading.Thread(
            target=self.server.run, kwargs={"sockets": [self.socket]}, daemon=True
        )

    def __enter__(self) -> "Server":
        self.thread.start()
        deadline = time.monotonic() + 15
        while not self.server.started:
            if time.monotonic() > deadline:
                raise RuntimeError("the server did not start")
            time.sleep(0.05)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


def shoot(base_url: str, pages: dict[str, str], out: Path) -> Iterator[Path]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=["--no-sandbox", "--disable-gpu", "--font-render-hinting=none"],
        )
        for name, path in pages.items():
            context = browser.new_context(
                viewport=PHONE,
                device_scale_factor=1,
                is_mobile=True,
                has_touch=True,
                locale="fr-FR",
                timezone_id="Europe/Paris",
                reduced_motion="reduce",
                service_workers="block",
            )
            page = context.new_page()
            page.goto(base_url + path, wait_until="load")
            page.evaluate("document.fonts.ready.then(() => true)")
            page.wait_for_timeout(300)
            target = out / name
            page.screenshot(path=target, animations="disabled", caret="hide")
            context.close()
            yield target
        browser.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--out", type=Path, default=ROOT / "static" / "img" / "screenshots"
    )
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    import time_machine

    sys.path.insert(0, str(ROOT))
    with (
        tempfile.TemporaryDirectory() as tmp,
        mock.patch("scorekeeper.lib.tokens.new_token", side_effect=fixed_tokens()),
        time_machine.travel(START, tick=False) as clock,
    ):
        set_up(Path(tmp) / "screenshots.sqlite3")
        pages = build_games(clock)
        with Server() as server:
            for picture in shoot(server.url, pages, args.out):
                print(picture)
    return 0


if __name__ == "__main__":
    sys.exit(main())
