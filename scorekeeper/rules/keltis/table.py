"""The Keltis table (``rules_ref/keltis.toml``) with its options applied: :class:`KeltisRules`, built by the
family's ``build_rules`` hook and checked by ``table_problems``."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Any, Mapping

from scorekeeper.rules.tables.families import VariantInfo
from scorekeeper.rules.tables.reading import frozen
from scorekeeper.rules.tables.variants import TableRules, Variant, game_fields, total_players_problems


def fold(text: str) -> str:
    """Case and accents do not matter in colour names: ``Rózsaszín`` → ``rozsaszin``."""
    decomposed = unicodedata.normalize("NFKD", text.strip().casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@dataclass(frozen=True, kw_only=True, slots=True)
class Colour:
    name: str                       # the name results use: green, yellow, red, pink, blue
    aliases: tuple[str, ...]        # also accepted in records (Hungarian names), accents optional


@dataclass(frozen=True, kw_only=True, slots=True)
class KeltisRules(TableRules):
    """The Keltis table with its options applied. Besides the Keltis numbers it answers what the match service
    reads of any variant (``min_sides``, ``max_sides``, ``players_per_side``, ``score_per``, ``target``,
    :meth:`opening_minimum`)."""

    colours: tuple[Colour, ...]
    number_copies: Mapping[int, int]     # per colour (seed 001, digest §3)
    closing_copies: int                  # per colour
    grey_values: tuple[int, ...]
    grey_copies: int
    stones: tuple[int, ...]
    two_player_removed: int
    row_length_points: tuple[int, ...]   # index = row length; the last entry holds for longer rows
    stone_points: tuple[int, ...]        # index = stones held; the last entry holds for more
    grey_card_points: int
    max_closing: int                     # closing cards a row may end with
    # The end rule (seed 001 l. 79-85): the game ends when this many rows have a closing card, then each player
    # may still lay end_cards_after cards. None: a table without [end] (a match pinned before issue 21), which
    # was played without the bound, so its games are not judged by it now.
    end_closed_rows: int | None
    end_cards_after: int
    length_counts_grey: bool             # K1
    length_counts_closing: bool          # K1
    grey_on_row_point: bool              # K2
    may_start_closed: bool               # K3
    target: int | None = None            # Keltis has no target: each game is scored, a match adds games up

    def opening_minimum(self, total: int) -> None:
        """Keltis has no opening minimum (asked by the match service of every variant)."""
        return None

    def row_points(self, length: int) -> int:
        return self.row_length_points[min(length, len(self.row_length_points) - 1)]

    def stone_score(self, count: int) -> int:
        return self.stone_points[min(count, len(self.stone_points) - 1)]

    def end_rule_closed_rows(self, players: int) -> int | None:
        """The most closed rows the end rule leaves on ``players`` final tables (None: no end rule)."""
        if self.end_closed_rows is None:
            return None
        return end_rule_bound(players, self.end_closed_rows, self.end_cards_after)

    def most_closed_rows(self, players: int) -> int | None:
        """The most closed rows ``players`` final tables can hold: the end rule's bound or the deck's, the lower."""
        if self.end_closed_rows is None:
            return None
        return most_closed_rows(players, closed_rows=self.end_closed_rows, cards_after=self.end_cards_after,
                                colours=len(self.colours), closing_copies=self.closing_copies)

    @property
    def colour_names(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.colours)

    def colour(self, key: str) -> str | None:
        """The colour a record key names (``zöld``, ``Zold``, ``GREEN`` → ``green``), or None."""
        wanted = fold(key)
        for c in self.colours:
            if wanted in (fold(c.name), *(fold(a) for a in c.aliases)):
                return c.name
        return None

    @property
    def number_values(self) -> tuple[int, ...]:
        return tuple(sorted(self.number_copies))


def end_rule_bound(players: int, closed_rows: int, cards_after: int) -> int:
    """Closed rows the end rule allows on the final tables of ``players`` (seed 001 l. 79-85). Before the game
    ends fewer than ``closed_rows`` rows are closed; a turn lays one card, so the card that closes row
    ``closed_rows`` ends it; then every player may still lay ``cards_after`` cards, each closing at most one more
    row (a closing card is a colour card, l. 27; a second one on a closed row closes nothing new, l. 81)."""
    return closed_rows + players * cards_after


def most_closed_rows(players: int, *, closed_rows: int, cards_after: int, colours: int, closing_copies: int) -> int:
    """The most closed rows a final table of ``players`` can hold: the end rule's bound, or the deck's when it is
    lower (a closed row holds a closing card of its colour, and each player has one row a colour, so a colour
    closes at most min(closing_copies, players) rows). The deck's bound is the copies check's (too_many_copies)."""
    return min(end_rule_bound(players, closed_rows, cards_after), colours * min(closing_copies, players))


def build_rules(variant: VariantInfo, data: dict[str, Any], chosen: Mapping[str, str]) -> KeltisRules:
    """The keltis family's ``build_rules`` hook."""
    deck, sc, rows = data["deck"], data["scoring"], data["rows"]
    return KeltisRules(
        **game_fields(variant, data, chosen),
        colours=tuple(Colour(name=name, aliases=tuple(str(a) for a in c.get("aliases", ())))
                      for name, c in data["colours"].items()),
        number_copies=frozen({int(k): int(v) for k, v in deck["number_copies"].items()}),
        closing_copies=int(deck["closing_copies"]),
        grey_values=tuple(int(v) for v in deck["grey_values"]), grey_copies=int(deck["grey_copies"]),
        stones=tuple(int(v) for v in deck["stones"]), two_player_removed=int(deck.get("two_player_removed", 0)),
        row_length_points=tuple(int(v) for v in sc["row_length"]),
        stone_points=tuple(int(v) for v in sc["stones"]), grey_card_points=int(sc["grey_card"]),
        max_closing=int(rows.get("max_closing", 2)),
        # [end] is whole or absent: a table that names the end rule gives both numbers (a missing one is a
        # missing key, refused like any other), one pinned before it had none (None: nothing checked).
        end_closed_rows=int(data["end"]["closed_rows"]) if "end" in data else None,
        end_cards_after=int(data["end"]["cards_after"]) if "end" in data else 0,
        length_counts_grey=bool(rows["length_counts_grey"]),
        length_counts_closing=bool(rows["length_counts_closing"]),
        grey_on_row_point=bool(rows["grey_on_row_point"]), may_start_closed=bool(rows["may_start_closed"]),
        target=None,
    )


def table_problems(r: KeltisRules) -> list[str]:
    """The keltis family's ``table_problems`` hook."""
    problems = []
    if not r.colours:
        problems.append("colours is empty")
    folded = [fold(n) for c in r.colours for n in (c.name, *c.aliases)]
    if len(set(folded)) != len(folded):
        problems.append("two colours share a name or alias")
    if len(r.row_length_points) < 2 or r.row_length_points[0] != 0:
        problems.append("scoring.row_length must start with 0 (no row) and give at least one length")
    if not r.stone_points:
        problems.append("scoring.stones is empty")
    if any(n < 0 for n in r.number_copies.values()) or not r.number_copies:
        problems.append("deck.number_copies needs at least one value, with copies >= 0")
    if r.score_per != "side" or r.players_per_side != 1:
        problems.append("Keltis is played each for themselves: players_per_side = 1, score_per = \"side\"")
    if not 1 <= r.min_sides <= r.max_sides:
        problems.append("players.min_sides must be at least 1 and at most max_sides")
    if r.max_closing < 1:
        problems.append("rows.max_closing must be at least 1")
    return problems + total_players_problems(r)
