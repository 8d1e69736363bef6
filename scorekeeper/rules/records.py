"""What every family's record shares: the dispatch to a family's reader and scorer, the rules a record names, its sides
and totals, and the JSON shapes they are read from. Malformed input raises :class:`RecordError` naming the field.

A family's own reader (:mod:`scorekeeper.rules.canasta.record`, :mod:`scorekeeper.rules.keltis.record`) builds
its record from these; whether the hand is *possible* is its scorer's job, which returns problems instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Literal, Mapping, Protocol, TypeVar, overload

from scorekeeper.rules import bounds
from scorekeeper.rules.errors import RecordError
from scorekeeper.rules.tables.house import house_rules
from scorekeeper.rules.tables.families import GameRecord, GameResult, GameRules, family
from scorekeeper.rules.tables.variants import default_variant, get_variant, registry


def parse_record(data: Any, rules: Any = None) -> GameRecord:
    """Read a record as decoded from JSON (see the CLI contract in the README).

    The variant's family decides the format (:data:`~scorekeeper.rules.tables.families.FAMILIES`): a known variant of
    another family goes to that family's ``parse_record`` hook; everything else is read by the family of the house
    game (:func:`~.tables.variants.default_variant`: canasta), which also reports a missing or unknown variant. Given ``rules`` (a match's pinned rules), the record is read
    under them and its own ``variant``/``options`` are not looked up in today's tables.
    """
    if rules is None:
        variant_id = data.get("variant") if isinstance(data, dict) else None
        variant = registry().get(variant_id) if isinstance(variant_id, str) else None
        name = (variant or get_variant(default_variant())).family
    else:
        name = rules.family
    parsed: GameRecord = family(name).parse_record(data, rules)
    return parsed


def score_hand(record: GameRecord) -> GameResult:
    """Verify a parsed record and score it, by its variant's family. Never raises for rule violations."""
    result: GameResult = family(record.rules.family).score_hand(record)
    return result


def record_rules(data: Mapping[str, Any], example: str, rules: GameRules | None = None) -> GameRules:
    """The rules a record names by ``variant`` and ``options``; either one malformed is a RecordError on it.
    ``rules`` already built (a match's pinned rules) are the record's rules, whatever it names."""
    if rules is not None:
        return rules
    variant_id = data.get("variant")
    if not isinstance(variant_id, str):
        raise RecordError(f"the record needs a variant, such as \"{example}\"", field="variant")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise RecordError("options must be an object of option names to choices", field="options")
    bad = bounds.bad_json(options)
    if bad:
        raise RecordError(bad[1], field=f"options.{bad[0]}")
    if data.get("rules") is not None:                # house rules over the variant (rules/house.py)
        get_variant(variant_id).rules(options)
        return house_rules(variant_id, options, data["rules"])
    return get_variant(variant_id).rules(options)


class _Named(Protocol):
    @property
    def name(self) -> str: ...


RulesT = TypeVar("RulesT")
SideT = TypeVar("SideT", bound=_Named)


def _names(parsed: tuple[_Named, ...]) -> set[str]:
    return {s.name for s in parsed}


def record_sides(data: Mapping[str, Any], rules: RulesT, parse_side: Callable[[RulesT, Any, int], SideT], *,
                 who: str, known_who: str = "", known: Callable[[tuple[SideT, ...]], set[str]] = _names
                 ) -> tuple[tuple[SideT, ...], dict[str, int]]:
    """A record's ``sides`` (each read by ``parse_side(rules, side, index)``, names unique) and its
    ``totals_before`` (names from ``known(parsed)`` to whole numbers). ``who`` names a side in messages,
    ``known_who`` what a name in totals_before may be."""
    sides = data.get("sides")
    if not isinstance(sides, list) or not sides:
        raise RecordError(f"the record needs a list of sides, one per {who}", field="sides")
    bounds.at_most(sides, bounds.SIDES_MAX, "sides")
    parsed = tuple(parse_side(rules, s, i) for i, s in enumerate(sides))
    names = [s.name for s in parsed]
    if len(set(names)) != len(names):
        raise RecordError(f"two {who}s share a name", field="sides")
    totals = data.get("totals_before", {})
    if not isinstance(totals, dict):
        raise RecordError("totals_before must be an object of names to points", field="totals_before")
    bounds.at_most(totals, bounds.SIDES_MAX * bounds.PLAYERS_MAX, "totals_before")
    allowed = known(parsed)
    for key, value in totals.items():
        if key not in allowed:
            raise RecordError(f"{key!r} is not a {known_who or who} of this record; totals_before is kept by "
                              f"{known_who or who}: {', '.join(sorted(allowed))}", field=f"totals_before.{key}")
        whole_number(value, f"totals_before.{key}", minimum=None, most=bounds.TOTAL_MAX)
    return parsed, dict(totals)


@overload
def whole_number(value: object, field: str, *, minimum: int | None = 0, most: int = bounds.TOTAL_MAX,
                 allow_none: Literal[False] = False) -> int: ...
@overload
def whole_number(value: object, field: str, *, minimum: int | None = 0, most: int = bounds.TOTAL_MAX,
                 allow_none: bool) -> int | None: ...
def whole_number(value: object, field: str, *, minimum: int | None = 0, most: int = bounds.TOTAL_MAX,
                 allow_none: bool = False) -> int | None:
    """A whole number in ``minimum``…``most`` (``minimum`` None: down to ``-most``); see :mod:`scorekeeper.rules.bounds`."""
    if value is None and allow_none:
        return None
    return bounds.whole(value, field, least=-most if minimum is None else minimum, most=most)


def json_object(value: object, field: str, allowed: set[str]) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise RecordError(f"expected an object, got {type(value).__name__}", field=field)
    if unknown := sorted(set(value) - allowed):
        raise RecordError(f"unknown field {unknown[0]!r}; fields are: {', '.join(sorted(allowed))}",
                          field=f"{field}.{unknown[0]}" if field else unknown[0])
    return value


def side_names(data: Mapping[str, Any], field: str, *, who: str = "side") -> tuple[str, list[str]]:
    """A side's ``name`` and ``players``: valid UTF-8 text of bounded length, players unique."""
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        raise RecordError(f"every {who} needs a name", field=f"{field}.name")
    # Valid UTF-8 only: control characters are refused where a match is created, and a match made before that
    # (a tab in a pasted name) must still take and replay its hands.
    bounds.text(name, f"{field}.name", most=bounds.NAME_MAX)
    players = data.get("players", [name])
    if not isinstance(players, list) or not players or not all(isinstance(p, str) and p for p in players):
        raise RecordError("players must be a list of names", field=f"{field}.players")
    bounds.at_most(players, bounds.PLAYERS_MAX, f"{field}.players")
    for k, player in enumerate(players):
        bounds.text(player, f"{field}.players[{k}]", most=bounds.NAME_MAX)
    if len(set(players)) != len(players):
        raise RecordError("a player is listed twice", field=f"{field}.players")
    return name, players
