"""Two stateless app servers on one PostgreSQL and one Redis behave as one site:
what is written through one is seen, refused or counted through the other."""

import json
import re
import secrets
import signal
import time

import pytest

from tests.production.phones import EventStream, Phone

pytestmark = pytest.mark.usefixtures("fresh_limits")

VERSION = re.compile(r'id="sheet"[^>]*data-version="(\d+)"')


def sheet_version(html):
    match = VERSION.search(html)
    assert match, "the page shows no sheet"
    return int(match.group(1))


def record_sarahs_fours(host, game, seen):
    """The host scores three 4s for Sarah, as its page would, on the version `seen`."""
    host.get(f"/h/{game['host_token']}/")
    sarah = game["players"]["Sarah"]
    status, headers, fragment = host.post(
        f"/h/{game['host_token']}/box/{sarah}/free/fours/record/",
        {"value": "3", "seen_version": str(seen)},
    )
    assert status == 200 and "HX-Retarget" not in headers, fragment[:500]


def test_both_servers_say_database_cache_and_broker_are_up(two_servers):
    for server in two_servers:
        status, _headers, body = server.request("GET", "/healthz")
        assert status == 200
        assert json.loads(body) == {"database": "ok", "cache": "ok", "broker": "ok"}


def test_the_health_probe_is_answered_over_plain_http_while_pages_redirect(
    two_servers,
):
    a, _b = two_servers
    assert a.request("GET", "/healthz")[0] == 200
    status, headers, _ = a.request("GET", "/")
    assert status == 301
    assert headers["Location"].startswith("https://")


def test_a_watcher_on_one_server_sees_an_entry_scored_on_the_other_within_a_second(
    two_servers, game
):
    a, b = two_servers
    host, watcher = Phone(a), Phone(b)
    status, _, page = watcher.get(f"/w/{game['watch_token']}/")
    assert status == 200
    seen = sheet_version(page)
    poll = f"/w/{game['watch_token']}/sheet/?v={seen}"
    assert watcher.get(poll, htmx=True)[0] == 204

    record_sarahs_fours(host, game, seen)
    recorded_at = time.monotonic()

    # The watcher's phone polls (every second in the page; faster here, to time it).
    while True:
        status, _, fragment = watcher.get(poll, htmx=True)
        if status == 200:
            break
        assert status == 204
        assert time.monotonic() - recorded_at < 1.0, "the watcher still sees no entry"
        time.sleep(0.05)
    assert time.monotonic() - recorded_at < 1.0
    assert sheet_version(fragment) > seen
    fours = re.search(r'class="row-box row-fours.*?</tr>', fragment, re.S)
    assert fours and ">12<" in re.sub(r"\s", "", fours.group(0))


def test_entries_alternating_between_the_servers_all_count_and_both_show_them(
    two_servers, game
):
    # Behind a proxy, a host's requests land on any server process: most writes
    # meet sheets that process kept at an older version, and move them on.
    hosts = [Phone(server) for server in two_servers]
    for host in hosts:
        _status, _headers, page = host.get(f"/h/{game['host_token']}/")
    seen = sheet_version(page)
    sarah, hugo = game["players"]["Sarah"], game["players"]["Hugo"]
    turns = [(box, pk) for box in ("ones", "twos", "threes") for pk in (sarah, hugo)]
    for number, (box, player) in enumerate(turns):
        status, headers, fragment = hosts[number % 2].post(
            f"/h/{game['host_token']}/box/{player}/free/{box}/record/",
            {"value": "2", "seen_version": str(seen)},
        )
        assert status == 200 and "HX-Retarget" not in headers, fragment[:500]
        assert sheet_version(fragment) == seen + 1
        seen += 1

    pages = [
        Phone(server).get(f"/w/{game['watch_token']}/")[2] for server in two_servers
    ]
    sheets = [
        re.search(r'id="sheet".*?</table>', page, re.S).group(0) for page in pages
    ]
    assert sheets[0] == sheets[1]
    assert sheet_version(pages[0]) == seen
    # Two threes each: 6 for Sarah and 6 for Hugo.
    threes = re.search(r'class="row-box row-threes.*?</tr>', sheets[0], re.S)
    assert threes and re.sub(r"\s", "", threes.group(0)).count(">6<") == 2


def test_a_pencil_taken_back_on_one_server_is_refused_on_the_other(two_servers, game):
    a, b = two_servers
    host, holder = Phone(a), Phone(b)
    host.get(f"/h/{game['host_token']}/")
    status, headers, _ = host.post(
        f"/h/{game['host_token']}/pencil/pass/", {"label": "Léa"}, htmx=False
    )
    assert status == 302
    _, _, page = host.get(f"/h/{game['host_token']}/")
    pencil = re.search(r"/c/([A-Za-z0-9_-]{32})/", page).group(1)
    status, _, page = holder.get(f"/c/{pencil}/")
    assert status == 200
    assert holder.get(f"/c/{pencil}/sheet/?v={sheet_version(page)}")[0] == 204
    sarah, hugo = game["players"]["Sarah"], game["players"]["Hugo"]
    status, headers, _ = holder.post(
        f"/c/{pencil}/box/{sarah}/free/ones/record/", {"value": "2"}
    )
    assert status == 200 and "HX-Retarget" not in headers

    status, _, _ = host.post(
        f"/h/{game['host_token']}/pencil/take-back/", {}, htmx=False
    )
    assert status == 302

    assert holder.get(f"/c/{pencil}/")[0] == 410
    assert holder.get(f"/c/{pencil}/sheet/?v=1", htmx=True)[0] == 410
    status, _, _ = holder.post(
        f"/c/{pencil}/box/{hugo}/free/ones/record/", {"value": "2"}
    )
    assert status == 410


