"""The numbers of a rules reference (``rules_ref/<id>.md``) written from its variant table, not typed twice.

A reference marks each generated block with two lines::

    <!-- numbers:card_values -->
    ...                                   (written by this module; edits here are overwritten)
    <!-- /numbers -->

:func:`regenerate` rewrites the text between the markers from the table: the default numbers, and for each
option choice that changes them, the numbers it gives (one option at a time, the others at their defaults), so a
table edit shows up in the reference at once and a reference that was not regenerated fails a test
(tests/core/test_reference.py). The prose around the blocks is the author's; it should point at the blocks
rather than repeat their numbers. Blocks come from the stable sections of a table only; each family names its
own (``Family.reference_blocks``: :mod:`scorekeeper.rules.canasta.reference`, :mod:`scorekeeper.rules.keltis.reference`),
built from the helpers here. The meld shapes (``[melds]``) are described in prose.

``scorekeeper rules-ref`` (cli.py) checks the references of the tables folder, ``--write`` rewrites them. A
reference may have a translation beside it (``diszitett.hu.md``, ``<id>.fr.md``, ``<id>.sv.md``): its blocks are
the same numbers, said in its language by the one phrasebook of every language (:mod:`.reference_lang`,
``rules_ref/phrasebook/blocks.toml``), and checked and rewritten with it.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from functools import partial
from typing import Any, Callable, Iterable, Iterator, Mapping

from scorekeeper.rules.tables.families import FAMILIES, ReferenceBlock
from scorekeeper.rules.tables.reference_lang import languages, say
from scorekeeper.rules.tables.reading import value_at
from scorekeeper.rules.tables.variants import Variant, _patched

OPEN = re.compile(r"^<!-- numbers:([a-z_.]+) -->$")
CLOSE = "<!-- /numbers -->"
# The languages a reference may be translated into, and how a block is said in each (the file is <id>.<lang>.md):
# every language of the phrasebook (issue 23: hu, fr, sv), one mechanism for all.
TRANSLATIONS: dict[str, Callable[[list[str]], list[str]]] = {lang: partial(say, lang=lang) for lang in languages()}


class ReferenceMarkupError(ValueError):
    """A reference whose markers cannot be read (unknown block, a block left open); names the file and line."""


@dataclass(frozen=True)
class Case:
    """The table under one choice of options: ``title`` is "" for the defaults, else "`option = choice`"."""

    title: str
    data: Mapping[str, Any]


def cases(variant: Variant) -> list[Case]:
    """The defaults first, then each option choice that is not its option's default, the others at theirs."""
    defaults = {o.name: o.default for o in variant.options}
    found = [Case("", _patched(variant, defaults))]
    for option in variant.options:
        for choice in option.choices:
            if choice != option.default:
                found.append(Case(f"`{option.name} = {choice}`", _patched(variant, {**defaults, option.name: choice})))
    return found


# --------------------------------------------------------------------------------------------- formatting

def num(value: Any) -> str:
    if isinstance(value, Mapping):                                    # sides -> target (targets_by_sides)
        return ", ".join(f"{k} sides: {num(v)}" for k, v in value.items()) or "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)) and len(value) == 2:          # a [least, most] range
        return num(value[0]) if value[0] == value[1] else f"{num(value[0])}–{num(value[1])}"
    if isinstance(value, int):
        return f"−{-value}" if value < 0 else str(value)
    return str(value)


def _table(head: list[str], rows: Iterable[list[str]]) -> list[str]:
    width = sum(h.count("|") + 1 for h in head)          # a head cell may hold two columns ("kind | cards")
    return ["| " + " | ".join(head) + " |", "| " + " | ".join("---" for _ in range(width)) + " |",
            *("| " + " | ".join(r) + " |" for r in rows)]


def changing(all_cases: list[Case], value: Callable[[Mapping[str, Any]], Any]) -> list[Case]:
    """The defaults, then the cases where ``value`` differs from the defaults'."""
    base = value(all_cases[0].data)
    return [all_cases[0], *(c for c in all_cases[1:] if value(c.data) != base)]


def scalars(all_cases: list[Case], fields: list[tuple[str, str]],
            words: Mapping[str, str] | None = None) -> list[str]:
    """One line per key the table has: "- what: **value**", and what each changing choice makes of it; a
    word of a closed vocabulary is said as ``words`` says it."""
    def said(value: Any) -> str:
        return "—" if value is None else (words or {}).get(value, num(value)) if isinstance(value, str) else num(value)
    lines = []
    for dotted, what in fields:
        shown = changing(all_cases, lambda d: value_at(d, dotted))
        if all(value_at(c.data, dotted) is None for c in shown):
            continue
        line = f"- {what}: **{said(value_at(shown[0].data, dotted))}**"
        extra = "; ".join(f"{c.title}: {said(value_at(c.data, dotted))}" for c in shown[1:])
        lines.append(line + (f" ({extra})" if extra else ""))
    return lines


