"""A group's statistics and records from its matches' facts (issue 24): per player, per partnership, head to
head, win rate over time and the group's records. Pure and stdlib-only; codes and numbers, no words.

Choices the issue leaves open, made here:

- A player is a name key: the name (through ``canonical``, the roster's, when given) with case and accents
  folded and spaces collapsed, so "Béla", "bela " and "BÉLA" are one person. The name shown is ``canonical``'s
  or else the spelling of the player's latest match.
- A match counts for a player who played at least one of its hands; a match without hands counts for nobody.
  ``wins`` counts decided matches the player's side won; a shared win (a tie on top, D4) is a win for each.
  ``win_rate`` is wins over decided matches (an unfinished canasta match is played, not yet won or lost).
- A hand's score is the side's score before taxation (cutthroat: the player's own), the hand's own worth.
- Keltis games count as hands, with matches, wins, average and best; the canasta-only counts (canastas,
  going out, red threes, penalties) stay 0 for them. ``by_family`` splits the scores by family, since a
  Keltis game (tens) and a canasta hand (thousands) averaged together say little.
- Ties of a record or a best hand: the earliest holds it (matches by date, then hand number).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from datetime import date
from typing import Any, Callable, Iterable, Sequence

from scorekeeper.stats.facts import MatchFacts, SideHand

__all__ = ["name_key", "stats_of", "filtered"]


def name_key(name: str) -> str:
    """One key per person: case and accents folded, spaces collapsed ("Béla" = "bela" = " BELA ")."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    return " ".join(plain.casefold().split())


def filtered(matches: Iterable[MatchFacts], *, variant: str | None = None, since: date | None = None,
             until: date | None = None) -> list[MatchFacts]:
    """The matches of ``variant`` whose last hand was entered from ``since`` to ``until`` (both included),
    oldest first; a match without hands has no date and is left out."""
    out = [m for m in matches if m.hands and (variant is None or m.variant == variant)
           and (since is None or m.played.date() >= since) and (until is None or m.played.date() <= until)]
    return sorted(out, key=lambda m: m.played)


@dataclass(slots=True)
class _Best:
    score: int | None = None
    match: str = ""
    hand: int = 0

    def offer(self, score: int, match: str, hand: int) -> None:
        if self.score is None or score > self.score:          # strictly: the earliest keeps a tie
            self.score, self.match, self.hand = score, match, hand

    def out(self) -> dict[str, Any] | None:
        return None if self.score is None else {"score": self.score, "match": self.match, "hand": self.hand}


@dataclass(slots=True)
class _Scores:
    """Matches, wins, hands and hand scores of one player, partnership or family share."""

    matches: int = 0
    decided: int = 0
    wins: int = 0
    hands: int = 0
    points: int = 0
    best: _Best = field(default_factory=_Best)

    def out(self) -> dict[str, Any]:
        return {"matches": self.matches, "decided": self.decided, "wins": self.wins,
                "win_rate": _rate(self.wins, self.decided), "hands": self.hands,
                "average_hand": round(self.points / self.hands, 1) if self.hands else None,
                "best_hand": self.best.out()}


@dataclass(slots=True)
class _Tally(_Scores):
    canastas: dict[str, int] = field(default_factory=dict)
    went_out: int = 0
    went_out_concealed: int = 0
    has_concealed: bool = False
    red_threes: int = 0
    penalties: int = 0
    penalty_points: int = 0
    by_family: dict[str, _Scores] = field(default_factory=dict)

    def hand(self, side: SideHand, score: int, red_threes: int, facts: MatchFacts, number: int) -> None:
        for share in (self, self.by_family.setdefault(facts.family, _Scores())):
            share.hands += 1
            share.points += score
            share.best.offer(score, facts.match, number)
        for kind, n in side.canastas.items():
            self.canastas[kind] = self.canastas.get(kind, 0) + n
        self.went_out += side.went_out
        self.went_out_concealed += side.concealed
        self.red_threes += red_threes
        self.penalties += side.penalties
        self.penalty_points += side.penalty_points

    def match(self, facts: MatchFacts, won: bool) -> None:
        for share in (self, self.by_family.setdefault(facts.family, _Scores())):
            share.matches += 1
            share.decided += facts.decided
            share.wins += facts.decided and won
        for kind in facts.kinds:
            self.canastas.setdefault(kind, 0)
        self.has_concealed = self.has_concealed or facts.has_concealed

    def out(self) -> dict[str, Any]:
        fields = {**_Scores.out(self), "canastas": dict(self.canastas), "went_out": self.went_out,
                  "red_threes": self.red_threes, "penalties": self.penalties, "penalty_points": self.penalty_points,
                  "by_family": {f: s.out() for f, s in sorted(self.by_family.items())}}
        if self.has_concealed:          # only where one of the player's tables pays going out from hand
            fields["went_out_concealed"] = self.went_out_concealed
        return fields


