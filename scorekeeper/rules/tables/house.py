"""House rules: the table's own numbers over a variant, checked like the shipped tables (issue 13).

A *house partial* is a JSON object in the schema of ``rules_ref/*.toml``, deep-merged over the variant's table
after its options are applied: objects merge key by key (canasta kinds, bonuses and penalties are keyed by their
id), lists and scalars replace whole, ``null`` removes a key. Its *flat* form addresses every value by a dotted key
(``{"canastas.red_canasta.bonus": 450}``). The merged table is checked exactly as a shipped one: the family's
schema with every number's range (:mod:`.schema`), ``build_rules`` and ``table_problems`` (:mod:`scorekeeper.rules.canasta.table_checks`).
Each problem becomes a :class:`RecordError` on ``rules.<dotted key>`` with a sentence a front can translate.

The result is a resolved rules document (:mod:`.pinned`) like any match's, plus a ``house`` block listing every
value that differs from the variant: ``{"name": ..., "changes": [{"key", "variant", "house"}, ...]}``. A match
stores it; a partial that changes nothing gives the plain document, the same text and hash as ``pinned.pin``.
A *preset* is a named partial for a variant, shared as a small JSON file (:func:`preset_document`).
"""

from __future__ import annotations

import copy
import json
import math
import re
from functools import lru_cache
from typing import Any, Iterator, Mapping

from scorekeeper.rules import bounds
from scorekeeper.rules.errors import RecordError, ScorekeeperError
from scorekeeper.rules.tables.families import GameRules, as_problems, family
from scorekeeper.rules.phrases import Phrase, phrase
from scorekeeper.rules.tables.pinned import MAX_BYTES, canonical, digest, resolved, rules_from_json
from scorekeeper.rules.tables.schema import located
from scorekeeper.rules.tables.reading import frozen
from scorekeeper.rules.tables.variants import Variant
from scorekeeper.rules.work import HANDS_AT_LEAST, TABLE_COST_MAX

#: Keys of a table that say which variant it is, not how it is played: a house rule may not change them.
FORBIDDEN = ("id", "name", "family", "seed", "reference", "extends", "drop_options", "options")
MAX_NAME = 80              # characters of a house-rules name (a match keeps 80 of a side's name too)
MAX_CHANGES = 200          # values one set of house rules changes: every number of a table, with room to spare
PRESET_FORMAT = "scorekeeper-house-rules"
PRESET_VERSION = 1
PRESET_KEYS = ("format", "format_version", "name", "variant", "options", "rules")
_KEY_PART = re.compile(r"[A-Za-z0-9_]{1,40}")


def _error(key: str, says: Phrase) -> RecordError:
    return RecordError(says, field=f"rules.{key}" if key else "rules")


def _raise(errors: list[RecordError]) -> None:
    if errors:
        first = errors[0]
        raise RecordError(first.says or first.reason, field=first.field, errors=tuple(errors))


# --- flat and nested ------------------------------------------------------------------------------------------

