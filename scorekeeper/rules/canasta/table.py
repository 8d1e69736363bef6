"""The canasta family's ``build_rules`` and ``table_problems`` hooks (see ``families.FAMILIES``): a canasta table,
already checked against its schema (:mod:`.schema`) and patched by the chosen options, as a read-only
:class:`~scorekeeper.rules.canasta.rules.Rules`, and what contradicts in it.

Everything data can be compiled is compiled here, once per variant and options: the meld shapes (rank orders of a
sequence), the conditions (their count names checked against the tally's vocabulary), and the list of bonus rules
scoring folds over (:mod:`.bonuses`), so scoring a hand does no table reading.
"""

from __future__ import annotations

from typing import Any, Mapping

from scorekeeper.rules.canasta.rules import (BLACK_THREES, GROUP, SEQUENCE, WILD_ONLY, BonusRule, Bracket, CanastaKind, Condition,
                            MeldShape, Rules)
from scorekeeper.rules.cards import NATURAL_RANKS
from scorekeeper.rules.errors import VariantError
from scorekeeper.rules.canasta.hooks import HOOKS
from scorekeeper.rules.canasta.schema import (AcePlace, Compare, NegativeTax, OpeningWildValue, RedThreeInHand, TopTie,
                                              WildMix, WildRelation)
from scorekeeper.rules.tables.schema import ScorePer
from scorekeeper.rules.tables.reading import frozen
from scorekeeper.rules.canasta.tally import tally_vocabulary
from scorekeeper.rules.phrases import phrase
from scorekeeper.rules.tables.families import TableProblem, VariantInfo, as_problems
from scorekeeper.rules.canasta.table_checks import bracket_problems, canasta_kind_problems, shape_problems
from scorekeeper.rules.tables.variants import game_fields, total_players_problems

DEFAULT_WILDS = ("2", "JK")


def _brackets(rows: list[Mapping[str, Any]], key: str) -> tuple[Bracket[Any], ...]:
    # Their order is checked with the other contradictions (table_checks.bracket_problems), at its key.
    return tuple(Bracket(start=int(r["from"]), value=r[key]) for r in rows)


def _keys(value: Any) -> tuple[str, ...]:
    return (value,) if isinstance(value, str) else tuple(value)


def _conditions(rows: list[Mapping[str, Any]], where: str, vocabulary: frozenset[str]) -> tuple[Condition, ...]:
    """A list of condition tables; a count name the tally does not keep is an error naming the dotted key."""
    out = []
    for k, row in enumerate(rows):
        if "went_out" in row:        # shorthand: went_out = true | false
            row = {**row, "count": "went_out", **({"at_least": 1} if row["went_out"] else {"at_most": 0})}
            del row["went_out"]
        if "count" not in row:
            raise VariantError(f"{where}[{k}] needs a count (or went_out)")
        cond = Condition(count=_keys(row["count"]), at_least=row.get("at_least"), at_most=row.get("at_most"),
                         at_least_count_of=_keys(row.get("at_least_count_of", ())),
                         at_most_count_of=_keys(row.get("at_most_count_of", ())))
        for name in (*cond.count, *cond.at_least_count_of, *cond.at_most_count_of):
            if name not in vocabulary:
                raise VariantError(f"{where}[{k}]: unknown count {name!r}; counts are: "
                                   + ", ".join(sorted(vocabulary)))
        out.append(cond)
    return tuple(out)


def _orders(ranks: tuple[str, ...], ace: AcePlace) -> tuple[Mapping[str, int], ...]:
    """Rank -> position in a sequence, once for each place the ace may take."""
    high = tuple(r for r in ranks if r != "A") + ("A",)
    low = ("A",) + tuple(r for r in ranks if r != "A")
    chosen = {AcePlace.HIGH: (high,), AcePlace.LOW: (low,), AcePlace.BOTH: (high, low)}[ace]
    return tuple(frozen({r: i for i, r in enumerate(order)}) for order in chosen)


