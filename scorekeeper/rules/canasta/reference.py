"""The generated blocks of a canasta rules reference (``rules_ref/<id>.md``): the canasta family's
``reference_blocks`` (see :mod:`scorekeeper.rules.tables.reference`, which rewrites them from the table)."""

from __future__ import annotations

from typing import Any, Callable, Mapping

from scorekeeper.rules.tables.reading import value_at
from scorekeeper.rules.tables.reference import (PLAYERS_WORDS, Case, changing, columns, scalars, num,
                                                players_block)

LOWEST = -1_000_000_000            # the tables' "from the very bottom" bracket start


CARDS = {"JK": "joker", "black3": "black 3", "red3": "red 3"}
CARD_ORDER = ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "JK", "black3", "red3")


def _card_values(all_cases: list[Case]) -> list[str]:
    def values(data: Mapping[str, Any]) -> dict[str, str]:
        melded, in_hand = data.get("card_values", {}), data.get("hand_values", {})
        return {CARDS.get(k, k): num(melded[k]) + (f" (in hand {num(in_hand[k])})" if k in in_hand else "")
                for k in CARD_ORDER if k in melded}
    return columns(all_cases, "card", "points", values, group=True) + [
        "", "Melded cards count plus, cards left in hand minus."]


def _span(size: list[int]) -> str:
    low, high = size
    return str(low) if low == high else f"{low} or more" if high >= 99 else f"{low}–{high}"


def _canastas(all_cases: list[Case]) -> list[str]:
    """Label, size and bonus of each kind (what a kind matches beyond its size is told in the prose)."""
    def values(data: Mapping[str, Any]) -> dict[str, str]:
        return {f"{k['label']} | {_span(k['size'])}": num(k["bonus"]) for k in data.get("canastas", {}).values()}
    return columns(all_cases, "kind | cards", "bonus", values) + [
        "", "A meld's kind is the first kind (top down) it matches."]


def _red_threes(all_cases: list[Case]) -> list[str]:
    def values(data: Mapping[str, Any]) -> dict[str, str]:
        totals = data.get("red_threes", {}).get("totals", [])
        return {str(n): num(total) for n, total in enumerate(totals) if n}
    return columns(all_cases, "red threes held", "total bonus", values) + [""] + scalars(
        [Case(title=c.title, data={"plus_when": conditions_text(value_at(c.data, "red_threes.plus_when") or [])})
         for c in all_cases], [("plus_when", "red threes count plus for")]) + scalars(
        all_cases, [("red_threes.in_hand_points", "each red three left in hand")])


def conditions_text(conditions: list[Mapping[str, Any]]) -> str:
    """Conditions of a table (``rules_ref/README.md``, Conditions) as an English phrase; none: always."""
    return " and ".join(_condition_text(c) for c in conditions) or "every side"


def _counted(count: Any, n: int | None = None) -> str:
    """A tally key (or keys, summed) as a noun: ``sequence_canastas`` -> "sequence canastas" (1: "canasta")."""
    words = " + ".join(str(k).replace("_", " ") for k in (count if isinstance(count, list) else [count]))
    return words[:-1] if n == 1 and words.endswith("s") and "+" not in words else words


def _condition_text(c: Mapping[str, Any]) -> str:
    if "went_out" in c:
        return "the side went out" if c["went_out"] else "the side did not go out"
    count = c.get("count", "")
    parts = [f"at least {c['at_least']} {_counted(count, c['at_least'])}" if "at_least" in c else "",
             f"at most {c['at_most']} {_counted(count, c['at_most'])}" if "at_most" in c else "",
             f"at least as many {_counted(count)} as {_counted(c['at_least_count_of'])}"
             if "at_least_count_of" in c else "",
             f"at most as many {_counted(count)} as {_counted(c['at_most_count_of'])}"
             if "at_most_count_of" in c else ""]
    return "a side with " + ", ".join(p for p in parts if p)


