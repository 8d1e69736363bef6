"""The rules a match is pinned to, as data: the resolved table, its canonical JSON and that JSON's hash.

A match replays its log against the rules it was created under, not against today's ``rules_ref/``: raising one
bonus in a table must not change the totals of a finished match. So a match stores its *resolved rules* — the
variant's table after ``extends`` and the chosen options' patches, exactly the data the family's ``build_rules``
hook receives (:func:`.variants.resolved_table`) — with the variant's identity and chosen options::

    {"format": "scorekeeper-rules", "format_version": 1, "id": "diszitett", "name": "...", "family": "canasta",
     "seed": "...", "reference": "...", "options": {"game_to": "10000", ...}, "table": {...}}

written as canonical JSON (no spaces, UTF-8, no ASCII escapes, keys in the order above and the table's keys in
the table's own order) and identified by the SHA-256 of those bytes. Keys are not sorted because their order is
part of the rules: canasta kinds are tried in table order (the first that matches wins) and Keltis colours are
listed in it; sorting would change which kind a meld is. JSON readers keep the order of an object's keys, so a
document read and written again is the same text. The table is data, never the built rules object: the object's shape may change between releases, a
table still builds under the new code (and if a schema key is ever renamed, a migration rewrites stored tables).

:func:`rules_from_json` rebuilds the rules object the way a table file is read: a size bound, the JSON parsed,
the identity and the family's schema checked (:mod:`.schema`, as :mod:`.reading` does for files), the family's
``build_rules`` and ``table_problems`` hooks. Anything wrong is a :class:`RecordError` on ``rules`` (an import
of a tampered file names it); built rules are remembered by hash, a bounded number of them.
"""

from __future__ import annotations

import hashlib
import json
from collections import OrderedDict
from threading import Lock
from typing import Any, Mapping

from scorekeeper.rules.bounds import bad_json
from scorekeeper.rules.json_text import JsonUnreadable, read_json
from scorekeeper.rules.errors import RecordError, ScorekeeperError
from scorekeeper.rules.tables.families import FAMILIES, GameRules
from scorekeeper.rules.tables.schema import problems
from scorekeeper.rules.tables.reading import frozen, value_at
from scorekeeper.rules.tables.families import family
from scorekeeper.rules.tables.variants import Variant, resolved_table

FORMAT = "scorekeeper-rules"
FORMAT_VERSION = 1
IDENTITY = ("id", "name", "family", "seed", "reference")
KEYS = {"format", "format_version", *IDENTITY, "options", "table", "house"}
# A house block (rules/house.py) lists at most this many changed values, each as exactly these keys.
HOUSE_CHANGES_MAX = 200
CHANGE_KEYS = {"key", "variant", "house"}
# A resolved table is about 2 KB of JSON (international: 1.9 KB); thirty-two times that is room for a house
# variant with many kinds and penalties, and still a bound on what an import makes us parse and build.
MAX_BYTES = 64 * 1024
# Rules objects remembered by hash: every variant and option mix in play at once, with room to spare.
CACHE_SIZE = 128

_cache: OrderedDict[str, GameRules] = OrderedDict()
_lock = Lock()


