"""The canasta family's front: hands entered card by card or as a summary, cells of base + card value, the meld
checker, a card keypad; its partials are in ``templates/canasta/``."""

from __future__ import annotations

from typing import Any

from scorekeeper.display import keypad
from scorekeeper.display.sheet import hand_cells
from scorekeeper.fronts.registry import Entry, EntryKit, Front, Pages
from scorekeeper.pdf import canasta as canasta_pdf
from scorekeeper.web.entry import counts as counts_web, differences, forms


def _field_of(form: Any, entry: Entry, problem: Entry) -> list:
    """Where a problem is shown: its field, and each field a problem of the whole table involves."""
    return [problem.get("field"), *problem.get("fields", ())]


def _no_values(rules: Any) -> dict[str, Any]:
    return {}


def _as_stored(rules: Any, entry: Entry | None) -> Entry | None:
    return entry


def _labels(rules: Any) -> dict[str, Any]:
    # A summary side's counts ("melded_counts.4-7") are named by their value group, as the form named them.
    return {"kind_labels": {**{k.kind: k.label for k in rules.canastas}, **counts_web.group_labels(rules)},
            "colours": {}}


PAGES = Pages(
    words="words/hands.html", entry_side="canasta/_entry_side.html", entry_modes="canasta/_entry_modes.html",
    entry_data=None, sheet_legend="canasta/_sheet_legend.html", sheet_cell="canasta/_sheet_cell.html",
    sheet_detail="canasta/_sheet_detail.html", standings="canasta/_standings.html",
    revision="canasta/_revision.html", entry_styles=("preview.css",), entry_scripts=("preview.js",))

FRONT = Front(
    family="canasta", plays_games=False, checks_melds=True, previews=True, opening_minimum=True,
    entry=EntryKit(form=forms.entry_form, to_entry=forms.form_to_entry, to_data=forms.entry_to_data,
                   problem_fields=_field_of, page_values=_no_values,
                   differences=differences.canasta_differences),
    pages=PAGES, hand_cells=hand_cells, comparable=_as_stored, keypad=keypad.keypad, labels=_labels,
    pdf_sheet=canasta_pdf.sheet_context, pdf_pad=canasta_pdf.pad_context)
