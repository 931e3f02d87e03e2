"""Reading pages as a user would, and the links of a game: shared by every test
area (test data is built by tests/factories.py)."""

import html as htmllib
import json
import re

from django.urls import reverse

# The header htmx adds to its requests, as keyword arguments of the test client.
HTMX = {"HTTP_HX_REQUEST": "true"}


def page_text(html):
    """What the page or fragment says: no tags, scripts or styles, no runs of white
    space; for `in` assertions."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    plain = re.sub(r"<[^>]+>", " ", html)
    return " ".join(htmllib.unescape(plain).split())


def text(response):
    """What the response's page says (see `page_text`)."""
    return page_text(response.content.decode())


def request_key(html):
    """The key a box dialog posts with its entry (one per dialog)."""
    return re.search(r'name="request_key" value="([^"]+)"', html).group(1)


def host_url(host_token, name="host", **kwargs):
    return reverse(f"games:{name}", kwargs={"host_token": host_token, **kwargs})


def pencil_url(pencil_token, name="pencil", **kwargs):
    return reverse(f"games:{name}", kwargs={"pencil_token": pencil_token, **kwargs})


def watch_url(game):
    return reverse("games:watch", kwargs={"watch_token": game.watch_token})


def triggered(response):
    """The client events an htmx response triggers (HX-Trigger, as JSON or names)."""
    header = response.get("HX-Trigger", "")
    try:
        return set(json.loads(header))
    except ValueError:
        return {name.strip() for name in header.split(",") if name.strip()}
