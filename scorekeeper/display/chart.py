"""The score race: running totals after each hand as a small, self-contained SVG.

Pure function of a scoresheet (:func:`scorekeeper.store.matches.scoresheet`), no Flask: the web page inlines it and
the printable PDF sheet (WeasyPrint) embeds the same string. Everything is drawn with presentation attributes
(``stroke=``, ``fill=``, ``font-size=``) — never ``style`` — because the site's Content-Security-Policy blocks
inline styles, and no external font or stylesheet is referenced. Each side gets a distinct colour *and* dash
pattern, so the chart still reads when printed in black and white.
"""

from __future__ import annotations

import math
import re
from html import escape
from typing import Any, Mapping, Sequence

from scorekeeper.display.numbers import points

# Okabe–Ito colours (distinguishable with the common colour-vision deficiencies), each with its own dash.
SERIES = (
    ("#0072b2", None), ("#d55e00", "8 4"), ("#009e73", "2 3"), ("#cc79a7", "10 3 2 3"),
    ("#e69f00", "5 2 1 2 1 2"), ("#56b4e9", "1 5"), ("#000000", "12 3"), ("#7f5200", "4 4 1 4"),
)
FONT = "system-ui, 'DejaVu Sans', sans-serif"
INK, MUTED, GRID = "#1d2330", "#5b6475", "#d9d6cf"
# Every word the chart shows; the web page passes translated ones (``%(name)s`` placeholders are filled here).
LABELS = {
    "title": "Score race",
    "desc": "Running total after each of %(hands)s hands. Now: %(totals)s.",
    "desc_empty": "No hands played yet.",
    "target": "target %(points)s",
    "axis": "hand",
    "empty": "No hands yet",
}
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
# Totals are bounded by the record's limits (rules/bounds.py) far below this; a value past it (a database from
# before the limits, a hand-edited export) is drawn at the edge instead of overflowing the float arithmetic.
PLOT_MAX = 10**12


def _text(value: Any) -> str:
    """Escaped for XML text and attribute values; characters XML 1.0 cannot hold are dropped."""
    return escape(_NOT_XML.sub("", str(value)), quote=True)


def _short(name: str, limit: int = 12) -> str:
    return name if len(name) <= limit else name[:limit - 1] + "…"


