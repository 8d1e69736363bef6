"""The schema language every family's tables are written in, and the check of a table against a family's schema.

Each family brings its own schema (``Family.schema``: :mod:`scorekeeper.rules.canasta.schema`,
:mod:`scorekeeper.rules.keltis.schema`), built from the pieces here; this module knows no family.

A schema is a dict of key -> what its value must be: a type (``int``, ``str``, ``bool``), a closed vocabulary (a
:class:`~enum.StrEnum`: the value is one of its members' values), a nested schema (a table with exactly those
keys; :class:`Entry` when some of them are needed), :class:`ListOf` (a list whose items all match, at most so many),
:class:`Pair` (``[least, most]``: two items, the first not above the second), :class:`MapOf` (a table with keys
of its own choosing, such as canasta kinds or colours: names, or whole numbers in a range, at most so many),
:class:`AnyOf` (one of several, e.g. a condition's ``count``: a name or a list of names) or :data:`PATCHES` (an
option choice: dotted keys of the same family's schema, plus ``_when``). No key is required here (the family's ``build_rules`` hook says what it needs); what the schema
refuses is a key it does not know, a value of the wrong type and a word outside its vocabulary, so a misspelt
``max_wildz`` no longer drops the wild-card cap without a word. ``rules_ref/README.md`` lists every key.

Every shape the rules later index, unpack or hash is said here (issue 19): a pair the core unpacks as
``low, high = ...`` is a :class:`Pair`, a word looked up in a closed list must be a string, a map whose keys the
core turns into numbers has whole-number keys, and every list and map has a most, so a house rule that fits the
schema cannot crash a match later, nor multiply what scoring a hand costs.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
import re
from typing import Any, Iterator, Mapping

from scorekeeper.rules import bounds
from scorekeeper.rules.phrases import Phrase, phrase


class ScorePer(StrEnum):
    SIDE = "side"
    PLAYER = "player"


class DealPasses(StrEnum):
    """Which way the deal moves each hand (rules/deal.py; issue 22)."""
    LEFT = "left"       # clockwise
    RIGHT = "right"     # counterclockwise


class DealerRole(StrEnum):
    """What the seat the deal reaches does: deals the cards, or (a game without a dealer, Keltis: seed 001 l. 12,
    every player draws their own cards) starts the game."""
    DEALS = "deals"
    STARTS = "starts"


@dataclass(frozen=True)
class Int:
    """A whole number in ``[low, high]``: what a real table can reach, with room to spare. Every number a table
    holds has a range, so a house rule of 10**400 points is refused at its key instead of overflowing a chart
    long after it was stored (the same reason as rules/bounds.py)."""

    low: int
    high: int


#: A number the schema gives no narrower range (Keltis tables): bounded all the same.
ANY_INT = Int(-10**9, 10**9)
#: What a map's key may be when the schema says nothing else (canasta kinds, bonuses, penalties, colours, option
#: names): letters, digits and ``_``. A key is part of a dotted path (``canastas.<kind>.bonus``), so a dot, a space
#: or a dash in it would read back as another key (a rematch carries house rules by their dotted keys).
NAME = re.compile(r"[A-Za-z0-9_]{1,40}")
#: Most entries of a list or a map a schema gives no narrower most: well past every table, short of a cost.
MOST = 64


@dataclass(frozen=True)
class ListOf:
    """A list whose items all fit ``item``, with ``least`` to ``most`` of them."""

    item: Any
    most: int = MOST
    least: int = 0


@dataclass(frozen=True)
class Pair:
    """``[least, most]``: exactly two items that fit ``item``, the first not above the second (a canasta's size,
    how many wild cards it holds). The rules unpack it as ``low, high``."""

    item: Any


@dataclass(frozen=True)
class MapOf:
    """A table with keys of its own choosing: names (:data:`NAME`), or with ``keys`` an :class:`Int` (whole
    numbers written as text, ``"3" = 1``) or a tuple of the words allowed; at most ``most`` entries."""

    value: Any
    keys: Any = None
    most: int = MOST


@dataclass(frozen=True)
class Entry:
    """A table with exactly the keys of ``fields``, of which those in ``needs`` must be given (a bracket needs its
    ``from``)."""

    fields: dict[str, Any]
    needs: tuple[str, ...] = ()


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
HEAD: dict[str, Any] = {"id": str, "name": str, "seed": str, "reference": str, "family": str}
# ``label`` and ``help`` (and a choice's ``_label``) are English words the pages translate (msgids: the table
# words extractor, scorekeeper/rules/tables/words.py).
OPTION: dict[str, Any] = {"decision": str, "default": str, "label": str, "help": str, "choices": MapOf(PATCHES)}
PLAYERS: dict[str, Any] = {"min_sides": Int(1, 6), "max_sides": Int(1, 6), "players_per_side": Int(1, 3), "total": Pair(Int(1, 18)),
            "score_per": ScorePer, "deal_passes": DealPasses, "dealer_role": DealerRole}
# Keys an option may not patch: the options themselves (an option that rewrites options has no fixed meaning).
_UNPATCHABLE = {"options"}


def problems(value: Any, schema: Any, path: str = "", root: Mapping[str, Any] | None = None) -> Iterator[str]:
    """Every way ``value`` breaks ``schema``, as ``"<dotted path>: <what is wrong>"`` sentences (none: it fits).
    ``root`` is the family's whole schema, against which option patches are checked."""
    return (says.render() for _key, says in located(value, schema, path, root))


