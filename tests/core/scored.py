"""Helpers of the scoring tests (test_scoring.py, the classic- and samba-family tests): score a record given as
sides, and read a result as short tuples."""

from scorekeeper.rules import parse_record, score_hand


def score(variant, *sides, options=None, totals=None, **top):
    """Score one hand of ``variant``; ``top`` holds the record's other top-level fields (e.g. ``hand_number``)."""
    record = {"variant": variant, "sides": list(sides), **top}
    if options:
        record["options"] = options
    if totals:
        record["totals_before"] = totals
    return score_hand(parse_record(record))


def items(side):
    return [(b.item, b.count, b.points) for b in side.base_items]


def codes(found):
    return [p.code for p in found.problems]
