"""Taxation (adó) of díszített kanaszta, exactly as seed 000 rounds, and the bracket lookup.

The seed describes the division as mental arithmetic, and its rounding is the rule:
÷2 — a score ending in 5 is first rounded up to the next ten (545 → 550 → 275);
÷4 — ÷2 as above, then round the same way and ÷2 again (545 → 275 → 280 → 140);
÷10 — drop the last digit, then round to the nearest ten, 0–4 down, 5–9 up (2375 → 237 → 240).
"""

from __future__ import annotations

from typing import Callable

from scorekeeper.rules.canasta.rules import Rules


def _round_fives_up(points: int) -> int:
    return points + 5 if points % 10 == 5 else points


def halve(points: int) -> int:
    return _round_fives_up(points) // 2


def quarter(points: int) -> int:
    return halve(halve(points))


def tenth(points: int) -> int:
    dropped = points // 10
    last = dropped % 10
    return dropped - last + (10 if last >= 5 else 0)


METHODS: dict[str, Callable[[int], int]] = {"none": lambda p: p, "half": halve, "quarter": quarter, "tenth": tenth}


def tax_method(rules: Rules, total_before: int) -> str:
    """Which division applies, by the total *before* this hand (seed 000)."""
    return rules.bracket(rules.taxation, total_before) or "none"


def tax(rules: Rules, score: int, total_before: int) -> int:
    """The hand score as written on the sheet after taxation."""
    method = METHODS[tax_method(rules, total_before)]
    if score >= 0:
        return method(score)
    # D3: negative hand scores are untaxed by default; option "taxed" shrinks the magnitude the same way.
    return -method(-score) if rules.negative_tax == "taxed" else score
