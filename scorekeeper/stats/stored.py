"""A group's statistics from stored matches (issue 24): each match's current log replayed once, under its own
pinned rules, and turned into :class:`~scorekeeper.stats.facts.MatchFacts` for :mod:`.compute`.

Corrections and undo are revisions in the append-only log (store/match_log.py), so the facts follow the log as
it stands: a corrected hand counts as corrected, an undone hand not at all.

Work bound: a match is replayed through store/replays.py ``replayed`` (remembered per match, version and
rules), so statistics over matches already read cost no scoring, and a group's statistics replay each of its
matches at most once. The filters are applied before anything is scored (the variant and the last hand's date
come from the log), and at most :data:`STATS_HANDS_MAX` hands are scored per call: a replay costs 0.14 ms
a hand of two small canastas here (measured) and up to 0.7 ms (issue 19: 0.14 CPU-s for 200 hands), so a
cold call stays under some 1.5 to 7 CPU-s; beyond it the oldest matches are left out and ``cost.left_out``
says how many.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any, Callable, Mapping, Sequence

from scorekeeper.stats.compute import filtered, stats_of
from scorekeeper.stats.facts import MatchFacts, SideHand
from scorekeeper.store.match_log import current_entries
from scorekeeper.store.models import Match
from scorekeeper.store.replays import replayed, rules_of

#: Hands scored by one call of :func:`group_stats` at most (some six years of a family's Sunday evenings of
#: thirty hands); the newest matches are kept.
STATS_HANDS_MAX = 10_000


def last_hand_date(match: Match) -> datetime | None:
    """When the hand that is now the match's last was entered (its ``add`` event; a later correction of it does
    not move the match to another period); None for a match without hands."""
    added: list[datetime] = []
    for event in match.events:
        if event.action == "add":
            added.append(event.created_at)
        elif event.action == "undo" and added:
            added.pop()
    return added[-1] if added else None


def _canastas(result_side: Mapping[str, Any], entry_side: Mapping[str, Any]) -> dict[str, int]:
    """The side's canastas by kind: the judged melds of a side entered card by card, the counts of a summary."""
    summary = entry_side.get("canastas")
    if isinstance(summary, dict):
        return {str(k): int(n) for k, n in summary.items() if n}
    out: dict[str, int] = {}
    for meld in result_side.get("melds", []):
        if meld.get("is_canasta") and meld.get("kind"):
            out[meld["kind"]] = out.get(meld["kind"], 0) + 1
    return out


def _side(result_side: Mapping[str, Any], entry_side: Mapping[str, Any]) -> SideHand:
    players = tuple(result_side.get("players") or [result_side["name"]])
    base = {b["item"]: b for b in result_side.get("base_items", [])}
    reds = entry_side.get("red_threes")
    out = entry_side.get("out", "none")
    penalties = result_side.get("penalty_items", [])
    return SideHand(
        name=result_side["name"], players=players, score=int(result_side["score"]),
        player_scores={p["name"]: int(p["score"]) for p in result_side.get("player_results", [])},
        canastas=_canastas(result_side, entry_side), went_out=out not in ("none", None),
        concealed=out in ("concealed", "table_clear"),
        red_threes=int(base["red_threes"]["count"]) if "red_threes" in base else 0,
        red_threes_by_player={str(k): int(v) for k, v in reds.items()} if isinstance(reds, dict) else {},
        penalties=len(penalties), penalty_points=sum(int(p["points"]) for p in penalties))


def match_facts(match: Match) -> MatchFacts:
    """``match``'s current log replayed (remembered: store/replays.py) as the statistics read it."""
    rules = rules_of(match)
    entries = current_entries(match)
    results = replayed(match).results
    hands = tuple(tuple(_side(r, e) for r, e in zip(result["sides"], entry.get("sides", [])))
                  for result, entry in zip(results, entries))
    last = results[-1] if results else None
    decided = last is not None and (bool(last["match_over"]) or rules.family == "keltis")
    named = last["winner"] if last and decided else None
    won = [named] if isinstance(named, str) else list(named or [])
    if rules.score_per == "player":                       # cutthroat: the winner is a player
        winners = tuple(won)
    else:                                                 # a side's win is each of its players'
        winners = tuple(p for side in hands[-1] if side.name in won for p in side.players) if hands else ()
    kinds = tuple(k.kind for k in getattr(rules, "canastas", ()))
    return MatchFacts(match=match.view_token, title=match.title, variant=rules.id, family=rules.family,
                      played=last_hand_date(match) or match.created_at, hands=hands, winners=winners,
                      decided=decided and bool(winners), kinds=kinds,
                      has_concealed=bool(getattr(rules, "concealed_bonus", 0)))


def group_stats(matches: Sequence[Match], *, variant: str | None = None, since: date | None = None,
                until: date | None = None, canonical: Callable[[str], str] | None = None) -> dict[str, Any]:
    """The statistics of a group's stored ``matches`` (:func:`scorekeeper.stats.compute.stats_of`), of
    ``variant`` only and of the matches whose last hand was entered from ``since`` to ``until`` when given.
    ``cost`` says what was scored: matches, hands, and how many of the oldest were left out by
    :data:`STATS_HANDS_MAX`."""
    dated = [(m, when, len(current_entries(m))) for m in matches if (when := last_hand_date(m)) is not None
             and (variant is None or m.variant == variant) and (since is None or when.date() >= since)
             and (until is None or when.date() <= until)]
    dated.sort(key=lambda d: d[1])
    kept: list[Match] = []
    hands = 0
    for match, _, count in reversed(dated):               # the newest first, while the budget lasts
        if hands + count > STATS_HANDS_MAX:
            break
        kept.append(match)
        hands += count
    facts = filtered([match_facts(m) for m in reversed(kept)])
    stats = stats_of(facts, canonical=canonical)
    stats["filters"] = {"variant": variant, "since": since.isoformat() if since else None,
                        "until": until.isoformat() if until else None}
    stats["cost"] = {"matches": len(kept), "hands": hands, "left_out": len(dated) - len(kept)}
    return stats
