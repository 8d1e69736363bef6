"""The canasta family's ``build_rules`` and ``table_problems`` hooks (see ``variants.FAMILIES``): a canasta table,
already checked against its schema (:mod:`.schema`) and patched by the chosen options, as a read-only
:class:`~scorekeeper.rules.variants.Rules`, and what contradicts in it."""

from __future__ import annotations

from typing import Any, Mapping

from .errors import VariantError
from .schema import (Compare, NegativeTax, OpeningWildValue, RedThreeInHand, RedThreeMinus, ScorePer, TopTie,
                     WildMix, WildRelation)
from .tables import frozen
from .variants import Bracket, CanastaKind, Rules, Variant, players_total, total_players_problems


def _brackets(rows: list[Mapping[str, Any]], key: str) -> tuple[Bracket, ...]:
    out = tuple(Bracket(start=int(r["from"]), value=r[key]) for r in rows)
    if [b.start for b in out] != sorted(b.start for b in out):
        raise VariantError(f"brackets must be in ascending order of 'from': {rows!r}")
    return out


def build_canasta_rules(variant: Variant, data: dict[str, Any], chosen: Mapping[str, str]) -> Rules:
    """The canasta family's ``build_rules`` hook: every number of a canasta table."""
    m, g, rt, ps = data["melds"], data["going_out"], data["red_threes"], data["players"]
    canastas = tuple(
        CanastaKind(kind=kind, label=c["label"], bonus=int(c["bonus"]), size=tuple(c["size"]),
                    wilds=tuple(c["wilds"]) if "wilds" in c else None,
                    wild_only=bool(c.get("wild_only", False)),
                    wild_mix=WildMix(c["wild_mix"]) if "wild_mix" in c else None,
                    rank=c.get("rank"))
        for kind, c in data["canastas"].items())
    return Rules(
        id=variant.id, name=variant.name, family=variant.family, seed=variant.seed,
        reference=variant.reference, options=frozen(chosen),
        packs=int(data["deck"]["packs"]), jokers=int(data["deck"]["jokers"]),
        min_sides=int(ps["min_sides"]), max_sides=int(ps["max_sides"]),
        players_per_side=int(ps["players_per_side"]), total_players=players_total(ps),
        score_per=ScorePer(ps.get("score_per", "side")),
        card_values=frozen({k: int(v) for k, v in data["card_values"].items()}),
        hand_values=frozen({k: int(v) for k, v in data.get("hand_values", {}).items()}),
        min_size=int(m["min_size"]), max_size=int(m.get("max_size", 0)),
        max_wilds_by_size=frozen({int(k): int(v) for k, v in m.get("max_wilds_by_size", {}).items()}),
        max_wilds=m.get("max_wilds"), min_naturals=int(m.get("min_naturals", 1)),
        wild_relation=WildRelation(m.get("wild_relation", "any")),
        one_group_per_rank=bool(m.get("one_group_per_rank", True)),
        wild_only=bool(m.get("wild_only", False)), wild_only_min=int(m.get("wild_only_min", 3)),
        wild_only_max=int(m.get("wild_only_max", 0)),
        black_threes=bool(m.get("black_threes", False)),
        black_threes_min=int(m.get("black_threes_min", 3)), black_threes_max=int(m.get("black_threes_max", 4)),
        opening_wild_value=OpeningWildValue(m.get("opening_wild_value", "own")),
        wild_only_opening_value=int(m.get("wild_only_opening_value", 20)),
        canastas=canastas,
        red_three_totals=tuple(int(x) for x in rt["totals"]),
        red_three_minus_unless=RedThreeMinus(rt.get("minus_unless", "never")),
        red_three_in_hand=RedThreeInHand(rt.get("in_hand", "penalty")),
        red_three_in_hand_points=int(rt.get("in_hand_points", 0)),
        twins_allowed=bool(data["twins"]["allowed"]), twin_points=int(data["twins"]["points"]),
        out_bonus=int(g["out"]), concealed_bonus=int(g["concealed"]),
        table_clear_bonus=g.get("table_clear"), table_clear_min_pile=int(g.get("table_clear_min_pile", 0)),
        canastas_required=int(g["canastas_required"]), going_out_required=bool(g["required_each_hand"]),
        concealed_waives_minimum=bool(g.get("concealed_waives_minimum", False)),
        opening_minimums=_brackets(data["opening"]["minimums"], "minimum"),
        taxation=_brackets(data["taxation"]["brackets"], "method"),
        negative_tax=NegativeTax(data["taxation"].get("negative", "untaxed")),
        target=int(data["match"]["target"]), compare=Compare(data["match"]["compare"]),
        top_tie=TopTie(data["match"]["top_tie"]),
        penalties=frozen({k: (p["label"], int(p["points"])) for k, p in data.get("penalties", {}).items()}),
    )


def canasta_table_problems(r: Rules) -> list[str]:
    """The canasta family's ``table_problems`` hook."""
    problems = []
    needed = {"4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "JK", "black3", "red3"}
    if missing := needed - set(r.card_values):
        problems.append(f"card_values lacks {sorted(missing)}")
    if len(r.red_three_totals) != r.red_threes_in_deck + 1:
        problems.append(f"red_threes.totals needs {r.red_threes_in_deck + 1} entries (0..{r.red_threes_in_deck})")
    if not r.opening_minimums:
        problems.append("opening.minimums is empty")
    if not r.min_sides <= r.max_sides:
        problems.append("players.min_sides exceeds max_sides")
    return problems + total_players_problems(r)
