"""The accessibility bar every browser test checks pages against: WCAG 2.2 AA."""

import json

AXE_OPTIONS = {
    "runOnly": {
        "type": "tag",
        "values": [
            "wcag2a",
            "wcag2aa",
            "wcag21a",
            "wcag21aa",
            "wcag22aa",
            "best-practice",
        ],
    },
    "resultTypes": ["violations"],
}

SERIOUS = ("serious", "critical")


def violations(page, impacts=SERIOUS):
    """What axe-core finds wrong on the page at these impacts: each rule's id,
    impact and help, and the first five elements it names."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page, options=AXE_OPTIONS).response
    return [
        {
            "id": v["id"],
            "impact": v["impact"],
            "help": v["help"],
            "nodes": [n["target"] for n in v["nodes"]][:5],
        }
        for v in results["violations"]
        if v["impact"] in impacts
    ]


def assert_accessible(page, impacts=SERIOUS):
    """No violation at these impacts; the ones found, readable, if any."""
    found = violations(page, impacts)
    assert found == [], json.dumps(found, indent=1, ensure_ascii=False)
