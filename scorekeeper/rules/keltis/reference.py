"""The generated blocks of a Keltis rules reference (``rules_ref/keltis.md``): the keltis family's
``reference_blocks`` (see :mod:`scorekeeper.rules.tables.reference`, which rewrites them from the table)."""

from __future__ import annotations

from typing import Any, Callable, Mapping

from scorekeeper.rules.keltis.table import end_rule_bound, most_closed_rows
from scorekeeper.rules.tables.reading import value_at
from scorekeeper.rules.tables.reference import Case, columns, scalars, num, players_block



def _keltis_points(key: str, first: str) -> Callable[[list[Case]], list[str]]:
    def values(data: Mapping[str, Any]) -> dict[str, str]:
        points = value_at(data, key) or []
        return {f"{n} or more" if n == len(points) - 1 else str(n): num(p) for n, p in enumerate(points)}
    return lambda cs: columns(cs, first, "points", values)


def _keltis_deck(all_cases: list[Case]) -> list[str]:
    def values(data: Mapping[str, Any]) -> dict[str, str]:
        deck, colours = data["deck"], len(data.get("colours", {}))
        numbers = sum(deck["number_copies"].values())
        return {"number cards": f"{colours} colours × {numbers} = {colours * numbers}",
                "closing cards": f"{colours} colours × {deck['closing_copies']} = {colours * deck['closing_copies']}",
                "grey point cards": f"{len(deck['grey_values'])} × {deck['grey_copies']} "
                                    f"= {len(deck['grey_values']) * deck['grey_copies']}",
                "wishing stones": str(len(deck["stones"])),
                "in all": str(colours * (numbers + deck["closing_copies"]) + len(deck["grey_values"]) * deck["grey_copies"]
                              + len(deck["stones"]))}
    copies = columns(all_cases, "card value", "copies per colour",
                      lambda d: {str(v): str(n) for v, n in d["deck"]["number_copies"].items()}, group=True)
    return columns(all_cases, "cards", "how many", values) + [""] + copies + [""] + scalars(all_cases, [
        ("deck.two_player_removed", "cards removed unseen with 2 players")])


def _keltis_end(all_cases: list[Case]) -> list[str]:
    """The end rule's numbers, and what they leave on the final tables for each player count: the end rule's
    bound and the most closed rows the deck's closing cards allow with it (the lower is what the app accepts)."""
    def values(data: Mapping[str, Any]) -> dict[str, str]:
        end, deck = data.get("end"), data["deck"]
        if end is None:
            return {}
        low, high = data["players"]["total"]
        return {str(n): f"{end_rule_bound(n, end['closed_rows'], end['cards_after'])} | "
                        + str(most_closed_rows(n, closed_rows=end["closed_rows"], cards_after=end["cards_after"],
                                               colours=len(data.get("colours", {})),
                                               closing_copies=deck["closing_copies"]))
                for n in range(low, high + 1)}
    lines = scalars(all_cases, [("end.closed_rows", "rows with a closing card that end the game"),
                                ("end.cards_after", "cards each player may still lay after that")])
    return lines + [""] + columns(all_cases, "players", "the end rule allows | closed rows at most, the deck's "
                                  "closing cards counted", values) if lines else lines


KELTIS_BLOCKS: dict[str, Callable[[list[Case]], list[str]]] = {
    "players": players_block,
    "deck": _keltis_deck,
    "row_length": _keltis_points("scoring.row_length", "cards in the row"),
    "stones": _keltis_points("scoring.stones", "wishing stones held"),
    "end": _keltis_end,
    "grey_card": lambda cs: scalars(cs, [("scoring.grey_card", "each card in the grey row")]),
}
