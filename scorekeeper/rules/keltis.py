"""Keltis, the card game (seed 001_314e6de91354a961.txt, digest section 3): rules, notation, validation, scoring.

The keltis family's hooks (:data:`~scorekeeper.rules.variants.FAMILIES`): :func:`build_rules` turns
``rules_ref/keltis.toml`` with its options applied into frozen :class:`KeltisRules` (:func:`table_problems` lists
what contradicts in them); :func:`parse_record` reads a
record of every player's final table; :func:`score_hand` checks it and scores each player at the end of a game.

Notation (issue 5): a colour row is a string of tokens in the order laid — ``0``…``10`` number cards, ``X`` a
closing card, ``G5`` the grey point card of value 5 laid on the row; the neutral grey row is a string of values;
wishing stones are a list of values 1–9. Malformed input raises :class:`RecordError` naming the field and token;
rule violations come back as :class:`Problem` values, and the result is still filled in.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter, defaultdict
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence

from . import bounds
from .errors import RecordError
from .phrases import Phrase, named, phrase
from .problems import Problem, problem
from .record import _int, _object, record_rules, record_sides, side_names
from .tables import frozen
from .variants import Variant, players_total, total_players_problems

NUMBER, GREY, CLOSING = "number", "grey", "closing"
ASCENDING, DESCENDING = "ascending", "descending"
_SPLIT = re.compile(r"[\s,]+")
_NUMBER_TOKEN = re.compile(r"\d{1,2}")
_GREY_TOKEN = re.compile(r"G(\d{1,2})")
_STONE_TOKEN = re.compile(r"-?[0-9]{1,2}")
_TOP_FIELDS = {"variant", "options", "totals_before", "sides"}
_SIDE_FIELDS = {"name", "players", "rows", "grey", "stones"}


def fold(text: str) -> str:
    """Case and accents do not matter in colour names: ``Rózsaszín`` → ``rozsaszin``."""
    decomposed = unicodedata.normalize("NFKD", text.strip().casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


# --------------------------------------------------------------------------------------------- rules

@dataclass(frozen=True, kw_only=True, slots=True)
class Colour:
    name: str                       # the name results use: green, yellow, red, pink, blue
    aliases: tuple[str, ...]        # also accepted in records (Hungarian names), accents optional


@dataclass(frozen=True, kw_only=True, slots=True)
class KeltisRules:
    """The Keltis table with its options applied. Besides the Keltis numbers it answers what the match service
    reads of any variant (``min_sides``, ``max_sides``, ``players_per_side``, ``score_per``, ``target``,
    :meth:`opening_minimum`)."""

    id: str
    name: str
    family: str
    seed: str
    reference: str
    options: Mapping[str, str]
    min_sides: int
    max_sides: int
    players_per_side: int
    total_players: tuple[int, int]
    score_per: str
    colours: tuple[Colour, ...]
    number_copies: Mapping[int, int]     # per colour (seed 001, digest §3)
    closing_copies: int                  # per colour
    grey_values: tuple[int, ...]
    grey_copies: int
    stones: tuple[int, ...]
    two_player_removed: int
    row_length_points: tuple[int, ...]   # index = row length; the last entry holds for longer rows
    stone_points: tuple[int, ...]        # index = stones held; the last entry holds for more
    grey_card_points: int
    max_closing: int                     # closing cards a row may end with
    length_counts_grey: bool             # K1
    length_counts_closing: bool          # K1
    grey_on_row_point: bool              # K2
    may_start_closed: bool               # K3
    target: int | None = None            # Keltis has no target: each game is scored, a match adds games up

    def opening_minimum(self, total: int) -> None:
        """Keltis has no opening minimum (asked by the match service of every variant)."""
        return None

    def row_points(self, length: int) -> int:
        return self.row_length_points[min(length, len(self.row_length_points) - 1)]

    def stone_score(self, count: int) -> int:
        return self.stone_points[min(count, len(self.stone_points) - 1)]

    @property
    def colour_names(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.colours)

    def colour(self, key: str) -> str | None:
        """The colour a record key names (``zöld``, ``Zold``, ``GREEN`` → ``green``), or None."""
        wanted = fold(key)
        for c in self.colours:
            if wanted in (fold(c.name), *(fold(a) for a in c.aliases)):
                return c.name
        return None

    @property
    def number_values(self) -> tuple[int, ...]:
        return tuple(sorted(self.number_copies))


def build_rules(variant: Variant, data: Mapping[str, Any], chosen: Mapping[str, str]) -> KeltisRules:
    """The keltis family's ``build_rules`` hook."""
    ps, deck, sc, rows = data["players"], data["deck"], data["scoring"], data["rows"]
    return KeltisRules(
        id=variant.id, name=variant.name, family=variant.family, seed=variant.seed,
        reference=variant.reference, options=frozen(chosen),
        min_sides=int(ps["min_sides"]), max_sides=int(ps["max_sides"]),
        players_per_side=int(ps["players_per_side"]), total_players=players_total(ps),
        score_per=ps.get("score_per", "side"),
        colours=tuple(Colour(name=name, aliases=tuple(str(a) for a in c.get("aliases", ())))
                      for name, c in data["colours"].items()),
        number_copies=frozen({int(k): int(v) for k, v in deck["number_copies"].items()}),
        closing_copies=int(deck["closing_copies"]),
        grey_values=tuple(int(v) for v in deck["grey_values"]), grey_copies=int(deck["grey_copies"]),
        stones=tuple(int(v) for v in deck["stones"]), two_player_removed=int(deck.get("two_player_removed", 0)),
        row_length_points=tuple(int(v) for v in sc["row_length"]),
        stone_points=tuple(int(v) for v in sc["stones"]), grey_card_points=int(sc["grey_card"]),
        max_closing=int(rows.get("max_closing", 2)),
        length_counts_grey=bool(rows["length_counts_grey"]),
        length_counts_closing=bool(rows["length_counts_closing"]),
        grey_on_row_point=bool(rows["grey_on_row_point"]), may_start_closed=bool(rows["may_start_closed"]),
        target=None,
    )