def _brackets(all_cases: list[Case], key: str, field: str, head: tuple[str, str],
              words: Mapping[str, str] | None = None) -> list[str]:
    """Bracket lists (``from`` = the total where a bracket starts) as rows of total spans, one column per case."""
    def starts(data: Mapping[str, Any]) -> list[tuple[int, Any]]:
        rows = value_at(data, key) or []
        return [(b["from"], _opening_requirement(b) if field == "minimum" else b[field]) for b in rows]
    shown = changing(all_cases, starts)
    edges = sorted({s for c in shown for s, _v in starts(c.data)})

    def values(data: Mapping[str, Any]) -> dict[str, str]:
        out = {}
        for i, edge in enumerate(edges):
            held = [v for s, v in starts(data) if s <= edge]
            if held:
                top = edges[i + 1] if i + 1 < len(edges) else None
                span = (f"below {num(top)}" if edge <= LOWEST and top is not None else
                        f"{num(edge)} and more" if top is None else f"{num(edge)}–{num(top - 5)}")
                out[span] = num((words or {}).get(held[-1], held[-1]))
        return out
    return columns(shown, head[0], head[1], values)


def _opening_requirement(bracket: Mapping[str, Any]) -> Any:
    """An opening bracket's minimum, or its canasta requirement in words (seed 003: "a canasta, 200 in all")."""
    canasta = {"any": "a canasta", "natural": "a natural canasta"}.get(bracket.get("canasta", ""))
    if canasta is None:
        return bracket["minimum"]
    return canasta + (f", {num(bracket['minimum'])} in all" if bracket["minimum"] else "")


def _penalties(all_cases: list[Case]) -> list[str]:
    def values(data: Mapping[str, Any]) -> dict[str, str]:
        return {f"`{code}` | {p.get('label', '')}": num(p["points"]) for code, p in data.get("penalties", {}).items()}
    if not all_cases[0].data.get("penalties"):
        return ["This variant has no penalties."]
    return columns(all_cases, "code | offence", "points", values)


# How the closed vocabularies of the schema read in a sentence.
VOCABULARY = {"untaxed": "not taxed", "taxed": "taxed on its size, sign kept", "reaches": "reaches the target",
              "exceeds": "exceeds the target", "shared": "a shared win", "play_on": "play on until one leads",
              **PLAYERS_WORDS}
TAX_WORDS = {"none": "unchanged", "half": "halved", "quarter": "quartered", "tenth": "divided by 10"}

CANASTA_BLOCKS: dict[str, Callable[[list[Case]], list[str]]] = {
    "deck": lambda cs: scalars(cs, [("deck.packs", "French packs"), ("deck.jokers", "jokers")]) + [
        "- cards in all: " + "; ".join(
            f"{c.title + ': ' if c.title else ''}**{c.data['deck']['packs'] * 52 + c.data['deck']['jokers']}**"
            for c in changing(cs, lambda d: (d["deck"]["packs"], d["deck"]["jokers"])))],
    "players": players_block,
    "card_values": _card_values,
    "canastas": _canastas,
    "red_threes": _red_threes,
    "twins": lambda cs: scalars(cs, [("twins.allowed", "twins count"), ("twins.points", "each twin")]),
    "going_out": lambda cs: scalars(cs, [
        ("going_out.out", "going out"), ("going_out.concealed", "going out concealed (from hand), extra"),
        ("going_out.table_clear", "table clear, extra"), ("going_out.double_out", "double ending, extra"),
        ("going_out.allowed", "anyone may go out"),
        ("going_out.table_clear_min_pile", "table clear needs a pile of at least"),
        ("going_out.canastas_required", "canastas needed to go out"),
        ("going_out.required_each_hand", "someone must go out to end a hand"),
        ("going_out.concealed_waives_minimum", "going out concealed needs no opening minimum")]),
    "opening": lambda cs: _brackets(cs, "opening.minimums", "minimum", ("total before the hand", "minimum")),
    "taxation": lambda cs: (_brackets(cs, "taxation.brackets", "method", ("total before the hand", "hand score is"),
                                      TAX_WORDS) if cs[0].data.get("taxation", {}).get("brackets")
                            else ["No taxation."]) + [""] + scalars(cs, [
                                ("taxation.negative", "a negative hand score is")], VOCABULARY),
    "match": lambda cs: scalars(cs, [("match.target", "target"), ("match.targets_by_sides", "target by sides"),
                                      ("match.round_of_deals", "decided only after complete rounds of deals"),
                                      ("match.compare", "a total wins when it"),
                                      ("match.top_tie", "an exact tie on top")], VOCABULARY),
    "penalties": _penalties,
}
