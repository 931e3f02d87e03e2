"""The benchmarks' report tables."""

import math


def table(title, headers, rows):
    """A Markdown table (pastes as is into an issue note)."""
    cells = [[str(h) for h in headers]] + [[_fmt(c) for c in row] for row in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]

    def line(r):
        padded = (c.rjust(w) for c, w in zip(r, widths, strict=True))
        return "| " + " | ".join(padded) + " |"

    out = [f"\n{title}\n", line(cells[0])]
    out.append("|" + "|".join("-" * (w + 1) + ":" for w in widths) + "|")
    out.extend(line(r) for r in cells[1:])
    text = "\n".join(out)
    print(text, flush=True)
    return text


def _fmt(value):
    if isinstance(value, float):
        if math.isnan(value):
            return "–"
        return f"{value:,.0f}" if abs(value) >= 100 else f"{value:.2f}"
    return str(value)
