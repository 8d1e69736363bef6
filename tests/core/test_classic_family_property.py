"""Property (issue 12): any legal random end-of-hand table of each classic-family variant scores without a problem,
its arithmetic adds up, and it uses no more of any card than the deck holds (162 and 216 cards included, suited
copies one per pack). The tables are dealt from a real deck of the variant's size, so a card is never used twice;
melds follow the table's own limits (group wild cards, caps, wild-only and sequence shapes), black threes may be
set aside (Cuban) and nobody goes out where nobody may (escalera_sevens)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

from scorekeeper.rules import get_rules, parse_record, score_hand
from scorekeeper.rules.cards import NATURAL_RANKS, SUITS, Card

CLASSIC_FAMILY = ("classic_fr", "canasta_libre", "uruguay", "cuban", "mexicana", "chile", "escalera_sevens",
                  "pennies_from_heaven")
# Problems a random table may have only because it went out without what going out needs: it is dealt again
# with nobody out.
GOING_OUT = {"going_out_needs_canasta", "going_out_condition_not_met"}


def deck(rules) -> list[Card]:
    cards = [Card(rank, suit) for _ in range(rules.packs) for rank in (*NATURAL_RANKS, "2", "3") for suit in SUITS]
    return cards + [Card("JK")] * rules.jokers


def _take(pool: list[Card], want, n: int) -> list[Card]:
    found = [c for c in pool if want(c)][:n]
    for c in found:
        pool.remove(c)
    return found


def _group(rules, pool, rank, rnd) -> list[Card]:
    shape = rules.shapes["group"]
    naturals = _take(pool, lambda c: c.rank == rank, rnd.randint(max(shape.min_naturals, 2), 9))
    most_wild = len(naturals) if shape.wild_relation == "at_most_half" else len(naturals) - 1 \
        if shape.wild_relation == "fewer" else 99
    most_wild = min(most_wild, shape.max_wilds if shape.max_wilds is not None else 99)
    if shape.max_size:
        naturals = naturals[:shape.max_size]
        most_wild = min(most_wild, shape.max_size - len(naturals))
    wild = _take(pool, lambda c: c.kind in rules.wilds, rnd.randint(0, max(most_wild, 0)))
    meld = naturals + wild
    if len(naturals) < max(shape.min_naturals, 1) or len(meld) < shape.min_size:
        pool += meld
        return []
    return meld


def _sequence(rules, pool, rnd) -> list[Card]:
    shape = rules.shapes["sequence"]
    length = rnd.randint(shape.min_size, shape.max_size or 7)
    start = rnd.randint(0, len(NATURAL_RANKS) - length)
    suit = rnd.choice(SUITS)
    wanted = [Card(r, suit) for r in NATURAL_RANKS[start:start + length]]
    if not all(w in pool for w in wanted):
        return []
    for w in wanted:
        pool.remove(w)
    return wanted


def _wild_only(rules, pool, rnd) -> list[Card]:
    shape = rules.shapes["wild_only"]
    meld = _take(pool, lambda c: c.kind in rules.wilds, rnd.randint(shape.min_size, shape.max_size or 7))
    if len(meld) < shape.min_size:
        pool += meld
        return []
    return meld


def deal(rules, rnd: random.Random, out: bool) -> dict:
    pool = deck(rules)
    rnd.shuffle(pool)
    sides = []
    for s in range(rules.min_sides):
        players = [f"p{s}{k}" for k in range(rules.players_per_side)]
        melds = []
        for rank in rnd.sample(NATURAL_RANKS, rnd.randint(0, 4)):
            melds.append(_group(rules, pool, rank, rnd))
        if "sequence" in rules.shapes and rnd.random() < 0.5:
            melds.append(_sequence(rules, pool, rnd))
        if "wild_only" in rules.shapes and rnd.random() < 0.5:
            melds.append(_wild_only(rules, pool, rnd))
        melds = [m for m in melds if m]
        reds = len(_take(pool, lambda c: c.is_red_three, rnd.randint(0, 2)))
        side = {"name": f"S{s}", "players": players, "melds": [" ".join(map(str, m)) for m in melds],
                "red_threes": reds, "out": "none"}
        if rules.black_threes_taken_allowed:
            side["black_threes_taken"] = len(_take(pool, lambda c: c.is_black_three, rnd.randint(0, 2)))
        going = out and s == 0 and melds
        hands = {}
        for p in players:
            n = 0 if going else rnd.randint(1, 4)
            hands[p] = " ".join(map(str, _take(pool, lambda c: not c.is_red_three, n)))
        side["hand"] = hands
        if going:            # a card each from the deck, should the side be dealt again with nobody out
            side["_spare"] = {p: " ".join(map(str, _take(pool, lambda c: not c.is_red_three, 1))) for p in players}
            side["out"] = rnd.choice(["out", "concealed"])
            side["double_out"] = rules.double_out_bonus is not None and len(players) > 1 and rnd.random() < 0.5
        sides.append(side)
    return {"variant": rules.id, "sides": sides, "totals_before": {s["name"]: rnd.randint(-500, 9000) for s in sides}}


def used(record) -> Counter:
    """Every card of the record by conservation key and suit, set-aside black threes and red threes included."""
    count: Counter = Counter()
    for side in record["sides"]:
        cards = [c for m in side["melds"] for c in m.split()] + [c for h in side["hand"].values() for c in h.split()]
        for token in cards:
            card = Card(token[:-1], token[-1]) if token[-1] in SUITS else Card(token)
            count[card.conservation_key, card.suit] += 1
        count["black3", None] += side.get("black_threes_taken", 0)
        count["red3", None] += side["red_threes"]
    return count


@pytest.mark.parametrize("variant", CLASSIC_FAMILY)
@settings(max_examples=40, deadline=None)
@given(rnd=st.randoms(use_true_random=False), out=st.booleans())
def test_a_random_legal_end_of_hand_table_scores_and_conserves_the_deck(variant, rnd, out):
    rules = get_rules(variant)
    record = deal(rules, rnd, out and rules.going_out_allowed)
    spare = record["sides"][0].pop("_spare", None)
    result = score_hand(parse_record(record))
    if {p.code for p in result.problems} <= GOING_OUT and result.problems:
        record["sides"][0].update(out="none", double_out=False, hand=spare)
        result = score_hand(parse_record(record))
    assert result.ok, [p.message for p in result.problems]
    for side in result.sides:
        assert side.score == side.base + side.melded_value + side.hand_value + side.penalty
        assert side.total == side.total_before + side.score
    # the deck holds every card the table used: by key, and each suited card at most once per pack
    for (key, suit), n in used(record).items():
        assert n <= rules.copies(key, suit), (key, suit, n)
    assert sum(used(record).values()) <= rules.packs * 52 + rules.jokers
