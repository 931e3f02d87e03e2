"""The accessibility bar every browser test checks pages against: WCAG 2.2 AA."""

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