def table_problems(r: KeltisRules) -> list[str]:
    """The keltis family's ``table_problems`` hook."""
    problems = []
    if not r.colours:
        problems.append("colours is empty")
    folded = [fold(n) for c in r.colours for n in (c.name, *c.aliases)]
    if len(set(folded)) != len(folded):
        problems.append("two colours share a name or alias")
    if len(r.row_length_points) < 2 or r.row_length_points[0] != 0:
        problems.append("scoring.row_length must start with 0 (no row) and give at least one length")
    if not r.stone_points:
        problems.append("scoring.stones is empty")
    if any(n < 0 for n in r.number_copies.values()) or not r.number_copies:
        problems.append("deck.number_copies needs at least one value, with copies >= 0")
    if r.score_per != "side" or r.players_per_side != 1:
        problems.append("Keltis is played each for themselves: players_per_side = 1, score_per = \"side\"")
    if not 1 <= r.min_sides <= r.max_sides:
        problems.append("players.min_sides must be at least 1 and at most max_sides")
    if r.max_closing < 1:
        problems.append("rows.max_closing must be at least 1")
    return problems + total_players_problems(r)


# --------------------------------------------------------------------------------------------- notation

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


def _tokens(value: Any, field: str, what: str, most: int | None = None) -> list[str]:
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


def parse_row(rules: KeltisRules, value: Any, field: str = "row") -> tuple[RowCard, ...]:
    """A colour row as laid: ``"10 9 8 G8 7 X"``. A token that is no card raises RecordError naming it."""
    cards = []
    for n, token in enumerate(_tokens(value, field, 'a colour row as text such as "0 1 2 3 X"',
                                      bounds.keltis_limits(rules).cards), start=1):
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