def _shapes(m: Mapping[str, Any]) -> dict[str, MeldShape]:
    """The shapes a table allows: ``[melds.group]`` always, the others when present and not ``allowed = false``."""
    out = {}
    for name in (GROUP, SEQUENCE, WILD_ONLY, BLACK_THREES):
        s = m.get(name)
        if name == GROUP and s is not None and not s.get("allowed", True):
            raise VariantError("melds.group.allowed: every canasta table melds groups; it cannot be false")
        if s is None and name != GROUP or s is not None and not s.get("allowed", True):
            continue
        s = s or {}
        min_size, max_size = int(s.get("min_size", 3)), int(s.get("max_size", 0))
        if name in (GROUP, SEQUENCE):
            ace = AcePlace(s.get("ace", "high"))
            ranks = tuple(s.get("ranks", NATURAL_RANKS))
            odd = [r for r in ranks if r not in (*NATURAL_RANKS, "2")]
            if odd or len(set(ranks)) < len(ranks):
                raise VariantError(f"melds.{name}.ranks must name ranks of 4..A (or 2), each once: {list(ranks)}")
            out[name] = MeldShape(
                shape=name, min_size=min_size, max_size=max_size, max_wilds=s.get("max_wilds"),
                min_naturals=int(s.get("min_naturals", 1)),
                max_wilds_by_size=frozen({int(k): int(v) for k, v in s.get("max_wilds_by_size", {}).items()}),
                wild_relation=WildRelation(s.get("wild_relation", "any")), ace=ace,
                orders=_orders(ranks, ace) if name == SEQUENCE else (),
                max_size_going_out=int(s.get("max_size_going_out", 0)),
                max_size_by_rank=frozen({str(k): int(v) for k, v in s.get("max_size_by_rank", {}).items()}))
        elif name == WILD_ONLY:
            out[name] = MeldShape(shape=name, min_size=min_size, max_size=max_size,
                                  opening_value=int(s.get("opening_value", 20)))
        else:
            out[name] = MeldShape(shape=name, min_size=min_size, max_size=int(s.get("max_size", 4)),
                                  going_out_only=bool(s.get("going_out_only", True)))
    return out


def _range(c: Mapping[str, Any], key: str) -> tuple[int, int] | None:
    # The schema's Pair: exactly [least, most] (a one-item list crashed every hand that met the kind, issue 19).
    return _pair(c[key]) if key in c else None


def _pair(value: Any) -> tuple[int, int]:
    return int(value[0]), int(value[1])


def _kinds(data: Mapping[str, Any], vocabulary: frozenset[str]) -> tuple[CanastaKind, ...]:
    return tuple(
        CanastaKind(kind=kind, label=c["label"], bonus=int(c["bonus"]), size=_pair(c["size"]),
                    shape=c.get("shape", GROUP), wilds=_range(c, "wilds"), jokers=_range(c, "jokers"),
                    deuces=_range(c, "deuces"), wild_mix=WildMix(c["wild_mix"]) if "wild_mix" in c else None,
                    rank=c.get("rank"), when=_conditions(c.get("when", []), f"canastas.{kind}.when", vocabulary),
                    counts_to_go_out=bool(c.get("counts_to_go_out", True)))
        for kind, c in data["canastas"].items() if c.get("shape", GROUP) not in _disallowed(data["melds"]))


def _disallowed(m: Mapping[str, Any]) -> set[str]:
    """Shapes a table switches off with ``allowed = false`` (an option such as Italian ``sequences = no``): their
    canasta kinds are dropped with them, where a kind of a shape the table never mentions stays an error."""
    return {name for name in (SEQUENCE, WILD_ONLY, BLACK_THREES) if m.get(name, {}).get("allowed") is False}