def canonical(document: object) -> str:
    """One text per set of rules: keys in their order (see the module docstring), compact separators, non-ASCII
    as itself (UTF-8 when encoded)."""
    return json.dumps(document, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def resolved(variant_id: str, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The resolved rules document of a variant of today's tables with ``options`` (RecordError if unknown)."""
    chosen, table = resolved_table(variant_id, options)
    return {"format": FORMAT, "format_version": FORMAT_VERSION, **{k: table[k] for k in IDENTITY},
            "options": chosen, "table": table}


def pin(variant_id: str, options: Mapping[str, Any] | None = None) -> tuple[str, str]:
    """``(canonical JSON, SHA-256)`` of the resolved rules of ``variant_id`` with ``options`` from today's tables."""
    text = canonical(resolved(variant_id, options))
    return text, digest(text)


def document_text(document: Any) -> str:
    """The canonical text of a rules document given as decoded JSON (an export's ``rules``)."""
    if not isinstance(document, dict):
        raise RecordError("the rules must be an object (the resolved rules the match was played under)",
                          field="rules")
    try:
        return canonical(document)
    except (TypeError, ValueError):      # a value JSON cannot carry (NaN, infinity), in our words, not Python's
        raise RecordError("the rules hold a value JSON cannot carry (not a number, or infinite)",
                          field="rules") from None


def rules_from_json(text: object, expected_hash: str | None = None) -> GameRules:
    """The rules object of a stored rules document; ``expected_hash`` (when given) must be its SHA-256.

    Raises :class:`RecordError` on ``rules`` (or ``rules_hash``) for anything that is not a document this
    module wrote: too long, not JSON, not canonical, a hash that does not match, an unknown family, a table key
    outside the family's schema, a table the family cannot build or whose numbers contradict.
    """
    if not isinstance(text, str):
        raise RecordError("the rules must be the JSON text of a resolved rules document", field="rules")
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError:       # a lone surrogate: not text any file or column can hold
        raise RecordError("the rules are not valid UTF-8 text", field="rules") from None
    if len(data) > MAX_BYTES:
        raise RecordError(f"the rules are {len(data)} bytes of JSON; at most {MAX_BYTES}", field="rules")
    found = hashlib.sha256(data).hexdigest()
    if expected_hash is not None and found != expected_hash:
        raise RecordError("the rules do not match their hash (rules_hash): they were changed after they were "
                          "stored", field="rules_hash")
    with _lock:
        if found in _cache:
            _cache.move_to_end(found)
            return _cache[found]
    rules = _build(_parsed(text))
    with _lock:
        _cache[found] = rules
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
    return rules


def _parsed(text: str) -> dict[str, Any]:
    try:
        document = read_json(text)
    except JsonUnreadable as exc:        # said in our words (rules/json_text.py), never Python's
        raise RecordError(exc.says or str(exc), field="rules") from None
    if not isinstance(document, dict):
        raise RecordError("the rules must be a JSON object", field="rules")
    if bad := bad_json(document):
        raise RecordError(bad[1], field=f"rules.{bad[0]}")
    if canonical(document) != text:
        # One set of rules, one text, one hash: a document someone re-indented is not the one that was hashed.
        raise RecordError("the rules are not in canonical form (compact JSON, no spaces)", field="rules")
    return document


def _checked(document: dict[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
    """The table and the chosen options of a well-formed document (identity and schema checked)."""
    if unknown := sorted(set(document) - KEYS):
        raise RecordError(f"unknown field {unknown[0]!r}", field=f"rules.{unknown[0]}")
    if document.get("format") != FORMAT or document.get("format_version") != FORMAT_VERSION \
            or isinstance(document.get("format_version"), bool):
        raise RecordError(f"expected \"format\": \"{FORMAT}\", \"format_version\": {FORMAT_VERSION}",
                          field="rules.format")
    table, options = document.get("table"), document.get("options")
    if not isinstance(table, dict):
        raise RecordError("expected the resolved table as an object", field="rules.table")
    if not isinstance(options, dict) or not all(isinstance(v, str) for v in options.values()):
        raise RecordError("expected the chosen options as an object of names to choices", field="rules.options")
    for key in IDENTITY:
        if not isinstance(document.get(key), str) or table.get(key) != document[key]:
            raise RecordError(f"expected the table's {key} as text, the same in the table", field=f"rules.{key}")
    if table["family"] not in FAMILIES:
        raise RecordError(f"unknown family {table['family']!r}; families are: " + ", ".join(FAMILIES),
                          field="rules.family")
    if "options" in table:
        raise RecordError("a resolved table has its options applied, not listed", field="rules.table.options")
    if found := list(problems(table, FAMILIES[table["family"]].schema)):
        raise RecordError("; ".join(found), field="rules.table")
    if "house" in document:
        _check_house(document["house"], table)
    return table, options


def _check_house(block: Any, table: Mapping[str, Any]) -> None:
    """A house block (rules/house.py) must say what the table holds: each change's house value is the table's
    value at its key, so a list of changes edited in an export cannot show numbers the match is not played by."""
    if not isinstance(block, dict) or set(block) != {"name", "changes"} or not isinstance(block["name"], str) \
            or len(block["name"]) > 80 or not isinstance(block["changes"], list) \
            or not 0 < len(block["changes"]) <= HOUSE_CHANGES_MAX:
        raise RecordError("expected the house rules as {\"name\": text, \"changes\": [...]}", field="rules.house")
    for k, change in enumerate(block["changes"]):
        if not isinstance(change, dict) or set(change) != CHANGE_KEYS or not isinstance(change["key"], str):
            raise RecordError("expected a change as {\"key\", \"variant\", \"house\"}",
                              field=f"rules.house.changes[{k}]")
        if value_at(table, change["key"]) != change["house"] or change["variant"] == change["house"]:
            raise RecordError(f"the change of {change['key']!r} does not match the table's value",
                              field=f"rules.house.changes[{k}]")


def _build(document: dict[str, Any]) -> GameRules:
    table, chosen = _checked(document)
    variant = Variant(id=table["id"], name=table["name"], family=table["family"], reference=table["reference"],
                      seed=table["seed"], raw=frozen(table), options=())
    hooks = family(table["family"])
    try:
        rules: GameRules = hooks.build_rules(variant, table, chosen)
    except ScorekeeperError as exc:
        raise RecordError(f"the rules cannot be built: {exc}", field="rules.table") from None
    except (KeyError, TypeError, ValueError, AttributeError):
        # Python's words ("KeyError('size')") are no reason for a player; a stored or imported table that the
        # schema let through but the rules cannot be built from is a key missing or of a shape they do not read
        raise RecordError("the table is incomplete or malformed: a key the rules need is missing or not of the "
                          "shape they read", field="rules.table") from None
    if found := hooks.table_problems(rules):
        raise RecordError("; ".join(map(str, found)), field="rules.table")
    return rules


def forget() -> None:
    """Drop every remembered rules object (tests that build rules from changed tables)."""
    with _lock:
        _cache.clear()
