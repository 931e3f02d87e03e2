"""The aiohttp client of the benchmarks: a bounded session, a GET loop with a
deadline and a budget, and a host's phone posting entries with its CSRF cookie."""

import asyncio
import re
import time
from urllib.parse import unquote

from loopback import check_loopback


def session(limit, timeout=10):
    """An aiohttp session with a bounded pool of connections to loopback."""
    import aiohttp

    connector = aiohttp.TCPConnector(
        limit=limit,
        limit_per_host=limit,
        # Below the server's keep-alive (5 s), so an idle host's next tap never goes
        # out on a connection the server is closing (browsers retry such a request,
        # aiohttp does not retry a POST).
        keepalive_timeout=2,
    )
    return aiohttp.ClientSession(
        connector=connector,
        timeout=aiohttp.ClientTimeout(total=timeout),
        cookie_jar=aiohttp.DummyCookieJar(),
        headers={"Accept-Language": "fr"},
    )


async def hammer(client, url, *, concurrency, duration, budget, headers=None):
    """GETs `url` from `concurrency` loops until `duration` s pass or `budget`
    requests are made; returns (requests/s, latencies in ms, errors, statuses)."""
    check_loopback(url)
    latencies, statuses, errors = [], {}, 0
    made = 0
    deadline = time.monotonic() + duration

    async def loop():
        nonlocal made, errors
        while made < budget and time.monotonic() < deadline:
            made += 1
            t0 = time.perf_counter()
            try:
                async with client.get(url, headers=headers) as r:
                    await r.read()
                    statuses[r.status] = statuses.get(r.status, 0) + 1
                    if r.status >= 400:
                        errors += 1
            except Exception:  # noqa: BLE001 - any failure counts as an error
                errors += 1
                continue
            latencies.append((time.perf_counter() - t0) * 1000)

    t0 = time.monotonic()
    await asyncio.gather(*(loop() for _ in range(concurrency)))
    elapsed = time.monotonic() - t0
    return len(latencies) / elapsed, latencies, errors, statuses


CSRF_INPUT = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
CSRF_HEADER = re.compile(r'"X-CSRFToken"\s*:\s*"([^"]+)"')


class Host:
    """A host's phone: its own cookies (the CSRF cookie), posting entries."""

    def __init__(self, client, base, host_token):
        self.client = client
        self.base = base
        self.host_token = host_token
        self.cookie = ""
        self.csrf = ""

    async def open(self):
        """GETs the host page, as the phone does before its first tap."""
        url = f"{self.base}/h/{self.host_token}/"
        async with self.client.get(url) as r:
            html = await r.text()
            if r.status != 200:
                raise RuntimeError(f"host page answered {r.status}")
            for header in r.headers.getall("Set-Cookie", []):
                name, _, rest = header.partition("=")
                if name.strip() == "csrftoken":
                    self.cookie = unquote(rest.split(";", 1)[0])
        match = CSRF_HEADER.search(html) or CSRF_INPUT.search(html)
        self.csrf = match.group(1) if match else self.cookie
        return html

    async def post(self, path, data, htmx=True):
        headers = {
            "Cookie": f"csrftoken={self.cookie}",
            "X-CSRFToken": self.csrf,
            "Referer": self.base + "/",
            "Origin": self.base,
        }
        if htmx:
            headers["HX-Request"] = "true"
        async with self.client.post(
            self.base + path, data=data, headers=headers, allow_redirects=False
        ) as r:
            body = await r.read()
            return r.status, r.headers, body
