"""Parsing a hand record (JSON-shaped data) into frozen values; malformed input raises :class:`RecordError`.

Parsing only checks shape and notation. Whether the hand is *possible* is :mod:`scoring`'s job, which
returns problems instead of raising.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any, Callable, Mapping, TypeVar

from scorekeeper.rules import bounds
from scorekeeper.rules.canasta.limits import CanastaLimits, canasta_limits
from scorekeeper.rules.cards import NOTATION_HELP, Card, parse_cards, unreadable_tokens
from scorekeeper.rules.errors import NotationError, RecordError
from scorekeeper.rules.phrases import phrase
from scorekeeper.rules.canasta.summary import SUMMARY_FIELDS, SideSummary, parse_summary
from scorekeeper.rules.canasta.rules import Rules
from scorekeeper.rules.records import json_object, record_rules, record_sides, side_names, whole_number

OUT_CHOICES = ("none", "out", "concealed", "table_clear")
_SIDE_FIELDS = {"name", "players", "melds", "red_threes", "twins", "out", "pile_size", "hand", "penalties",
                *SUMMARY_FIELDS, *("double_out", "black_threes_taken")}   # seed 003 §7 (S7, S25)
_TOP_FIELDS = {"variant", "options", "rules", "totals_before", "sides", "hand_number"}   # hand_number: seed 003 §7 (S20)
#: Unreadable cards of one record reported at once; more are typed only on purpose, and the list stays short.
TYPOS_MAX = 20


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
    double_out: bool = False               # the partner of who went out emptied his hand too (seed 003, S7)
    black_threes_taken: int = 0            # black threes taken with the pile and set aside (Cuban, S25)

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
    hand_number: int | None = None         # this hand's number in its match, 1-based (seed 003 §7, S20)

    @property
    def variant(self) -> str:
        return self.rules.id


def _cards(value: object, field: str, most: int = bounds.NOTATION_MAX,
           typos: list[RecordError] | None = None) -> tuple[Card, ...] | None:
    """Cards as text or as a list of tokens; the text's length and the card count are bounded before and after
    the tokens are read (``most`` cards). With ``typos``, each unreadable token is added there (at most
    :data:`TYPOS_MAX` in all) and None returned, so the record's other card fields are still read."""
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        bounds.at_most(value, most, field)
        value = " ".join(value)
    if not isinstance(value, str):
        raise RecordError(f"expected cards as text such as \"K K 2\", got {bounds._short(value)!r}", field=field)
    bounds.notation(value, field)
    try:
        cards = parse_cards(value)
    except NotationError as exc:
        bad = unreadable_tokens(value)
        if typos is None or not bad:
            raise RecordError(exc.says or str(exc), field=field) from None
        typos += [RecordError(phrase("%(token)r (card %(position)s) is not a card", token=token,
                                     position=position), field=field) for position, token in bad[:TYPOS_MAX - len(typos)]]
        return None
    bounds.cards_at_most(len(cards), most, field)
    return cards


T = TypeVar("T")


def _by_player(value: object, field: str, players: tuple[str, ...], parse: Callable[[object, str], T]) -> dict[str, T]:
    """A per-side value, or an object keyed by the side's players."""
    if isinstance(value, dict):
        bounds.at_most(value, len(players), field)
        out: dict[str, T] = {}
        for player, v in value.items():
            if player not in players:
                raise RecordError(f"{player!r} is not a player of this side ({', '.join(players)})",
                                  field=f"{field}.{player}")
            out[player] = parse(v, f"{field}.{player}")
        return out
    return {"": parse(value, field)}


def _penalty(rules: Rules, value: object, field: str) -> Penalty:
    data = json_object(value, field, {"code", "points", "label"})
    code = data.get("code")
    if not isinstance(code, str) or not code:
        raise RecordError("a penalty needs a code such as \"out_of_turn_meld\"", field=f"{field}.code")
    bounds.text(code, f"{field}.code", most=bounds.LABEL_MAX, single_line=True)
    if isinstance(data.get("label"), str):
        bounds.text(data["label"], f"{field}.label", most=bounds.LABEL_MAX, single_line=True)
    known = rules.penalties.get(code)
    if "points" not in data and known is None:
        raise RecordError(f"unknown penalty {code!r} needs its points; known penalties: "
                          + (", ".join(rules.penalties) or "none"), field=f"{field}.points")
    points = whole_number(data.get("points", known[1] if known else 0), f"{field}.points", minimum=None,
                  most=bounds.PENALTY_POINTS_MAX)
    label = data.get("label") or (known[0] if known else code)
    return Penalty(code=code, points=points, label=str(label))


def _melds(data: Mapping[str, Any], field: str, limits: CanastaLimits,
           typos: list[RecordError]) -> list[tuple[Card, ...]]:
    """The side's melds; their count and the side's cards in all of them are bounded by the deck, checked as
    they are read, so a huge record is refused after one deck's worth of cards."""
    melds = data.get("melds", [])
    if not isinstance(melds, list):
        raise RecordError("melds must be a list, one entry per meld", field=f"{field}.melds")
    bounds.at_most(melds, limits.melds, f"{field}.melds")
    parsed, left = [], limits.cards
    for j, meld in enumerate(melds):
        cards = _cards(meld, f"{field}.melds[{j}]", most=left, typos=typos)
        if cards is None:
            continue
        if not cards:
            raise RecordError("a meld needs cards", field=f"{field}.melds[{j}]")
        parsed.append(cards)
        left -= len(cards)
    return parsed


