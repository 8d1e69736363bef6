"""The group statistics' win rate over time (issue 24) as a small, self-contained SVG, drawn the way
:mod:`scorekeeper.display.chart` draws the score race: server-side, presentation attributes only (the CSP blocks
inline styles), an accessible ``<title>``/``<desc>``, and per player a colour *and* a dash pattern, so it reads
in black and white on the season sheet PDF too.

The x axis counts each player's decided matches (``stats_of``'s ``win_rate``: per player [date, rate after that
match], in order): a club plays several matches an evening, and a date axis would fold them into one point; the
description names the first and last day. A player with fewer matches has a shorter line.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from scorekeeper.display.chart import FONT, GRID, INK, MUTED, SERIES, _short, _spread, _text

LABELS = {
    "title": "Win rate over time",
    "desc": "Win rate after each decided match, from %(first)s to %(last)s. Now: %(rates)s.",
    "axis": "decided matches played",
    "empty": "No decided matches yet.",
}


def _plain_percent(rate: float | None) -> str:
    return "–" if rate is None else f"{round(rate * 100)}%"


def rates(points: Sequence[Sequence[Any]]) -> list[tuple[str, float]]:
    """A player's [date, rate] points as (date, rate between 0 and 1), leaving out anything not a number."""
    return [(str(day), max(0.0, min(1.0, float(rate)))) for day, rate in points
            if isinstance(rate, (int, float)) and not isinstance(rate, bool)]


def win_rate_svg(win_rate: Mapping[str, Sequence[Sequence[Any]]], names: Mapping[str, str], *, width: int = 400,
                 height: int = 260, id_prefix: str = "winrate", labels: Mapping[str, str] | None = None,
                 percent: Callable[[float | None], str] = _plain_percent) -> str:
    """The win rate of each player (by key; ``names`` says them) after each of their decided matches, as an SVG
    string (400 × 260 by default: drawn at a phone's width, its words stay readable).
    ``labels`` overrides the words of :data:`LABELS` (translations); every name and word is escaped here."""
    words = {**LABELS, **(labels or {})}
    series = [(names.get(k, k), rates(p)) for k, p in win_rate.items()]
    series = [(n, d) for n, d in series if d]
    days = sorted({day for _, d in series for day, _ in d})
    most = max((len(d) for _, d in series), default=0)
    left, top, bottom = 44, 16, 40
    longest = max((len(_short(n)) + 5 for n, _ in series), default=0)
    right = min(int(width * 0.4), 36 + int(longest * 7.6))
    plot_w, plot_h = width - left - right, height - top - bottom

    def x(i: int) -> float:                     # the i-th decided match, from 1
        return round(left + (plot_w * (i - 1) / (most - 1) if most > 1 else plot_w / 2), 1)

    def y(rate: float) -> float:
        return round(top + plot_h * (1 - rate), 1)

    pid = _text(id_prefix)
    if days:
        now = ", ".join(f"{name} {percent(d[-1][1])}" for name, d in series)
        summary = words["desc"] % {"first": days[0], "last": days[-1], "rates": now}
    else:
        summary = words["empty"]
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" role="img" aria-labelledby="{pid}-title {pid}-desc" '
           f'font-family="{_text(FONT)}" font-size="12" class="win-rate">',
           f'<title id="{pid}-title">{_text(words["title"])}</title>',
           f'<desc id="{pid}-desc">{_text(summary)}</desc>',
           f'<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>', '<g class="grid">']
    for tick in (0.0, 0.25, 0.5, 0.75, 1.0):
        out.append(f'<line x1="{left}" y1="{y(tick)}" x2="{left + plot_w}" y2="{y(tick)}" '
                   f'stroke="{INK if tick == 0 else GRID}" stroke-width="1"/>')
        out.append(f'<text x="{left - 6}" y="{y(tick) + 4}" text-anchor="end" fill="{MUTED}">'
                   f'{_text(percent(tick))}</text>')
    step = max(1, -(-most // 6))                # at most some seven numbers fit under the plot
    for i in range(1, most + 1, step):
        out.append(f'<line x1="{x(i)}" y1="{top + plot_h}" x2="{x(i)}" y2="{top + plot_h + 4}" stroke="{INK}"/>')
        out.append(f'<text x="{x(i)}" y="{top + plot_h + 17}" text-anchor="middle" fill="{MUTED}">{i}</text>')
    out.append(f'<text x="{left + plot_w / 2}" y="{height - 4}" text-anchor="middle" fill="{MUTED}">'
               f'{_text(words["axis"])}</text></g>')
    if not days:
        out.append(f'<text x="{left + plot_w / 2}" y="{top + plot_h / 2}" text-anchor="middle" fill="{MUTED}">'
                   f'{_text(words["empty"])}</text>')
    label_y = _spread([y(d[-1][1]) + 4 for _, d in series], 15, top + 4, top + plot_h + 4)
    for n, (name, d) in enumerate(series):
        colour, dash = SERIES[n % len(SERIES)]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        pts = [(x(i), y(rate)) for i, (_, rate) in enumerate(d, start=1)]
        out.append(f'<g class="series"><title>{_text(name)}</title>')
        if len(pts) > 1:
            out.append(f'<polyline points="{" ".join(f"{a},{b}" for a, b in pts)}" fill="none" stroke="{colour}" '
                       f'stroke-width="2.5" stroke-linejoin="round"{dash_attr}/>')
        out += [f'<circle cx="{a}" cy="{b}" r="3" fill="{colour}"/>' for a, b in pts]
        lx, ly = left + plot_w + 6, label_y[n]
        out.append(f'<line x1="{lx}" y1="{ly - 4}" x2="{lx + 16}" y2="{ly - 4}" stroke="{colour}" '
                   f'stroke-width="2.5"{dash_attr}/>')
        out.append(f'<text x="{lx + 20}" y="{ly}" fill="{INK}">{_text(_short(name))} '
                   f'<tspan font-weight="bold">{_text(percent(d[-1][1]))}</tspan></text></g>')
    out.append('</svg>')
    return "\n".join(out)
