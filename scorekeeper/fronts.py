"""What each front needs of a game family, in one registry keyed by the rules' ``family``.

The web pages, the PDF and the hand form do not ask which family a match is: they ask :func:`front_of` for the
family's entry and take what they need from it — the entry form, the sheet cells, the PDF sheet and pad, the
keypad, the words the revisions page names things by. A new family is its rules hooks
(:mod:`scorekeeper.rules.tables.families`) plus one :class:`Front` here. Entries are the callables themselves, not
names to import.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping

from scorekeeper.display import keypad
from scorekeeper.pdf import canasta as canasta_pdf, keltis as keltis_pdf
from scorekeeper.rules import ScorekeeperError
from scorekeeper.display.sheet import colour_words, game_cells, hand_cells
from scorekeeper.web.entry import counts as counts_web, forms, keltis as keltis_web

Entry = Mapping[str, Any]


@dataclass(frozen=True, kw_only=True, slots=True)
class EntryKit:
    """The web form a family's hands (or games) are entered in; every function takes the form's layout or form."""

    form: Callable[..., Any]                                  # (layout, *, data=None, **kwargs) -> EntryForm
    to_entry: Callable[[Any], dict[str, Any]]                 # form -> the entry the match log stores
    to_data: Callable[[Any, Entry], dict[str, Any]]           # (layout, stored entry) -> form data to show it
    problem_fields: Callable[[Any, Entry, Entry], list]       # (form, entry, problem) -> where to show it
    page_values: Callable[[Any], dict[str, Any]]              # rules -> extra values of the entry page


@dataclass(frozen=True, kw_only=True, slots=True)
class Front:
    """One family as the fronts see it."""

    family: str
    plays_games: bool            # one entry of the match is a whole game, entered as the tables laid (Keltis)
    checks_melds: bool           # the meld checker page offers the family's variants
    entry: EntryKit
    hand_cells: Callable[[Entry, Entry], list]        # (sheet, hand result) -> one cell per sheet column
    comparable: Callable[[Any, Entry | None], Any]    # (rules, stored entry) -> one shape, whatever front wrote it
    keypad: Callable[[Any], tuple[keypad.Key, ...]]   # rules -> the hand form's card keys
    labels: Callable[[Any], dict[str, Any]]           # rules -> words the revisions page names things by
    pdf_sheet: Callable[[Entry, Any], dict[str, Any]]  # (scoresheet, rules) -> PDF sheet context
    pdf_pad: Callable[[Any, int], dict[str, Any]] | None = None   # (rules, sides) -> blank pad context


def _field_of(form: Any, entry: Entry, problem: Entry) -> list:
    """Where a problem is shown: its field, and each field a problem of the whole table involves."""
    return [problem.get("field"), *problem.get("fields", ())]


def _no_values(rules: Any) -> dict[str, Any]:
    return {}


def _as_stored(rules: Any, entry: Entry | None) -> Entry | None:
    return entry


def _canasta_labels(rules: Any) -> dict[str, Any]:
    # A summary side's counts ("melded_counts.4-7") are named by their value group, as the form named them.
    return {"kind_labels": {**{k.kind: k.label for k in rules.canastas}, **counts_web.group_labels(rules)},
            "colours": {}}


def _keltis_labels(rules: Any) -> dict[str, Any]:
    return {"kind_labels": {}, "colours": colour_words()}


def _keltis_page(rules: Any) -> dict[str, Any]:
    return {"table": keltis_web.live_table(rules)}


CANASTA = Front(
    family="canasta", plays_games=False, checks_melds=True,
    entry=EntryKit(form=forms.entry_form, to_entry=forms.form_to_entry, to_data=forms.entry_to_data,
                   problem_fields=_field_of, page_values=_no_values),
    hand_cells=hand_cells, comparable=_as_stored, keypad=keypad.keypad, labels=_canasta_labels,
    pdf_sheet=canasta_pdf.sheet_context, pdf_pad=canasta_pdf.pad_context)

KELTIS = Front(
    family="keltis", plays_games=True, checks_melds=False,
    entry=EntryKit(form=keltis_web.entry_form, to_entry=keltis_web.form_to_entry,
                   to_data=keltis_web.entry_to_data, problem_fields=keltis_web.problem_fields,
                   page_values=_keltis_page),
    hand_cells=game_cells, comparable=keltis_web.comparable, keypad=keypad.no_keypad, labels=_keltis_labels,
    pdf_sheet=keltis_pdf.sheet_context, pdf_pad=keltis_pdf.pad_context)

FRONTS: dict[str, Front] = {f.family: f for f in (CANASTA, KELTIS)}


class NoFront(ScorekeeperError):
    """A family the rules know but no front shows (a table of a new family before its front entry)."""


def front(family: str) -> Front:
    try:
        return FRONTS[family]
    except KeyError:
        raise NoFront(f"no front for the game family {family!r}; fronts exist for: " + ", ".join(FRONTS)) from None


def front_of(has_family: Any) -> Front:
    """The front entry of a variant, its rules, or anything else with a ``family``."""
    return front(has_family.family)
