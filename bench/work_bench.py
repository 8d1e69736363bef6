"""What one scoring costs under a table, against the cost the rules core says it may have:
``python bench/work_bench.py`` (~10 s; no asserts on time).

For every shipped canasta variant at its defaults, and for house tables up to the dearest the checks accept, it
builds the largest record the limits let through (rules/canasta/limits.py: the table's most sides, each showing a
deck of cards in as many melds of the smallest size as fit) and times ``parse_record`` + ``score_hand`` +
``to_dict`` on it (the best of REPEATS, so a busy machine disturbs it less). It prints the time, the table's
``scoring_cost`` (rules/work.py; 1 = the heaviest shipped table) and the time per unit of cost: the calibration
holds while that last column stays about the same from table to table (the weights in limits.py were fitted on
it). The units' budget per request, REPLAY_WORK, is then about REPLAY_WORK × the ms per unit at most.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper.rules import describe_variants, get_rules, parse_record, score_hand     # noqa: E402
from scorekeeper.rules.canasta.limits import canasta_limits                              # noqa: E402
from scorekeeper.rules.tables.house import house_rules                                   # noqa: E402
from scorekeeper.rules.work import REPLAY_WORK, scoring_cost                             # noqa: E402

REPEATS = 5
RANKS = "4 5 6 7 8 9 10 J Q K A".split()
RED_THREES_6_PACKS = {"totals": [100 * n for n in range(13)]}
KINDS = {f"k{i}": {"label": f"kind {i}", "size": [7 + i % 5, 999], "bonus": 100 + i} for i in range(150)}
HOUSE = [("international", "6 packs", {"deck": {"packs": 6}, "red_threes": RED_THREES_6_PACKS}),
         ("international", "6 packs, 150 kinds (issue 19)",
          {"deck": {"packs": 6}, "red_threes": RED_THREES_6_PACKS, "canastas": KINDS}),
         ("diszitett", "6 packs, 24 jokers", {"deck": {"packs": 6, "jokers": 24}, "red_threes": RED_THREES_6_PACKS}),
         ("diszitett", "6 packs, 24 jokers, 60 kinds",
          {"deck": {"packs": 6, "jokers": 24}, "red_threes": RED_THREES_6_PACKS,
           "canastas": {f"k{i}": {"label": "kind", "size": [7, 8], "bonus": 1} for i in range(60)}}),
         ("diszitett", "one-card groups", {"melds": {"group": {"min_size": 1}}})]


def largest_record(rules) -> dict:
    limits = canasta_limits(rules)
    size = max(rules.min_size, 1)
    melds = min(limits.melds, limits.cards // size)
    sides = []
    for s in range(rules.max_sides):
        players = [f"P{s}{p}" for p in range(rules.players_per_side)]
        sides.append({"name": f"S{s}", "players": players, "out": "out" if s == 0 else "none",
                      "melds": [" ".join([RANKS[(i + s) % len(RANKS)]] * size) for i in range(melds)],
                      "hand": "" if s == 0 else " ".join(["K"] * (limits.cards - melds * size))})
    return {"sides": sides}


def best_ms(rules, record) -> float:
    best = float("inf")
    for _ in range(REPEATS):
        start = time.perf_counter()
        score_hand(parse_record(record, rules)).to_dict()
        best = min(best, time.perf_counter() - start)
    return best * 1e3


def main() -> None:
    rows = [(v["id"], get_rules(v["id"])) for v in describe_variants() if v["family"] == "canasta"]
    rows += [(f"{variant} + {label}", house_rules(variant, {}, house)) for variant, label, house in HOUSE]
    print(f"{'table':48} {'ms':>7} {'cost':>6} {'ms/unit':>8}")
    per_unit = []
    for name, rules in rows:
        ms, cost = best_ms(rules, largest_record(rules)), scoring_cost(rules)
        per_unit.append(ms / cost)
        print(f"{name:48} {ms:7.2f} {cost:6.2f} {ms / cost:8.2f}")
    print(f"ms per unit: {min(per_unit):.2f} … {max(per_unit):.2f}; a whole replay budget ({REPLAY_WORK:g} units) "
          f"of the largest records ≈ {REPLAY_WORK * max(per_unit) / 1e3:.1f} s at most")


if __name__ == "__main__":
    main()