def _bonus_rules(data: Mapping[str, Any], kinds: tuple[CanastaKind, ...], vocabulary: frozenset[str],
                 plus_when: tuple[Condition, ...]) -> tuple[BonusRule, ...]:
    """Every base item a side may score, in the order its result lists them: the table's fixed sections (red
    threes, twins, canastas, going out) as bonus rules, then its own ``[bonuses.<id>]``."""
    rt, g, tw = data["red_threes"], data["going_out"], data["twins"]
    rules = [BonusRule(item="red_threes", label="red threes", per="red_threes",
                       table=tuple(int(x) for x in rt["totals"]), plus_when=plus_when)]
    if rt.get("in_hand", "penalty") == "penalty":
        rules.append(BonusRule(item="red_threes_in_hand", label="red threes left in hand", per="red_threes_in_hand",
                               points=int(rt.get("in_hand_points", 0))))
    if tw["allowed"]:
        rules.append(BonusRule(item="twins", label="twins", per="twins", points=int(tw["points"])))
    rules += [BonusRule(item=k.kind, label=k.label, per=k.kind, points=k.bonus, when=k.when) for k in kinds]
    rules.append(BonusRule(item="going_out", label="going out", per="went_out", points=int(g["out"])))
    rules.append(BonusRule(item="concealed", label="going out from hand", per="concealed", points=int(g["concealed"])))
    if g.get("double_out") is not None:       # seed 003 l. 155/168: the partner melds his whole hand too (S7)
        rules.append(BonusRule(item="double_out", label="double ending", per="double_out", points=int(g["double_out"])))
    if g.get("table_clear") is not None:
        rules.append(BonusRule(item="table_clear", label="table clear", per="table_clear", points=int(g["table_clear"])))
    for item, b in data.get("bonuses", {}).items():
        where = f"bonuses.{item}"
        if b.get("per") is not None and b["per"] not in vocabulary:
            raise VariantError(f"{where}.per: unknown count {b['per']!r}; counts are: " + ", ".join(sorted(vocabulary)))
        if b.get("hook") is not None and b["hook"] not in HOOKS:
            raise VariantError(f"{where}.hook: no hook named {b['hook']!r}; hooks are: " + (", ".join(HOOKS) or "none"))
        rules.append(BonusRule(item=item, label=b["label"], points=int(b.get("points", 0)), per=b.get("per"),
                               when=_conditions(b.get("when", []), f"{where}.when", vocabulary), hook=b.get("hook")))
    return tuple(rules)


def build_canasta_rules(variant: VariantInfo, data: dict[str, Any], chosen: Mapping[str, str]) -> Rules:
    """The canasta family's ``build_rules`` hook: every number of a canasta table."""
    m, g, rt, ps = data["melds"], data["going_out"], data["red_threes"], data["players"]
    vocabulary = tally_vocabulary(data["canastas"])
    kinds = _kinds(data, vocabulary)
    plus_when = _conditions(rt.get("plus_when", []), "red_threes.plus_when", vocabulary)
    return Rules(
        **{**game_fields(variant, data, chosen), "score_per": ScorePer(ps.get("score_per", "side"))},
        packs=int(data["deck"]["packs"]), jokers=int(data["deck"]["jokers"]),
        wilds=frozenset(data["deck"].get("wilds", DEFAULT_WILDS)),
        also_rank=frozenset(data["deck"].get("also_rank", ())),
        card_values=frozen({k: int(v) for k, v in data["card_values"].items()}),
        hand_values=frozen({k: int(v) for k, v in data.get("hand_values", {}).items()}),
        shapes=frozen(_shapes(m)), one_group_per_rank=bool(m.get("one_group_per_rank", True)),
        opening_wild_value=OpeningWildValue(m.get("opening_wild_value", "own")),
        canastas=kinds, canasta_order=tuple(sorted(kinds, key=lambda k: k.rank is None)),
        red_three_totals=tuple(int(x) for x in rt["totals"]), red_three_plus_when=plus_when,
        red_three_in_hand=RedThreeInHand(rt.get("in_hand", "penalty")),
        red_three_in_hand_points=int(rt.get("in_hand_points", 0)),
        twins_allowed=bool(data["twins"]["allowed"]), twin_points=int(data["twins"]["points"]),
        out_bonus=int(g["out"]), concealed_bonus=int(g["concealed"]),
        table_clear_bonus=g.get("table_clear"), table_clear_min_pile=int(g.get("table_clear_min_pile", 0)),
        canastas_required=int(g["canastas_required"]),
        going_out_requires=_conditions(g.get("requires", []), "going_out.requires", vocabulary),
        going_out_required=bool(g["required_each_hand"]),
        concealed_waives_minimum=bool(g.get("concealed_waives_minimum", False)),
        bonuses=_bonus_rules(data, kinds, vocabulary, plus_when),
        opening_minimums=_brackets(data["opening"]["minimums"], "minimum"),
        taxation=_brackets(data["taxation"]["brackets"], "method"),
        negative_tax=NegativeTax(data["taxation"].get("negative", "untaxed")),
        target=int(data["match"]["target"]), deals=data["match"].get("deals"),
        compare=Compare(data["match"]["compare"]), top_tie=TopTie(data["match"]["top_tie"]),
        penalties=frozen({k: (p["label"], int(p["points"])) for k, p in data.get("penalties", {}).items()}),
        **_opening_requirements(data["opening"]),
        not_to_go_out=frozenset(k.kind for k in kinds if not k.counts_to_go_out),
        **_classic_fields(data),
    )


