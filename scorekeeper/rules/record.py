"""Parsing a hand record (JSON-shaped data) into frozen values; malformed input raises :class:`RecordError`.

Parsing only checks shape and notation. Whether the hand is *possible* is :mod:`scoring`'s job, which
returns problems instead of raising.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from .cards import Card, parse_cards
from .errors import NotationError, RecordError
from .phrases import phrase
from .summary import SUMMARY_FIELDS, SideSummary, parse_summary
from .variants import Rules, family, get_variant, registry

OUT_CHOICES = ("none", "out", "concealed", "table_clear")
_SIDE_FIELDS = {"name", "players", "melds", "red_threes", "twins", "out", "pile_size", "hand", "penalties",
                *SUMMARY_FIELDS}
_TOP_FIELDS = {"variant", "options", "totals_before", "sides"}


@dataclass(frozen=True, kw_only=True, slots=True)
class Penalty:
    code: str
    points: int
    label: str


@dataclass(frozen=True, kw_only=True, slots=True)
class SideRecord:
    name: str
    players: tuple[str, ...]
    melds: tuple[tuple[Card, ...], ...]
    red_threes: Mapping[str, int]          # by player; a side-wide count sits under the side's first player
    twins: int
    out: str
    pile_size: int | None
    hand: Mapping[str, tuple[Card, ...]]   # by player, or under "" when the side gave one combined hand
    penalties: tuple[Penalty, ...]
    summary: SideSummary | None = None     # set when the side was entered as counts, not card by card

    @property
    def red_three_count(self) -> int:
        return sum(self.red_threes.values())

    @property
    def hand_cards(self) -> tuple[Card, ...]:
        return tuple(c for cards in self.hand.values() for c in cards)

    @property
    def went_out(self) -> bool:
        return self.out != "none"


@dataclass(frozen=True, kw_only=True, slots=True)
class HandRecord:
    rules: Rules
    sides: tuple[SideRecord, ...]
    totals_before: Mapping[str, int]       # by side name, or by player when the variant scores per player

    @property
    def variant(self) -> str:
        return self.rules.id


def _int(value: Any, field: str, *, minimum: int | None = 0, allow_none: bool = False) -> int | None:
    if value is None and allow_none:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(phrase("expected a whole number, got %(value)r", value=value), field=field)
    if minimum is not None and value < minimum:
        raise RecordError(phrase("must be at least %(least)s, got %(value)s", least=minimum, value=value),
                          field=field)
    return value


def _cards(value: Any, field: str) -> tuple[Card, ...]:
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        value = " ".join(value)
    if not isinstance(value, str):
        raise RecordError(f"expected cards as text such as \"K K 2\", got {value!r}", field=field)
    try:
        return parse_cards(value)
    except NotationError as exc:
        raise RecordError(exc.says or str(exc), field=field) from None


def _object(value: Any, field: str, allowed: set[str]) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise RecordError(f"expected an object, got {type(value).__name__}", field=field)
    if unknown := sorted(set(value) - allowed):
        raise RecordError(f"unknown field {unknown[0]!r}; fields are: {', '.join(sorted(allowed))}",
                          field=f"{field}.{unknown[0]}" if field else unknown[0])
    return value


def _by_player(value: Any, field: str, players: tuple[str, ...], parse) -> dict[str, Any]:
    """A per-side value, or an object keyed by the side's players."""
    if isinstance(value, dict):
        out = {}
        for player, v in value.items():
            if player not in players:
                raise RecordError(f"{player!r} is not a player of this side ({', '.join(players)})",
                                  field=f"{field}.{player}")
            out[player] = parse(v, f"{field}.{player}")
        return out
    return {"": parse(value, field)}


def _penalty(rules: Rules, value: Any, field: str) -> Penalty:
    data = _object(value, field, {"code", "points", "label"})
    code = data.get("code")
    if not isinstance(code, str) or not code:
        raise RecordError("a penalty needs a code such as \"out_of_turn_meld\"", field=f"{field}.code")
    known = rules.penalties.get(code)
    if "points" not in data and known is None:
        raise RecordError(f"unknown penalty {code!r} needs its points; known penalties: "
                          + (", ".join(rules.penalties) or "none"), field=f"{field}.points")
    points = _int(data.get("points", known[1] if known else 0), f"{field}.points", minimum=None)
    label = data.get("label") or (known[0] if known else code)
    return Penalty(code=code, points=points, label=str(label))


