"""Reading a Keltis record: the notation of rows, grey rows and wishing stones, and every player's final table
(the family's ``parse_record`` hook). Malformed input raises :class:`RecordError` naming the field and token."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from scorekeeper.rules import bounds
from scorekeeper.rules.errors import RecordError
from scorekeeper.rules.phrases import phrase
from scorekeeper.rules.records import json_object, record_rules, record_sides, side_names, whole_number
from scorekeeper.rules.keltis.limits import KeltisLimits, keltis_limits
from scorekeeper.rules.keltis.table import KeltisRules

NUMBER, GREY, CLOSING = "number", "grey", "closing"
_SPLIT = re.compile(r"[\s,]+")
_NUMBER_TOKEN = re.compile(r"\d{1,2}")
_GREY_TOKEN = re.compile(r"G(\d{1,2})")
_STONE_TOKEN = re.compile(r"-?[0-9]{1,2}")
_TOP_FIELDS = {"variant", "options", "rules", "totals_before", "sides"}
_SIDE_FIELDS = {"name", "players", "rows", "grey", "stones"}


@dataclass(frozen=True, slots=True)
class RowCard:
    """One card of a colour row: a number card, a grey point card laid on the row, or a closing card."""

    kind: str
    value: int | None = None

    def __str__(self) -> str:
        if self.kind == CLOSING:
            return "X"
        return f"G{self.value}" if self.kind == GREY else str(self.value)

    def label(self, colour: str) -> str:
        """How problems name the card: ``green 5``, ``green X`` (closing), ``G5`` (grey, whatever row it is on)."""
        return str(self) if self.kind == GREY else f"{colour} {self}"


def _tokens(value: object, field: str, what: str, most: int | None = None) -> list[str]:
    """The tokens of a row given as text or as a list; the text's length and the token count (``most``, a deck's
    worth by default) are bounded before anything is converted."""
    most = most if most is not None else bounds.NOTATION_MAX
    if isinstance(value, list) and all(isinstance(v, (str, int)) and not isinstance(v, bool) for v in value):
        bounds.at_most(value, most, field)
        if any(isinstance(v, int) and not -100 < v < 100 for v in value):
            raise RecordError(f"expected {what}", field=field)
        value = " ".join(str(v) for v in value)
    if not isinstance(value, str):
        raise RecordError(f"expected {what}, got {bounds._short(value)!r}", field=field)
    tokens = [t for t in _SPLIT.split(bounds.notation(value, field).strip()) if t]
    bounds.at_most(tokens, most, field)
    return tokens


def parse_row(rules: KeltisRules, value: object, field: str = "row") -> tuple[RowCard, ...]:
    """A colour row as laid: ``"10 9 8 G8 7 X"``. A token that is no card raises RecordError naming it."""
    cards = []
    for n, token in enumerate(_tokens(value, field, 'a colour row as text such as "0 1 2 3 X"',
                                      keltis_limits(rules).cards), start=1):
        text = token.upper()
        grey = _GREY_TOKEN.fullmatch(text)
        if text == "X":
            cards.append(RowCard(CLOSING))
        elif grey and int(grey.group(1)) in rules.grey_values:
            cards.append(RowCard(GREY, int(grey.group(1))))
        elif _NUMBER_TOKEN.fullmatch(text) and int(text) in rules.number_copies:
            cards.append(RowCard(NUMBER, int(text)))
        else:
            raise RecordError(phrase(
                "%(token)r (card %(number)s) is not a card of a colour row: write %(numbers)s for number cards, X "
                "for a closing card, G%(greys)s for a grey point card", token=token, number=n,
                numbers=_span(rules.number_values), greys=_span(rules.grey_values)), field=field)
    return tuple(cards)


def parse_grey_row(rules: KeltisRules, value: object, field: str = "grey") -> tuple[int, ...]:
    """The neutral grey row: values of the point cards in it (``"3 5 2"``; ``G3`` is read as 3 too)."""
    out = []
    for n, token in enumerate(_tokens(value, field, 'the grey row as text such as "3 5 2"',
                                      keltis_limits(rules).cards), start=1):
        text = token.upper().removeprefix("G")
        if not (_NUMBER_TOKEN.fullmatch(text) and int(text) in rules.grey_values):
            raise RecordError(phrase(
                "%(token)r (card %(number)s) is not a grey point card: the grey row holds the values %(greys)s",
                token=token, number=n, greys=_span(rules.grey_values)), field=field)
        out.append(int(text))
    return tuple(out)


def parse_stones(value: object, field: str = "stones", most: int = 9) -> tuple[int, ...]:
    """Wishing stones as a list of whole numbers (or text ``"1 2 3"``), at most ``most`` (the game's stones).
    Values of two digits at most are read; whether the game has that stone is checked as a problem."""
    limit = KeltisLimits(cards=0, stones=most).stone_value
    if isinstance(value, str):
        tokens = [t for t in _SPLIT.split(bounds.notation(value, field).strip()) if t]
        if bad := next((t for t in tokens if not _STONE_TOKEN.fullmatch(t)), None):
            raise RecordError(phrase("%(token)r is not a wishing stone; stones are values such as [1, 4, 9]",
                                     token=bounds._short(bad)), field=field)
        bounds.at_most(tokens, most, field)
        return tuple(int(t) for t in tokens)
    if not isinstance(value, list):
        raise RecordError(f"expected a list of wishing stones such as [1, 4, 9], got {bounds._short(value)!r}",
                          field=field)
    bounds.at_most(value, most, field)
    return tuple(whole_number(v, f"{field}[{k}]", minimum=None, most=limit) for k, v in enumerate(value))


def _span(values: Iterable[int]) -> str:
    values = sorted(values)
    return f"{values[0]}–{values[-1]}" if values == list(range(values[0], values[-1] + 1)) else \
        ", ".join(map(str, values))


@dataclass(frozen=True, kw_only=True, slots=True)
class PlayerTable:
    """One player's table at the end of the game."""

    name: str
    players: tuple[str, ...]
    rows: Mapping[str, tuple[RowCard, ...]]    # by colour name (results' names), only the rows given
    row_fields: Mapping[str, str]              # by colour name: where the row sits in the record
    grey: tuple[int, ...]
    stones: tuple[int, ...]


@dataclass(frozen=True, kw_only=True, slots=True)
class KeltisRecord:
    rules: KeltisRules
    sides: tuple[PlayerTable, ...]
    totals_before: Mapping[str, int]

    @property
    def variant(self) -> str:
        return self.rules.id


def _side(rules: KeltisRules, value: object, i: int) -> PlayerTable:
    field = f"sides[{i}]"
    data = json_object(value, field, _SIDE_FIELDS)
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        raise RecordError("every player needs a name", field=f"{field}.name")
    players = data.get("players", [name])
    if not isinstance(players, list) or len(players) != 1 or not all(isinstance(p, str) and p for p in players):
        raise RecordError("Keltis is played each for themselves: a side is one player (players: [name])",
                          field=f"{field}.players")
    side_names(data, field, who="player")
    raw_rows = data.get("rows", {})
    if not isinstance(raw_rows, dict):
        raise RecordError("rows must be an object of colours to rows, such as {\"green\": \"0 1 2 X\"}",
                          field=f"{field}.rows")
    rows: dict[str, tuple[RowCard, ...]] = {}
    fields: dict[str, str] = {}
    for key, row in raw_rows.items():
        where = f"{field}.rows.{key}"
        colour = rules.colour(str(key))
        if colour is None:
            raise RecordError(f"{key!r} is not a colour; colours are: "
                              + ", ".join(f"{c.name} ({', '.join(c.aliases)})" for c in rules.colours), field=where)
        if colour in rows:
            raise RecordError(f"the {colour} row is given twice ({fields[colour].rsplit('.', 1)[-1]!r} and {key!r})",
                              field=where)
        rows[colour], fields[colour] = parse_row(rules, row, where), where
    return PlayerTable(name=name, players=tuple(players), rows=rows, row_fields=fields,
                       grey=parse_grey_row(rules, data.get("grey", ""), f"{field}.grey"),
                       stones=parse_stones(data.get("stones", []), f"{field}.stones", len(rules.stones)))


def parse_record(data: object, rules: KeltisRules | None = None) -> KeltisRecord:
    """The keltis family's ``parse_record`` hook: every player's final table (see the README); under ``rules``
    when given (a match's pinned rules), else the rules its ``variant`` and ``options`` name."""
    data = json_object(data, "", _TOP_FIELDS)
    found = record_rules(data, "keltis", rules)
    if not isinstance(found, KeltisRules):
        raise RecordError(f"{data['variant']!r} is not a Keltis variant", field="variant")
    parsed, totals = record_sides(data, found, _side, who="player")
    return KeltisRecord(rules=found, sides=parsed, totals_before=totals)