def flat(partial: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    """``{"canastas": {"red_canasta": {"bonus": 450}}}`` as ``{"canastas.red_canasta.bonus": 450}`` (lists whole)."""
    out: dict[str, Any] = {}
    for key, value in partial.items():
        dotted = f"{prefix}.{key}" if prefix else str(key)
        if isinstance(value, Mapping) and value:
            out.update(flat(value, dotted))
        else:
            out[dotted] = value
    return out


def unflat(values: Mapping[str, Any]) -> dict[str, Any]:
    """The nested partial of dotted keys; a key that is both a value and a table is a RecordError on it."""
    out: dict[str, Any] = {}
    for dotted, value in values.items():
        parts = str(dotted).split(".")
        if not all(_KEY_PART.fullmatch(p) for p in parts):
            raise _error(str(dotted), phrase("%(key)s is not a key of a rules table", key=str(dotted)))
        node = out
        for part in parts[:-1]:
            node = node.setdefault(part, {})
            if not isinstance(node, dict):
                raise _error(str(dotted), phrase("%(key)s is given twice", key=str(dotted)))
        if parts[-1] in node:
            raise _error(str(dotted), phrase("%(key)s is given twice", key=str(dotted)))
        node[parts[-1]] = copy.deepcopy(value)
    return out


# --- merging and the changes -----------------------------------------------------------------------------------

def _merge(base: dict[str, Any], partial: Mapping[str, Any], path: str, errors: list[RecordError]) -> None:
    for key, value in partial.items():
        where = f"{path}.{key}" if path else str(key)
        if not path and key in FORBIDDEN:
            errors.append(_error(where, phrase("%(key)s names the variant; house rules change how it is played, "
                                               "not which it is", key=where)))
        elif value is None:
            if key in base:
                del base[key]
            else:
                errors.append(_error(where, phrase("there is no %(key)s to remove", key=where)))
        elif isinstance(value, Mapping) and isinstance(base.get(key), dict):
            _merge(base[key], value, where, errors)
        else:
            base[key] = copy.deepcopy(value)


def _same(a: Any, b: Any) -> bool:
    return type(a) is type(b) and a == b


def changes(base: Mapping[str, Any], table: Mapping[str, Any], prefix: str = "") -> Iterator[dict[str, Any]]:
    """Every value of ``table`` that differs from ``base``, in table order (then the removed ones), as
    ``{"key", "variant", "house"}``; an absent value is None."""
    for key, value in table.items():
        dotted = f"{prefix}.{key}" if prefix else key
        old = base.get(key)
        if isinstance(value, Mapping) and isinstance(old, Mapping):
            yield from changes(old, value, dotted)
        elif not _same(old, value) or key not in base:
            yield {"key": dotted, "variant": copy.deepcopy(old), "house": copy.deepcopy(value)}
    for key, old in base.items():
        if key not in table:
            yield {"key": f"{prefix}.{key}" if prefix else key, "variant": copy.deepcopy(old), "house": None}


# --- the document ----------------------------------------------------------------------------------------------

def _partial(house: object) -> dict[str, Any]:
    if house is None:
        return {}
    if not isinstance(house, Mapping):
        raise RecordError("house rules must be an object in the schema of a rules table, such as "
                          "{\"canastas\": {\"red_canasta\": {\"bonus\": 450}}}", field="rules")
    if bad := bounds.bad_json(house):
        raise RecordError(bad[1], field=f"rules.{bad[0]}")
    if where := _not_finite(house):
        # 1e999 reads as float infinity, which no JSON can write back (canonical() raised: a 500, issue 19)
        raise _error(where, phrase("%(key)s must be a whole number, not one too large to hold", key=where))
    if len(canonical(house).encode("utf-8")) > MAX_BYTES:
        raise RecordError(f"house rules are at most {MAX_BYTES} bytes of JSON", field="rules")
    return dict(house)


def _not_finite(data: object) -> str:
    """The dotted key of the first infinite or NaN number in decoded JSON ("" if none). One walk without recursion;
    bad_json has bounded the depth already."""
    stack: list[tuple[object, str]] = [(data, "")]
    while stack:
        node, path = stack.pop()
        if isinstance(node, float) and not math.isfinite(node):
            return path or "rules"
        if isinstance(node, dict):
            stack.extend((v, f"{path}.{k}" if path else str(k)) for k, v in node.items())
        elif isinstance(node, list):
            stack.extend((v, f"{path}[{i}]") for i, v in enumerate(node))
    return ""


def _name(name: object, field: str = "house_name") -> str:
    if not isinstance(name, str):
        raise RecordError("the house rules' name must be text", field=field)
    text = bounds.text(name, field, most=bounds.TEXT_MAX, single_line=True).strip()
    if len(text) > MAX_NAME:
        raise RecordError(phrase("a name of house rules has at most %(most)s characters", most=MAX_NAME),
                          field=field)
    return text


def _primary(key: str, also: tuple[str, ...], changed: list[str]) -> str:
    """Where to tell a contradiction: the first of its keys that the house rules changed (a raised minimum is
    told at the minimum, not at the canasta it made too small), else its own key."""
    for candidate in (key, *also):
        if any(c == candidate or c.startswith(candidate + ".") or candidate.startswith(c + ".") for c in changed):
            return candidate
    return key


def _missing(table: Mapping[str, Any]) -> list[RecordError]:
    """What a new entry of a map section lacks (the family's ``entry_needs``): a kind a house rule adds is told
    which key it lacks, not the KeyError the build would raise."""
    return [_error(f"{section}.{entry}.{key}", phrase("a new entry needs %(key)s", key=key))
            for section, keys in family(table["family"]).entry_needs.items() for entry, value in table.get(section, {}).items()
            if isinstance(value, Mapping) for key in keys if key not in value]


def _built_problems(document: dict[str, Any], changed: list[str]) -> list[RecordError]:
    """What the family's hooks say of the merged table, each at its key."""
    table = document["table"]
    variant = Variant(id=table["id"], name=table["name"], family=table["family"], reference=table["reference"],
                      seed=table["seed"], raw=frozen(table), options=())
    hooks = family(table["family"])
    try:
        rules = hooks.build_rules(variant, table, document["options"])
        problems = as_problems(hooks.table_problems(rules))
        cost = hooks.scoring_cost(rules)
    except ScorekeeperError as exc:
        text = str(exc)
        key = text.split(" ", 1)[0].rstrip(":") if "." in text.split(" ", 1)[0] else ""
        return [_error(_primary(key, (), changed) if key else (changed[0] if changed else ""),
                       Phrase("%(text)s", (("text", text),)))]
    except (LookupError, TypeError, ValueError, AttributeError, ArithmeticError):
        # The schema says every shape the rules read (issue 19), so this is a shape it missed: still the house
        # rules' fault, told at what they changed, in the app's words rather than Python's.
        return [_error(_primary(changed[0], (), changed) if changed else "",
                       phrase("these house rules give a value in a shape this variant cannot read"))]
    return [*(_error(_primary(p.field, p.also, changed), p.says) for p in problems),
            *_cost_problems(cost, changed)]


#: The keys that make a canasta scoring dear (rules/canasta/limits.py scoring_cost), the first changed one named.
_COST_KEYS = ("deck.packs", "deck.jokers", "players", "melds", "canastas")


def _cost_problems(cost: float, changed: list[str]) -> list[RecordError]:
    """A table whose scorings cost more than TABLE_COST_MAX is refused (issue 19): a match under it would hold
    fewer than HANDS_AT_LEAST hands within a request's work (rules/work.py), though every number is in range."""
    if cost <= TABLE_COST_MAX:
        return []
    key = next((k for k in _COST_KEYS if any(c == k or c.startswith(k + ".") for c in changed)), "")
    return [_error(key, phrase(
        "a hand under these rules may cost %(cost)s times one under the heaviest shipped table, at most %(most)s "
        "(fewer packs, sides or canasta kinds, or larger melds), so that a match holds at least %(hands)s hands",
        cost=f"{cost:.1f}", most=f"{TABLE_COST_MAX:g}", hands=HANDS_AT_LEAST))]


def house_document(variant_id: str, options: Mapping[str, Any] | None, house: object, *,
                   name: str = "") -> dict[str, Any]:
    """The resolved rules of ``variant_id`` with ``options`` and the house partial ``house`` merged in, checked
    like a shipped table; RecordError (every problem in ``.every``, each on ``rules.<key>``) otherwise."""
    partial, name = _partial(house), _name(name)
    document = resolved(variant_id, options)
    table, errors = copy.deepcopy(document["table"]), list[RecordError]()
    _merge(table, partial, "", errors)
    _raise(errors)
    schema = family(table["family"]).schema
    # a key as the schema tells it; " (patched by …)" follows a key only in an option's patches, never here
    _raise([_error(key.split(" (patched by ", 1)[0], says) for key, says in located(table, schema)])
    found = list(changes(document["table"], table))
    if not found:
        return document
    if len(found) > MAX_CHANGES:
        raise RecordError(f"house rules change at most {MAX_CHANGES} values; these change {len(found)}",
                          field="rules")
    document = {**document, "table": table, "house": {"name": name, "changes": found}}
    _raise(_missing(table))
    _raise(_built_problems(document, [c["key"] for c in found]))
    if len(canonical(document).encode("utf-8")) > MAX_BYTES:
        raise RecordError(f"the rules with these house rules are over {MAX_BYTES} bytes of JSON", field="rules")
    return document


def house_pin(variant_id: str, options: Mapping[str, Any] | None, house: object, *,
              name: str = "") -> tuple[str, str]:
    """``(canonical JSON, SHA-256)`` of :func:`house_document`: what ``matches.create_match`` stores."""
    text = canonical(house_document(variant_id, options, house, name=name))
    return text, digest(text)


def house_rules(variant_id: str, options: Mapping[str, Any] | None, house: object) -> GameRules:
    """The rules object of a variant with house rules (a hand record's ``"rules"``). The checked document is
    remembered by what was asked (a script scoring many hands under one set pays the check once:
    bench/score_bench.py (e)), the rules object by its hash (:func:`.pinned.rules_from_json`)."""
    try:
        asked = canonical([variant_id, options or {}, house])
    except (TypeError, ValueError):              # not JSON: house_pin says what is wrong with it
        return rules_from_json(*house_pin(variant_id, options, house))
    return rules_from_json(*_pinned(asked))


@lru_cache(maxsize=128)
def _pinned(asked: str) -> tuple[str, str]:
    variant_id, options, house = json.loads(asked)
    return house_pin(variant_id, options, house)


@lru_cache(maxsize=256)
def _house_block(text: str) -> str | None:
    block = json.loads(text).get("house")
    return None if block is None else json.dumps(block)


def house_block(rules_text: str | None) -> dict[str, Any] | None:
    """The ``house`` block of a stored rules document (``{"name", "changes"}``), or None (no house rules)."""
    if not rules_text:
        return None
    block = _house_block(rules_text)
    return None if block is None else json.loads(block)


# --- presets ---------------------------------------------------------------------------------------------------

def preset_document(*, name: object, variant: str, options: Mapping[str, Any] | None, house: object) -> dict[str, Any]:
    """A named set of house rules as its shareable file: the partial reduced to the values it changes."""
    text = _name(name, "name")
    if not text:
        raise RecordError(phrase("give the house rules a name"), field="name")
    document = house_document(variant, options, house, name=text)
    found = document.get("house", {}).get("changes", [])
    return {"format": PRESET_FORMAT, "format_version": PRESET_VERSION, "name": text, "variant": document["id"],
            "options": document["options"], "rules": unflat({c["key"]: c["house"] for c in found})}


def read_preset(data: object) -> dict[str, Any]:
    """A decoded preset file checked and normalised as :func:`preset_document` returns it."""
    if not isinstance(data, dict):
        raise RecordError("a house-rules file is a JSON object", field="format")
    if data.get("format") != PRESET_FORMAT or data.get("format_version") != PRESET_VERSION \
            or isinstance(data.get("format_version"), bool):
        raise RecordError(f"expected \"format\": \"{PRESET_FORMAT}\", \"format_version\": {PRESET_VERSION}",
                          field="format")
    if unknown := sorted(set(data) - set(PRESET_KEYS)):
        raise RecordError(f"unknown field {unknown[0]!r}", field=unknown[0])
    if not isinstance(data.get("variant"), str):
        raise RecordError("the variant must be a name such as \"diszitett\"", field="variant")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise RecordError("options must be an object of option names to choices", field="options")
    return preset_document(name=data.get("name"), variant=data["variant"], options=options,
                           house=data.get("rules", {}))
