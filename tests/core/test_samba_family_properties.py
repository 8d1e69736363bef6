"""Property: any legal random end-of-hand table of each samba-family variant (seed 003 l. 71–79) scores without
error and conserves its deck of 162 cards.

A table is dealt from the variant's physical deck (three packs of suited cards and six jokers), so no card is
used twice; its melds are built from the variant's own meld shapes and limits (groups, suit sequences, wild-only
melds, Italian's 2s as a rank), so each must be judged legal; leftovers go to hands. Scored once as an exhausted
stock (nobody out: the result must be ok) and once with the first side going out with an empty hand (only its
going-out requirements may fail).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from scorekeeper.rules import get_rules, parse_record, score_hand
from scorekeeper.rules.cards import NATURAL_RANKS, SUITS

VARIANTS = ("samba", "hollywood", "bolivia", "brazilian", "italian")
# Choices that change what a legal table looks like: 108 cards and no sequences, no sequences, eight 2s.
SHAPED = (("bolivia", {"base": "traditional"}), ("italian", {"sequences": "no"}),
          ("italian", {"deuce_meld_cap": "none"}), ("brazilian", {"sequence_bonus": "short_minus_1000"}))
GOING_OUT = {"going_out_needs_canasta", "going_out_condition_not_met"}


def _deck(rules) -> list[str]:
    cards = [rank + suit for _ in range(rules.packs) for suit in SUITS for rank in (*NATURAL_RANKS, "2", "3")]
    return cards + ["JK"] * rules.jokers


def _rank(token: str) -> str:
    return token if token == "JK" else token[:-1]


def _take(pool: list[str], wanted, n: int) -> list[str] | None:
    found = [i for i, t in enumerate(pool) if wanted(t)][:n]
    if len(found) < n:
        return None
    taken = [pool[i] for i in found]
    for i in reversed(found):
        del pool[i]
    return taken


def _wilds(rules, pool, n):
    return _take(pool, lambda t: _rank(t) in rules.wilds, n)


def _group(rules, pool, rnd, used):
    shape = rules.shapes["group"]
    ranks = [r for r in (*NATURAL_RANKS, *(["2"] if "2" not in rules.wilds else [])) if r not in used]
    if not ranks:
        return None
    rank = rnd.choice(ranks)
    if rules.one_group_per_rank:          # the traditional base keeps one meld per rank (S55)
        used.add(rank)
    cap = shape.max_size_by_rank.get(rank, shape.max_size) or 9
    size = rnd.randint(3, cap)
    most = min(shape.max_wilds if shape.max_wilds is not None else size, size - max(shape.min_naturals, 1))
    if shape.wild_relation == "at_most_half":
        most = min(most, size // 2)
    wild = rnd.randint(0, max(most, 0))
    naturals = _take(pool, lambda t: _rank(t) == rank, size - wild)
    wilds = _wilds(rules, pool, wild) if naturals is not None else None
    if naturals is None or wilds is None:
        pool += naturals or []
        return None
    return naturals + wilds


def _sequence(rules, pool, rnd, used):
    shape = rules.shapes["sequence"]
    order = sorted(shape.orders[0], key=shape.orders[0].__getitem__)
    size = rnd.randint(3, min(shape.max_size or len(order), len(order)))
    start = rnd.randint(0, len(order) - size)
    suit = rnd.choice(SUITS)
    wild = rnd.randint(0, min(shape.max_wilds or 0, size - shape.min_naturals))
    places = set(rnd.sample(range(size), wild))
    ranks = [r for i, r in enumerate(order[start:start + size]) if i not in places]
    naturals = []
    for r in ranks:
        got = _take(pool, lambda t, r=r: t == r + suit, 1)
        if got is None:
            pool += naturals
            return None
        naturals += got
    wilds = _wilds(rules, pool, wild)
    if wilds is None:
        pool += naturals
        return None
    return naturals + wilds


def _wild_only(rules, pool, rnd, used):
    return _wilds(rules, pool, rnd.randint(3, rules.shapes["wild_only"].max_size or 7))


def _table(variant: str, seed: int, options: dict | None = None) -> dict:
    rules = get_rules(variant, options)
    rnd = random.Random(seed)
    pool = _deck(rules)
    rnd.shuffle(pool)
    makers = [_group] + [m for name, m in (("sequence", _sequence), ("wild_only", _wild_only)) if name in rules.shapes]
    reds = _take(pool, lambda t: t in ("3h", "3d"), rnd.randint(0, rules.red_threes_in_deck))
    sides = []
    for name, players in (("NS", ["N", "S"]), ("EW", ["E", "W"])):
        melds, used = [], set()
        for _ in range(rnd.randint(0, 6)):
            meld = rnd.choice(makers)(rules, pool, rnd, used)
            if meld:
                melds.append(" ".join(meld))
        hand = [pool.pop() for _ in range(rnd.randint(0, 6)) if pool]
        pool += [t for t in hand if t in ("3h", "3d")]
        hand = [t for t in hand if t not in ("3h", "3d")]
        mine = rnd.randint(0, len(reds))
        sides.append({"name": name, "players": players, "melds": melds, "red_threes": mine,
                      "hand": {players[0]: " ".join(hand), players[1]: ""}})
        reds = reds[mine:]
    return {"variant": variant, "options": options or {}, "sides": sides}


@pytest.mark.parametrize("variant, options", [*((v, None) for v in VARIANTS), *SHAPED])
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2 ** 32 - 1))
def test_random_legal_tables_score_and_conserve_the_deck(variant, options, seed):
    record = _table(variant, seed, options)
    result = score_hand(parse_record(record))
    assert result.ok, [(p.code, p.message) for p in result.problems]
    for side in result.sides:
        assert all(m.legal for m in side.melds)
        assert side.score == side.base + side.melded_value + side.hand_value + side.penalty
    # The first side goes out (its player's hand emptied): only its going-out requirements may fail.
    record["sides"][0].update(out="out", hand={"N": "", "S": record["sides"][0]["hand"]["N"]})
    gone = score_hand(parse_record(record))
    assert {p.code for p in gone.problems} <= GOING_OUT
    assert sum(s.score for s in gone.sides) == sum(s.base + s.card_value + s.penalty for s in gone.sides)