def parse_grey_row(rules: KeltisRules, value: Any, field: str = "grey") -> tuple[int, ...]:
    """The neutral grey row: values of the point cards in it (``"3 5 2"``; ``G3`` is read as 3 too)."""
    out = []
    for n, token in enumerate(_tokens(value, field, 'the grey row as text such as "3 5 2"',
                                      bounds.keltis_limits(rules).cards), start=1):
        text = token.upper().removeprefix("G")
        if not (_NUMBER_TOKEN.fullmatch(text) and int(text) in rules.grey_values):
            raise RecordError(phrase(
                "%(token)r (card %(number)s) is not a grey point card: the grey row holds the values %(greys)s",
                token=token, number=n, greys=_span(rules.grey_values)), field=field)
        out.append(int(text))
    return tuple(out)


def parse_stones(value: Any, field: str = "stones", most: int = 9) -> tuple[int, ...]:
    """Wishing stones as a list of whole numbers (or text ``"1 2 3"``), at most ``most`` (the game's stones).
    Values of two digits at most are read; whether the game has that stone is checked as a problem."""
    limit = bounds.KeltisLimits(cards=0, stones=most).stone_value
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
    return tuple(_int(v, f"{field}[{k}]", minimum=None, most=limit) for k, v in enumerate(value))


def _span(values: Iterable[int]) -> str:
    values = sorted(values)
    return f"{values[0]}–{values[-1]}" if values == list(range(values[0], values[-1] + 1)) else \
        ", ".join(map(str, values))


# --------------------------------------------------------------------------------------------- record

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


def _side(rules: KeltisRules, value: Any, i: int) -> PlayerTable:
    field = f"sides[{i}]"
    data = _object(value, field, _SIDE_FIELDS)
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


def parse_record(data: Any, rules: Any = None) -> KeltisRecord:
    """The keltis family's ``parse_record`` hook: every player's final table (see the README); under ``rules``
    when given (a match's pinned rules), else the rules its ``variant`` and ``options`` name."""
    data = _object(data, "", _TOP_FIELDS)
    rules = record_rules(data, "keltis", rules)
    if not isinstance(rules, KeltisRules):
        raise RecordError(f"{data['variant']!r} is not a Keltis variant", field="variant")
    parsed, totals = record_sides(data, rules, _side, who="player")
    return KeltisRecord(rules=rules, sides=parsed, totals_before=totals)


# --------------------------------------------------------------------------------------------- rows

@dataclass(frozen=True, kw_only=True, slots=True)
class RowVerdict:
    """One colour row judged and scored: its length (K1), points by length, grey card points (K2), problems."""

    colour: str
    cards: tuple[RowCard, ...]
    length: int
    length_points: int
    grey_points: int
    direction: str | None
    closing_cards: int
    problems: tuple[Problem, ...]

    @property
    def points(self) -> int:
        return self.length_points + self.grey_points

    @property
    def legal(self) -> bool:
        return not self.problems

    def to_dict(self) -> dict[str, Any]:
        return {"colour": self.colour, "cards": [str(c) for c in self.cards], "length": self.length,
                "length_points": self.length_points, "grey_points": self.grey_points, "points": self.points,
                "direction": self.direction, "closed": self.closing_cards > 0}