def located(value: Any, schema: Any, path: str = "", root: Mapping[str, Any] | None = None) -> Iterator[tuple[str, Phrase]]:
    """:func:`problems` as ``(dotted key, sentence)`` pairs, the sentence a phrase a front can translate (a house
    rule's form shows each at its field)."""
    root = schema if root is None else root
    where = path or "the table"
    if isinstance(schema, (dict, Entry)):
        fields = schema.fields if isinstance(schema, Entry) else schema
        if not isinstance(value, dict):
            yield path, phrase("%(where)s must be a table, not %(value)s", where=where, value=_shown(value))
            return
        for key, item in value.items():
            sub = f"{path}.{key}" if path else str(key)
            if key not in fields:
                yield sub, phrase("unknown key %(key)s", key=sub)
            else:
                yield from located(item, fields[key], sub, root)
        for key in schema.needs if isinstance(schema, Entry) else ():
            if key not in value:
                yield path, phrase("%(where)s needs %(key)s", where=where, key=key)
    elif isinstance(schema, MapOf):
        yield from _map_problems(value, schema, path, where, root)
    elif isinstance(schema, ListOf):
        if not isinstance(value, list):
            yield path, phrase("%(where)s must be a list, not %(value)s", where=where, value=_shown(value))
            return
        if not schema.least <= len(value) <= schema.most and bounds.enforced():
            yield path, phrase("%(where)s must have %(least)s to %(most)s entries, not %(count)s", where=where,
                               least=schema.least, most=schema.most, count=len(value))
            return
        for k, item in enumerate(value):
            yield from located(item, schema.item, f"{path}[{k}]", root)
    elif isinstance(schema, Pair):
        yield from _pair_problems(value, schema, path, where, root)
    elif isinstance(schema, AnyOf):
        found = [list(located(value, alt, path, root)) for alt in schema.alternatives]
        if all(found):
            yield min(found, key=len)[0]
    elif schema is PATCHES:
        yield from _patch_problems(value, path, root)
    elif isinstance(schema, type) and issubclass(schema, StrEnum):
        # a list or a table is no word (and cannot be looked up in a set: it is unhashable)
        if not isinstance(value, str) or value not in {m.value for m in schema}:
            yield path, phrase("%(where)s must be one of %(words)s, not %(value)s", where=where,
                               words=", ".join(m.value for m in schema), value=_shown(value))
    elif isinstance(schema, Int) or schema is int:
        yield from _int_problems(value, schema if isinstance(schema, Int) else ANY_INT, path, where)
    elif type(value) is not schema:          # bool is an int to Python, never to a table
        yield path, (phrase("%(where)s must be a string, not %(value)s", where=where, value=_shown(value))
                     if schema is str else
                     phrase("%(where)s must be true or false, not %(value)s", where=where, value=_shown(value)))


def _shown(value: Any) -> str:
    """A value as a sentence quotes it: cut short (a refused list may be long), never Python's ``inf``."""
    if isinstance(value, float) and value != value:
        return "NaN"
    if isinstance(value, float) and value in (float("inf"), float("-inf")):
        return "a number too large to hold"
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "…"


