"""When a match is over and who won: by the target, or after a number of deals (``[match] deals``).

Checked only at the end of a hand (seed 000). Its own module so that scoring (one hand) and match (a run of hands)
both use it without importing each other.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping

Outcome = tuple[bool, "str | tuple[str, ...] | None"]


def _leaders(rules: Any, totals: Mapping[str, int]) -> Outcome:
    top = max(totals.values())
    leaders = tuple(n for n, t in totals.items() if t == top)
    if len(leaders) == 1:
        return True, leaders[0]
    if rules.top_tie == "shared":          # D4
        return True, leaders
    return False, None


def match_outcome(rules: Any, totals: Mapping[str, int], deals_played: int | None = None, *,
                  hand_number: int | None = None) -> Outcome:
    """Who is past the target, and the highest of them; or, once ``deals_played`` reaches the table's
    ``match.deals``, the highest total (a tie on top: shared, or one more deal under ``top_tie = "play_on"``).

    Seed 003: the target may depend on the number of sides (``match.targets_by_sides``), and a table with
    ``match.round_of_deals`` is decided only after a complete round (the deal number, ``deals_played`` or the
    record's ``hand_number``, a multiple of it; unknown: not decided)."""
    rounds = getattr(rules, "round_of_deals", None)
    number = deals_played if deals_played is not None else hand_number
    if rounds is not None and rounds > 1 and (number is None or number % rounds):
        return False, None
    target = rules.target_for(len(totals)) if getattr(rules, "targets_by_sides", None) else rules.target
    if rules.compare == "exceeds":
        past = {n: t for n, t in totals.items() if t > target}
    else:
        past = {n: t for n, t in totals.items() if t >= target}
    if past:
        over, winner = _leaders(rules, past)
        if over:
            return over, winner
    deals = getattr(rules, "deals", None)
    if deals is not None and deals_played is not None and deals_played >= deals and totals:
        return _leaders(rules, totals)
    return False, None


def result_fields(result: Any) -> dict[str, Any]:
    """What a family's result says as JSON, whatever the game (the CLI contract, README "Hand record"): its rules,
    whether it broke any, each side's result, the totals and who leads or won."""
    winner = list(result.winner) if isinstance(result.winner, tuple) else result.winner
    return {"ok": result.ok, "variant": result.rules.id, "family": result.rules.family,
            "options": dict(result.rules.options), "sides": [s.to_dict() for s in result.sides],
            "problems": [p.to_dict() for p in result.problems], "totals": dict(result.totals),
            "hand_winner": list(result.hand_winner), "match_over": result.match_over, "winner": winner}


def at_deal(result: Any, deal: int) -> Any:
    """A hand's result as the ``deal``-th of its match (1-based): the match may end by the number of deals, which
    one hand scored alone cannot know. Unchanged for rules without ``match.deals`` and for a hand with problems."""
    rules = result.rules
    if getattr(rules, "deals", None) is None and getattr(rules, "round_of_deals", None) is None or not result.ok:
        return result
    over, winner = match_outcome(rules, result.totals, deal)
    return replace(result, match_over=over, winner=winner)