def _opening_requirements(o: Mapping[str, Any]) -> dict[str, Any]:
    """Seed 003: the canasta an opening must hold by total (``opening.minimums[].canasta``; none when no bracket
    names one), and whether an opening may hold wild cards (``opening.without_wilds``)."""
    rows = o["minimums"]
    canastas = (tuple(Bracket(start=int(r["from"]), value=r.get("canasta")) for r in rows)
                if any("canasta" in r for r in rows) else ())
    return {"opening_canastas": canastas, "opening_without_wilds": bool(o.get("without_wilds", False))}


def _classic_fields(data: Mapping[str, Any]) -> dict[str, Any]:
    """Seed 003's classic-family keys (schema ``_CLASSIC_*``): double ending, going out forbidden, black threes
    taken with the pile, targets by number of sides, rounds of deals, an opening canasta needs no minimum."""
    g, match = data["going_out"], data["match"]
    black = data["melds"].get("black_threes") or {}
    return dict(double_out_bonus=None if g.get("double_out") is None else int(g["double_out"]),
                going_out_allowed=bool(g.get("allowed", True)),
                black_threes_taken_allowed=bool(black.get("taken_with_pile", False)),
                targets_by_sides=frozen({int(k): int(v) for k, v in match.get("targets_by_sides", {}).items()}),
                round_of_deals=match.get("round_of_deals"),
                opening_canasta_suffices=bool(data["opening"].get("canasta_suffices", False)))


def canasta_table_problems(r: Rules) -> list[TableProblem]:
    """The canasta family's ``table_problems`` hook: every contradiction, each at its key (:mod:`.table_checks`)."""
    problems = []
    needed = {"4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "JK", "black3", "red3"}
    if missing := needed - set(r.card_values):
        problems.append(TableProblem("card_values", phrase("lacks %(keys)s", keys=", ".join(sorted(missing)))))
    if unknown := r.wilds - {"2", "JK"}:
        problems.append(TableProblem("deck.wilds", phrase("may name 2 and JK only, not %(keys)s",
                                                          keys=", ".join(sorted(unknown)))))
    if r.also_rank - {"2"} or r.also_rank - r.wilds:
        # Only a 2 has a rank to meld in (a joker has none), and a card that is a rank "too" must be wild.
        problems.append(TableProblem("deck.also_rank", phrase("may name only 2, and only where deck.wilds names it"),
                                     also=("deck.wilds",)))
    if len(r.red_three_totals) != r.red_threes_in_deck + 1:
        problems.append(TableProblem("red_threes.totals", phrase(
            "the red-three totals need %(count)s entries, one for each number of red threes from 0 to %(most)s",
            count=r.red_threes_in_deck + 1, most=r.red_threes_in_deck), also=("deck.packs",)))
    problems += bracket_problems(r.opening_minimums, "opening.minimums", required=True)
    problems += bracket_problems(r.taxation, "taxation.brackets", required=False)
    if not r.min_sides <= r.max_sides:
        problems.append(TableProblem("players.min_sides", phrase("is more than players.max_sides"),
                                     also=("players.max_sides",)))
    if odd := [n for n in r.targets_by_sides if not r.min_sides <= n <= r.max_sides]:
        problems.append(TableProblem("match.targets_by_sides", phrase(
            "names %(count)s sides; this form has %(low)s to %(high)s", count=odd[0], low=r.min_sides,
            high=r.max_sides)))
    if not r.going_out_allowed and r.going_out_required:
        problems.append(TableProblem("going_out.required_each_hand", phrase(
            "a hand cannot have to end by going out when nobody may go out"), also=("going_out.allowed",)))
    if r.canastas_required and not any(k.counts_to_go_out for k in r.canastas):
        problems.append(TableProblem("going_out.canastas_required", phrase(
            "going out needs canastas, but the table has no canasta that counts"), also=("canastas",)))
    problems += shape_problems(dict(r.shapes))
    problems += canasta_kind_problems(r.canastas, dict(r.shapes), bool(r.wilds))
    return problems + as_problems(total_players_problems(r))