def check_row(rules: KeltisRules, colour: str, cards: Sequence[RowCard] | str) -> RowVerdict:
    """Judge and score one colour row laid in the order given (the phone's running row score uses this too).

    Row legality (seed 001, "c)"; digest §3): the first two different values fix the direction, equal values are
    always allowed; a grey card extends a row only on a last card of its value; closing cards only at the end, at
    most two, the second closes the row for good; K3 decides whether a row may start with a closing card.
    """
    if isinstance(cards, str):
        cards = parse_row(rules, cards)
    found: list[Problem] = []
    last: int | None = None          # value of the last number card; a grey card never changes it
    last_card: RowCard | None = None
    direction: str | None = None
    fixed_by = (0, 0)                # the two values that fixed the direction, for the message
    closings: list[tuple[int, RowCard]] = []
    name = lambda c: c.label(colour)    # noqa: E731

    def add(code: str, says: Phrase, *concerned: RowCard) -> None:
        found.append(problem(code, says, [name(c) for c in concerned], head=phrase("%(colour)s row", colour=colour)))

    for n, card in enumerate(cards, start=1):
        if card.kind == CLOSING:
            if not closings and last_card is None and not rules.may_start_closed:
                add("row_starts_closed", phrase(
                    "the %(nth)s card is a closing card, and with row_may_start_closed = no a row needs a number "
                    "card before its first closing card (K3)", nth=n), card)
            if len(closings) >= rules.max_closing:
                add("third_closing_card", phrase(
                    "the %(nth)s card is closing card number %(number)s; a row takes at most %(most)s, the "
                    "%(most_nth)s closes it for good", nth=n, number=len(closings) + 1, most=rules.max_closing,
                    most_nth=rules.max_closing), *(c for _, c in closings), card)
            closings.append((n, card))
            last_card = card
            continue
        if len(closings) >= rules.max_closing:
            add("card_after_second_closing", phrase(
                "the %(nth)s card (%(card)s) comes after the %(most_nth)s closing card, which closed the row for "
                "good", nth=n, card=str(card), most_nth=rules.max_closing), closings[-1][1], card)
        elif closings:
            add("card_after_closing", phrase(
                "the %(nth)s card (%(card)s) comes after a closing card; only a second closing card may follow one",
                nth=n, card=str(card)), closings[-1][1], card)
        elif card.kind == GREY:
            if last is None:
                add("grey_card_mismatch", phrase(
                    "the %(nth)s card is the grey card %(card)s, but a grey card only extends a row whose last card "
                    "has its value, and no number card is before it", nth=n, card=str(card)), card)
            elif card.value != last:
                add("grey_card_mismatch", phrase(
                    "the %(nth)s card is the grey card %(card)s on a last card %(last)s; a grey card only extends a "
                    "row whose last card has the same value", nth=n, card=str(card), last=last), last_card, card)
        if card.kind == NUMBER:
            value = card.value
            if last is not None and value != last:
                going = ASCENDING if value > last else DESCENDING
                if direction is None:
                    direction, fixed_by = going, (last, value)
                elif going != direction:
                    args = {"nth": n, "value": value, "last": last, "first": fixed_by[0], "second": fixed_by[1]}
                    add("direction_broken", phrase(
                        "the %(nth)s card (%(value)s) after %(last)s goes up, but %(first)s then %(second)s made "
                        "the row descending", **args) if going == ASCENDING else phrase(
                        "the %(nth)s card (%(value)s) after %(last)s goes down, but %(first)s then %(second)s made "
                        "the row ascending", **args), last_card, card)
            last = value                 # a wrong card still becomes the last, so one slip is one problem
        last_card = card
    counted = sum(1 for c in cards if c.kind == NUMBER
                  or (c.kind == GREY and rules.length_counts_grey)              # K1
                  or (c.kind == CLOSING and rules.length_counts_closing))       # K1
    greys = sum(1 for c in cards if c.kind == GREY)
    return RowVerdict(colour=colour, cards=tuple(cards), length=counted,
                      length_points=rules.row_points(counted) if cards else 0,
                      grey_points=greys * rules.grey_card_points if rules.grey_on_row_point else 0,   # K2
                      direction=direction, closing_cards=len(closings), problems=tuple(found))


# --------------------------------------------------------------------------------------------- scoring