def _rate(wins: int, decided: int) -> float | None:
    return round(wins / decided, 3) if decided else None


def stats_of(matches: Sequence[MatchFacts], *, canonical: Callable[[str], str] | None = None) -> dict[str, Any]:
    """The statistics of ``matches`` (already filtered, oldest first: :func:`filtered`), JSON-able.

    ``players`` and ``partnerships`` (sorted by key), ``win_rate`` (per player key: [date, rate after that
    decided match] in order, for the chart), ``head_to_head`` (each pair of players on opposite sides of a hand
    of the same match: matches met, each one's wins, and shared wins) and ``records`` (highest hand, longest
    match by hands, most canastas in one hand; each names its match's read-only token and hand number)."""
    canon = canonical or (lambda n: n)
    names: dict[str, str] = {}

    def key(raw: str) -> str:
        shown = canon(raw)
        k = name_key(shown)
        names[k] = shown            # the roster's name, or the latest spelling (matches come oldest first)
        return k

    players: dict[str, _Tally] = {}
    pairs: dict[tuple[str, ...], _Tally] = {}
    rate: dict[str, list[list[Any]]] = {}
    meetings: dict[tuple[str, str], list[int]] = {}            # matches, wins of the first, of the second, shared
    highest: dict[str, Any] | None = None
    longest: dict[str, Any] | None = None
    most_canastas: dict[str, Any] | None = None
    listed = []
    for facts in matches:
        winners = {key(w) for w in facts.winners}
        in_match: set[str] = set()
        teams_in_match: set[tuple[str, ...]] = set()
        apart: set[tuple[str, str]] = set()                    # players on opposite sides of a hand
        for number, sides in enumerate(facts.hands, start=1):
            keyed = [tuple(dict.fromkeys(key(p) for p in side.players)) for side in sides]
            for side, who in zip(sides, keyed):
                for raw, k in zip(dict.fromkeys(side.players), who):
                    players.setdefault(k, _Tally()).hand(side, side.score_of(raw), side.red_threes_of(raw), facts,
                                                          number)
                    in_match.add(k)
                if len(who) > 1:
                    team = tuple(sorted(who))
                    pairs.setdefault(team, _Tally()).hand(side, side.score, side.red_threes, facts, number)
                    teams_in_match.add(team)
                if highest is None or side.score > highest["score"]:
                    highest = {"score": side.score, "match": facts.match, "hand": number, "players": list(who)}
                if side.canasta_count and (most_canastas is None or side.canasta_count > most_canastas["count"]):
                    most_canastas = {"count": side.canasta_count, "match": facts.match, "hand": number,
                                     "players": list(who)}
            for i, one in enumerate(keyed):
                for other in keyed[i + 1:]:
                    apart.update((min(x, y), max(x, y)) for x in one for y in other if x != y)
        for k in in_match:
            players[k].match(facts, k in winners)
            if facts.decided:
                tally = players[k]
                rate.setdefault(k, []).append([facts.played.date().isoformat(), _rate(tally.wins, tally.decided)])
        for team in teams_in_match:
            pairs[team].match(facts, bool(winners) and set(team) <= winners)
        for a, b in apart:
            met = meetings.setdefault((a, b), [0, 0, 0, 0])
            met[0] += 1
            if facts.decided and (a in winners or b in winners):
                met[3 if a in winners and b in winners else 1 if a in winners else 2] += 1
        if longest is None or len(facts.hands) > longest["hands"]:
            longest = {"hands": len(facts.hands), "match": facts.match}
        listed.append({"match": facts.match, "title": facts.title, "variant": facts.variant, "family": facts.family,
                       "date": facts.played.date().isoformat(), "hands": len(facts.hands), "decided": facts.decided,
                       "winners": sorted(winners)})

    def shown(who: Iterable[str]) -> list[str]:
        return [names[k] for k in who]

    for record in (highest, most_canastas):
        if record is not None:
            record["players"] = shown(record["players"])
    return {
        "matches": listed,
        "players": [{"key": k, "name": names[k], **t.out()} for k, t in sorted(players.items())],
        "partnerships": [{"keys": list(team), "players": shown(team), **t.out()} for team, t in sorted(pairs.items())],
        "win_rate": {k: points for k, points in sorted(rate.items())},
        "head_to_head": [{"keys": [a, b], "players": shown((a, b)), "matches": m, "wins": [wa, wb], "shared": s}
                         for (a, b), (m, wa, wb, s) in sorted(meetings.items())],
        "records": {"highest_hand": highest, "longest_match": longest, "most_canastas_in_hand": most_canastas},
    }
