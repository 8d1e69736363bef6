"""Helpers of the samba-family tests (tests/core/test_samba.py and its siblings): score a record given as
sides, and read a result as short tuples."""

from scorekeeper.rules import parse_record, score_hand


def score(variant, *sides, options=None, totals=None):
    record = {"variant": variant, "sides": list(sides)}
    if options:
        record["options"] = options
    if totals:
        record["totals_before"] = totals
    return score_hand(parse_record(record))


def items(side):
    return [(b.item, b.count, b.points) for b in side.base_items]


def codes(found):
    return [p.code for p in found.problems]