@dataclass(frozen=True, kw_only=True, slots=True)
class KeltisSideResult:
    name: str
    players: tuple[str, ...]
    rows: tuple[RowVerdict, ...]        # every colour, in the table's order; a row not started scores 0
    grey: tuple[int, ...]
    grey_points: int
    stones: tuple[int, ...]
    stone_points: int
    score: int
    total_before: int
    total: int

    @property
    def rows_points(self) -> int:
        return sum(r.points for r in self.rows)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "players": list(self.players), "score": self.score,
                "total_before": self.total_before, "total": self.total,
                "rows": [r.to_dict() for r in self.rows], "rows_points": self.rows_points,
                "grey": {"cards": list(self.grey), "points": self.grey_points},
                "stones": {"held": list(self.stones), "count": len(self.stones), "points": self.stone_points}}


@dataclass(frozen=True, kw_only=True, slots=True)
class KeltisResult:
    """A scored Keltis game, with the interface every front uses for canasta hands too."""

    rules: KeltisRules
    sides: tuple[KeltisSideResult, ...]
    problems: tuple[Problem, ...]
    hand_winner: tuple[str, ...]               # best score in this game
    winner: str | tuple[str, ...] | None       # best running total after it; several on a tie (seed 001)
    totals: dict[str, int]
    match_over: bool = False                   # no target: a match is a few games added up

    @property
    def ok(self) -> bool:
        return not self.problems

    def to_dict(self) -> dict[str, Any]:
        winner = list(self.winner) if isinstance(self.winner, tuple) else self.winner
        return {"ok": self.ok, "variant": self.rules.id, "family": self.rules.family,
                "options": dict(self.rules.options), "sides": [s.to_dict() for s in self.sides],
                "problems": [p.to_dict() for p in self.problems], "totals": dict(self.totals),
                "hand_winner": list(self.hand_winner), "match_over": self.match_over, "winner": winner}


def _side_result(rules: KeltisRules, record: KeltisRecord, table: PlayerTable) -> KeltisSideResult:
    rows = tuple(check_row(rules, c, table.rows.get(c, ())) for c in rules.colour_names)
    grey_points = len(table.grey) * rules.grey_card_points
    stone_points = rules.stone_score(len(table.stones))
    score = sum(r.points for r in rows) + grey_points + stone_points
    before = record.totals_before.get(table.name, 0)
    return KeltisSideResult(name=table.name, players=table.players, rows=rows, grey=table.grey,
                            grey_points=grey_points, stones=table.stones, stone_points=stone_points, score=score,
                            total_before=before, total=before + score)


def _side_problems(rules: KeltisRules, table: PlayerTable, i: int, result: KeltisSideResult) -> list[Problem]:
    out = []
    for row in result.rows:
        field = table.row_fields.get(row.colour, f"sides[{i}].rows.{row.colour}")
        out += [p.located(side=table.name, field=field) for p in row.problems]
    for stone in table.stones:
        if stone not in rules.stones:
            out.append(problem("stone_out_of_range", phrase(
                "there is no wishing stone %(stone)s; the stones are %(span)s", stone=stone,
                span=_span(rules.stones)), [f"stone {stone}"], head=named(table.name), side=table.name,
                field=f"sides[{i}].stones"))
    return out


