"""Unreadable input on the hand form, said where it was typed and in the player's words.

The record parser reads every card field before it gives up (rules/canasta/record.py: one ``RecordError`` whose
``errors`` are each unreadable token at its field), so a form shows all its typos at once: each next to its
field ("2nd meld: 'H' is not a card"), one line per typo on top naming whose field it is ("Cili, 2nd meld: …"),
and how cards are written said once. Field paths (``hands[4].sides[2].melds[1]``) stay in the API and the CLI.
"""

from __future__ import annotations

import re
from typing import Any

from flask_babel import gettext

from scorekeeper.rules import RecordError
from scorekeeper.display.keypad import notation_lang
from scorekeeper.display.words import PAGE_WORDS, say_error
from scorekeeper.rules.cards import notation_help
from scorekeeper.web.fields import add_error
from scorekeeper.web.entry.forms import EntryForm, collect_validation_errors, entry_error

_HAND = re.compile(r"^(?:hands\[\d+\]\.?)?")
_SIDE = re.compile(r"^sides\[(\d+)\](?:\.(\w+)(?:\[(\d+)\])?)?")


def _place(form: EntryForm, path: str) -> tuple[str, str] | None:
    """Whose field a path names and which (``("Cili", "2nd meld")``); None for no side of this form."""
    found = _SIDE.match(_HAND.sub("", path or "", count=1))
    if not found or int(found.group(1)) >= len(form.layout.sides):
        return None
    name, part, index = form.layout.sides[int(found.group(1))]["name"], found.group(2), found.group(3)
    if part == "melds" and index is not None:
        return name, gettext("%(nth)s meld", nth=PAGE_WORDS["nth"](int(index) + 1))
    if part == "hand":
        return name, gettext("cards in hand")
    return name, ""


def _show(form: EntryForm, error: RecordError) -> bool:
    """One unreadable part at its field and on top; False when it names no field of the form."""
    reason, place = say_error(error), _place(form, error.field)
    if place is None:
        return False
    name, part = place
    path = _HAND.sub("", error.field, count=1)
    if part and ".melds[" in path:             # the melds are one text box: the message says which meld
        side = form[f"side{path[6:path.index(']')]}"].form
        add_error(side.melds, gettext("%(place)s: %(message)s", place=part, message=reason))
    else:
        entry_error(form, path, reason)
    form.top_errors.append(gettext("%(name)s, %(place)s: %(message)s", name=name, place=part, message=reason)
                           if part else gettext("%(place)s: %(message)s", place=name, message=reason))
    return True


def show_unreadable(form: EntryForm, exc: Any) -> None:
    """Every unreadable part of a refused hand at its field, each named on top, the notation help once."""
    for error in exc.every if isinstance(exc, RecordError) else (exc,):
        if not _show(form, error):       # a field the player did not type (the form's save key, its version)
            form.top_errors.append(gettext("Could not read %(field)s: %(message)s",
                                           field=error.field or gettext("the hand"), message=say_error(error)))
    help_ = getattr(exc, "help", None)
    if help_ is not None:
        # The record's help is the international notation's (the record is read so); the page says its own
        # letters (issue 23: a Swedish page's J is the joker, seed 004), as its unknown-card problem does.
        help_ = notation_help(notation_lang())
        said = help_.render(gettext(help_.template))
        form.top_errors.append(said[:1].upper() + said[1:] + ".")
    collect_validation_errors(form)