def _side(rules: Rules, value: Any, i: int) -> SideRecord:
    field = f"sides[{i}]"
    data = _object(value, field, _SIDE_FIELDS)
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        raise RecordError("every side needs a name", field=f"{field}.name")
    players = data.get("players", [name])
    if not isinstance(players, list) or not players or not all(isinstance(p, str) and p for p in players):
        raise RecordError("players must be a list of names", field=f"{field}.players")
    if len(set(players)) != len(players):
        raise RecordError("a player is listed twice", field=f"{field}.players")
    melds = data.get("melds", [])
    if not isinstance(melds, list):
        raise RecordError("melds must be a list, one entry per meld", field=f"{field}.melds")
    parsed_melds = []
    for j, meld in enumerate(melds):
        cards = _cards(meld, f"{field}.melds[{j}]")
        if not cards:
            raise RecordError("a meld needs cards", field=f"{field}.melds[{j}]")
        parsed_melds.append(cards)
    out = data.get("out", "none")
    if out not in OUT_CHOICES:
        raise RecordError(f"{out!r} is not a way to end; choose one of: {', '.join(OUT_CHOICES)}",
                          field=f"{field}.out")
    penalties = data.get("penalties", [])
    if not isinstance(penalties, list):
        raise RecordError("penalties must be a list", field=f"{field}.penalties")
    players_t = tuple(players)
    red = _by_player(data.get("red_threes", 0), f"{field}.red_threes", players_t, _int)
    return SideRecord(
        name=name, players=players_t, melds=tuple(parsed_melds),
        red_threes={(k or players_t[0]): v for k, v in red.items()},
        twins=_int(data.get("twins", 0), f"{field}.twins"), out=out,
        pile_size=_int(data.get("pile_size"), f"{field}.pile_size", allow_none=True),
        hand=_by_player(data.get("hand", ""), f"{field}.hand", players_t, _cards),
        penalties=tuple(_penalty(rules, p, f"{field}.penalties[{k}]") for k, p in enumerate(penalties)),
        summary=_summary(rules, data, field),
    )


def _summary(rules: Rules, data: Mapping[str, Any], field: str) -> SideSummary | None:
    if not any(k in data for k in SUMMARY_FIELDS):
        return None
    if both := [k for k in ("melds", "hand") if k in data]:
        raise RecordError("a side is entered either card by card (melds, hand) or as a summary (canastas, "
                          "melded_points, hand_points), not both", field=f"{field}.{both[0]}")
    return parse_summary(rules, data, field, _int)


def parse_record(data: Any) -> Any:
    """Read a record as decoded from JSON (see the CLI contract in the README).

    The variant's family decides the format (:data:`~scorekeeper.rules.variants.FAMILIES`): a known variant of
    another family goes to that family's ``parse_record`` hook; everything else is read as a canasta hand, which
    also reports a missing or unknown variant.
    """
    variant_id = data.get("variant") if isinstance(data, dict) else None
    variant = registry().get(variant_id) if isinstance(variant_id, str) else None
    return family(variant.family if variant else "canasta").hook("parse_record")(data)


def record_rules(data: Mapping[str, Any], example: str) -> Any:
    """The rules a record names by ``variant`` and ``options``; either one malformed is a RecordError on it."""
    variant_id = data.get("variant")
    if not isinstance(variant_id, str):
        raise RecordError(f"the record needs a variant, such as \"{example}\"", field="variant")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise RecordError("options must be an object of option names to choices", field="options")
    return get_variant(variant_id).rules(options)


def record_sides(data: Mapping[str, Any], rules: Any, parse_side: Any, *, who: str, known_who: str = "",
                 known: Any = lambda parsed: {s.name for s in parsed}) -> tuple[tuple[Any, ...], dict[str, int]]:
    """A record's ``sides`` (each read by ``parse_side(rules, side, index)``, names unique) and its
    ``totals_before`` (names from ``known(parsed)`` to whole numbers). ``who`` names a side in messages,
    ``known_who`` what a name in totals_before may be."""
    sides = data.get("sides")
    if not isinstance(sides, list) or not sides:
        raise RecordError(f"the record needs a list of sides, one per {who}", field="sides")
    parsed = tuple(parse_side(rules, s, i) for i, s in enumerate(sides))
    names = [s.name for s in parsed]
    if len(set(names)) != len(names):
        raise RecordError(f"two {who}s share a name", field="sides")
    totals = data.get("totals_before", {})
    if not isinstance(totals, dict):
        raise RecordError("totals_before must be an object of names to points", field="totals_before")
    allowed = known(parsed)
    for key, value in totals.items():
        if key not in allowed:
            raise RecordError(f"{key!r} is not a {known_who or who} of this record", field=f"totals_before.{key}")
        _int(value, f"totals_before.{key}", minimum=None)
    return parsed, dict(totals)


def parse_canasta_record(data: Any) -> HandRecord:
    """The canasta family's ``parse_record`` hook: a hand record of melds, red threes, going out and hands."""
    data = _object(data, "", _TOP_FIELDS)
    rules = record_rules(data, "diszitett")
    # A partnership's totals may be kept per side or, in the cutthroat form, per player.
    parsed, totals = record_sides(data, rules, _side, who="side", known_who="side or player",
                                  known=lambda sides: {s.name for s in sides} | {p for s in sides for p in s.players})
    return HandRecord(rules=rules, sides=parsed, totals_before=totals)
