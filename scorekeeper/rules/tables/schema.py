"""What a variant table may say, as data: one schema per family, and the check of a table against it.

A schema is a dict of key -> what its value must be: a type (``int``, ``str``, ``bool``), a closed vocabulary (a
:class:`~enum.StrEnum`: the value is one of its members' values), a nested schema (a table with exactly those
keys), :class:`ListOf` (a list whose items all match), :class:`MapOf` (a table with keys of its own choosing,
such as canasta kinds or colours), :class:`AnyOf` (one of several, e.g. a condition's ``count``: a name or a list
of names) or :data:`PATCHES` (an option choice: dotted keys of the same family's schema,
plus ``_when``). No key is required here (the family's ``build_rules`` hook says what it needs); what the schema
refuses is a key it does not know, a value of the wrong type and a word outside its vocabulary, so a misspelt
``max_wildz`` no longer drops the wild-card cap without a word. ``rules_ref/README.md`` lists every key.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Iterator

from scorekeeper.rules.phrases import Phrase, phrase


class WildRelation(StrEnum):
    ANY = "any"
    FEWER = "fewer"
    AT_MOST_HALF = "at_most_half"


class OpeningWildValue(StrEnum):
    REPLACED = "replaced"
    OWN = "own"


class WildMix(StrEnum):
    MIXED = "mixed"          # 2s and jokers both
    UNIFORM = "uniform"      # all one kind


class AcePlace(StrEnum):
    HIGH = "high"            # ... Q K A
    LOW = "low"              # A 4 5 ... (the deck's lowest natural rank follows the ace)
    BOTH = "both"            # either end, never round the corner


class Shape(StrEnum):
    GROUP = "group"
    SEQUENCE = "sequence"
    WILD_ONLY = "wild_only"
    BLACK_THREES = "black_threes"


class RedThreeInHand(StrEnum):
    IMPOSSIBLE = "impossible"
    PENALTY = "penalty"


class TaxMethod(StrEnum):
    NONE = "none"
    HALF = "half"
    QUARTER = "quarter"
    TENTH = "tenth"


class NegativeTax(StrEnum):
    UNTAXED = "untaxed"
    TAXED = "taxed"


class Compare(StrEnum):
    EXCEEDS = "exceeds"
    REACHES = "reaches"


class TopTie(StrEnum):
    SHARED = "shared"
    PLAY_ON = "play_on"


class OpeningCanasta(StrEnum):
    """A non-numeric opening requirement (seed 003 l. 189, Brazilian canasta): the opening must hold a canasta."""

    ANY = "any"
    NATURAL = "natural"      # a canasta without wild cards (a wild-only canasta counts: it replaces none)


class ScorePer(StrEnum):
    SIDE = "side"
    PLAYER = "player"


@dataclass(frozen=True)
class Int:
    """A whole number in ``[low, high]``: what a real table can reach, with room to spare. Every number a table
    holds has a range, so a house rule of 10**400 points is refused at its key instead of overflowing a chart
    long after it was stored (the same reason as rules/bounds.py)."""

    low: int
    high: int


#: A number the schema gives no narrower range (Keltis tables): bounded all the same.
ANY_INT = Int(-10**9, 10**9)
#: Ranges shared by many keys: a bonus, penalty or red-three total; a card's value; a meld's or canasta's size.
POINTS = Int(-10_000, 10_000)
CARD_POINTS = Int(-1_000, 1_000)
SIZE = Int(1, 999)           # 99: "no most", as seed 003 tables write it
CAP = Int(0, 999)                # a cap where 0 means none (max_size), or a count of wild cards
FROM_TOTAL = Int(-10**9, 10_000_000)   # a bracket's start: the first is -1 000 000 000, "from the start"


@dataclass(frozen=True)
class ListOf:
    item: Any


@dataclass(frozen=True)
class MapOf:
    value: Any


@dataclass(frozen=True)
class AnyOf:
    """A value that fits one of the alternatives (a condition's ``count``: one key or a list of keys to sum)."""

    alternatives: tuple[Any, ...]


class _Patches:
    """An option choice: ``"dotted.key" = value`` patches of the family's own schema, ``_when`` and ``_label``
    (what the pages call the choice)."""

    def __repr__(self) -> str:
        return "PATCHES"


PATCHES = _Patches()

# Keys every table has, whatever its family. ``extends`` is read (and removed) before the check.
_HEAD = {"id": str, "name": str, "seed": str, "reference": str, "family": str}
# ``label`` and ``help`` (and a choice's ``_label``) are English words the pages translate (msgids: the table
# words extractor, scorekeeper/rules/tables/words.py).
_OPTION = {"decision": str, "default": str, "label": str, "help": str, "choices": MapOf(PATCHES)}
_PLAYERS = {"min_sides": Int(1, 6), "max_sides": Int(1, 6), "players_per_side": Int(1, 3), "total": ListOf(Int(1, 18)),
            "score_per": ScorePer}
_CARD_VALUES = {key: CARD_POINTS for key in ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "JK",
                                     "black3", "red3")}

