"""Page weight of the watch page: the HTML and every resource it loads, as a phone
receives them compressed (target ≤ 32 KB, the score race included).

The app is served as in production (uvicorn through scorekeeper.serve, DEBUG=0,
collectstatic with ServeStatic's compressed manifest storage). Static files are
fetched with `Accept-Encoding: br, gzip` and counted as sent; the HTML, which the
app itself does not compress (the TLS proxy in front does, or not), is counted
gzipped at level 6 as a proxy would send it, and also as served.

    .venv/bin/python bench/page_weight.py
    .venv/bin/python bench/page_weight.py --players 10 --rounds 13
"""

import argparse
import gzip
import re
import sys
import urllib.request
from urllib.parse import urljoin

from harness import clients, figures, seeding, servers

RESOURCE = re.compile(
    r"<(?:script|img|source)\b[^>]*?\bsrc=\"([^\"]+)\""
    r"|<link\b[^>]*?\bhref=\"([^\"]+)\"",
    re.I,
)
LINK = re.compile(r"<link\b[^>]*>", re.I)
CSS_URL = re.compile(r"url\(\s*['\"]?([^'\")]+)['\"]?\s*\)")
# <link> kinds a browser fetches on load; canonical, alternate… are not fetched.
FETCHED_RELS = {"stylesheet", "icon", "apple-touch-icon", "manifest", "preload"}


def fetch(url, encodings="br, gzip"):
    clients.check_loopback(url)
    request = urllib.request.Request(
        url, headers={"Accept-Encoding": encodings, "Accept-Language": "fr"}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.status, response.headers, response.read()


def resources(html, base):
    found = []
    for tag in LINK.findall(html):
        rel = re.search(r'\brel="([^"]+)"', tag)
        href = re.search(r'\bhref="([^"]+)"', tag)
        if rel and href and set(rel.group(1).lower().split()) & FETCHED_RELS:
            found.append(href.group(1))
    for match in RESOURCE.finditer(html):
        if match.group(1):
            found.append(match.group(1))
    urls = []
    for ref in found:
        url = urljoin(base, ref.replace("&amp;", "&"))
        if url.startswith(f"http://{servers.HOST}:") and url not in urls:
            urls.append(url)
    return urls


def measure(base, watch_path):
    status, headers, body = fetch(base + watch_path, encodings="identity")
    assert status == 200, status
    html = body.decode()
    rows = [
        (
            "HTML (watch page)",
            len(body),
            len(gzip.compress(body, 6)),
            "gzip -6 (proxy)",
        )
    ]
    queue = resources(html, base + watch_path)
    seen = set()
    while queue:
        url = queue.pop(0)
        if url in seen:
            continue
        seen.add(url)
        _s, raw_headers, raw = fetch(url, encodings="identity")
        _s, headers, sent = fetch(url)
        encoding = headers.get("Content-Encoding", "identity")
        rows.append((url.split("/", 3)[-1], len(raw), len(sent), encoding))
        if raw_headers.get("Content-Type", "").startswith("text/css"):
            for ref in CSS_URL.findall(raw.decode(errors="replace")):
                if not ref.startswith("data:"):
                    queue.append(urljoin(url, ref))
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--budget-kb", type=float, default=32.0)
    args = parser.parse_args()

    db = servers.throwaway_database("sqlite")
    try:
        env = servers.app_env(db.url)
        servers.prepare(env)
        (game,) = seeding.seed(env, "games", 1, args.players, args.rounds)
        with servers.Server(env) as server:
            rows = measure(server.base, f"/w/{game['watch_token']}/")
    finally:
        db.drop()
    total_raw = sum(r[1] for r in rows)
    total_sent = sum(r[2] for r in rows)
    rows.append(("total", total_raw, total_sent, ""))
    figures.table(
        f"Page weight of the watch page ({args.players} players, {args.rounds} "
        f"rounds played), bytes",
        ["resource", "uncompressed", "compressed", "encoding"],
        rows,
    )
    kb = total_sent / 1024
    ok = kb <= args.budget_kb
    print(f"{kb:.1f} KB compressed")
    figures.verdict(ok, f"≤ {args.budget_kb:g} KB compressed")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
