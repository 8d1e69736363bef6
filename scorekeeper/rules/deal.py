"""Who deals each hand: the seats of a match and how the deal moves round them (issue 22: "the sheet shows whose
deal it is (seat order from the match, dealer moves each hand)").

Seats are listed in the order play goes round the table. Partners sit opposite (seed 002 l. 13 "Az egymással
szemben ülők párt alkotnak"; seed 003 l. 18 "Les partenaires s'assoient les uns contre les autres"), so a
partnership match is seated by taking one player of each side in turn (A1, B1, A2, B2, …): two sides of three
alternate (seed 002 l. 132 "minden második játékos"), three sides of two give each player two opponents as
neighbours (seed 003 l. 45). Players who score each for themselves sit in the order the match lists them.

The deal passes one seat each hand in the direction the table says (``players.deal_passes``): to the left, which
is clockwise, the direction of play in every seed that gives one (seed 002 l. 13 and 37, seed 003 l. 18, seed 001
l. 19); no seed says how the deal moves between hands, so it follows play, as is usual (rules_ref/README.md).
"""

from __future__ import annotations

from typing import Sequence

LEFT = "left"     # clockwise: the next seat in the listed order deals next
RIGHT = "right"   # counterclockwise: the previous seat deals next
DIRECTIONS = (LEFT, RIGHT)


def seating(sides: Sequence[Sequence[str]]) -> list[str]:
    """The seats round the table, in the order play goes: one player of each side in turn, so partners never sit
    side by side while another side has a player to put between them (a side of one is a player alone).
    Uneven sides (five as 3 + 2, seed 002 l. 128) seat the longer side's last player at the end."""
    seats: list[str] = []
    for k in range(max((len(side) for side in sides), default=0)):
        seats.extend(side[k] for side in sides if k < len(side))
    return seats


def dealer_of(hand: int, seats: Sequence[str], first: str | None = None, passes: str = LEFT) -> str:
    """Who deals hand ``hand`` (1-based): ``first`` deals hand 1 (None: the first seat, as a match that never
    said so), then the deal moves one seat a hand, ``passes`` to the left (clockwise, down the seat list) or to
    the right. Raises ValueError for no seats, a hand below 1, a first dealer not seated or an unknown direction."""
    if not seats:
        raise ValueError("no seats")
    if hand < 1:
        raise ValueError(f"hand numbers start at 1, not {hand}")
    if passes not in DIRECTIONS:
        raise ValueError(f"the deal passes {' or '.join(DIRECTIONS)}, not {passes!r}")
    start = 0 if first is None else list(seats).index(first) if first in seats else -1
    if start < 0:
        raise ValueError(f"{first!r} has no seat")
    step = 1 if passes == LEFT else -1
    return seats[(start + step * (hand - 1)) % len(seats)]


def dealers(hands: int, seats: Sequence[str], first: str | None = None, passes: str = LEFT) -> list[str]:
    """The dealers of hands 1 … ``hands``, then of the next hand: ``hands + 1`` names."""
    return [dealer_of(n, seats, first, passes) for n in range(1, hands + 2)]
