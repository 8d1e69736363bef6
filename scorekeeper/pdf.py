"""Printable PDFs with WeasyPrint: the match sheet and the blank score pad of a variant.

Both are rendered from Jinja templates (``templates/pdf/``) with one print stylesheet (``static/print.css``):
A4 portrait, DejaVu Sans (it has ő and ű), black and white friendly, page numbers "n / N". Rendering needs a
Flask app context: the words come from Flask-Babel, so a PDF speaks the language of the page it was asked
from. :func:`offline_sheet_pdf` renders an export file without any database (the CLI's ``sheet`` command).

Speed. WeasyPrint spends about a millisecond on every table cell and every line box, so the score tables are
"ledgers": one table row per hand holding one line of DejaVu Sans Mono text whose columns are aligned by the
characters themselves, and the grid rules, the shaded total column and the zebra stripes are backgrounds (one
CSS gradient per table, computed here in ``ch`` units of that font). A 30-hand, four-player sheet is ~120
text lines instead of ~1 700 boxes. The hand details are one paragraph per side for the same reason.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from datetime import date, datetime
from functools import lru_cache
from threading import Lock
from typing import Any, Callable, Mapping, Sequence

from flask import render_template
from flask_babel import get_locale
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import pgettext
from markupsafe import Markup, escape

from . import ROOT
from .chart import score_race_svg
from .remembered import Remembered
from .rules import Rules, get_variant
from .sheet import chart_labels, hand_cells, sheet_words
from .words import colour_word, humanize, kind_label, penalty_label

PRINT_CSS = ROOT / "static" / "print.css"
CHART_SIZE = {"width": 560, "height": 250}
PAGE_WIDTH_PT = (210 - 2 * 10) / 25.4 * 72      # A4 minus print.css's 10 mm side margins
MONO_ADVANCE = 1233 / 2048                       # DejaVu Sans Mono: every glyph is this many em wide
MAX_GROUP = 4            # sides side by side in one ledger; five or six are stacked as 3 + 2 or 3 + 3
PAD_ROWS = 28            # hand rows of a blank pad (one page for up to four sides)
TAX_WORDS = {"none": _l("no tax"), "half": _l("½ (halved)"), "quarter": _l("¼ (quartered)"),
             "tenth": _l("1/10 (a tenth)")}

_render_lock = Lock()
_style: dict[str, Any] = {}


# --- rendering ---------------------------------------------------------------------------------------------

def _stylesheet() -> tuple[Any, Any]:
    """The print stylesheet, parsed once (and again when the file changes), with its font configuration."""
    from weasyprint import CSS
    from weasyprint.text.fonts import FontConfiguration

    stamp = os.stat(PRINT_CSS).st_mtime_ns
    if _style.get("stamp") != stamp:
        fonts = FontConfiguration()
        _style.update(stamp=stamp, fonts=fonts, css=CSS(filename=str(PRINT_CSS), font_config=fonts))
    return _style["css"], _style["fonts"]


class PrinterBusy(RuntimeError):
    """Another render is running in this process; nothing was rendered (the web answers 503, try again)."""


def printing() -> bool:
    """Whether a render is running in this process right now."""
    return _render_lock.locked()


def html_to_pdf(html: str, extra_css: str = "") -> bytes:
    """Render one document; ``extra_css`` carries the geometry computed for this document (ledger rules).

    One render at a time: WeasyPrint's font configuration is shared between renders. A second caller is not
    queued behind the first but refused at once with :class:`PrinterBusy`: requests waiting on the lock would
    each hold a server thread, and a loop of uncached PDFs would pile them up until the pages every table reads
    wait for a free thread too."""
    from weasyprint import CSS, HTML

    if not _render_lock.acquire(blocking=False):
        raise PrinterBusy("another PDF is being rendered")
    try:
        css, fonts = _stylesheet()
        sheets = [css, CSS(string=extra_css, font_config=fonts)] if extra_css else [css]
        return HTML(string=html, base_url=str(ROOT)).write_pdf(stylesheets=sheets, font_config=fonts)
    finally:
        _render_lock.release()


# --- shared helpers ----------------------------------------------------------------------------------------

def num(value: int | None) -> str:
    """A score as printed: a true minus sign for negatives; a missing value is an en dash."""
    if value is None:
        return "–"
    return f"\u2212{-value}" if value < 0 else str(value)


def _groups(names: Sequence[str], most: int = MAX_GROUP) -> list[list[str]]:
    """Sides side by side while they fit the page width; more are split into stacked ledgers of even size."""
    if len(names) <= most:
        return [list(names)]
    half = (len(names) + 1) // 2
    return [list(names[:half]), list(names[half:])]


def _taxes(rules: Rules) -> bool:
    return any(b.value != "none" for b in rules.taxation)


def _brackets(table: Sequence[Any], words: Mapping[str, Any] | None = None) -> list[tuple[str, str]]:
    """A bracket table as printable rows: ("5000 – 6999", "75"); the first reads "below 5000"."""
    rows = []
    for i, bracket in enumerate(table):
        upper = table[i + 1].start - 1 if i + 1 < len(table) else None
        if bracket.start < -10**6:
            span = _("below %(points)s", points=num(upper + 1)) if upper is not None else _("any total")
        elif upper is None:
            span = _("%(points)s and more", points=num(bracket.start))
        else:
            span = f"{num(bracket.start)} – {num(upper)}"
        value = words.get(bracket.value, bracket.value) if words else bracket.value
        rows.append((span, str(value)))
    return rows


def _changed_options(variant_id: str, options: Mapping[str, Any]) -> list[tuple[str, str]]:
    variant = get_variant(variant_id)
    return [(humanize(o.name), humanize(str(options[o.name]))) for o in variant.options
            if o.name in options and str(options[o.name]) != o.default]


def _cached_gettext() -> Callable[[str], str]:
    return lru_cache(maxsize=None)(_)


def _column_titles() -> dict[str, str]:
    """Short headings of the ledger columns (a context of their own: "Hand" here is a column, not a page)."""
    return {"base": pgettext("score column", "Base"), "card_value": pgettext("score column", "Cards"),
            "penalty": pgettext("score column", "Pen."), "score": pgettext("score column", "Hand"),
            "taxed": pgettext("score column", "Taxed"), "total": pgettext("score column", "Total"),
            "minimum": pgettext("score column", "Min.")}


# --- ledgers: score tables as lines of monospaced text -----------------------------------------------------

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


# --- the match sheet ---------------------------------------------------------------------------------------

def _sheet_keys(rules: Rules, penalties: bool) -> list[tuple[str, str]]:
    titles = _column_titles()
    keys = ["base", "card_value"] + (["penalty"] if penalties else []) + ["score"]
    keys += (["taxed"] if _taxes(rules) else []) + ["total", "minimum"]
    return [(k, titles[k]) for k in keys]


def _printed(rules: Rules, cell: Mapping[str, Any] | None) -> dict[str, str] | None:
    if cell is None:
        return None
    return {"base": num(cell["base"]), "card_value": num(cell["card_value"]),
            "penalty": num(cell["penalty"]) if cell["penalty"] else "",
            "score": ("★" if cell["won"] else "") + num(cell["score"]),
            "taxed": num(cell["taxed"]) if cell["taxed"] != cell["score"] else "·",
            "total": num(cell["total"]), "minimum": str(rules.opening_minimum(cell["total"]))}


def _standings(sheet: Mapping[str, Any]) -> list[dict[str, Any]]:
    winners = sheet["winner"] if isinstance(sheet["winner"], list) else [sheet["winner"]]
    ranked = sorted(sheet["columns"], key=lambda n: -sheet["totals"][n])
    places, out = {}, []
    for i, name in enumerate(ranked):
        total = sheet["totals"][name]
        places.setdefault(total, i + 1)
        out.append({"place": places[total], "name": name, "total": num(total),
                    "minimum": sheet["next_opening_minimum"][name], "winner": name in winners})
    return out


def _side_text(side: Mapping[str, Any], canasta_kinds: set[str], label: Callable[[str], str],
               w: Mapping[str, str], summary: bool) -> str:
    """One side of one hand as a sentence: melds with kinds, then red threes, twins, going out, penalties,
    then the card value (melded − in hand) and the hand score (→ taxed)."""
    melds = [f"{kind_label(m)}{'' if m['legal'] else ' ✗'} {m['cards']} ("
             + num(m["card_value"]) + (f" + {m['bonus']}" if m["bonus"] else "") + ")" for m in side["melds"]]
    extras = []
    for item in side["base_items"]:
        if item["item"] in canasta_kinds and side["melds"]:
            continue                      # the canasta's bonus is printed with its meld
        count = f"{item['count']} × " if item["count"] > 1 else ""
        extras.append(f"{count}{label(item['label'])} {num(item['points'])}")
    extras += [f"{w['penalty']}: {penalty_label(item['item'], item['label'])} {num(item['points'])}"
               for item in side["penalty_items"]]
    cards = f"{w['card_value']} {num(side['card_value'])}"
    if side["hand_value"]:
        cards += f" ({num(side['melded_value'])} − {num(-side['hand_value'])})" if side["hand_value"] < 0 else \
            f" ({num(side['melded_value'])} + {num(side['hand_value'])})"
    score = f"{w['hand_score']} {num(side['score'])}"
    if side["taxed"] != side["score"]:
        score += f" → {num(side['taxed'])}"
    parts = ([" · ".join(melds)] if melds else [] if summary else ["–"]) + ([", ".join(extras)] if extras else [])
    parts += [cards, score]
    return " — ".join(parts)


def hand_details(sheet: Mapping[str, Any], rules: Rules, label: Callable[[str], str],
                 w: Mapping[str, str]) -> list[dict[str, Any]]:
    kinds = {k.kind for k in rules.canastas}
    return [{"number": h["number"], "summary": h["mode"] == "summary", "revisions": h["revisions"],
             "sides": [{"name": s["name"], "won": s["name"] in h["result"]["hand_winner"],
                        "text": _side_text(s, kinds, label, w, h["mode"] == "summary")} for s in h["result"]["sides"]]}
            for h in sheet["hands"]]


def sheet_context(sheet: Mapping[str, Any]) -> dict[str, Any]:
    """Everything the PDF sheet template shows, arranged from a scoresheet (which is never modified)."""
    m = sheet["match"]
    rules = get_variant(m["variant"]).rules(m["options"])
    if rules.family == "keltis":
        return keltis_sheet_context(sheet, rules)
    label, w = _cached_gettext(), sheet_words()
    cells = [hand_cells(sheet, h["result"]) for h in sheet["hands"]]
    penalties = any(c and c["penalty"] for row in cells for c in row)
    keys = _sheet_keys(rules, penalties)
    index = {name: i for i, name in enumerate(sheet["columns"])}
    printed = [[_printed(rules, c) for c in row] for row in cells]
    total_word = _("Total")
    ledgers = []
    for g, names in enumerate(_groups(sheet["columns"], MAX_GROUP if len(keys) <= 6 else MAX_GROUP - 1)):
        cols = [index[n] for n in names]
        rows = [(str(h["number"]) + ("Σ" if h["mode"] == "summary" else ""), [printed[r][i] for i in cols])
                for r, h in enumerate(sheet["hands"])]
        final = [{"base": "", "score": total_word, "total": num(sheet["totals"][n]),
                  "minimum": str(sheet["next_opening_minimum"][n])} for n in names]
        ledgers.append(build_ledger(f"ledger-{g}", keys, names, rows, final,
                                    max_pt=min([8.5] + [l.size for l in ledgers])))
    chart = Markup(score_race_svg(sheet, labels=chart_labels(), id_prefix="race-pdf", **CHART_SIZE))
    return {"sheet": sheet, "m": m, "rules": rules, "ledgers": ledgers, "keys": keys, "chart": chart, "w": w,
            "hands": len(sheet["hands"]), "details": hand_details(sheet, rules, label, w),
            "day": datetime.fromisoformat(m["created_at"]).date().isoformat(),
            "players": [(s["name"], s["players"]) for s in m["sides"]],
            "changed_options": _changed_options(m["variant"], m["options"]), "standings": _standings(sheet),
            "printed_on": date.today().isoformat(), "template": "pdf/sheet.html"}


def sheet_html(sheet: Mapping[str, Any]) -> tuple[str, str]:
    """The sheet's HTML and the CSS of its ledgers."""
    context = sheet_context(sheet)
    return render_template(context["template"], **context), "".join(l.css for l in context["ledgers"])