def _game_problems(rules: KeltisRules, record: KeltisRecord) -> list[Problem]:
    out = []
    n = len(record.sides)
    if n > rules.max_sides:
        out.append(problem("too_many_players", phrase(
            "%(count)s players are recorded; Keltis is played by at most %(most)s", count=n, most=rules.max_sides),
            field="sides"))
    elif n < rules.min_sides:
        out.append(problem("too_few_players", phrase(
            "%(count)s player recorded; Keltis is played by at least %(least)s", count=n, least=rules.min_sides)
            if n == 1 else phrase(
            "%(count)s players recorded; Keltis is played by at least %(least)s", count=n, least=rules.min_sides),
            field="sides"))
    # Deck conservation across all players (digest §3): number and closing cards per colour, grey cards 0-10
    # once each whether they lie in a grey row or on a colour row.
    seen: dict[tuple[Any, ...], list[tuple[str, str]]] = defaultdict(list)
    for table in record.sides:
        for colour, cards in table.rows.items():
            for card in cards:
                key = ("grey", card.value) if card.kind == GREY else (card.kind, colour, card.value)
                seen[key].append((table.name, card.label(colour)))
        for value in table.grey:
            seen[("grey", value)].append((table.name, f"G{value}"))
    for key, holders in seen.items():
        kind = key[0]
        limit = (rules.grey_copies if kind == GREY else rules.closing_copies if kind == CLOSING
                 else rules.number_copies.get(key[2], 0))
        if len(holders) <= limit:
            continue
        args = {"most": limit, "count": len(holders),
                "where": ", ".join(f"{who} {k}" for who, k in Counter(w for w, _ in holders).items())}
        if kind == GREY:
            says = (phrase("the deck holds %(most)s copy of the grey %(value)s, but the tables show %(count)s "
                           "(%(where)s)", value=key[1], **args) if limit == 1 else
                    phrase("the deck holds %(most)s copies of the grey %(value)s, but the tables show %(count)s "
                           "(%(where)s)", value=key[1], **args))
        elif kind == CLOSING:
            says = (phrase("the deck holds %(most)s copy of the %(colour)s closing card, but the tables show "
                           "%(count)s (%(where)s)", colour=key[1], **args) if limit == 1 else
                    phrase("the deck holds %(most)s copies of the %(colour)s closing card, but the tables show "
                           "%(count)s (%(where)s)", colour=key[1], **args))
        else:
            says = (phrase("the deck holds %(most)s copy of the %(colour)s %(value)s, but the tables show "
                           "%(count)s (%(where)s)", colour=key[1], value=key[2], **args) if limit == 1 else
                    phrase("the deck holds %(most)s copies of the %(colour)s %(value)s, but the tables show "
                           "%(count)s (%(where)s)", colour=key[1], value=key[2], **args))
        out.append(problem("too_many_copies", says, [label for _, label in holders], field="sides"))
    stones: dict[int, list[str]] = defaultdict(list)
    for table in record.sides:
        for stone in table.stones:
            if stone in rules.stones:
                stones[stone].append(table.name)
    for stone, holders in sorted(stones.items()):
        if len(holders) > 1:
            says = (phrase("there is one wishing stone %(stone)s, but %(side)s lists it %(count)s times",
                           stone=stone, side=holders[0], count=len(holders)) if len(set(holders)) == 1 else
                    phrase("there is one wishing stone %(stone)s, but it is held by %(names)s", stone=stone,
                           names=list(dict.fromkeys(holders))))
            out.append(problem("stone_held_twice", says,
                               [f"stone {stone}"] * len(holders),
                               side=holders[0] if len(set(holders)) == 1 else None, field="sides"))
    return out



def _top(scores: Mapping[str, int]) -> tuple[str, ...]:
    best = max(scores.values())
    return tuple(n for n, s in scores.items() if s == best)


def score_hand(record: KeltisRecord) -> KeltisResult:
    """The keltis family's ``score_hand`` hook: judge every table and score the game. Never raises for rule
    violations; with problems the result is still filled in, ``ok`` is false and there is no winner."""
    rules = record.rules
    sides, problems = [], []
    for i, table in enumerate(record.sides):
        result = _side_result(rules, record, table)
        problems += _side_problems(rules, table, i, result)
        sides.append(result)
    problems += _game_problems(rules, record)
    totals = {s.name: s.total for s in sides}
    leaders = _top(totals)
    winner = None if problems else leaders[0] if len(leaders) == 1 else leaders    # a tie: several winners
    return KeltisResult(rules=rules, sides=tuple(sides), problems=tuple(problems),
                        hand_winner=_top({s.name: s.score for s in sides}), winner=winner, totals=totals)
