"""One colour row judged and scored: the order of its cards, its length (K1), points by length and the grey
cards laid on it (K2)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from scorekeeper.rules.phrases import Phrase, phrase
from scorekeeper.rules.problems import Problem, problem
from scorekeeper.rules.keltis.record import CLOSING, GREY, NUMBER, RowCard, parse_row
from scorekeeper.rules.keltis.table import KeltisRules

ASCENDING, DESCENDING = "ascending", "descending"


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
    def add(code: str, says: Phrase, *concerned: RowCard | None) -> None:
        found.append(problem(code, says, [c.label(colour) for c in concerned if c is not None],
                             head=phrase("%(colour)s row", colour=colour)))

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
        if card.kind == NUMBER and card.value is not None:       # a number card always has its value
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