def sheet_pdf(sheet: Mapping[str, Any]) -> bytes:
    """The match sheet of a scoresheet (:func:`scorekeeper.matches.scoresheet`) as A4 PDF bytes."""
    return html_to_pdf(*sheet_html(sheet))


# --- the blank score pad -----------------------------------------------------------------------------------

def pad_sides(rules: Rules, sides: int | None) -> int:
    """How many sides the pad has columns for: the asked number within the variant's range, else four
    (or the most the variant allows)."""
    if sides is None:
        return max(rules.min_sides, min(4, rules.max_sides))
    if not rules.min_sides <= sides <= rules.max_sides:
        if rules.min_sides == rules.max_sides:
            raise ValueError(_("%(name)s is played by %(n)s sides", name=rules.name, n=rules.min_sides))
        raise ValueError(_("%(name)s is played by %(low)s to %(high)s sides", name=rules.name,
                           low=rules.min_sides, high=rules.max_sides))
    return sides


def _red_threes(rules: Rules) -> str:
    """"100 each, all 4: 800" from the totals table (index = number of red threes)."""
    totals = rules.red_three_totals
    each = totals[1] if len(totals) > 1 else 0
    if all(t == each * n for n, t in enumerate(totals)):
        return _("%(points)s each", points=each)
    return _("%(points)s each, all %(count)s: %(total)s", points=each, count=len(totals) - 1, total=totals[-1])


