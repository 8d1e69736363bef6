"""Printable PDFs with WeasyPrint: the match sheet and the blank score pad of a variant.

Both are rendered from Jinja templates (``templates/pdf/``) with one print stylesheet (``static/print.css``):
A4 portrait, DejaVu Sans (it has ő and ű), black and white friendly, page numbers "n / N". Rendering needs a
Flask app context: the words come from Flask-Babel, so a PDF speaks the language of the page it was asked
from (the CLI's ``sheet`` command renders an export file through a throwaway app: ``cli.offline_sheet_pdf``).

Speed. WeasyPrint spends about a millisecond on every table cell and every line box, so the score tables are
"ledgers": one table row per hand holding one line of DejaVu Sans Mono text whose columns are aligned by the
characters themselves, and the grid rules, the shaded total column and the zebra stripes are backgrounds (one
CSS gradient per table, computed here in ``ch`` units of that font). A 30-hand, four-player sheet is ~120
text lines instead of ~1 700 boxes. The hand details are one paragraph per side for the same reason.

Modules: :mod:`.render` (WeasyPrint, one render at a time), :mod:`.ledger` (the score tables), :mod:`.facts`
(what every sheet and pad shows), and one module per game family (:mod:`.canasta`, :mod:`.keltis`) building the
context of its sheet and pad templates. Which family module builds a sheet or pad is the caller's to say: it
passes the family's builder (``front_of(rules).pdf_sheet``, ``.pdf_pad``, :mod:`scorekeeper.fronts`), so this
package never imports the fronts registry, which imports its family modules.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from flask import render_template
from flask_babel import get_locale

from scorekeeper.store.remembered import Remembered
from scorekeeper.rules import get_variant
from scorekeeper.pdf.facts import pad_sides
from scorekeeper.pdf.render import PrinterBusy, _render_lock, html_to_pdf, printing

__all__ = ["PrinterBusy", "html_to_pdf", "pad_pdf", "pad_sides", "printing", "sheet_context",
           "sheet_html", "sheet_pdf", "_render_lock"]

#: A family's builder of a sheet's context: (scoresheet, rules) -> what its sheet template shows.
SheetBuilder = Callable[[Mapping[str, Any], Any], dict[str, Any]]
#: A family's builder of a blank pad's context: (rules, sides) -> what its pad template shows.
PadBuilder = Callable[[Any, int], dict[str, Any]]

def sheet_context(sheet: Mapping[str, Any], rules: Any, house: Mapping[str, Any] | None,
                  build: SheetBuilder) -> dict[str, Any]:
    """Everything the PDF sheet template shows (its name under ``template``), arranged from a scoresheet and the
    rules of its match (:func:`scorekeeper.store.matches.rules_of`: the rules it is pinned to, not today's tables);
    ``house``: the match's house rules as :func:`scorekeeper.display.sheet.house_shown` gives them (the header lists
    every changed number); ``build``: the family's sheet builder."""
    return {**build(sheet, rules), "house": house}


def sheet_html(sheet: Mapping[str, Any], rules: Any, house: Mapping[str, Any] | None,
               build: SheetBuilder) -> tuple[str, str]:
    """The sheet's HTML and the CSS of its ledgers."""
    context = sheet_context(sheet, rules, house, build)
    return render_template(context["template"], **context), "".join(l.css for l in context["ledgers"])


def sheet_pdf(sheet: Mapping[str, Any], rules: Any, house: Mapping[str, Any] | None, build: SheetBuilder) -> bytes:
    """The match sheet of a scoresheet (:func:`scorekeeper.store.matches.scoresheet`) under its match's rules (and
    house rules) as A4 PDF bytes, laid out by the family's ``build``."""
    return html_to_pdf(*sheet_html(sheet, rules, house, build))


_pads: Remembered[bytes] = Remembered(8 * 1024 * 1024)     # bytes: a pad is 20–60 KiB, the kinds a few hundred


def pad_pdf(variant_id: str, options: Mapping[str, Any] | None, sides: int | None, build: PadBuilder) -> bytes:
    """A blank score pad for ``variant_id`` as A4 PDF bytes (``ValueError`` for a side count it cannot have),
    laid out by its family's ``build``.

    A pad depends only on the variant, its options, the number of sides and the language, so each is
    rendered once per process (a pad is ~600 empty writing boxes: about half a second of WeasyPrint).
    """
    rules = get_variant(variant_id).rules(options)
    key = (rules.id, tuple(sorted(rules.options.items())), pad_sides(rules, sides), str(get_locale()))
    body = _pads.get(key)
    if body is None:
        context = build(rules, key[2])
        body = html_to_pdf(render_template(context["template"], **context))
        _pads.put(key, body)
    return body
