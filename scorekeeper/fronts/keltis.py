"""The Keltis front (issue 5): one entry is a whole game, entered as every player's table; cells of colour rows,
grey row and stones; no keypad and no meld checker; its partials are in ``templates/keltis/``."""

from __future__ import annotations

from typing import Any

from scorekeeper.display import keypad
from scorekeeper.display.sheet import colour_words, game_cells
from scorekeeper.fronts.registry import EntryKit, Front, Pages
from scorekeeper.pdf import keltis as keltis_pdf
from scorekeeper.web.entry import keltis as keltis_web


def _labels(rules: Any) -> dict[str, Any]:
    return {"kind_labels": {}, "colours": colour_words()}


def _page(rules: Any) -> dict[str, Any]:
    return {"table": keltis_web.live_table(rules)}


PAGES = Pages(
    words="words/games.html", entry_side="keltis/_entry_side.html", entry_modes=None,
    entry_data="keltis/_entry_data.html", sheet_legend="keltis/_sheet_legend.html",
    sheet_cell="keltis/_sheet_cell.html", sheet_detail="keltis/_sheet_detail.html",
    standings="keltis/_standings.html", revision="keltis/_revision.html", form_class="keltis-form",
    entry_styles=("keltis.css",), entry_scripts=("keltis.js",), sheet_styles=("keltis.css",))

FRONT = Front(
    family="keltis", plays_games=True, checks_melds=False, previews=False, opening_minimum=False,
    entry=EntryKit(form=keltis_web.entry_form, to_entry=keltis_web.form_to_entry,
                   to_data=keltis_web.entry_to_data, problem_fields=keltis_web.problem_fields, page_values=_page,
                   differences=keltis_web.differences),
    pages=PAGES, hand_cells=game_cells, comparable=keltis_web.comparable, keypad=keypad.no_keypad,
    labels=_labels, pdf_sheet=keltis_pdf.sheet_context, pdf_pad=keltis_pdf.pad_context)