def pad_context(variant_id: str, options: Mapping[str, Any] | None = None, sides: int | None = None) \
        -> dict[str, Any]:
    rules = get_variant(variant_id).rules(options)
    count = pad_sides(rules, sides)
    titles = _column_titles()
    keys = [(k, titles[k]) for k in ["base", "card_value", "score"] + (["taxed"] if _taxes(rules) else [])
            + ["total"]]
    groups = _groups(list(range(count)))
    label = _cached_gettext()
    return {"rules": rules, "groups": groups, "keys": keys,
            "rows": (PAD_ROWS if _taxes(rules) else PAD_ROWS + 1) if len(groups) == 1 else PAD_ROWS // 2 - 2,
            "name_word": _("name") if rules.players_per_side == 1 else _("side and players"),
            "minimums": _brackets(rules.opening_minimums),
            "taxation": _brackets(rules.taxation, TAX_WORDS) if _taxes(rules) else [],
            "bonuses": [(label(k.label), num(k.bonus)) for k in rules.canastas],
            "red_threes": _red_threes(rules), "twin_points": rules.twin_points if rules.twins_allowed else 0,
            "out_bonus": rules.out_bonus, "concealed_bonus": rules.concealed_bonus,
            "table_clear_bonus": rules.table_clear_bonus, "target": num(rules.target),
            "changed_options": _changed_options(rules.id, rules.options)}