_KEYS = AnyOf((str, ListOf(str)))
#: A condition over a side's tally (canasta_rules.Condition); the count names are checked when the rules are built.
CONDITION = {"count": _KEYS, "at_least": Int(-1000, 1000), "at_most": Int(-1000, 1000), "at_least_count_of": _KEYS,
             "at_most_count_of": _KEYS, "went_out": bool}
_CONDITIONS = ListOf(CONDITION)
_SIZES = {"allowed": bool, "min_size": SIZE, "max_size": CAP}
_LIMITS = {**_SIZES, "max_wilds": CAP, "max_wilds_by_size": MapOf(CAP), "min_naturals": CAP,
           "wild_relation": WildRelation}

# Seed 003's classic family (shared/SEED003_DIGEST.md §6–7), kept in blocks of their own:
# - the double ending (S7): its bonus; a table without the key has no double ending (a record's double_out is a
#   problem there); ``allowed = false``: nobody may go out, every hand ends on the stock (escalera_sevens, S22);
_CLASSIC_GOING_OUT = {"double_out": POINTS, "allowed": bool}
# - black threes taken with the pile and set aside (cuban, S25): the record's black_threes_taken is allowed;
_CLASSIC_BLACK_THREES = {"taken_with_pile": bool}
# - a target by the number of sides (classic_fr form 6: 10 000 with two sides, 7500 with three), and a match
#   decided only after complete rounds of so many deals (escalera_sevens, S20: hand numbers 4, 8, 12 ...).
_CLASSIC_MATCH = {"targets_by_sides": MapOf(Int(1, 1_000_000)), "round_of_deals": Int(1, 200)}
# - an opening that holds a canasta needs no minimum (l. 91 "S'il y a un canast sous la main, il est permis de
#   l'étaler dans tous les cas").
_CLASSIC_OPENING = {"canasta_suffices": bool}

CANASTA: dict[str, Any] = {
    **_HEAD,
    "deck": {"packs": Int(1, 6), "jokers": Int(0, 24), "wilds": ListOf(str)},
    "players": _PLAYERS,
    "card_values": _CARD_VALUES,
    "hand_values": _CARD_VALUES,
    "melds": {"one_group_per_rank": bool, "opening_wild_value": OpeningWildValue,
              "group": {**_LIMITS, "max_size_by_rank": MapOf(SIZE)},
              "sequence": {**_LIMITS, "ace": AcePlace, "ranks": ListOf(str), "max_size_going_out": CAP},
              "wild_only": {**_SIZES, "opening_value": CARD_POINTS},
              "black_threes": {**_SIZES, "going_out_only": bool, **_CLASSIC_BLACK_THREES}},
    "canastas": MapOf({"label": str, "size": ListOf(SIZE), "bonus": POINTS, "shape": Shape, "wilds": ListOf(CAP),
                       "jokers": ListOf(CAP), "deuces": ListOf(CAP), "wild_mix": WildMix, "rank": str,
                       "when": _CONDITIONS, "counts_to_go_out": bool}),
    "red_threes": {"totals": ListOf(POINTS), "plus_when": _CONDITIONS, "in_hand": RedThreeInHand,
                   "in_hand_points": POINTS},
    "twins": {"allowed": bool, "points": POINTS},
    "going_out": {"out": POINTS, "concealed": POINTS, "table_clear": POINTS, "table_clear_min_pile": Int(0, 400),
                  "canastas_required": Int(0, 20), "requires": _CONDITIONS, "required_each_hand": bool,
                  "concealed_waives_minimum": bool, **_CLASSIC_GOING_OUT},
    "bonuses": MapOf({"label": str, "points": POINTS, "per": str, "when": _CONDITIONS, "hook": str}),
    "opening": {"minimums": ListOf({"from": FROM_TOTAL, "minimum": Int(0, 10_000), "canasta": OpeningCanasta}),
                "without_wilds": bool, **_CLASSIC_OPENING},
    "taxation": {"brackets": ListOf({"from": FROM_TOTAL, "method": TaxMethod}), "negative": NegativeTax},
    "match": {"target": Int(1, 1_000_000), "deals": Int(1, 200), "compare": Compare, "top_tie": TopTie, **_CLASSIC_MATCH},
    "penalties": MapOf({"label": str, "points": POINTS}),
    "options": MapOf(_OPTION),
}

KELTIS: dict[str, Any] = {
    **_HEAD,
    "players": _PLAYERS,
    "deck": {"two_player_removed": int, "number_copies": MapOf(int), "closing_copies": int,
             "grey_values": ListOf(int), "grey_copies": int, "stones": ListOf(int)},
    "colours": MapOf({"aliases": ListOf(str)}),
    "scoring": {"row_length": ListOf(int), "stones": ListOf(int), "grey_card": int},
    "rows": {"length_counts_grey": bool, "length_counts_closing": bool, "grey_on_row_point": bool,
             "may_start_closed": bool, "max_closing": int},
    "options": MapOf(_OPTION),
}

#: The schema of each family (the keys of ``families.FAMILIES``).
SCHEMAS: dict[str, dict[str, Any]] = {"canasta": CANASTA, "keltis": KELTIS}

