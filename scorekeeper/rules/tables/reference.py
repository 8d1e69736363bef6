"""The numbers of a rules reference (``rules_ref/<id>.md``) written from its variant table, not typed twice.

A reference marks each generated block with two lines::

    <!-- numbers:card_values -->
    ...                                   (written by this module; edits here are overwritten)
    <!-- /numbers -->

:func:`regenerate` rewrites the text between the markers from the table: the default numbers, and for each
option choice that changes them, the numbers it gives (one option at a time, the others at their defaults), so a
table edit shows up in the reference at once and a reference that was not regenerated fails a test
(tests/core/test_reference.py). The prose around the blocks is the author's; it should point at the blocks
rather than repeat their numbers. Blocks come from the stable sections of a table only (see :data:`BLOCKS`); the
meld shapes (``[melds]``) are described in prose.

``scorekeeper rules-ref`` (cli.py) checks the references of the tables folder, ``--write`` rewrites them. A
reference may have a translation beside it (``diszitett.hu.md``): its blocks are the same numbers, said in its
language (:mod:`.reference_hu`), and checked and rewritten with it.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

from scorekeeper.rules.tables.reference_hu import hungarian
from scorekeeper.rules.tables.reading import value_at
from scorekeeper.rules.tables.variants import Variant, _patched

OPEN = re.compile(r"^<!-- numbers:([a-z_.]+) -->$")
CLOSE = "<!-- /numbers -->"
LOWEST = -1_000_000_000            # the tables' "from the very bottom" bracket start
# The languages a reference may be translated into, and how a block is said in each (the file is <id>.<lang>.md).
TRANSLATIONS: dict[str, Callable[[list[str]], list[str]]] = {"hu": hungarian}


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


def _changing(all_cases: list[Case], value: Callable[[Mapping[str, Any]], Any]) -> list[Case]:
    """The defaults, then the cases where ``value`` differs from the defaults'."""
    base = value(all_cases[0].data)
    return [all_cases[0], *(c for c in all_cases[1:] if value(c.data) != base)]


def _scalars(all_cases: list[Case], fields: list[tuple[str, str]],
             words: Mapping[str, str] | None = None) -> list[str]:
    """One line per key the table has: "- what: **value**", and what each changing choice makes of it; a
    word of a closed vocabulary is said as ``words`` says it."""
    def said(value: Any) -> str:
        return "—" if value is None else (words or {}).get(value, num(value)) if isinstance(value, str) else num(value)
    lines = []
    for dotted, what in fields:
        shown = _changing(all_cases, lambda d: value_at(d, dotted))
        if all(value_at(c.data, dotted) is None for c in shown):
            continue
        line = f"- {what}: **{said(value_at(shown[0].data, dotted))}**"
        extra = "; ".join(f"{c.title}: {said(value_at(c.data, dotted))}" for c in shown[1:])
        lines.append(line + (f" ({extra})" if extra else ""))
    return lines


def _columns(all_cases: list[Case], first: str, value_head: str,
             values: Callable[[Mapping[str, Any]], dict[str, str]], *, group: bool = False) -> list[str]:
    """A table of rows (``values``: row label -> value) with one value column for the defaults and one for each
    choice that changes them (choices that give the same column share it); rows with equal values may be
    grouped into one (``group``)."""
    columns: list[tuple[list[str], dict[str, str]]] = []
    for case in _changing(all_cases, values):
        column = values(case.data)
        same = next((c for c in columns if c[1] == column), None)
        if same:
            same[0].append(case.title)
        else:
            columns.append(([case.title], column))
    labels = list(dict.fromkeys(label for _titles, column in columns for label in column))
    rows: dict[tuple[str, ...], list[str]] = {}
    for label in labels:
        key = tuple(column.get(label, "–") for _titles, column in columns)
        rows.setdefault(key if group else (label, *key), []).append(label)
    head = [first] + [value_head + (f" ({', '.join(titles)})" if titles != [""] else "") for titles, _c in columns]
    return _table(head, ([", ".join(names), *(key if group else key[1:])] for key, names in rows.items()))


# --------------------------------------------------------------------------------------------- canasta blocks

CARDS = {"JK": "joker", "black3": "black 3", "red3": "red 3"}
CARD_ORDER = ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "JK", "black3", "red3")


def _card_values(all_cases: list[Case]) -> list[str]:
    def values(data: Mapping[str, Any]) -> dict[str, str]:
        melded, in_hand = data.get("card_values", {}), data.get("hand_values", {})
        return {CARDS.get(k, k): num(melded[k]) + (f" (in hand {num(in_hand[k])})" if k in in_hand else "")
                for k in CARD_ORDER if k in melded}
    return _columns(all_cases, "card", "points", values, group=True) + [
        "", "Melded cards count plus, cards left in hand minus."]


def _span(size: list[int]) -> str:
    low, high = size
    return str(low) if low == high else f"{low} or more" if high >= 99 else f"{low}–{high}"