def _side(rules: Rules, value: object, i: int, *, typos: list[RecordError]) -> SideRecord:
    field = f"sides[{i}]"
    data = json_object(value, field, _SIDE_FIELDS)
    name, players = side_names(data, field)
    limits = canasta_limits(rules)
    parsed_melds = _melds(data, field, limits, typos)
    out = data.get("out", "none")
    if out not in OUT_CHOICES:
        raise RecordError(f"{out!r} is not a way to end; choose one of: {', '.join(OUT_CHOICES)}",
                          field=f"{field}.out")
    penalties = data.get("penalties", [])
    if not isinstance(penalties, list):
        raise RecordError("penalties must be a list", field=f"{field}.penalties")
    bounds.at_most(penalties, bounds.PENALTIES_MAX, f"{field}.penalties")
    players_t = tuple(players)
    red = _by_player(data.get("red_threes", 0), f"{field}.red_threes", players_t,
                     lambda v, f: whole_number(v, f, most=limits.red_threes))
    bounds.whole(sum(red.values()), f"{field}.red_threes", least=0, most=limits.red_threes)
    held = limits.cards - sum(map(len, parsed_melds))
    hand = _by_player(data.get("hand", ""), f"{field}.hand", players_t,
                      lambda v, f: _cards(v, f, most=max(held, 0), typos=typos) or ())
    bounds.cards_at_most(sum(map(len, hand.values())), held, f"{field}.hand")
    return SideRecord(
        name=name, players=players_t, melds=tuple(parsed_melds),
        red_threes={(k or players_t[0]): v for k, v in red.items()},
        twins=whole_number(data.get("twins", 0), f"{field}.twins", most=limits.twins), out=out,
        pile_size=whole_number(data.get("pile_size"), f"{field}.pile_size", most=limits.pile_size, allow_none=True),
        hand=hand,
        penalties=tuple(_penalty(rules, p, f"{field}.penalties[{k}]") for k, p in enumerate(penalties)),
        summary=_summary(rules, data, field, limits),
        **_classic_side_fields(data, field, limits),
    )


def _classic_side_fields(data: Mapping[str, Any], field: str, limits: CanastaLimits) -> dict[str, Any]:
    """Seed 003's side fields (SEED003_DIGEST.md §7): ``double_out`` (true or false) and ``black_threes_taken``
    (a whole number up to the deck's black threes). Whether the variant has them is scoring's question."""
    double = data.get("double_out", False)
    if not isinstance(double, bool):
        raise RecordError(f"double_out must be true or false, not {bounds._short(double)!r}",
                          field=f"{field}.double_out")
    taken = whole_number(data.get("black_threes_taken", 0), f"{field}.black_threes_taken", most=limits.red_threes)
    return {"double_out": double, "black_threes_taken": taken}


def _summary(rules: Rules, data: Mapping[str, Any], field: str, limits: CanastaLimits) -> SideSummary | None:
    if not any(k in data for k in SUMMARY_FIELDS):
        return None
    if both := [k for k in ("melds", "hand") if k in data]:
        raise RecordError("a side is entered either card by card (melds, hand) or as a summary (canastas, "
                          "melded_points, hand_points), not both", field=f"{field}.{both[0]}")
    return parse_summary(rules, data, field, whole_number, limits)


def parse_canasta_record(data: object, rules: Rules | None = None) -> HandRecord:
    """The canasta family's ``parse_record`` hook: a hand record of melds, red threes, going out and hands
    (under ``rules`` when given, else the rules its ``variant`` and ``options`` name)."""
    data = json_object(data, "", _TOP_FIELDS)
    found = record_rules(data, "diszitett", rules)
    if not isinstance(found, Rules):            # only when called directly: parse_record sends keltis elsewhere
        raise RecordError(f"{found.id!r} is not a canasta variant", field="variant")
    rules = found
    typos: list[RecordError] = []
    side = partial(_side, typos=typos)
    # Totals are kept by what the variant scores: per side, or per player in the cutthroat form, whose sides
    # change every hand. Any other name would be read and then never looked up (a partner's total dropped).
    if rules.score_per == "player":
        parsed, totals = record_sides(data, rules, side, who="side", known_who="player",
                                      known=lambda sides: {p for s in sides for p in s.players})
    else:
        parsed, totals = record_sides(data, rules, side, who="side")
    if typos:        # every unreadable card of the record at once, each at its field, the notation said once
        raise RecordError(typos[0].says or typos[0].reason, field=typos[0].field, errors=tuple(typos),
                          help=NOTATION_HELP)
    number = data.get("hand_number")
    number = None if number is None else whole_number(number, "hand_number", minimum=1, most=bounds.TOTAL_MAX)
    return HandRecord(rules=rules, sides=parsed, totals_before=totals, hand_number=number)
