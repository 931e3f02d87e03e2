"""First paint of the watch page on a slow phone: 3G and a slow CPU (target: first
contentful paint ≤ 1,000 ms, the median of the runs).

The app is served as in production (uvicorn through scorekeeper.serve, DEBUG=0,
ServeStatic's compressed manifest static files), behind a small proxy on
loopback that gzips the HTML as production's TLS proxy does (deploy/nginx:
`gzip on` for text/html; static files pass as ServeStatic compressed them, the
event stream unbuffered; `--no-proxy` loads the app directly, HTML uncompressed).
A 6-player Yams game is seeded with a few rounds played. Each run opens the watch
page in a new browser context (cache cold, no service worker yet) of Chromium
(/usr/bin/chromium, headless, 390×844 at 2×), with the network and the CPU
emulated through the DevTools protocol: `--latency` ms added to each request's
round trip (300), `--down-kbps` kbit/s down (750) and `--up-kbps` up (250), the
CPU slowed `--cpu`× (6).

Reported per run and as median / max: first paint and first contentful paint
(performance.getEntriesByType('paint')), the largest contentful paint,
DOMContentLoaded and load, the live sheet (the stream's first event, its
"hello", from the page's request), the requests made and the bytes received
until load. Loopback only: the browser resolves every other name to nothing.

    .venv/bin/python bench/first_paint.py
    .venv/bin/python bench/first_paint.py --runs 9 --page host
"""

import argparse
import asyncio
import contextlib
import gzip
import statistics
import sys
import urllib.request

from harness import clients, figures, seeding, servers

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # Loopback only: any other name resolves to nothing.
    f"--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE {servers.HOST}",
]
PHONE = {"width": 390, "height": 844}
# Every run ends by this deadline, loaded or not.
RUN_TIMEOUT_MS = 30_000
LIVE_TIMEOUT_S = 15

# What the page reports of itself once loaded: paints, LCP, navigation timing.
PAGE_TIMINGS = """() => new Promise((resolve) => {
  const paints = {};
  for (const entry of performance.getEntriesByType("paint")) {
    paints[entry.name] = entry.startTime;
  }
  const nav = performance.getEntriesByType("navigation")[0] || {};
  let lcp = null;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) { lcp = entry.startTime; }
  }).observe({ type: "largest-contentful-paint", buffered: true });
  setTimeout(() => resolve({
    fp: paints["first-paint"] ?? null,
    fcp: paints["first-contentful-paint"] ?? null,
    lcp: lcp,
    dcl: nav.domContentLoadedEventEnd ?? null,
    load: nav.loadEventEnd ?? null,
    html: nav.responseEnd ?? null,
  }), 50);
})"""


# --- the production proxy's part: HTML gzipped ----------------------------------------


async def gzip_proxy(upstream):
    """An HTTP proxy on a free loopback port in front of `upstream`, gzipping
    text/html as production's proxy does; streams pass unbuffered. Returns its
    runner (cleanup() when done) and its base URL."""
    import aiohttp
    from aiohttp import web
    from multidict import CIMultiDict

    session = clients.session(limit=32, timeout=None)
    hop = {"connection", "keep-alive", "transfer-encoding", "content-length"}

    async def handle(request):
        url = upstream + request.rel_url.raw_path_qs
        clients.check_loopback(url)
        headers = {k: v for k, v in request.headers.items() if k.lower() != "host"}
        body = await request.read()
        async with session.request(
            request.method,
            url,
            headers=headers,
            data=body or None,
            allow_redirects=False,
            auto_decompress=False,
        ) as answer:
            out = CIMultiDict(
                (k, v) for k, v in answer.headers.items() if k.lower() not in hop
            )
            kind = answer.headers.get("Content-Type", "")
            if kind.startswith("text/event-stream"):
                response = web.StreamResponse(status=answer.status, headers=out)
                await response.prepare(request)
                # Until either side ends it (the page closed: its run is over).
                with contextlib.suppress(ConnectionError, aiohttp.ClientError):
                    async for chunk in answer.content.iter_any():
                        await response.write(chunk)
                return response
            data = await answer.read()
            accepts = "gzip" in request.headers.get("Accept-Encoding", "")
            if (
                kind.startswith("text/html")
                and accepts
                and "Content-Encoding" not in answer.headers
            ):
                data = gzip.compress(data, 6)
                out["Content-Encoding"] = "gzip"
                out["Vary"] = "Accept-Encoding"
            return web.Response(status=answer.status, headers=out, body=data)

    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", handle)
    app.on_cleanup.append(lambda _app: session.close())
    runner = web.AppRunner(app, handle_signals=False, access_log=None)
    await runner.setup()
    port = servers.free_port()
    await web.TCPSite(runner, servers.HOST, port).start()
    return runner, f"http://{servers.HOST}:{port}"


# --- one run ----------------------------------------------------------------------


