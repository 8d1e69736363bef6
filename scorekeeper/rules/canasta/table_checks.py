"""What contradicts in a built canasta table, each at its key: the checks every table gets, shipped or a house's.

A table can fit its schema key by key (:mod:`.schema`, every number within its range) and still say something no
table can mean: a canasta smaller than the smallest meld, opening brackets out of order, wild-card limits that no
meld of a canasta kind can meet. The canasta family's ``table_problems`` hook (:mod:`.table`) lists
these as :class:`TableProblem` values: the dotted key where the problem shows (``field``), the other keys it
involves (``also``: a house rule that raised a meld's minimum is told at that key too), and a sentence a front
can translate. Shipped tables are checked when they load and a match's stored rules when they are read, so a house
rule is refused by exactly the checks the shipped tables pass (issue 13).
"""

from __future__ import annotations

from typing import Iterator

from scorekeeper.rules.canasta.rules import BLACK_THREES, GROUP, SEQUENCE, WILD_ONLY, Bracket, CanastaKind, MeldShape
from scorekeeper.rules.phrases import phrase
from scorekeeper.rules.tables.families import TableProblem
from scorekeeper.rules.canasta.schema import FROM_TOTAL

SHAPE_KEYS = {GROUP: "melds.group", SEQUENCE: "melds.sequence", WILD_ONLY: "melds.wild_only",
              BLACK_THREES: "melds.black_threes"}


def bracket_problems(rows: tuple[Bracket[object], ...], key: str, *, required: bool) -> Iterator[TableProblem]:
    """Brackets are found by the last ``from`` a total reaches: they must rise, and the first must start from
    the lowest total, or a total below it would have no bracket at all. ``required``: an empty list is a
    contradiction (opening minimums); otherwise it means none (a table without taxation)."""
    if not rows:
        if required:
            yield TableProblem(key, phrase("needs at least one bracket"))
        return
    if rows[0].start != FROM_TOTAL.low:
        yield TableProblem(f"{key}[0].from", phrase("the first bracket must start from the lowest total "
                                                    "(%(low)s), not %(value)s", low=FROM_TOTAL.low,
                                                    value=rows[0].start))
    for k in range(1, len(rows)):
        if rows[k].start <= rows[k - 1].start:
            yield TableProblem(f"{key}[{k}].from", phrase(
                "brackets must rise: %(value)s does not come after %(before)s", value=rows[k].start,
                before=rows[k - 1].start))


def shape_problems(shapes: dict[str, MeldShape]) -> Iterator[TableProblem]:
    for name, shape in shapes.items():
        key = SHAPE_KEYS[name]
        if shape.max_size and shape.max_size < shape.min_size:
            yield TableProblem(f"{key}.max_size", phrase(
                "the largest meld (%(high)s cards) is smaller than the smallest (%(low)s)", high=shape.max_size,
                low=shape.min_size), also=(f"{key}.min_size",))
        for size, most in shape.max_wilds_by_size.items():
            if size < 1:
                yield TableProblem(f"{key}.max_wilds_by_size", phrase(
                    "sizes must be whole numbers of cards from 1, not %(value)s", value=size))


def _wild_room(shape: MeldShape, size: int) -> int:
    """How many wild cards a meld of ``size`` of this shape may hold under its limits (may be negative)."""
    most = size - shape.min_naturals
    if shape.max_wilds is not None:
        most = min(most, shape.max_wilds)
    if size in shape.max_wilds_by_size:
        most = min(most, shape.max_wilds_by_size[size])
    if shape.wild_relation == "fewer":
        most = min(most, (size - 1) // 2)
    elif shape.wild_relation == "at_most_half":
        most = min(most, size // 2)
    return most


def _largest(shape: MeldShape) -> int:
    return max(shape.max_size, shape.max_size_going_out) if shape.max_size else 0


def kind_problems(kind: CanastaKind, shape: MeldShape, wild_cards: bool) -> Iterator[TableProblem]:
    """A canasta kind no meld of its shape can ever be: too small, too large, or wild cards the limits forbid."""
    key, shape_key = f"canastas.{kind.kind}", SHAPE_KEYS[kind.shape]
    low, high = kind.size
    if low > high:
        yield TableProblem(f"{key}.size", phrase("the least size (%(low)s) is more than the most (%(high)s)",
                                                 low=low, high=high))
        return
    largest = _largest(shape)
    if low < shape.min_size:
        yield TableProblem(f"{key}.size", phrase(
            "a canasta of %(low)s cards is smaller than the smallest meld (%(smallest)s cards)", low=low,
            smallest=shape.min_size), also=(f"{shape_key}.min_size",))
    elif largest and low > largest:
        yield TableProblem(f"{key}.size", phrase(
            "a canasta of %(low)s cards is larger than the largest meld (%(largest)s cards)", low=low,
            largest=largest), also=(f"{shape_key}.max_size",))
    elif kind.wilds is not None and kind.shape not in (WILD_ONLY, BLACK_THREES):
        yield from _wild_problems(kind, shape, wild_cards, min(high, largest or high))


def _wild_problems(kind: CanastaKind, shape: MeldShape, wild_cards: bool, high: int) -> Iterator[TableProblem]:
    key, shape_key = f"canastas.{kind.kind}", SHAPE_KEYS[kind.shape]
    low = kind.size[0]
    w_low, w_high = kind.wilds or (0, 0)
    if w_low > w_high:
        yield TableProblem(f"{key}.wilds", phrase("the least number (%(low)s) is more than the most (%(high)s)",
                                                  low=w_low, high=w_high))
    elif w_low > 0 and not wild_cards:
        yield TableProblem(f"{key}.wilds", phrase("the deck has no wild cards, so no canasta can hold %(low)s",
                                                  low=w_low), also=("deck.wilds",))
    elif not any(_wild_room(shape, size) >= w_low and size - w_low >= 1 for size in range(low, high + 1)):
        yield TableProblem(f"{key}.wilds", phrase(
            "no meld can be this canasta: the wild-card limits of melds forbid %(low)s wild cards in a meld of "
            "%(size)s cards", low=w_low, size=_size_words(low, high)),
            also=tuple(f"{shape_key}.{k}" for k in ("max_wilds", "max_wilds_by_size", "wild_relation",
                                                     "min_naturals")))


def _size_words(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}–{high}"


def canasta_kind_problems(kinds: tuple[CanastaKind, ...], shapes: dict[str, MeldShape],
                          wild_cards: bool) -> Iterator[TableProblem]:
    for kind in kinds:
        if kind.shape in shapes:
            yield from kind_problems(kind, shapes[kind.shape], wild_cards)
        else:
            yield TableProblem(f"canastas.{kind.kind}.shape", phrase(
                "this canasta is of shape %(shape)s, which the melds do not allow", shape=kind.shape),
                also=(SHAPE_KEYS.get(kind.shape, "melds"),))
