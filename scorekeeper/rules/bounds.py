"""Limits on everything a record, a form, an export or a command line can say: one place for every range.

Why: a value that is read and stored must render on every page later. Unbounded numbers (a penalty of 10**400
points) overflowed the chart's floats long after they were saved; a quarter of a million one-card melds took
seconds to score; a lone surrogate (``"\\ud800"``) was stored and then broke every page that wrote it as UTF-8.
So each count is bounded by what a physical deck allows (derived from the variant's table where it can be),
each size by what a real table produces with room to spare, and text must be encodable. The numbers are
documented in docs/api.md ("Limits"); each family derives its per-variant ones from its deck
(:mod:`scorekeeper.rules.canasta.limits`, :mod:`scorekeeper.rules.keltis.limits`). Standard library only, like the
rest of the core.
"""

from __future__ import annotations

import re
import unicodedata
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, Iterator, Sized

from scorekeeper.rules import cards
from scorekeeper.rules.errors import RecordError
from scorekeeper.rules.phrases import Phrase, phrase

# --- sizes that hold for every variant ------------------------------------------------------------------------
NOTATION_MAX = cards.NOTATION_MAX    # characters of one card string (a meld, a hand, a Keltis row): 2,000
NAME_MAX = 500             # a side's name in a record: a match keeps 80 characters of a name, and a cutthroat
                           # hand's partnership is named after its players ("Anna & Béla & …")
TEXT_MAX = 1000            # a name or title sent to create a match, which keeps the first 80 (200 of a title)
LABEL_MAX = 200            # a penalty's code or label
SIDES_MAX = 8              # sides of one record; every variant seats at most 6
PLAYERS_MAX = 6            # players listed in one side
PENALTIES_MAX = 10         # penalties of one side in one hand (the form offers 2)
PENALTY_POINTS_MAX = 10_000    # |points| of one penalty; the tables' penalties are 100 or 500
TOTAL_MAX = 10_000_000     # |total before a hand|: 1,000 hands at 10,000 points each
JSON_DEPTH_MAX = 20        # nesting of a request or file; a match export nests 7 deep
DIGITS_MAX = 12            # a whole number typed as text (form fields, CLI options): sizes past any limit here


# --- checks raising RecordError -------------------------------------------------------------------------------

_relaxed: ContextVar[bool] = ContextVar("scorekeeper_bounds_relaxed", default=False)


@contextmanager
def relaxed() -> Iterator[None]:
    """Ranges and sizes are not enforced inside (types and text still are): for replaying hands stored before
    a limit existed, so an old match still renders and its hands can be corrected. New input is never read so."""
    token = _relaxed.set(True)
    try:
        yield
    finally:
        _relaxed.reset(token)


def enforced() -> bool:
    """False inside :func:`relaxed`: a stored document is read, not new input (the schema's ranges ask this)."""
    return not _relaxed.get()


def whole(value: object, field: str, *, least: int, most: int) -> int:
    """A whole number (not a bool) in ``least``…``most``; anything else is a RecordError naming ``field``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(phrase("expected a whole number, got %(value)r", value=_short(value)), field=field)
    if _relaxed.get():
        return value
    if value < least:
        raise RecordError(phrase("must be at least %(least)s, got %(value)s", least=least, value=_short(value)),
                          field=field)
    if value > most:
        raise RecordError(phrase("must be at most %(most)s, got %(value)s", most=most, value=_short(value)),
                          field=field)
    return value


def at_most(items: Sized, most: int, field: str) -> None:
    """A list no longer than ``most``; checked before its items are read."""
    if len(items) > most and not _relaxed.get():
        raise RecordError(phrase("at most %(most)s entries, got %(count)s", most=most, count=len(items)),
                          field=field)


def notation(value: str, field: str) -> str:
    """A card string no longer than :data:`NOTATION_MAX`, checked before it is split into tokens."""
    if len(value) > NOTATION_MAX and not _relaxed.get():
        raise RecordError(phrase("at most %(most)s characters, got %(count)s", most=NOTATION_MAX,
                                 count=len(value)), field=field)
    return value


def text(value: object, field: str, *, most: int, single_line: bool = False) -> str:
    """Text that can be stored and shown: valid UTF-8 (no lone surrogates), at most ``most`` characters and, for
    names and titles (``single_line``), no control characters."""
    if not isinstance(value, str):
        raise RecordError(phrase("expected text, got %(value)r", value=_short(value)), field=field)
    if reason := bad_text(value, single_line=single_line):
        raise RecordError(reason, field=field)
    if len(value) > most and not _relaxed.get():
        raise RecordError(phrase("at most %(most)s characters, got %(count)s", most=most, count=len(value)),
                          field=field)
    return value


def bad_text(value: str, *, single_line: bool = False) -> Phrase | None:
    """Why ``value`` cannot be stored as text (None when it can); ``.render()`` says it in English."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        return phrase("not valid UTF-8 text: a lone surrogate at character %(position)s", position=exc.start + 1)
    if single_line:
        for i, ch in enumerate(value):
            if unicodedata.category(ch) == "Cc":
                return phrase("a control character at character %(position)s; write it on one line without "
                              "tabs", position=i + 1)
    return None