async def one_run(browser, url, args):
    context = await browser.new_context(
        viewport=PHONE,
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        locale="fr-FR",
        service_workers="block",
    )
    try:
        page = await context.new_page()
        cdp = await context.new_cdp_session(page)
        await cdp.send("Network.enable")
        await cdp.send(
            "Network.emulateNetworkConditions",
            {
                "offline": False,
                "latency": args.latency,
                "downloadThroughput": args.down_kbps * 1000 / 8,
                "uploadThroughput": args.up_kbps * 1000 / 8,
            },
        )
        await cdp.send("Emulation.setCPUThrottlingRate", {"rate": args.cpu})
        sent = {}
        received = {"bytes": 0, "requests": 0}
        live = asyncio.get_running_loop().create_future()

        waterfall = {}

        def on_request(event):
            if event.get("type") == "Document" and "document" not in sent:
                sent["document"] = event["timestamp"]
            received["requests"] += 1
            waterfall[event["requestId"]] = [
                event["request"]["url"].split("/", 3)[-1][:60],
                event["timestamp"],
                None,
                None,
                event.get("initiator", {}).get("type", ""),
            ]

        def on_response(event):
            if event["requestId"] in waterfall:
                waterfall[event["requestId"]][2] = event["timestamp"]

        def on_finished(event):
            received["bytes"] += event.get("encodedDataLength", 0)
            if event["requestId"] in waterfall:
                waterfall[event["requestId"]][3] = event["timestamp"]

        def on_message(event):
            if not live.done() and event.get("eventName") == "hello":
                live.set_result(event["timestamp"])

        cdp.on("Network.requestWillBeSent", on_request)
        cdp.on("Network.responseReceived", on_response)
        cdp.on("Network.loadingFinished", on_finished)
        cdp.on("Network.eventSourceMessageReceived", on_message)
        clients.check_loopback(url)
        await page.goto(url, wait_until="load", timeout=RUN_TIMEOUT_MS)
        loaded = dict(received)
        timings = await page.evaluate(PAGE_TIMINGS)
        try:
            hello = await asyncio.wait_for(live, LIVE_TIMEOUT_S)
            timings["live"] = (hello - sent["document"]) * 1000
        except (TimeoutError, KeyError):
            timings["live"] = None
        timings.update(requests=loaded["requests"], bytes=loaded["bytes"])
        start = sent.get("document", 0)

        def since(t):
            return None if t is None else (t - start) * 1000

        timings["waterfall"] = [
            (name, since(t0), since(t1), since(t2), why)
            for name, t0, t1, t2, why in waterfall.values()
        ]
        if args.screenshot:
            await page.screenshot(path=args.screenshot, full_page=True)
        return timings
    finally:
        await context.close()


async def measure(url, args):
    from playwright.async_api import async_playwright

    async with async_playwright() as p:
        browser = await p.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        try:
            return [await one_run(browser, url, args) for _ in range(args.runs)]
        finally:
            await browser.close()


async def run(base, path, args):
    # The server's first answer (templates compiled) is not what a phone waits for.
    with urllib.request.urlopen(base + path, timeout=10) as answer:
        answer.read()
    runner = None
    if not args.no_proxy:
        runner, base = await gzip_proxy(base)
    try:
        return await measure(base + path, args)
    finally:
        if runner is not None:
            await runner.cleanup()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--page", choices=["watch", "host"], default="watch")
    parser.add_argument("--latency", type=float, default=300, help="ms, round trip")
    parser.add_argument("--down-kbps", type=float, default=750)
    parser.add_argument("--up-kbps", type=float, default=250)
    parser.add_argument("--cpu", type=float, default=6, help="CPU slowdown factor")
    parser.add_argument("--target-ms", type=float, default=1000)
    parser.add_argument(
        "--no-proxy", action="store_true", help="the app directly, HTML uncompressed"
    )
    parser.add_argument(
        "--waterfall", action="store_true", help="the last run's requests, timed"
    )
    parser.add_argument("--screenshot", help="a PNG of the page after the last run")
    args = parser.parse_args()
    if not 1 <= args.runs <= 50:
        parser.error("--runs: 1 to 50")

    db = servers.throwaway_database("sqlite")
    try:
        env = servers.app_env(db.url)
        servers.prepare(env)
        (game,) = seeding.seed(env, "games", 1, args.players, args.rounds)
        path = (
            f"/w/{game['watch_token']}/"
            if args.page == "watch"
            else f"/h/{game['host_token']}/"
        )
        with servers.Server(env) as server:
            results = asyncio.run(run(server.base, path, args))
    finally:
        db.drop()

    def ms(value):
        return "–" if value is None else f"{value:,.0f}"

    rows = [
        (
            n + 1,
            ms(r["fp"]),
            ms(r["fcp"]),
            ms(r["lcp"]),
            ms(r["dcl"]),
            ms(r["load"]),
            ms(r["live"]),
            r["requests"],
            f"{r['bytes']:,}",
        )
        for n, r in enumerate(results)
    ]
    summary = {}
    for key in ("fp", "fcp", "lcp", "dcl", "load", "live"):
        values = [r[key] for r in results if r[key] is not None]
        summary[key] = (
            (statistics.median(values), max(values)) if values else (None, None)
        )
    for label, index in (("median", 0), ("max", 1)):
        rows.append(
            (
                label,
                *(
                    ms(summary[k][index])
                    for k in ("fp", "fcp", "lcp", "dcl", "load", "live")
                ),
                "",
                "",
            )
        )
    through = "the app directly" if args.no_proxy else "HTML gzipped by the proxy"
    figures.table(
        f"First paint of the {args.page} page ({args.players} players, "
        f"{args.rounds} rounds; {args.latency:g} ms RTT, {args.down_kbps:g}/"
        f"{args.up_kbps:g} kbit/s, CPU {args.cpu:g}× slower; {through}), ms from "
        f"navigation",
        [
            "run",
            "first paint",
            "FCP",
            "LCP",
            "DOMContentLoaded",
            "load",
            "live (hello)",
            "requests",
            "bytes in",
        ],
        rows,
    )
    if args.waterfall:
        figures.table(
            "The last run's requests, ms from the page's request",
            ["resource", "sent", "answer begins", "answer ends", "initiator"],
            [
                (name, ms(t0), ms(t1), ms(t2), why)
                for name, t0, t1, t2, why in results[-1]["waterfall"]
            ],
        )
    fcp = summary["fcp"][0]
    ok = fcp is not None and fcp <= args.target_ms and len(rows) > 2
    figures.verdict(ok, f"first contentful paint ≤ {args.target_ms:,.0f} ms (median)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
