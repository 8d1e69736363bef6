"""A third game family from outside the package (issue 20): the toy rummy of tests/toy_rummy plugs in through
the registry alone (its schema, hooks and tables folder on one ``Family``), and the core reads its table, builds
its rules, reads its records and scores them with problems as values, like canasta's and Keltis's."""

from __future__ import annotations

import pytest

from scorekeeper.rules import RecordError, VariantError, get_rules, parse_record, registry, score_hand, score_match
from scorekeeper.rules.tables.families import FAMILIES, register
from scorekeeper.rules.tables.groups import group_of, grouped, groups
from scorekeeper.rules.tables.pinned import pin, rules_from_json
from tests.toy_rummy.family import FAMILY
from tests.toy_rummy.score import meld_shape


@pytest.fixture
def toy(monkeypatch):
    """The toy family registered for one test (what tests/toy_rummy/plugin.py does for good)."""
    monkeypatch.setitem(FAMILIES, FAMILY.name, FAMILY)
    return FAMILY


def hand(*sides, **extra):
    return {"variant": "toy_rummy", "sides": [{"name": n, "melds": m, "hand": h} for n, m, h in sides], **extra}


def test_the_family_is_unknown_until_registered(monkeypatch):
    monkeypatch.delitem(FAMILIES, "toy_rummy", raising=False)      # even under SCOREKEEPER_PLUGINS
    assert "toy_rummy" not in registry()
    with pytest.raises(RecordError, match="unknown variant 'toy_rummy'"):
        parse_record(hand(("Anna", [], ""), ("Béla", [], "")))


def test_registering_adds_its_tables_and_taking_it_out_removes_them(toy, monkeypatch):
    assert registry()["toy_rummy"].family == "toy_rummy"
    monkeypatch.delitem(FAMILIES, "toy_rummy")
    assert "toy_rummy" not in registry()


def test_a_second_family_of_the_same_name_is_refused(toy):
    register(FAMILY)                                     # the same family again: nothing changes
    with pytest.raises(VariantError, match="'toy_rummy' is already registered"):
        register(type(FAMILY)(**{**{f: getattr(FAMILY, f) for f in FAMILY.__slots__}, "tables": None}))


def test_its_rules_meet_the_game_rules_protocol_and_options_patch_them(toy):
    high, low = get_rules("toy_rummy"), get_rules("toy_rummy", {"ace": "low"})
    assert (high.family, high.min_sides, high.max_sides, high.total_players, high.target) == \
        ("toy_rummy", 2, 4, (2, 4), 300)
    assert (high.value("A"), high.ace_low, low.value("A"), low.ace_low) == (15, False, 1, True)


@pytest.mark.parametrize("cards, shape", [
    ("7h 8h 9h", "run"), ("9h 7h 8h", "run"), ("Kc Kd Ks", "group"), ("Qs Ks As", "run"),
    ("Kc Kc Kd", None), ("7h 8h", None), ("7h 8s 9h", None), ("7h 9h 10h", None), ("As 2s 3s", None),
    ("7 8 9", None), ("JK 7h 8h", None),
], ids=lambda v: str(v))
def test_a_meld_is_a_group_or_a_run(toy, cards, shape):
    """Groups: one rank, different suits (one pack); runs: one suit, ranks in a row, the ace high by default."""
    from scorekeeper.rules import parse_cards
    assert meld_shape(get_rules("toy_rummy"), parse_cards(cards)) == shape


def test_the_ace_low_option_lets_a_run_start_with_the_ace(toy):
    from scorekeeper.rules import parse_cards
    rules = get_rules("toy_rummy", {"ace": "low"})
    assert meld_shape(rules, parse_cards("As 2s 3s")) == "run"
    assert meld_shape(rules, parse_cards("Qs Ks As")) is None


def test_points_for_cards_melded_plus_and_in_hand_minus(toy):
    """Anna melds 7+8+9 and three kings (54), holds a 2: 52; Béla melds three queens (30), holds A and 5: 10."""
    result = score_hand(parse_record(hand(("Anna", ["7h 8h 9h", "Kc Kd Ks"], "2c"),
                                          ("Béla", ["Qc Qd Qh"], "Ad 5s"), totals_before={"Anna": 100})))
    assert result.ok, result.problems
    assert [(s.melded, s.in_hand, s.score) for s in result.sides] == [(54, 2, 52), (30, 20, 10)]
    assert result.totals == {"Anna": 152, "Béla": 10}
    assert result.hand_winner == ("Anna",) and not result.match_over
    assert result.to_dict()["family"] == "toy_rummy"


def test_rule_violations_are_problems_the_result_still_scored(toy):
    result = score_hand(parse_record(hand(("Anna", ["7h 8s 9h"], "Kc"), ("Béla", ["Kc Kd Ks"], "4"))))
    assert not result.ok
    assert {p.code for p in result.problems} == {"not_a_meld", "card_twice", "card_without_suit"}
    not_a_meld = next(p for p in result.problems if p.code == "not_a_meld")
    assert (not_a_meld.side, not_a_meld.field) == ("Anna", "sides[0].melds[0]")
    assert result.sides[0].score == 24 - 10


def test_malformed_input_is_a_record_error_naming_the_field(toy):
    with pytest.raises(RecordError) as caught:
        parse_record(hand(("Anna", ["7h 8h xx"], ""), ("Béla", [], "")))
    assert caught.value.field == "sides[0].melds[0]"
    with pytest.raises(RecordError, match="unknown field 'rows'"):
        parse_record({"variant": "toy_rummy", "sides": [{"name": "Anna", "rows": {}}]})


def test_a_match_is_played_to_the_target_under_pinned_rules(toy):
    """The match arithmetic and the pinned rules are family-neutral: a pinned toy table holds JSON, no module."""
    text, _digest = pin("toy_rummy", {"ace": "high"})
    assert "tests" not in text and '"family":"toy_rummy"' in text.replace(" ", "")
    rules = rules_from_json(text)
    big = {"sides": [{"name": "Anna", "melds": ["10h Jh Qh Kh Ah"], "hand": ""},      # 55 a hand
                     {"name": "Béla", "melds": [], "hand": "2c"}]}
    results = score_match(rules, [big] * 6)
    assert [r.match_over for r in results] == [False] * 5 + [True]      # 275, then 330: past the 300 target
    assert results[-1].totals == {"Anna": 330, "Béla": -12} and results[-1].winner == "Anna"


def test_the_pages_list_it_in_a_group_of_its_own(toy):
    variant = registry()["toy_rummy"]
    assert group_of(variant) == "toy_rummy" and groups()[-1] == "toy_rummy"
    assert grouped([variant]) == [("toy_rummy", [variant])]