def bad_json(data: object, *, depth: int = JSON_DEPTH_MAX) -> tuple[str, str] | None:
    """The first place in decoded JSON that cannot be stored, as ``(path, reason)``: a key or string that is not
    valid UTF-8, or nesting deeper than ``depth``. One walk, no recursion (the depth is the input's)."""
    stack: list[tuple[Any, str, int]] = [(data, "", 0)]
    while stack:
        node, path, level = stack.pop()
        if isinstance(node, str):
            if reason := bad_text(node):
                return path or "(the whole value)", reason.render()
            continue
        if not isinstance(node, (dict, list)):
            continue
        if level >= depth:
            return path or "(the whole value)", f"nested deeper than {depth} levels"
        items = node.items() if isinstance(node, dict) else enumerate(node)
        for key, child in items:
            if isinstance(key, str):
                if reason := bad_text(key):
                    return (f"{path}.{ascii(key)[1:-1]}" if path else ascii(key)[1:-1]), \
                        f"field name {reason.render()}"
                where = f"{path}.{key}" if path else key
            else:
                where = f"{path}[{key}]"
            stack.append((child, where, level + 1))
    return None


def cards_at_most(count: int, most: int, field: str) -> None:
    if count > most and not _relaxed.get():
        raise RecordError(phrase("at most %(most)s cards, got %(count)s", most=most, count=count), field=field)


def decimal(raw: str, *, most: int, digits: int = DIGITS_MAX) -> int | None:
    """A whole number typed as text: ASCII digits only (``"²"`` and ``"٣"`` pass ``str.isdigit``, not this), at
    most ``digits`` of them and at most ``most``; None otherwise."""
    if not raw or len(raw) > digits or not raw.isascii() or not raw.isdecimal():
        return None
    number = int(raw)
    return number if number <= most else None


#: A form's whole number as WTForms' IntegerField reads it past web/fields.py's check: an optional minus and at most
#: DIGITS_MAX ASCII digits (``int()`` takes 4,300 digits and ``"٣"``). Shared by the web form and the offline
#: preview (rules/canasta/hand_form.py), so both read a typed number alike.
_WHOLE = re.compile(rf"-?[0-9]{{1,{DIGITS_MAX}}}")


def whole_number(text: str) -> int:
    """``text`` (stripped) as a whole number; ValueError for anything else."""
    if not _WHOLE.fullmatch(text):
        raise ValueError("not a whole number")
    return int(text)


def _short(value: object) -> object:
    """A value as an error message may quote it: a 5,000-digit number or text is cut, never converted whole."""
    if isinstance(value, int) and not isinstance(value, bool):
        if value.bit_length() > 64:
            return f"{'-' if value < 0 else ''}a number of about {int(value.bit_length() * 0.30103)} digits"
        return value
    text_ = repr(value) if not isinstance(value, str) else value
    return text_ if len(text_) <= 60 else text_[:57] + "…"