def _canastas(all_cases: list[Case]) -> list[str]:
    """Label, size and bonus of each kind (what a kind matches beyond its size is told in the prose)."""
    def values(data: Mapping[str, Any]) -> dict[str, str]:
        return {f"{k['label']} | {_span(k['size'])}": num(k["bonus"]) for k in data.get("canastas", {}).values()}
    return _columns(all_cases, "kind | cards", "bonus", values) + [
        "", "A meld's kind is the first kind (top down) it matches."]


def _red_threes(all_cases: list[Case]) -> list[str]:
    def values(data: Mapping[str, Any]) -> dict[str, str]:
        totals = data.get("red_threes", {}).get("totals", [])
        return {str(n): num(total) for n, total in enumerate(totals) if n}
    return _columns(all_cases, "red threes held", "total bonus", values) + [""] + _scalars(
        [Case(title=c.title, data={"plus_when": conditions_text(value_at(c.data, "red_threes.plus_when") or [])})
         for c in all_cases], [("plus_when", "red threes count plus for")]) + _scalars(
        all_cases, [("red_threes.in_hand_points", "each red three left in hand")])


def conditions_text(conditions: list[Mapping[str, Any]]) -> str:
    """Conditions of a table (``rules_ref/README.md``, Conditions) as an English phrase; none: always."""
    return " and ".join(_condition_text(c) for c in conditions) or "every side"


def _counted(count: Any, n: int | None = None) -> str:
    """A tally key (or keys, summed) as a noun: ``sequence_canastas`` -> "sequence canastas" (1: "canasta")."""
    words = " + ".join(str(k).replace("_", " ") for k in (count if isinstance(count, list) else [count]))
    return words[:-1] if n == 1 and words.endswith("s") and "+" not in words else words


def _condition_text(c: Mapping[str, Any]) -> str:
    if "went_out" in c:
        return "the side went out" if c["went_out"] else "the side did not go out"
    count = c.get("count", "")
    parts = [f"at least {c['at_least']} {_counted(count, c['at_least'])}" if "at_least" in c else "",
             f"at most {c['at_most']} {_counted(count, c['at_most'])}" if "at_most" in c else "",
             f"at least as many {_counted(count)} as {_counted(c['at_least_count_of'])}"
             if "at_least_count_of" in c else "",
             f"at most as many {_counted(count)} as {_counted(c['at_most_count_of'])}"
             if "at_most_count_of" in c else ""]
    return "a side with " + ", ".join(p for p in parts if p)


def _brackets(all_cases: list[Case], key: str, field: str, head: tuple[str, str],
              words: Mapping[str, str] | None = None) -> list[str]:
    """Bracket lists (``from`` = the total where a bracket starts) as rows of total spans, one column per case."""
    def starts(data: Mapping[str, Any]) -> list[tuple[int, Any]]:
        rows = value_at(data, key) or []
        return [(b["from"], _opening_requirement(b) if field == "minimum" else b[field]) for b in rows]
    shown = _changing(all_cases, starts)
    edges = sorted({s for c in shown for s, _v in starts(c.data)})

    def values(data: Mapping[str, Any]) -> dict[str, str]:
        out = {}
        for i, edge in enumerate(edges):
            held = [v for s, v in starts(data) if s <= edge]
            if held:
                top = edges[i + 1] if i + 1 < len(edges) else None
                span = (f"below {num(top)}" if edge <= LOWEST and top is not None else
                        f"{num(edge)} and more" if top is None else f"{num(edge)}–{num(top - 5)}")
                out[span] = num((words or {}).get(held[-1], held[-1]))
        return out
    return _columns(shown, head[0], head[1], values)


def _opening_requirement(bracket: Mapping[str, Any]) -> Any:
    """An opening bracket's minimum, or its canasta requirement in words (seed 003: "a canasta, 200 in all")."""
    canasta = {"any": "a canasta", "natural": "a natural canasta"}.get(bracket.get("canasta", ""))
    if canasta is None:
        return bracket["minimum"]
    return canasta + (f", {num(bracket['minimum'])} in all" if bracket["minimum"] else "")


def _penalties(all_cases: list[Case]) -> list[str]:
    def values(data: Mapping[str, Any]) -> dict[str, str]:
        return {f"`{code}` | {p.get('label', '')}": num(p["points"]) for code, p in data.get("penalties", {}).items()}
    if not all_cases[0].data.get("penalties"):
        return ["This variant has no penalties."]
    return _columns(all_cases, "code | offence", "points", values)


# How the closed vocabularies of the schema read in a sentence.
VOCABULARY = {"untaxed": "not taxed", "taxed": "taxed on its size, sign kept", "reaches": "reaches the target",
              "exceeds": "exceeds the target", "shared": "a shared win", "play_on": "play on until one leads",
              "side": "by side", "player": "by player"}
