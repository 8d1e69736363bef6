"""Ledgers: score tables printed as lines of monospaced text (see the package docstring, "Speed").

A ledger is one table row per hand holding one line of DejaVu Sans Mono whose columns are aligned by the
characters themselves; the grid rules and the shaded total column are one CSS gradient per table.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping, Sequence

from flask_babel import pgettext
from markupsafe import Markup, escape

from scorekeeper.display.numbers import points

PAGE_WIDTH_PT = (210 - 2 * 10) / 25.4 * 72      # A4 minus print.css's 10 mm side margins
MONO_ADVANCE = 1233 / 2048                       # DejaVu Sans Mono: every glyph is this many em wide
MAX_GROUP = 4            # sides side by side in one ledger; five or six are stacked as 3 + 2 or 3 + 3


def num(value: int | None) -> str:
    """A score as printed: a true minus sign for negatives, the digits grouped as the page's language writes them
    (issue 23: ``10 000``), as display/numbers.py points writes every score; a missing value is an en dash."""
    if value is None:
        return "–"
    return str(points(value))


def groups(names: Sequence[str], most: int = MAX_GROUP) -> list[list[str]]:
    """Sides side by side while they fit the page width; more are split into stacked ledgers of even size."""
    if len(names) <= most:
        return [list(names)]
    half = (len(names) + 1) // 2
    return [list(names[:half]), list(names[half:])]



def column_titles() -> dict[str, str]:
    """Short headings of the ledger columns (a context of their own: "Hand" here is a column, not a page)."""
    return {"base": pgettext("score column", "Base"), "card_value": pgettext("score column", "Cards"),
            "penalty": pgettext("score column", "Pen."), "score": pgettext("score column", "Hand"),
            "taxed": pgettext("score column", "Taxed"), "total": pgettext("score column", "Total"),
            "minimum": pgettext("score column", "Min.")}



@dataclass
class Ledger:
    """One score table, ready to print: its lines and the CSS that draws its rules (class ``css_class``)."""

    css_class: str
    names: str
    labels: str
    rows: list[tuple[str, str]] = field(default_factory=list)     # (row class, text)
    final: str = ""
    css: str = ""
    size: float = 0.0          # font size in pt: stacked ledgers share the first one's, so they line up


def _fit(width: str, text: str) -> str:
    return text if len(text) <= len(width) else text[:len(width) - 1] + "…"


def build_ledger(css_class: str, keys: Sequence[tuple[str, str]], sides: Sequence[str],
                 rows: Sequence[tuple[str, Sequence[Mapping[str, str] | None]]],
                 final: Sequence[Mapping[str, str]] | None = None, *, hand_label: str = "#",
                 max_pt: float = 8.5, bold: str = "") -> Ledger:
    """Lay out a score table as monospaced lines filling the page width.

    ``keys`` are the columns of each side (key, heading), ``rows`` are (row label, per side a mapping of key →
    printed value or None), ``final`` the last line (bold). The font size is the largest (≤ ``max_pt``) at
    which the table fits; spare characters widen the gaps, so the table always spans the page. Sides are
    parted by heavy rules; within a side the right-aligned columns and the shaded total need none. The running
    total is marked by its shaded column, not bold: a ``<b>`` run per value makes WeasyPrint lay every line out
    in pieces, 2.4× the time of the whole ledger (measured: 284 ms → 118 ms for 30 hands). ``bold`` can still
    name a column for a short table.
    """
    values = [cells for _label, cells in rows] + ([final] if final else [])
    width = {k: max([len(title)] + [len(c.get(k, "")) for cells in values for c in cells if c])
             for k, title in keys}
    hand_w = max([len(hand_label)] + [len(label) for label, _cells in rows])
    gaps = [[2] + [1] * (len(keys) - 1) for _s in sides]       # two characters around each heavy rule
    natural = 2 + hand_w + sum(map(sum, gaps)) + len(sides) * sum(width.values()) + 1
    size = min(max_pt, PAGE_WIDTH_PT / (natural * MONO_ADVANCE))
    spare = max(0, int(PAGE_WIDTH_PT / (size * MONO_ADVANCE)) - natural)
    for i in range(spare):                          # widen the gaps evenly, side by side
        gaps[i % len(sides)][(i // len(sides)) % len(keys)] += 1

    def lay(label: str, cells: Sequence[Mapping[str, str] | None], bold: str = "") -> Markup:
        """One line; the ``bold`` column's values in <b> (same advance in DejaVu Sans Mono Bold)."""
        out = [escape(" " + label.rjust(hand_w) + " ")]
        for s, cell in enumerate(cells):
            for k, (key, _title) in enumerate(keys):
                value = escape((cell or {}).get(key, "").rjust(width[key]))
                out += [" " * gaps[s][k], Markup(f"<b>{value}</b>") if key == bold and value.strip() else value]
        return Markup("").join(out) + " "

    rules, x = [], 2 + hand_w
    for s in range(len(sides)):
        for k, (key, _title) in enumerate(keys):
            rules.append((x + gaps[s][k] / 2, 0.28 if k == 0 else 0.0, key))
            x += gaps[s][k] + width[key]
    side_spans, x = [], 2 + hand_w
    for s in range(len(sides)):
        span = sum(gaps[s][k] + width[key] for k, (key, _t) in enumerate(keys))
        side_spans.append((x, span))
        x += span
    names = " " * (2 + hand_w) + "".join(_fit(" " * (span - 1), name).center(span)
                                         for name, (_x, span) in zip(sides, side_spans))
    labels = lay(hand_label, [{k: t for k, t in keys}] * len(sides))
    ledger = Ledger(css_class=css_class, names=names, labels=labels,
                    rows=[("r5" if (i + 1) % 5 == 0 else "r", lay(label, cells, bold)) for i, (label, cells) in
                          enumerate(rows)],
                    final=lay("", final) if final else "")
    ledger.css = _ledger_css(css_class, size, rules, x + 1)
    ledger.size = size
    return ledger


def _ledger_css(css_class: str, size: float, rules: Sequence[tuple[float, float, str]], chars: int) -> str:
    """One gradient on the table draws the column rules (heavy before each side) and shades the total
    column, in ``ch`` of the ledger font; the rows' stripes are translucent so the rules show through. (A
    gradient per row would cost WeasyPrint ~2 ms a row.)"""
    marks = []
    for i, (x, width, key) in enumerate(rules):
        if width:
            marks.append((x - width / 2, x + width / 2, "#000"))
        if key == "total":
            end = rules[i + 1][0] - rules[i + 1][1] / 2 if i + 1 < len(rules) else chars
            marks.append((x + width / 2, end, "rgba(0,0,0,.11)"))
    stops = []
    for a, b, colour in sorted(marks):
        stops += [f"transparent {a:.2f}ch", f"{colour} {a:.2f}ch", f"{colour} {b:.2f}ch", f"transparent {b:.2f}ch"]
    return (f"table.{css_class} {{ font-size: {size:.2f}pt; "
            f"background-image: linear-gradient(to right, {', '.join(stops)}); }}\n")