def test_the_wrong_link_limit_counts_misses_made_through_both_servers(
    two_servers, game, shared_env
):
    a, b = two_servers
    limit = int(shared_env["CAPABILITY_MISS_LIMIT"])
    for attempt in range(limit):
        # Half the wrong links on each server: neither alone reaches the limit.
        server = (a, b)[attempt % 2]
        status, _, _ = Phone(server).get(f"/w/{secrets.token_urlsafe(24)}/")
        assert status == 404
    for server in (a, b):
        # Over the limit on both: a further wrong link is refused…
        status, headers, _ = Phone(server).get(f"/w/{secrets.token_urlsafe(24)}/")
        assert status == 429
        assert int(headers["Retry-After"]) > 0
        # …while the table's own link keeps working.
        status, _, _ = Phone(server).get(f"/w/{game['watch_token']}/")
        assert status == 200


# --- the live sheet, pushed ----------------------------------------------------------


def watch_version(phone, game):
    status, _, page = phone.get(f"/w/{game['watch_token']}/")
    assert status == 200
    return sheet_version(page)


def test_an_entry_through_one_server_reaches_a_stream_on_the_other_within_a_second(
    two_servers, game
):
    a, b = two_servers
    host = Phone(a)
    seen = watch_version(Phone(b), game)
    stream = EventStream(
        b,
        f"/w/{game['watch_token']}/events/?v={seen}",
        {"Accept-Encoding": "gzip, br"},
    )
    try:
        assert stream.status == 200, stream.response.read()[:500]
        assert stream.headers["Content-Type"].startswith("text/event-stream")
        assert stream.headers["Cache-Control"] == "no-store"
        assert stream.headers["X-Accel-Buffering"] == "no"
        assert "Content-Encoding" not in stream.headers
        assert "Server" not in stream.headers
        _, hello = stream.wait_for(lambda m: "event" in m)
        assert hello["event"] == "hello" and int(hello["data"]) == seen
        assert int(hello["retry"]) > 0

        record_sarahs_fours(host, game, seen)
        answered_at = time.monotonic()

        arrived_at, sheet = stream.wait_for(lambda m: m.get("event") == "sheet")
        assert arrived_at - answered_at < 1.0, "the stream on B still shows no entry"
        assert int(sheet["id"]) == seen + 1
        assert sheet_version(sheet["data"]) == seen + 1
        fours = re.search(r'class="row-box row-fours.*?</tr>', sheet["data"], re.S)
        assert fours and ">12<" in re.sub(r"\s", "", fours.group(0))
    finally:
        stream.close()


def test_no_answer_names_the_server(two_servers, game):
    for server in two_servers:
        phone = Phone(server)
        for path in ("/healthz", "/", f"/w/{game['watch_token']}/", "/nowhere/"):
            _, headers, _ = (
                server.request("GET", path) if path == "/healthz" else phone.get(path)
            )
            assert "Server" not in headers, path
        stream = EventStream(server, f"/w/{game['watch_token']}/events/")
        try:
            assert stream.status == 200
            assert "Server" not in stream.headers
        finally:
            stream.close()


@pytest.mark.parametrize("workers", [1, 2])
def test_sigterm_ends_the_open_streams_with_a_final_retry_line(
    lone_server, game, workers
):
    graceful = 10
    server = lone_server(workers=workers, GRACEFUL_TIMEOUT=str(graceful))
    streams, holders = [], set()
    try:
        # Streams until every worker holds some: each must drain its own. The
        # workers share one socket, and a worker still warming up accepts none
        # yet: a busy machine may give the first one many in a row.
        deadline = time.monotonic() + 30
        while len(holders) < workers or len(streams) < 3:
            assert time.monotonic() < deadline, f"streams all held by {holders}"
            if len(streams) >= 3:
                time.sleep(0.2)
            stream = EventStream(server, f"/w/{game['watch_token']}/events/?v=0")
            streams.append(stream)
            assert stream.status == 200
            stream.wait_for(lambda m: m.get("event") == "sheet")
            holders.add(stream.holder(server))
        signalled_at = time.monotonic()
        server.terminate()
        for stream in streams:
            # The drain: a `retry:` line alone, then the end of the stream, well
            # before the graceful timeout would cut it (the lifespan shutdown's
            # own drain only comes after that timeout: this is the signal's).
            _, last = stream.wait_for(lambda m: "comment" not in m, timeout=graceful)
            assert set(last) == {"retry"}, (last, server.log_text())
            ended_at, end = stream.next(timeout=graceful)
            assert end is None
            assert ended_at - signalled_at < graceful / 2, server.log_text()
        # uvicorn re-raises the signal once shut down: a lone worker ends "killed
        # by SIGTERM", the supervisor of two with 0. Either way, at once: no
        # request was left for the graceful timeout to cut.
        code = server.proc.wait(timeout=graceful + 5)
        assert code in (0, -signal.SIGTERM), server.log_text()
        assert time.monotonic() - signalled_at < graceful, server.log_text()
        assert "Traceback" not in server.log_text(), server.log_text()
    finally:
        for stream in streams:
            stream.close()