TAX_WORDS = {"none": "unchanged", "half": "halved", "quarter": "quartered", "tenth": "divided by 10"}

CANASTA_BLOCKS: dict[str, Callable[[list[Case]], list[str]]] = {
    "deck": lambda cs: _scalars(cs, [("deck.packs", "French packs"), ("deck.jokers", "jokers")]) + [
        "- cards in all: " + "; ".join(
            f"{c.title + ': ' if c.title else ''}**{c.data['deck']['packs'] * 52 + c.data['deck']['jokers']}**"
            for c in _changing(cs, lambda d: (d["deck"]["packs"], d["deck"]["jokers"])))],
    "players": lambda cs: _scalars(cs, [("players.min_sides", "fewest sides"), ("players.max_sides", "most sides"),
                                        ("players.players_per_side", "players in a side, at most"),
                                        ("players.total", "players at the table, all sides together"),
                                        ("players.score_per", "scored")], VOCABULARY),
    "card_values": _card_values,
    "canastas": _canastas,
    "red_threes": _red_threes,
    "twins": lambda cs: _scalars(cs, [("twins.allowed", "twins count"), ("twins.points", "each twin")]),
    "going_out": lambda cs: _scalars(cs, [
        ("going_out.out", "going out"), ("going_out.concealed", "going out concealed (from hand), extra"),
        ("going_out.table_clear", "table clear, extra"), ("going_out.double_out", "double ending, extra"),
        ("going_out.allowed", "anyone may go out"),
        ("going_out.table_clear_min_pile", "table clear needs a pile of at least"),
        ("going_out.canastas_required", "canastas needed to go out"),
        ("going_out.required_each_hand", "someone must go out to end a hand"),
        ("going_out.concealed_waives_minimum", "going out concealed needs no opening minimum")]),
    "opening": lambda cs: _brackets(cs, "opening.minimums", "minimum", ("total before the hand", "minimum")),
    "taxation": lambda cs: (_brackets(cs, "taxation.brackets", "method", ("total before the hand", "hand score is"),
                                      TAX_WORDS) if cs[0].data.get("taxation", {}).get("brackets")
                            else ["No taxation."]) + [""] + _scalars(cs, [
                                ("taxation.negative", "a negative hand score is")], VOCABULARY),
    "match": lambda cs: _scalars(cs, [("match.target", "target"), ("match.targets_by_sides", "target by sides"),
                                      ("match.round_of_deals", "decided only after complete rounds of deals"),
                                      ("match.compare", "a total wins when it"),
                                      ("match.top_tie", "an exact tie on top")], VOCABULARY),
    "penalties": _penalties,
}

# --------------------------------------------------------------------------------------------- keltis blocks


def _keltis_points(key: str, first: str) -> Callable[[list[Case]], list[str]]:
    def values(data: Mapping[str, Any]) -> dict[str, str]:
        points = value_at(data, key) or []
        return {f"{n} or more" if n == len(points) - 1 else str(n): num(p) for n, p in enumerate(points)}
    return lambda cs: _columns(cs, first, "points", values)


def _keltis_deck(all_cases: list[Case]) -> list[str]:
    def values(data: Mapping[str, Any]) -> dict[str, str]:
        deck, colours = data["deck"], len(data.get("colours", {}))
        numbers = sum(deck["number_copies"].values())
        return {"number cards": f"{colours} colours × {numbers} = {colours * numbers}",
                "closing cards": f"{colours} colours × {deck['closing_copies']} = {colours * deck['closing_copies']}",
                "grey point cards": f"{len(deck['grey_values'])} × {deck['grey_copies']} "
                                    f"= {len(deck['grey_values']) * deck['grey_copies']}",
                "wishing stones": str(len(deck["stones"])),
                "in all": str(colours * (numbers + deck["closing_copies"]) + len(deck["grey_values"]) * deck["grey_copies"]
                              + len(deck["stones"]))}
    copies = _columns(all_cases, "card value", "copies per colour",
                      lambda d: {str(v): str(n) for v, n in d["deck"]["number_copies"].items()}, group=True)
    return _columns(all_cases, "cards", "how many", values) + [""] + copies + [""] + _scalars(all_cases, [
        ("deck.two_player_removed", "cards removed unseen with 2 players")])


KELTIS_BLOCKS: dict[str, Callable[[list[Case]], list[str]]] = {
    "players": CANASTA_BLOCKS["players"],
    "deck": _keltis_deck,
    "row_length": _keltis_points("scoring.row_length", "cards in the row"),
    "stones": _keltis_points("scoring.stones", "wishing stones held"),
    "grey_card": lambda cs: _scalars(cs, [("scoring.grey_card", "each card in the grey row")]),
}

#: The blocks each family's reference may hold, by name.
BLOCKS: dict[str, dict[str, Callable[[list[Case]], list[str]]]] = {"canasta": CANASTA_BLOCKS,
                                                                   "keltis": KELTIS_BLOCKS}


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
