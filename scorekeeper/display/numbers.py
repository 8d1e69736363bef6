"""Points in the reader's style (issue 23): grouped as the page's language writes them, for people to read.

English writes ``10,000``; Hungarian and Swedish ``10 000`` with a no-break space, French ``10 000`` with a narrow
no-break space (U+202F), and Hungarian leaves four digits whole (``1000``): each language's CLDR group separator,
through Babel's ``format_decimal`` with the page's locale, so one number is never split over two lines. A negative
is written with the typographic minus (U+2212, ``−20``) wherever it prints, as the sheet's signed cells
(``signed_points``) and the PDF always wrote it; Babel's hyphen-minus had made the hand page's "−20" a "-20"
beside them (issue 23's polish).

Only what a person reads: a page's text, a PDF, a notice or flash, the short answer of a save (its totals line).
Never the JSON API, an export, a ``data-`` attribute a script reads, or an input's value: those stay ``10000``, the
number a program or a keyboard reads back. The pages' scripts format the same way with ``Intl.NumberFormat`` and
the page's ``<html lang>`` (static/*.js: ``number``), which gives the same CLDR separators.
"""

from __future__ import annotations

from typing import Any

from babel.numbers import format_decimal
from flask import has_app_context
from flask_babel import get_locale

# CLDR's minimumGroupingDigits where it is not 1: Hungarian groups from five digits ("1000", "10 000"), as
# Chromium's and every ICU's Intl.NumberFormat does; Babel's format_decimal does not read this field, so it is
# applied here, keeping the server and the page scripts alike.
MIN_GROUPING_DIGITS = {"hu": 2}


def points(value: Any) -> Any:
    """An integer (a score, a total, a minimum, a target, a bonus) as the page's language writes it; anything else
    (``None``, a dash, text) unchanged, so a template may pass a cell's value as it comes."""
    if isinstance(value, bool) or not isinstance(value, int):
        return value
    if value < 0:
        return "\u2212" + str(points(-value))
    if not has_app_context():         # no page and no reader (the rules core's tests, a script): plain digits
        return str(value)
    locale = get_locale()
    if abs(value) < 10 ** (2 + MIN_GROUPING_DIGITS.get(str(locale), 1)):
        return str(value)             # fewer digits than the language groups ("999", Hungarian "1000")
    return format_decimal(value, locale=locale or "en")


def signed_points(value: int) -> str:
    """A number with its sign always shown (``+ 50``, ``− 1 250``), as the sheet's penalty and Keltis cells write it:
    the typographic minus and a narrow no-break space after the sign, the digits grouped by :func:`points`."""
    if value < 0:
        return "\u2212\u202f" + str(points(-value))
    return "+\u202f" + str(points(value))
