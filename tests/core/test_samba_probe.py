"""The Samba-like probe table (tests/core/tables/samba_probe.toml), written only as data: ``extends =
"international"``, suit sequences, 3 packs with 6 jokers, 2 canastas to go out, red threes minus without 2
canastas. Numbers from seed 003_a7945a279b9f9fe4.txt l. 71 (shared/SEED003_DIGEST.md §4.7, decisions S38–S43),
computed by hand in each test."""

import pytest

from scorekeeper.rules import check_meld, get_rules, parse_record, score_hand

NS = {"name": "NS", "players": ["N", "S"], "red_threes": 2, "out": "out", "hand": {"N": "", "S": "4 9"},
      # a samba of hearts (5+5+5+10+10+10+10 = 55), a natural canasta of kings (70), a group Q Q 2 (40)
      "melds": ["5h 6h 7h 8h 9h 10h Jh", "K K K K K K K", "Q Q 2"]}
EW = {"name": "EW", "players": ["E", "W"], "red_threes": 1, "hand": {"E": "JK 4", "W": "7"},
      # a mixed canasta of aces (6 x 20 + 20 = 140) and a sequence 8s 9s 10s (30), not a canasta
      "melds": ["A A A A A A 2", "8s 9s 10s"]}


def _score(*sides):
    return score_hand(parse_record({"variant": "samba_probe", "sides": list(sides)}))


def test_samba_probe_scores_a_hand_with_a_sequence_canasta(tables_folder):
    """S43: the samba (seven of a suit) is a canasta worth 1500; going out 200; two red threes 200 with two
    canastas; EW's one red three counts minus, it has one canasta only (S39)."""
    result = _score(NS, EW)
    assert result.ok, [p.code for p in result.problems]
    ns, ew = result.sides
    assert [(b.item, b.count, b.points) for b in ns.base_items] == [
        ("red_threes", 2, 200), ("natural_canasta", 1, 500), ("samba", 1, 1500), ("going_out", 1, 200)]
    # base 2400 + melded 55 + 70 + 40 - in hand (4 + 9 = 5 + 10) = 2550
    assert (ns.base, ns.melded_value, ns.hand_value, ns.score, ns.canastas) == (2400, 165, -15, 2550, 2)
    assert [(b.item, b.points) for b in ew.base_items] == [("red_threes", -100), ("mixed_canasta", 300)]
    # base -100 + 300 = 200, melded 140 + 30 = 170, in hand JK 4 7 = 60: 310
    assert (ew.base, ew.melded_value, ew.hand_value, ew.score) == (200, 170, -60, 310)
    assert [(m.kind, m.shape, m.suit, m.is_canasta) for m in ns.melds] == [
        ("samba", "sequence", "h", True), ("natural_canasta", "group", None, True), ("group", "group", None, False)]
    assert (ew.melds[1].kind, ew.melds[1].suit) == ("sequence", "s")


def test_samba_probe_going_out_needs_two_canastas_and_a_samba_is_one(tables_folder):
    """S43: "Pour terminer le jeu, samba est assimilé à canast": a samba alone is one canasta, short of two."""
    alone = dict(NS, melds=["5h 6h 7h 8h 9h 10h Jh", "Q Q 2"])
    result = _score(alone, EW)
    assert [p.code for p in result.problems] == ["going_out_needs_canasta"]
    assert result.sides[0].base_items[0].points == -200      # and its red threes count minus (one canasta)


def test_samba_probe_is_international_with_three_packs(tables_folder):
    """extends: inherited card values and options; the deck of 162 cards holds 3 of each suited card."""
    rules = get_rules("samba_probe")
    assert (rules.packs, rules.jokers, rules.red_threes_in_deck, rules.target) == (3, 6, 6, 10000)
    assert rules.card_values == get_rules("international").card_values
    assert sorted(rules.shapes) == ["black_threes", "group", "sequence"]
    assert check_meld(rules, "K K K K K K K K K K K K").legal                    # 12 kings: three packs
    assert [p.code for p in check_meld(rules, "5h 5h 5h 5h").problems] == ["more_copies_than_deck"]


@pytest.mark.parametrize("cards, codes", [
    pytest.param("5h 6h 7h 8h 9h 10h Jh Qh", ["too_many_cards"], id="S43 a sequence holds at most 7 cards"),
    pytest.param("5h 6h 2 8h", ["too_many_wilds"], id="S43 no wild cards in a sequence"),
    pytest.param("K K 2 2", [], id="S42 two wilds with two naturals: at most half"),
    pytest.param("K K K 2 2 2", ["too_many_wilds"], id="S42 at most two wild cards in a group"),
])
def test_samba_probe_meld_limits(tables_folder, cards, codes):
    assert [p.code for p in check_meld(get_rules("samba_probe"), cards).problems] == codes


@pytest.mark.parametrize("canastas, points", [
    pytest.param({"natural_canasta": 1, "samba": 1}, 200, id="S39 two canastas, one a samba: red threes plus"),
    pytest.param({"samba": 1}, -200, id="S39 one canasta: red threes minus"),
])
def test_samba_probe_side_entered_as_a_summary_is_tallied_by_kind(tables_folder, canastas, points):
    """A side entered as totals (summary.py) meets the same conditions: its canastas by kind are its tally."""
    summary = {"name": "NS", "players": ["N", "S"], "red_threes": 2, "canastas": canastas,
               "melded_points": 200, "hand_points": 0}
    result = _score(summary, dict(EW, red_threes=0))
    assert [p.code for p in result.problems] == []
    assert result.sides[0].base_items[0].points == points
    assert result.sides[0].canastas == sum(canastas.values())