def columns(all_cases: list[Case], first: str, value_head: str,
            values: Callable[[Mapping[str, Any]], dict[str, str]], *, group: bool = False) -> list[str]:
    """A table of rows (``values``: row label -> value) with one value column for the defaults and one for each
    choice that changes them (choices that give the same column share it); rows with equal values may be
    grouped into one (``group``)."""
    found: list[tuple[list[str], dict[str, str]]] = []
    for case in changing(all_cases, values):
        column = values(case.data)
        same = next((c for c in found if c[1] == column), None)
        if same:
            same[0].append(case.title)
        else:
            found.append(([case.title], column))
    labels = list(dict.fromkeys(label for _titles, column in found for label in column))
    rows: dict[tuple[str, ...], list[str]] = {}
    for label in labels:
        key = tuple(column.get(label, "–") for _titles, column in found)
        rows.setdefault(key if group else (label, *key), []).append(label)
    head = [first] + [value_head + (f" ({', '.join(titles)})" if titles != [""] else "") for titles, _c in found]
    return _table(head, ([", ".join(names), *(key if group else key[1:])] for key, names in rows.items()))


#: The words of the players block's closed vocabulary (``players.score_per``), which every family's table has.
PLAYERS_WORDS = {"side": "by side", "player": "by player"}


def players_block(all_cases: list[Case]) -> list[str]:
    """The players block every family's reference may hold: every table says who sits at it."""
    return scalars(all_cases, [("players.min_sides", "fewest sides"), ("players.max_sides", "most sides"),
                                ("players.players_per_side", "players in a side, at most"),
                                ("players.total", "players at the table, all sides together"),
                                ("players.score_per", "scored")], PLAYERS_WORDS)


class _Blocks(Mapping[str, Mapping[str, ReferenceBlock]]):
    """The blocks each registered family's reference may hold, by family and block name
    (``Family.reference_blocks``): read from the registry, so a family plugged in later has its own."""

    def __getitem__(self, name: str) -> Mapping[str, ReferenceBlock]:
        return FAMILIES[name].reference_blocks

    def __iter__(self) -> Iterator[str]:
        return iter(FAMILIES)

    def __len__(self) -> int:
        return len(FAMILIES)


BLOCKS: Mapping[str, Mapping[str, ReferenceBlock]] = _Blocks()


# --------------------------------------------------------------------------------------------- the files

def regenerate(text: str, variant: Variant, name: str = "reference", lang: str = "en") -> str:
    """``text`` with every generated block rewritten from ``variant``'s table (``name`` names the file in
    errors), in ``lang`` (a key of :data:`TRANSLATIONS`, or English). Raises :class:`ReferenceMarkupError` for an
    unknown block or one that is never closed."""
    blocks, all_cases = BLOCKS.get(variant.family, {}), cases(variant)
    said: Callable[[list[str]], list[str]] = TRANSLATIONS.get(lang, lambda lines: lines)
    out: list[str] = []
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        out.append(lines[i])
        found = OPEN.match(lines[i])
        i += 1
        if not found:
            if lines[i - 1].strip() == CLOSE:
                raise ReferenceMarkupError(f"{name}:{i}: {CLOSE} without a block open")
            continue
        block = found.group(1)
        if block not in blocks:
            raise ReferenceMarkupError(f"{name}:{i}: unknown block numbers:{block}; blocks of a {variant.family} "
                                       "table are: " + ", ".join(blocks))
        end = next((j for j in range(i, len(lines)) if lines[j].strip() == CLOSE or OPEN.match(lines[j])), None)
        if end is None or OPEN.match(lines[end]):
            raise ReferenceMarkupError(f"{name}:{i}: block numbers:{block} is not closed with {CLOSE}")
        out += [*said(blocks[block](all_cases)), CLOSE]
        i = end + 1
    return "\n".join(out)


def reference_path(folder: Path, variant: Variant) -> Path:
    return folder / variant.reference


def translated_path(path: Path, lang: str) -> Path:
    """Where ``path``'s translation into ``lang`` is kept: ``diszitett.md`` -> ``diszitett.hu.md``."""
    return path.with_name(f"{path.stem}.{lang}{path.suffix}")


def stale(folder: Path, variants: Iterable[Variant]) -> list[tuple[Path, str]]:
    """The references in ``folder`` whose blocks differ from their tables, with their regenerated text. A
    reference that several tables name (a house table extending international may keep international.md) is
    written from the table whose id is its file name, else from the first."""
    owners: dict[str, Variant] = {}
    for variant in variants:
        if variant.reference not in owners or Path(variant.reference).stem == variant.id:
            owners[variant.reference] = variant
    found = []
    for variant in owners.values():
        english = reference_path(folder, variant)
        for path, lang in ((english, "en"), *((translated_path(english, t), t) for t in TRANSLATIONS)):
            if not path.is_file():
                continue
            text = path.read_text(encoding="utf-8")
            fresh = regenerate(text, variant, path.name, lang)
            if fresh != text:
                found.append((path, fresh))
    return found


def write_reference(path: Path, text: str) -> None:
    """Replace the file whole (a temporary file renamed over it), so an interrupted write leaves the old one."""
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, path)


def strip_markers(text: str) -> str:
    """The reference without its marker lines (a reader of the rules page has no use for them)."""
    return "\n".join(line for line in text.split("\n") if not (OPEN.match(line) or line.strip() == CLOSE))