_pads: Remembered[bytes] = Remembered(8 * 1024 * 1024)     # bytes: a pad is 20–60 KiB, the kinds a few hundred


def pad_pdf(variant_id: str, options: Mapping[str, Any] | None = None, sides: int | None = None) -> bytes:
    """A blank score pad for ``variant_id`` as A4 PDF bytes (``ValueError`` for a side count it cannot have).

    A pad depends only on the variant, its options, the number of sides and the language, so each is
    rendered once per process (a pad is ~600 empty writing boxes: about half a second of WeasyPrint).
    """
    rules = get_variant(variant_id).rules(options)
    key = (rules.id, tuple(sorted(rules.options.items())), pad_sides(rules, sides), str(get_locale()))
    body = _pads.get(key)
    if body is None:
        if rules.family == "keltis":
            page = render_template("pdf/keltis_pad.html", **keltis_pad_context(variant_id, options, sides))
        else:
            page = render_template("pdf/pad.html", **pad_context(variant_id, options, sides))
        body = html_to_pdf(page)
        _pads.put(key, body)
    return body


# --- Keltis: the sheet and the pad of a game scored once, from each player's final table ----------------------

KELTIS_PAD_GAMES = 3     # game blocks on the one page of a blank Keltis pad


def _keltis_keys() -> list[tuple[str, str]]:
    """Per player in the games ledger: the colour rows' points, the grey row, the stones, the game, the total."""
    return [("rows", pgettext("score column", "Rows")), ("grey", pgettext("score column", "Grey")),
            ("stones", pgettext("score column", "Stones")), ("score", pgettext("score column", "Game")),
            ("total", pgettext("score column", "Total"))]