def _plotted(value: Any, last: int) -> int:
    """A total as the chart can draw it: a whole number clamped to ±PLOT_MAX; anything else keeps ``last``."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:
        return last
    return int(max(-PLOT_MAX, min(PLOT_MAX, value)))


def _points(n: int) -> str:
    """A total written as the scoresheet table writes it (``{{ cell['total'] | points }}`` in
    templates/_sheet_table.html): grouped as the page's language writes it (issue 23: 10,000 / 10 000), so the
    chart, its description and the table read alike."""
    return str(points(int(n)))


def nice_ticks(low: float, high: float, count: int = 5) -> list[int]:
    """Round tick values (1, 2, 2.5 or 5 × 10^k apart) covering ``low``…``high``, as close to ``count`` ticks
    as possible and, among equally close choices, wasting the least range."""
    if high <= low:
        high = low + 1
    power = 10 ** math.floor(math.log10((high - low) / max(count - 1, 1)))
    best = None
    for p in (power / 10, power, power * 10):
        for m in (1, 2, 2.5, 5):
            step = m * p
            if step < 1 or step != int(step):
                continue
            first, last = math.floor(low / step) * step, math.ceil(high / step) * step
            n = round((last - first) / step) + 1
            key = (abs(n - count), (last - first) - (high - low))
            if best is None or key < best[0]:
                best = (key, int(first), int(last), int(step))
    _, first, last, step = best
    return list(range(first, last + 1, step))


def _target(sheet: Mapping[str, Any]) -> int | None:
    target = sheet.get("target")
    if not isinstance(target, int):
        match = sheet.get("match") or {}
        try:
            from scorekeeper.rules import get_variant

            target = get_variant(match["variant"]).rules(match.get("options")).target
        except Exception:        # an unknown variant only loses the target line, never the chart
            return None
    return _plotted(target, 0) if isinstance(target, int) and not isinstance(target, bool) else None


def race_series(sheet: Mapping[str, Any]) -> list[tuple[str, list[int]]]:
    """Per column (side or player) the running total after hand 0, 1, 2, …"""
    series = []
    for name in sheet.get("columns", []):
        values, last = [0], 0
        for hand in sheet.get("hands", []):
            last = _plotted(hand["result"].get("totals", {}).get(name, last), last)
            values.append(last)
        series.append((name, values))
    return series


def _spread(wanted: Sequence[float], gap: float, low: float, high: float) -> list[float]:
    """Move end labels apart vertically (at least ``gap``) while keeping them inside ``low``…``high``."""
    order = sorted(range(len(wanted)), key=lambda i: wanted[i])
    placed = [0.0] * len(wanted)
    prev = low - gap
    for i in order:
        prev = placed[i] = max(wanted[i], prev + gap)
    overflow = prev - high
    if overflow > 0:
        for i in order:
            placed[i] -= overflow
    return placed


def score_race_svg(sheet: Mapping[str, Any], *, width: int = 640, height: int = 300,
                   id_prefix: str = "race", labels: Mapping[str, str] | None = None) -> str:
    """The score race of a scoresheet as a standalone SVG document string.

    ``id_prefix`` keeps the title/desc ids unique when a page holds several charts; ``labels`` overrides
    words of :data:`LABELS` (translations). Every name and label is escaped here.
    """
    words = {**LABELS, **(labels or {})}
    series = race_series(sheet)
    hands = max((len(v) - 1 for _, v in series), default=0)
    target = _target(sheet)
    values = [v for _, vals in series for v in vals] or [0]
    low, high = min(0, *values), max(values)
    if target is not None:
        high = max(high, target)
    if high <= low:
        high = low + 100
    pad = (high - low) * 0.03
    ticks = [t for t in nice_ticks(low, high) if low - pad <= t <= high + pad]
    low, high = low - pad, high + pad

    names = [_short(name) for name, _ in series]
    longest = max((len(n) + len(_points(v[-1])) + 1 for n, (_, v) in zip(names, series)), default=0)
    left, top, bottom = 52, 20, 36
    right = min(int(width * 0.42), 40 + int(longest * 7.6))
    plot_w, plot_h = width - left - right, height - top - bottom

    def x(hand: float) -> float:
        return round(left + plot_w * hand / max(hands, 1), 1)

    def y(points: float) -> float:
        return round(top + plot_h * (high - points) / (high - low), 1)

    pid = _text(id_prefix)
    finals = ", ".join(f"{name} {_points(vals[-1])}" for name, vals in series)
    summary = words["desc"] % {"hands": hands, "totals": finals} if hands else words["desc_empty"]
    if target is not None:
        summary += " " + words["target"] % {"points": _points(target)}
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" role="img" aria-labelledby="{pid}-title {pid}-desc" '
           f'font-family="{_text(FONT)}" font-size="12" class="score-race">',
           f'<title id="{pid}-title">{_text(words["title"])}</title>',
           f'<desc id="{pid}-desc">{_text(summary)}</desc>',
           f'<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>']

    out.append('<g class="grid">')
    for t in ticks:
        out.append(f'<line x1="{left}" y1="{y(t)}" x2="{left + plot_w}" y2="{y(t)}" '
                   f'stroke="{INK if t == 0 else GRID}" stroke-width="1"/>')
        out.append(f'<text x="{left - 6}" y="{y(t) + 4}" text-anchor="end" fill="{MUTED}">{_points(t)}</text>')
    step = 1 if hands <= 12 else nice_ticks(0, hands, 7)[1]
    for h in range(0, hands + 1, step):
        out.append(f'<line x1="{x(h)}" y1="{top + plot_h}" x2="{x(h)}" y2="{top + plot_h + 4}" stroke="{INK}"/>')
        out.append(f'<text x="{x(h)}" y="{top + plot_h + 17}" text-anchor="middle" fill="{MUTED}">{h}</text>')
    out.append(f'<text x="{left + plot_w / 2}" y="{height - 4}" text-anchor="middle" fill="{MUTED}">'
               f'{_text(words["axis"])}</text>')
    out.append(f'<line x1="{left}" y1="{top}" x2="{left}" y2="{top + plot_h}" stroke="{INK}"/>')
    out.append('</g>')

    if target is not None:
        out.append(f'<g class="target"><line x1="{left}" y1="{y(target)}" x2="{left + plot_w}" y2="{y(target)}" '
                   f'stroke="{INK}" stroke-width="1.5" stroke-dasharray="1 3"/>'
                   f'<text x="{left + 4}" y="{y(target) - 4}" fill="{INK}" font-size="11">'
                   f'{_text(words["target"] % {"points": _points(target)})}</text></g>')
    if not hands:
        out.append(f'<text x="{left + plot_w / 2}" y="{top + plot_h / 2}" text-anchor="middle" fill="{MUTED}">'
                   f'{_text(words["empty"])}</text>')

    label_y = _spread([y(vals[-1]) + 4 for _, vals in series], 15, top + 10, top + plot_h + 4)
    for i, (name, vals) in enumerate(series):
        colour, dash = SERIES[i % len(SERIES)]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        points = " ".join(f"{x(h)},{y(v)}" for h, v in enumerate(vals))
        out.append(f'<g class="series"><title>{_text(name)}</title>')
        out.append(f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2.5" '
                   f'stroke-linejoin="round" stroke-linecap="round"{dash_attr}/>')
        if hands <= 12:
            out += [f'<circle cx="{x(h)}" cy="{y(v)}" r="2.5" fill="{colour}"/>' for h, v in enumerate(vals)]
        lx, ly = left + plot_w + 6, label_y[i]
        out.append(f'<line x1="{lx}" y1="{ly - 4}" x2="{lx + 20}" y2="{ly - 4}" stroke="{colour}" '
                   f'stroke-width="2.5"{dash_attr}/>')
        out.append(f'<text x="{lx + 24}" y="{ly}" fill="{INK}">{_text(names[i])} '
                   f'<tspan font-weight="bold">{_points(vals[-1])}</tspan></text></g>')
    out.append('</svg>')
    return "\n".join(out)
