"""Every entry point, fuzzed: no input gets a server error, and a refused request
(4xx) changes nothing.

Hypothesis walks every URL pattern of the project (read from `get_resolver()`, so
a new URL is fuzzed as soon as it exists) × every method, with real tokens part of
the time (to reach the views' deeper code) and generated ones otherwise (percent-
encoded NUL, slashes and any Unicode too), and with query strings and form bodies
made of random text, huge values, non-ASCII digits, repeated keys and arrays,
missing fields, JSON, or raw bytes under any content type.

The default run is short enough for CI; FUZZ_EXAMPLES=5000 (say) runs longer. The
closing figures (requests tried, 5xx, refused, refused ones that changed a row)
end pytest's report (tests/security/conftest.py).
"""

import json
import os
import re
from urllib.parse import quote, urlencode

import pytest
from django.db.models import Count, Q, Sum
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bands.models import Band, BandAlias, BandGame, BandScore
from games.models import Entry, Game, Player
from tests.factories import make_game, play
from tests.helpers import HTMX, all_patterns, sample_kwargs
from tests.security.helpers import connection_kept

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "300"))
METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]
FIELDS = [
    "names", "preset", "value", "points", "face_0", "face_1", "rolls", "extra_yams",
    "request_key", "seen_version", "name", "label", "action", "source", "target",
    "language", "next", "add_row", "remove_row", "done", "v", "tv", "layout",
    "columns", "strict_straights", "saved_rolls", "typed_points", "file", "x",
    "names[]", "entry[value]",
]  # fmt: skip
ROUTES = [
    (route, pattern)
    for route, pattern in all_patterns()
    if not route.startswith("static/")
]
FIGURES = {"requests": 0, "server_errors": 0, "refused": 0, "refused_changed": 0}

HOSTILE_VALUES = [
    "", "0", "1", "3", "25", "-1", "x", "made", "free", "²", "٣", "３", "1e3",
    "\x00", "\u202e", "\u200b", " " * 400 + "\u202e", "9" * 5000, "NaN",
    "classic", "yahtzee", "down", "up", "dry", "rename", "merge", "en", "fr",
    "/", "//evil.example/", "https://evil.example/", "x" * 100_000,
]  # fmt: skip
# Mostly the known troublemakers (non-ASCII digits, huge numbers, invisible
# characters), and anything at all the rest of the time.
hostile = st.one_of(
    st.sampled_from(HOSTILE_VALUES),
    st.sampled_from(HOSTILE_VALUES),
    st.text(max_size=40),
    st.text(alphabet="0123456789", min_size=1, max_size=12),
    st.binary(max_size=30).map(lambda b: b.decode("latin-1")),
)


def segment_values(samples):
    """A path segment: the real value part of the time, anything else otherwise."""
    real = st.sampled_from(sorted({str(v) for v in samples.values()}))
    token_like = st.text(
        alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-",
        min_size=30,
        max_size=34,
    )
    # Anything at all, percent-encoded: NUL, "/", any script reach the URL resolver.
    encoded = hostile.filter(bool).map(lambda text: quote(text, safe=""))
    return st.one_of(real, real, token_like, hostile.filter(_fits_a_path), encoded)


def _fits_a_path(text):
    return text != "" and not re.search(r"[/?#%\x00-\x20\x7f]", text)


# JSON bodies: arrays and objects of hostile values, nested a little.
json_bodies = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | hostile,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from(FIELDS), inner, max_size=4)
    ),
    max_leaves=12,
).map(lambda value: json.dumps(value).encode())


def fill(route, values):
    """The path of `route` with each <converter:name> taken from `values`."""
    names = iter(values)
    return "/" + re.sub(r"<[^>]+>", lambda _m: next(names), route)


@st.composite
def requests(draw, samples):
    route, _pattern = draw(st.sampled_from(ROUTES))
    slots = re.findall(r"<([^>]+)>", route)
    values = []
    for slot in slots:
        name = slot.split(":")[-1]
        if draw(st.integers(0, 3)) and name in samples:
            values.append(samples[name])
        else:
            values.append(draw(segment_values(samples)))
    query = draw(st.lists(st.tuples(st.sampled_from(FIELDS), hostile), max_size=4))
    method = draw(st.sampled_from(METHODS))
    form = draw(
        st.lists(
            st.tuples(st.sampled_from(FIELDS) | st.text(max_size=8), hostile),
            max_size=8,
        )
    )
    raw = draw(st.none() | st.binary(max_size=200) | json_bodies)
    content_type = draw(
        st.sampled_from(
            [
                "application/x-www-form-urlencoded",
                "multipart/form-data; boundary=BoUnDaRy",
                "application/json",
                "text/plain",
            ]
        )
    )
    htmx = draw(st.booleans())
    return fill(route, values), method, query, form, raw, content_type, htmx


def snapshot():
    """What a refused request must leave as it was: rows, versions, pencils."""
    return (
        Game.objects.aggregate(n=Count("id"), v=Sum("version")),
        tuple(
            Game.objects.order_by("pk").values_list(
                "pencil_prefix", "pencil_label", "finished_at"
            )
        ),
        Entry.objects.aggregate(
            n=Count("id"), undone=Count("id", filter=Q(undone_at__isnull=False))
        ),
        tuple(Player.objects.order_by("pk").values_list("name", flat=True)),
        tuple(Band.objects.order_by("pk").values_list("name", flat=True)),
        BandGame.objects.count(),
        BandScore.objects.count(),
        BandAlias.objects.count(),
    )