# Keys an option may not patch: the options themselves (an option that rewrites options has no fixed meaning).
_UNPATCHABLE = {"options"}


def problems(value: Any, schema: Any, path: str = "", root: dict[str, Any] | None = None) -> Iterator[str]:
    """Every way ``value`` breaks ``schema``, as ``"<dotted path>: <what is wrong>"`` sentences (none: it fits).
    ``root`` is the family's whole schema, against which option patches are checked."""
    return (says.render() for _key, says in located(value, schema, path, root))


def located(value: Any, schema: Any, path: str = "", root: dict[str, Any] | None = None) -> Iterator[tuple[str, Phrase]]:
    """:func:`problems` as ``(dotted key, sentence)`` pairs, the sentence a phrase a front can translate (a house
    rule's form shows each at its field)."""
    root = schema if root is None else root
    where = path or "the table"
    if isinstance(schema, dict):
        if not isinstance(value, dict):
            yield path, phrase("%(where)s must be a table, not %(value)s", where=where, value=repr(value))
            return
        for key, item in value.items():
            sub = f"{path}.{key}" if path else str(key)
            if key not in schema:
                yield sub, phrase("unknown key %(key)s", key=sub)
            else:
                yield from located(item, schema[key], sub, root)
    elif isinstance(schema, MapOf):
        if not isinstance(value, dict):
            yield path, phrase("%(where)s must be a table, not %(value)s", where=where, value=repr(value))
            return
        for key, item in value.items():
            yield from located(item, schema.value, f"{path}.{key}", root)
    elif isinstance(schema, ListOf):
        if not isinstance(value, list):
            yield path, phrase("%(where)s must be a list, not %(value)s", where=where, value=repr(value))
            return
        for k, item in enumerate(value):
            yield from located(item, schema.item, f"{path}[{k}]", root)
    elif isinstance(schema, AnyOf):
        found = [list(located(value, alt, path, root)) for alt in schema.alternatives]
        if all(found):
            yield min(found, key=len)[0]
    elif schema is PATCHES:
        yield from _patch_problems(value, path, root)
    elif isinstance(schema, type) and issubclass(schema, StrEnum):
        if value not in {m.value for m in schema}:
            yield path, phrase("%(where)s must be one of %(words)s, not %(value)s", where=where,
                               words=", ".join(m.value for m in schema), value=repr(value))
    elif isinstance(schema, Int) or schema is int:
        yield from _int_problems(value, schema if isinstance(schema, Int) else ANY_INT, path, where)
    elif type(value) is not schema:          # bool is an int to Python, never to a table
        yield path, (phrase("%(where)s must be a string, not %(value)s", where=where, value=repr(value))
                     if schema is str else
                     phrase("%(where)s must be true or false, not %(value)s", where=where, value=repr(value)))


def _int_problems(value: Any, schema: "Int", path: str, where: str) -> Iterator[tuple[str, Phrase]]:
    if type(value) is not int:               # bool is an int to Python, never to a table
        yield path, phrase("%(where)s must be an integer, not %(value)s", where=where, value=repr(value))
    elif not schema.low <= value <= schema.high:
        yield path, phrase("%(where)s must be between %(low)s and %(high)s, not %(value)s", where=where,
                           low=schema.low, high=schema.high, value=value)


def _patch_problems(patch: Any, path: str, root: dict[str, Any]) -> Iterator[tuple[str, Phrase]]:
    if not isinstance(patch, dict):
        yield path, phrase("%(where)s must be a table of patches (\"dotted.key\" = value), not %(value)s",
                           where=path, value=repr(patch))
        return
    for dotted, value in patch.items():
        if dotted == "_when":
            yield from located(value, MapOf(str), f"{path}._when", root)
            continue
        if dotted == "_label":
            yield from located(value, str, f"{path}._label", root)
            continue
        target = schema_at(root, dotted)
        if target is None:
            yield dotted, phrase("unknown key %(key)s (patched by %(where)s)", key=dotted, where=path)
        else:
            yield from located(value, target, f"{dotted} (patched by {path})", root)


def schema_at(root: dict[str, Any], dotted: str) -> Any:
    """The schema of one dotted key, or None when the family has no such key."""
    node: Any = {k: v for k, v in root.items() if k not in _UNPATCHABLE}
    for part in dotted.split("."):
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, MapOf):
            node = node.value
        else:
            return None
    return node


def keys(schema: Any, prefix: str = "") -> Iterator[str]:
    """Every dotted key a schema names (map entries as ``<name>``, list items as ``[]``), for the README check."""
    if isinstance(schema, dict):
        for key, sub in schema.items():
            path = f"{prefix}.{key}" if prefix else key
            yield path
            yield from keys(sub, path)
    elif isinstance(schema, MapOf):
        yield from keys(schema.value, f"{prefix}.<name>")
    elif isinstance(schema, ListOf):
        yield from keys(schema.item, f"{prefix}[]")
    elif isinstance(schema, AnyOf):
        for alt in schema.alternatives:
            yield from keys(alt, prefix)
