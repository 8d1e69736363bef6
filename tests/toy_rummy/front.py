"""The toy rummy's front (issue 20): what the web pages, the revisions page and the PDF need of it, built from the
package's shared pieces (the entry form's base, the sheet's words, the ledger of the PDF) and the few partials of
its own in ``templates/toy_rummy/`` beside this module. :mod:`.plugin` registers it with ``register_front``;
nothing in the package names it."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping

from flask_babel import lazy_gettext as _l
from flask_babel import pgettext
from markupsafe import Markup
from wtforms import Form, FormField, StringField, TextAreaField
from wtforms.validators import Length

from scorekeeper.display.chart import score_race_svg
from scorekeeper.display.sheet import chart_labels, match_end_words
from scorekeeper.fronts.registry import Entry, EntryKit, Front, Pages
from scorekeeper.pdf.facts import CHART_SIZE, match_facts
from scorekeeper.pdf.ledger import build_ledger, groups, num
from scorekeeper.rules.cards import NOTATION_MAX, split_melds
from scorekeeper.web.entry.forms import EntryForm, EntryLayout
from tests.toy_rummy.rules import ToyRules

HERE = Path(__file__).resolve().parent


# --------------------------------------------------------------------------------------------- the form

class ToySideForm(Form):
    melds = TextAreaField(_l("Melds"), validators=[Length(max=NOTATION_MAX)])
    hand = StringField(_l("Cards left in hand"), validators=[Length(max=NOTATION_MAX)])


def entry_form(layout: EntryLayout, *, data: Mapping[str, Any] | None = None, **kwargs: Any) -> EntryForm:
    """One side's melds (one a line) and the cards left in its hand, per side in the match's order."""
    cls = type("ToyHand", (EntryForm,), {f"side{i}": FormField(ToySideForm) for i in range(len(layout.sides))})
    form = cls(data={"alone": "", **(data or {})}, **kwargs)
    form.layout = layout
    form.top_errors = []
    form.side_errors = {i: [] for i in range(len(layout.sides))}
    return form


def form_to_entry(form: EntryForm) -> dict[str, Any]:
    return {"mode": "cards", "sides": [{"name": side["name"], "melds": split_melds(sub.melds.data or ""),
                                        "hand": (sub.hand.data or "").strip()}
                                       for side, sub in zip(form.layout.sides, form.side_forms())]}


def _text(cards: Any) -> str:
    return " ".join(map(str, cards)) if isinstance(cards, (list, tuple)) else str(cards or "")


def entry_to_data(layout: EntryLayout, entry: Entry) -> dict[str, Any]:
    by_name = {s.get("name"): s for s in entry.get("sides", [])}
    return {f"side{i}": {"melds": "\n".join(_text(m) for m in by_name.get(side["name"], {}).get("melds", [])),
                         "hand": _text(by_name.get(side["name"], {}).get("hand", ""))}
            for i, side in enumerate(layout.sides)}


def comparable(rules: Any, entry: Entry | None) -> dict[str, Any] | None:
    """A stored hand in one shape whatever front wrote it (melds as lists or text)."""
    if not entry:
        return None
    return {"sides": [{"name": s.get("name"), "melds": [_text(m) for m in s.get("melds", [])],
                       "hand": _text(s.get("hand", ""))} for s in entry.get("sides", [])]}


def problem_fields(form: Any, entry: Entry, problem: Entry) -> list:
    return [problem.get("field")]


def page_values(rules: Any) -> dict[str, Any]:
    return {}


def keypad(rules: ToyRules) -> tuple[Any, ...]:
    """No card keypad: the toy's cards are typed with their suits (the shared keypad is a canasta deck's)."""
    return ()


def labels(rules: Any) -> dict[str, Any]:
    return {"kind_labels": {}, "colours": {}}


# --------------------------------------------------------------------------------------------- the sheet

def hand_cells(sheet: Entry, result: Entry) -> list[dict[str, Any] | None]:
    """One cell per side: melded − left in hand = the hand's score, and the running total."""
    winners = set(result.get("hand_winner", []))
    by_name = {s["name"]: {"melded": s["melded"], "in_hand": s["in_hand"], "score": s["score"], "total": s["total"],
                           "won": s["name"] in winners} for s in result["sides"]}
    return [by_name.get(name) for name in sheet["columns"]]


def _keys() -> list[tuple[str, str]]:
    return [("melded", pgettext("score column", "Melded")), ("in_hand", pgettext("score column", "Hand")),
            ("score", pgettext("score column", "Score")), ("total", pgettext("score column", "Total"))]


def _printed(cell: Mapping[str, Any] | None) -> dict[str, str] | None:
    if cell is None:
        return None
    return {"melded": num(cell["melded"]), "in_hand": num(-cell["in_hand"]),
            "score": ("★" if cell["won"] else "") + num(cell["score"]), "total": num(cell["total"])}


def _side_text(side: Mapping[str, Any], won: bool) -> dict[str, Any]:
    return {"name": side["name"], "won": won, "melded": num(side["melded"]), "in_hand": num(-side["in_hand"]),
            "score": num(side["score"]), "total": num(side["total"])}


def pdf_sheet(sheet: Entry, rules: ToyRules) -> dict[str, Any]:
    """The toy's PDF sheet: the shared ledger of the hands, the standings and the score race."""
    keys, index = _keys(), {name: i for i, name in enumerate(sheet["columns"])}
    printed = [[_printed(c) for c in hand_cells(sheet, h["result"])] for h in sheet["hands"]]
    ledgers = []
    for g, names in enumerate(groups(sheet["columns"])):
        rows = [(str(h["number"]), [printed[r][index[n]] for n in names]) for r, h in enumerate(sheet["hands"])]
        final = [{"score": pgettext("score column", "Total"), "total": num(sheet["totals"][n])} for n in names]
        ledgers.append(build_ledger(f"ledger-{g}", keys, names, rows, final,
                                    max_pt=min([10.0] + [l.size for l in ledgers])))
    chart = Markup(score_race_svg(sheet, labels=chart_labels(), id_prefix="race-pdf", **CHART_SIZE))
    details = [{"number": h["number"], "sides": [_side_text(s, s["name"] in h["result"]["hand_winner"])
                                                 for s in h["result"]["sides"]]} for h in sheet["hands"]]
    return {**match_facts(sheet), "rules": rules, "ledgers": ledgers, "keys": keys, "chart": chart,
            "details": details, "match_end": match_end_words(rules, len(sheet["columns"])),
            "template": "toy_rummy/pdf_sheet.html"}


PAGES = Pages(
    words="words/hands.html", entry_side="toy_rummy/_entry_side.html", entry_modes=None, entry_data=None,
    sheet_legend="toy_rummy/_sheet_legend.html", sheet_cell="toy_rummy/_sheet_cell.html",
    sheet_detail="toy_rummy/_sheet_detail.html", standings="toy_rummy/_standings.html",
    revision="toy_rummy/_revision.html")

FRONT = Front(
    family="toy_rummy", plays_games=False, checks_melds=False, previews=False, opening_minimum=False,
    entry=EntryKit(form=entry_form, to_entry=form_to_entry, to_data=entry_to_data, problem_fields=problem_fields,
                   page_values=page_values),
    pages=PAGES, hand_cells=hand_cells, comparable=comparable, keypad=keypad, labels=labels, pdf_sheet=pdf_sheet,
    template_folder=HERE / "templates")