def send(client, path, method, query, form, raw, content_type, htmx):
    url = f"{path}?{urlencode(query)}" if query else path
    extra = dict(HTMX) if htmx else {}
    if method in ("GET", "HEAD", "OPTIONS") or (raw is None and not form):
        return client.generic(method, url, **extra)
    if raw is None:
        if content_type.startswith("multipart"):
            return client.generic(method, url, _multipart(form), content_type, **extra)
        raw = urlencode(form).encode()
    return client.generic(method, url, raw, content_type, **extra)


def answered(client, request):
    """The response to `request`, counted. A view's exception counts as a 5xx:
    the test client raises it instead of answering 500."""
    FIGURES["requests"] += 1
    try:
        response = send(client, *request)
    except Exception:
        FIGURES["server_errors"] += 1
        raise
    if response.status_code >= 500:
        FIGURES["server_errors"] += 1
    return response


def _multipart(form):
    parts = [
        (
            f'--BoUnDaRy\r\nContent-Disposition: form-data; name="{name}"'
            + ('; filename="partie.json"' if name == "file" else "")
            + f"\r\n\r\n{value}\r\n"
        )
        for name, value in form
        if '"' not in name and "\r" not in name and "\n" not in name
    ]
    return ("".join(parts) + "--BoUnDaRy--\r\n").encode("utf-8", "surrogatepass")


def summary():
    """The closing line pytest's report ends with (tests/security/conftest.py)."""
    return (
        "fuzz: {requests} requests tried, {server_errors} answered 5xx, "
        "{refused} refused (4xx), {refused_changed} refused ones changed a row"
    ).format(**FIGURES)


@pytest.fixture
def world(settings):
    # Generated tokens are all different: without this, the wrong-link limit
    # would soon answer 429 before any view runs.
    settings.CAPABILITY_MISS_LIMIT = 10**9
    settings.IMPORT_LIMIT = 10**9
    game, host_token = make_game(["Sarah", "Hugo"], options={"typed_points": True})
    play(game, ("Sarah", "free", "ones", {"kind": "count", "value": 3}))
    samples = sample_kwargs(game, host_token)
    other, other_token = make_game(["Léa", "Tom"], "six_dice", band=game.band)
    samples["fmt"] = "csv"
    return samples


class Rows:
    """The rows as the last accepted request left them: a refused one (4xx) must
    leave them so. Read again only after a request that was not refused."""

    def __init__(self):
        self.seen = snapshot()

    def check(self, response, request):
        assert response.status_code < 500, request
        if 400 <= response.status_code < 500:
            FIGURES["refused"] += 1
            now = snapshot()
            if now != self.seen:
                FIGURES["refused_changed"] += 1
            assert now == self.seen, request
        else:
            if not response.streaming:
                response.content  # noqa: B018 - a whole body renders
            self.seen = snapshot()


@pytest.mark.django_db
def test_no_request_gets_a_server_error_and_no_refused_one_changes_anything(
    client, world
):
    check = Rows().check

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(request=requests(world))
    def one_request(request):
        response = answered(client, request)
        try:
            check(response, request)
        finally:
            if response.streaming:
                # A stream (server-sent events) is never read to its end here.
                with connection_kept():
                    response.close()

    one_request()
    assert FIGURES["requests"] >= min(EXAMPLES, 100)


# Multipart bodies are left to the random walk: the sweep stays short.
SWEEP = [
    ("GET", "application/x-www-form-urlencoded"),
    ("POST", "application/x-www-form-urlencoded"),
]
TROUBLEMAKERS = {
    "superscript-two": "²",
    "arabic-indic-three": "٣",
    "fullwidth-three": "３",
    "5000-digits": "9" * 5000,
    "nul": "\x00",
    "padded-bidi": " " * 400 + "\u202e",
}


@pytest.mark.django_db
@pytest.mark.parametrize("value", TROUBLEMAKERS.values(), ids=TROUBLEMAKERS.keys())
def test_every_route_survives_a_troublemaker_in_every_field(client, world, value):
    # The sweep the random walk may miss: each route with its real tokens, each
    # reading and writing method, and every known field set to one troublemaker;
    # then each of its path segments in turn set to it, percent-encoded.
    fields = [(name, value) for name in FIELDS]
    rows = Rows()
    for route, _pattern in ROUTES:
        slots = [slot.split(":")[-1] for slot in re.findall(r"<([^>]+)>", route)]
        real = [world[name] for name in slots]
        requests = [
            (fill(route, real), method, fields, fields, None, content_type, False)
            for method, content_type in SWEEP
        ]
        for index in range(len(slots)):
            segments = [*real[:index], quote(value, safe=""), *real[index + 1 :]]
            requests.append(
                (fill(route, segments), "POST", [], fields, None, SWEEP[1][1], False)
            )
        for request in requests:
            response = answered(client, request)
            try:
                rows.check(response, request[:2])
            finally:
                if response.streaming:
                    with connection_kept():
                        response.close()