def _keltis_player(side: Mapping[str, Any], won: bool) -> dict[str, Any]:
    """One player's table at the end of one game, as the detail section prints it."""
    rows = []
    for row in side["rows"]:
        rows.append({"colour": colour_word(row["colour"]), "cards": " ".join(row["cards"]) or "–",
                     "length": str(row["length"]) if row["cards"] else "–", "points": num(row["points"]),
                     "grey_points": row["grey_points"], "empty": not row["cards"]})
    grey, stones = side["grey"], side["stones"]
    return {"name": side["name"], "won": won, "score": num(side["score"]), "total": num(side["total"]),
            "rows": rows, "rows_points": num(side["rows_points"]),
            "grey": {"cards": " ".join(map(str, grey["cards"])) or "–", "count": str(len(grey["cards"])),
                     "points": num(grey["points"])},
            "stones": {"held": " ".join(map(str, sorted(stones["held"]))) or "–", "count": str(stones["count"]),
                       "points": num(stones["points"])}}


def _winners(sheet: Mapping[str, Any]) -> list[str]:
    winner = sheet.get("winner")
    return [] if not winner else [winner] if isinstance(winner, str) else list(winner)


def keltis_sheet_context(sheet: Mapping[str, Any], rules: Any) -> dict[str, Any]:
    """The Keltis sheet: a ledger of the games (per player rows, grey row, stones, game score, running total),
    the standings with the winner or winners, the score race and every player's table of every game."""
    m = sheet["match"]
    keys = _keltis_keys()
    index = {name: i for i, name in enumerate(sheet["columns"])}
    printed = []
    for h in sheet["hands"]:
        result = h["result"]
        best = set(result.get("hand_winner", []))
        by_name = {s["name"]: {"rows": num(s["rows_points"]), "grey": num(s["grey"]["points"]),
                               "stones": num(s["stones"]["points"]),
                               "score": ("★" if s["name"] in best else "") + num(s["score"]),
                               "total": num(s["total"])} for s in result["sides"]}
        printed.append([by_name.get(name) for name in sheet["columns"]])
    total_word = _("Total")
    ledgers = []
    for g, names in enumerate(_groups(sheet["columns"])):
        cols = [index[n] for n in names]
        rows = [(str(h["number"]), [printed[r][i] for i in cols]) for r, h in enumerate(sheet["hands"])]
        final = [{"score": total_word, "total": num(sheet["totals"][n])} for n in names]
        ledgers.append(build_ledger(f"ledger-{g}", keys, names, rows, final,
                                    max_pt=min([10.0] + [l.size for l in ledgers])))
    chart = Markup(score_race_svg(sheet, labels=chart_labels(games=True), id_prefix="race-pdf", **CHART_SIZE))
    details = [{"number": h["number"], "revisions": h["revisions"],
                "players": [_keltis_player(s, s["name"] in h["result"].get("hand_winner", []))
                            for s in h["result"]["sides"]]} for h in sheet["hands"]]
    winners = _winners(sheet) if sheet["hands"] else []
    return {"sheet": sheet, "m": m, "rules": rules, "ledgers": ledgers, "keys": keys, "chart": chart,
            "hands": len(sheet["hands"]), "details": details, "winners": winners,
            "winning_total": num(sheet["totals"][winners[0]]) if winners else "",
            "day": datetime.fromisoformat(m["created_at"]).date().isoformat(),
            "players": [(s["name"], s["players"]) for s in m["sides"]],
            "changed_options": _changed_options(m["variant"], m["options"]), "standings": _standings(sheet),
            "printed_on": date.today().isoformat(), "template": "pdf/keltis_sheet.html",
            "length_rule": _length_rule(rules), "grey_on_row_point": rules.grey_on_row_point}


