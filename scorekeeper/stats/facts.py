"""What the statistics of a group read of each match (issue 24, "Statistics and records per group"): the facts
of its replayed log, built by :mod:`scorekeeper.stats.stored` from stored rows or by hand in tests.

Standard library only, and no words: codes (variant and family ids, canasta kind ids) and numbers. Names are
the players' names as the match stored them; :mod:`.compute` folds them into one player per person.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Mapping


@dataclass(frozen=True, kw_only=True, slots=True)
class SideHand:
    """One side in one hand, as the match's own pinned rules scored it."""

    name: str
    players: tuple[str, ...]
    # The side's hand score before taxation (the canasta sheet's "score"; a Keltis game's score): what the hand
    # itself was worth, not what the running total made of it.
    score: int
    # Cutthroat (score_per = "player", seed 002): each player's own score (red threes stay with who laid them).
    player_scores: Mapping[str, int] = field(default_factory=dict)
    canastas: Mapping[str, int] = field(default_factory=dict)    # by kind id
    went_out: bool = False
    concealed: bool = False          # went out from hand (concealed or table clear)
    red_threes: int = 0              # laid out by the side
    # Cutthroat: who laid them (the record's red_threes by player); empty: the side's count is each partner's.
    red_threes_by_player: Mapping[str, int] = field(default_factory=dict)
    penalties: int = 0               # how many penalties
    penalty_points: int = 0          # their points (minus)

    @property
    def canasta_count(self) -> int:
        return sum(self.canastas.values())

    def score_of(self, player: str) -> int:
        return self.player_scores.get(player, self.score)

    def red_threes_of(self, player: str) -> int:
        return self.red_threes_by_player.get(player, 0) if self.red_threes_by_player else self.red_threes


@dataclass(frozen=True, kw_only=True, slots=True)
class MatchFacts:
    """A match's current log replayed: every hand's sides, who won, and what the statistics key it by."""

    match: str                       # the match's read-only token: a group's page may link it, never edit it
    title: str
    variant: str
    family: str                      # "canasta" or "keltis" (the families' ids)
    played: datetime                 # when its last hand was entered: the match's date for periods and charts
    hands: tuple[tuple[SideHand, ...], ...]
    # Who won it: player names (a side's win is each of its players'); empty while it is undecided.
    winners: tuple[str, ...] = ()
    # Decided: a canasta match is over (its target or deals reached); a Keltis match has no target (seed 001: a
    # match is a few games added up), so the leader after its last game has won it whenever it stopped.
    decided: bool = False
    kinds: tuple[str, ...] = ()      # the canasta kinds of its pinned table, in table order
    has_concealed: bool = False      # its table pays going out from hand
