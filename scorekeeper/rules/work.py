"""How much scoring one request may ask of the rules core: a budget in scorings × the table's cost.

Why (issue 19): a count of scorings was no bound once house rules could make one scoring 30 times dearer (6 packs
and 150 canasta kinds: an import of 200 hands and 19 corrections took 34.8 s, a first PDF 13.7 s, the API's GET of
the match answered 9.5 MB). Each family says what one scoring under a table may cost at most (its
``scoring_cost`` hook: canasta's from the deck, the sides, the smallest meld and the canasta kinds, in units of the
heaviest shipped table, :func:`scorekeeper.rules.canasta.limits.scoring_cost`), and every request that scores
spends from a budget in those units:

- a match's replay (its sheet, PDF, export, the API's GET; a correction's re-scoring of the hands after it) is at
  most :data:`REPLAY_WORK`, because a match holds only as many hands as fit in it (:func:`hands_within`): 200
  under every shipped table, fewer under a dearer house table;
- a table dearer than :data:`TABLE_COST_MAX` is refused as house rules, so a match under any table the checks
  accept holds at least :data:`HANDS_AT_LEAST` hands;
- an import checks its file's log within :data:`IMPORT_WORK` (store/transfer_check.py).

Standard library only, like the rest of the core.
"""

from __future__ import annotations

from typing import Any

from scorekeeper.rules.tables.families import family

#: One replay of a whole match: MAX_HANDS (200) hands under the heaviest shipped table. On the largest records
#: the limits let through that is about a second; a real match's hands are a tenth of that.
REPLAY_WORK = 200.0
#: A match under any table the checks accept holds at least this many hands (díszített to 10,000 rarely needs 40).
HANDS_AT_LEAST = 50
TABLE_COST_MAX = REPLAY_WORK / HANDS_AT_LEAST
#: An import's check of its log (each add scored once, an edit of hand k re-scoring k..n): 20 whole replays.
IMPORT_WORK = 4000.0


def scoring_cost(rules: Any) -> float:
    """What one scoring under ``rules`` may cost at most, in units of one under the heaviest shipped table."""
    return float(family(rules.family).scoring_cost(rules))


def hands_within(rules: Any, most: int) -> int:
    """How many hands a match under ``rules`` holds: ``most`` (matches.MAX_HANDS), or fewer where a whole replay
    of that many would cost more than :data:`REPLAY_WORK`."""
    return max(1, min(most, int(REPLAY_WORK / scoring_cost(rules))))
