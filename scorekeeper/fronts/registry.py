"""What each front needs of a game family, in one registry keyed by the rules' ``family``.

The web pages, the PDF and the hand form do not ask which family a match is: they ask :func:`front_of` for the
family's entry and take what they need from it — the entry form, the sheet cells, the PDF sheet and pad, the
keypad, the words the revisions page names things by, and the template partials its pages are built of
(:class:`Pages`). A new family is its rules hooks (:mod:`scorekeeper.rules.tables.families`) plus one
:func:`register_front`. Entries are the callables themselves, not names to import.

This module imports no family: the shipped ones register from :mod:`scorekeeper.fronts`, and a family from
outside the package registers the same way.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping

from jinja2 import BaseLoader, Environment, FileSystemLoader, TemplateNotFound

from scorekeeper.display import keypad
from scorekeeper.rules import ScorekeeperError

Entry = Mapping[str, Any]


@dataclass(frozen=True, kw_only=True, slots=True)
class EntryKit:
    """The web form a family's hands (or games) are entered in; every function takes the form's layout or form."""

    form: Callable[..., Any]                                  # (layout, *, data=None, **kwargs) -> EntryForm
    to_entry: Callable[[Any], dict[str, Any]]                 # form -> the entry the match log stores
    to_data: Callable[[Any, Entry], dict[str, Any]]           # (layout, stored entry) -> form data to show it
    problem_fields: Callable[[Any, Entry, Entry], list]       # (form, entry, problem) -> where to show it
    page_values: Callable[[Any], dict[str, Any]]              # rules -> extra values of the entry page
    # (rules, stored entry, new entry) -> what differs, in the form's words (web/entry/differences.py); a family
    # without it is never asked the near-duplicate question (issue 22), only the exact-duplicate one
    differences: Callable[[Any, Entry, Entry], list] | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class Pages:
    """The family's parts of the pages every family shares, so that no template asks which family it shows.

    Partials are template names, looked up in ``templates/`` and in the folders fronts registered
    (:func:`template_folders`); ``None`` leaves that part out. Styles and scripts are files of ``static/``.
    """

    words: str                   # macros naming one entry of the match in sentences: a hand, a game
    entry_side: str              # one side's inputs on the entry form
    entry_modes: str | None      # links between the entry form's modes; None: one form only
    entry_data: str | None       # data- attributes of the entry form that the family's script reads
    sheet_legend: str            # what a cell of the sheet says
    sheet_cell: str              # macro ``cell(cell, w, signed)``: one side's cell of one row
    sheet_detail: str            # one entry in detail (hand page)
    standings: str               # the sheet's standings card: totals, what comes next, the entry buttons
    revision: str                # macro ``entry_view(entry, labels, changed)``: one stored entry
    form_class: str = ""         # extra class of the entry form (the family's stylesheet keys on it)
    entry_styles: tuple[str, ...] = ()
    entry_scripts: tuple[str, ...] = ()
    sheet_styles: tuple[str, ...] = ()


@dataclass(frozen=True, kw_only=True, slots=True)
class Front:
    """One family as the fronts see it."""

    family: str
    plays_games: bool            # one entry of the match is a whole game, entered as the tables laid (Keltis)
    checks_melds: bool           # melds can be checked one by one: the checker page, the entry form's live check
    previews: bool               # the entry form shows each side's score as it is typed (static/preview.js)
    opening_minimum: bool        # a side's next hand must open with a minimum, which the pages tell (canasta)
    entry: EntryKit
    pages: Pages
    hand_cells: Callable[[Entry, Entry], list]        # (sheet, hand result) -> one cell per sheet column
    comparable: Callable[[Any, Entry | None], Any]    # (rules, stored entry) -> one shape, whatever front wrote it
    keypad: Callable[[Any], tuple[keypad.Key, ...]]   # rules -> the hand form's card keys
    labels: Callable[[Any], dict[str, Any]]           # rules -> words the revisions page names things by
    pdf_sheet: Callable[[Entry, Any], dict[str, Any]]  # (scoresheet, rules) -> PDF sheet context
    pdf_pad: Callable[[Any, int], dict[str, Any]] | None = None   # (rules, sides) -> blank pad context
    template_folder: Path | None = None    # where this front's partials live, if not in the app's templates/


FRONTS: dict[str, Front] = {}


class NoFront(ScorekeeperError):
    """A family the rules know but no front shows (a table of a new family before its front entry)."""


def register_front(*fronts: Front) -> None:
    """Make fronts known by their family; a second front for one family would silently replace the first, so it
    is an error (the same front again changes nothing)."""
    for entry in fronts:
        if FRONTS.get(entry.family, entry) is not entry:
            raise ScorekeeperError(f"a front for the game family {entry.family!r} is already registered")
        FRONTS[entry.family] = entry


def template_folders() -> list[Path]:
    """The folders registered fronts keep their partials in, read at each lookup: a front registered after the
    app was made is found too."""
    return [f.template_folder for f in FRONTS.values() if f.template_folder is not None]


class FrontTemplates(BaseLoader):
    """Finds a template in the folders registered fronts keep their partials in (after the app's own
    ``templates/``: :func:`scorekeeper.web.init_app` chains it), so a family outside the package brings its own."""

    def get_source(self, environment: Environment, template: str) -> tuple[str, str | None, Callable[[], bool]]:
        for folder in template_folders():
            try:
                return FileSystemLoader(folder).get_source(environment, template)
            except TemplateNotFound:
                continue
        raise TemplateNotFound(template)


def front(family: str) -> Front:
    try:
        return FRONTS[family]
    except KeyError:
        raise NoFront(f"no front for the game family {family!r}; fronts exist for: " + ", ".join(FRONTS)) from None


def front_of(has_family: Any) -> Front:
    """The front entry of a variant, its rules, or anything else with a ``family``."""
    return front(has_family.family)