def _map_problems(value: Any, schema: MapOf, path: str, where: str,
                  root: Mapping[str, Any]) -> Iterator[tuple[str, Phrase]]:
    if not isinstance(value, dict):
        yield path, phrase("%(where)s must be a table, not %(value)s", where=where, value=_shown(value))
        return
    if len(value) > schema.most and bounds.enforced():
        yield path, phrase("%(where)s has at most %(most)s entries, not %(count)s", where=where, most=schema.most,
                           count=len(value))
        return
    for key, item in value.items():
        sub = f"{path}.{key}" if path else str(key)
        if bad := _key_problem(str(key), schema.keys, sub):
            yield sub, bad
        else:
            yield from located(item, schema.value, sub, root)


def _key_problem(key: str, keys: Any, sub: str) -> Phrase | None:
    """Why ``key`` cannot be a key of a map whose keys are ``keys`` (None: it can)."""
    if isinstance(keys, Int):            # written as text, read as a number by the rules
        if not re.fullmatch(r"-?[0-9]{1,10}", key):
            return phrase("%(key)s: the key must be a whole number, not %(value)s", key=sub, value=_shown(key))
        if not keys.low <= int(key) <= keys.high and bounds.enforced():
            return phrase("%(key)s: the key must be between %(low)s and %(high)s, not %(value)s", key=sub,
                          low=keys.low, high=keys.high, value=key)
        return None
    if isinstance(keys, tuple):
        return None if key in keys else phrase("%(key)s: the key must be one of %(words)s, not %(value)s",
                                               key=sub, words=", ".join(keys), value=_shown(key))
    if not NAME.fullmatch(key) and bounds.enforced():      # a match stored before issue 19 may hold one
        return phrase("%(key)s: a name here is 1 to 40 letters, digits or _, not %(value)s", key=sub,
                      value=_shown(key))
    return None


def _pair_problems(value: Any, schema: Pair, path: str, where: str,
                   root: Mapping[str, Any]) -> Iterator[tuple[str, Phrase]]:
    if not isinstance(value, list) or len(value) != 2:
        yield path, phrase("%(where)s must be a pair [least, most], not %(value)s", where=where,
                           value=_shown(value))
        return
    found = [p for k, item in enumerate(value) for p in located(item, schema.item, f"{path}[{k}]", root)]
    if found:
        yield from found
    elif value[0] > value[1] and bounds.enforced():
        yield path, phrase("%(where)s: the least (%(low)s) is more than the most (%(high)s)", where=where,
                           low=value[0], high=value[1])


def _int_problems(value: Any, schema: "Int", path: str, where: str) -> Iterator[tuple[str, Phrase]]:
    if type(value) is not int:               # bool is an int to Python, never to a table
        yield path, phrase("%(where)s must be an integer, not %(value)s", where=where, value=_shown(value))
    elif not schema.low <= value <= schema.high and bounds.enforced():
        yield path, phrase("%(where)s must be between %(low)s and %(high)s, not %(value)s", where=where,
                           low=schema.low, high=schema.high, value=value)


def _patch_problems(patch: Any, path: str, root: Mapping[str, Any]) -> Iterator[tuple[str, Phrase]]:
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


def schema_at(root: Mapping[str, Any], dotted: str) -> Any:
    """The schema of one dotted key, or None when the family has no such key."""
    node: Any = {k: v for k, v in root.items() if k not in _UNPATCHABLE}
    for part in dotted.split("."):
        if isinstance(node, Entry):
            node = node.fields
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, MapOf):
            node = node.value
        else:
            return None
    return node


def keys(schema: Any, prefix: str = "") -> Iterator[str]:
    """Every dotted key a schema names (map entries as ``<name>``, list items as ``[]``), for the README check."""
    if isinstance(schema, (dict, Entry)):
        for key, sub in (schema.fields if isinstance(schema, Entry) else schema).items():
            path = f"{prefix}.{key}" if prefix else key
            yield path
            yield from keys(sub, path)
    elif isinstance(schema, MapOf):
        yield from keys(schema.value, f"{prefix}.<name>")
    elif isinstance(schema, (ListOf, Pair)):
        yield from keys(schema.item, f"{prefix}[]")
    elif isinstance(schema, AnyOf):
        for alt in schema.alternatives:
            yield from keys(alt, prefix)
