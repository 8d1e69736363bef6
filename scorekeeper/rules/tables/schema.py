"""The schema language every family's tables are written in, and the check of a table against a family's schema.

Each family brings its own schema (``Family.schema``: :mod:`scorekeeper.rules.canasta.schema`,
:mod:`scorekeeper.rules.keltis.schema`), built from the pieces here; this module knows no family.

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
from typing import Any, Iterator, Mapping

from scorekeeper.rules.phrases import Phrase, phrase


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
HEAD: dict[str, Any] = {"id": str, "name": str, "seed": str, "reference": str, "family": str}
# ``label`` and ``help`` (and a choice's ``_label``) are English words the pages translate (msgids: the table
# words extractor, scorekeeper/rules/tables/words.py).
OPTION: dict[str, Any] = {"decision": str, "default": str, "label": str, "help": str, "choices": MapOf(PATCHES)}
PLAYERS: dict[str, Any] = {"min_sides": Int(1, 6), "max_sides": Int(1, 6), "players_per_side": Int(1, 3), "total": ListOf(Int(1, 18)),
            "score_per": ScorePer}
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