def _length_rule(rules: Any) -> str:
    """Which cards of a colour row count toward its length (option K1), in words."""
    if rules.length_counts_grey and rules.length_counts_closing:
        return _("Every card of a colour row counts toward its length: number, grey and closing cards.")
    if rules.length_counts_grey:
        return _("Number and grey cards count toward a row's length, closing cards do not.")
    return _("Only number cards count toward a row's length.")


def _scale(points: Sequence[int], first: int) -> list[tuple[str, str]]:
    """A points table indexed by count as printable pairs, the last one for that many or more: ("9+", "10")."""
    out = [(str(n), num(points[n])) for n in range(first, len(points))]
    if out:
        out[-1] = (out[-1][0] + "+", out[-1][1])
    return out


def keltis_pad_context(variant_id: str, options: Mapping[str, Any] | None = None, sides: int | None = None) \
        -> dict[str, Any]:
    """The blank Keltis pad: per game a block of rows (five colours, grey row, stones, game, total), per player
    a column pair (cards counted, points); the row-length and stone tables come from the rules table."""
    rules = get_variant(variant_id).rules(options)
    count = pad_sides(rules, sides)
    categories = [("colour", colour_word(c)) for c in rules.colour_names]
    categories += [("grey", _("grey row")), ("stones", _("wishing stones"))]
    return {"rules": rules, "players": count, "games": KELTIS_PAD_GAMES, "categories": categories,
            "row_table": _scale(rules.row_length_points, 1), "stone_table": _scale(rules.stone_points, 0),
            "grey_card_points": rules.grey_card_points, "length_rule": _length_rule(rules),
            "grey_on_row_point": rules.grey_on_row_point,
            "changed_options": _changed_options(rules.id, rules.options)}


# --- without a database ------------------------------------------------------------------------------------

def offline_sheet_pdf(data: Mapping[str, Any], *, lang: str = "en") -> bytes:
    """The sheet PDF of an export file, rendered through a throwaway app on an in-memory SQLite database.

    Raises :class:`scorekeeper.transfer.ImportRefused` when the file is not an importable match.
    """
    from . import create_app, matches, transfer

    app = create_app({"DATABASE_URL": "sqlite://", "SECRET_KEY": "offline"})
    try:
        with app.test_request_context(headers={"Accept-Language": lang}):
            session = app.extensions["scorekeeper_sessions"]()
            try:
                return sheet_pdf(matches.scoresheet(transfer.import_match(session, data)))
            finally:
                session.close()
    finally:
        app.extensions["scorekeeper_engine"].dispose()
