"""Meld shapes as data (scorekeeper/rules/melds/shapes.py, melds.py): the shapes a table allows with their limits, the
wild cards of the deck spec, canasta kinds by shape, size, composition and rank. Each probe table extends
international with what a seed-003 variant needs (seed 003_a7945a279b9f9fe4.txt; shared/SEED003_DIGEST.md
section and decision named in each row)."""

import textwrap

import pytest
from hypothesis import given, settings, strategies as st

from scorekeeper.rules import VariantError, check_meld, get_rules, parse_cards
from scorekeeper.rules.tables import variants as variants_module
from scorekeeper.rules.cards import NATURAL_RANKS, format_cards

HEAD = 'extends = "international"\nid = "{id}"\nname = "{id}"\n'

# Hollywood (§4.9, S53): sequences of 3 to 7 with at most one wild card and at least 3 naturals; ace both ends.
HOLLYWOOD = """
[melds.sequence]
min_size = 3
max_size = 7
max_wilds = 1
min_naturals = 3
ace = "both"

[canastas.natural_sequence]
label = "natural sequence canasta"
shape = "sequence"
size = [7, 7]
wilds = [0, 0]
bonus = 1500

[canastas.mixed_sequence]
label = "mixed sequence canasta"
shape = "sequence"
size = [7, 7]
wilds = [1, 1]
bonus = 1000
"""

# Cuban (§4.3, S28): wild-only melds 3 to 7; seven 2s 4000, four jokers + three 2s 3000, any other seven 2000.
CUBAN = """
[melds.wild_only]
min_size = 3
max_size = 7

[canastas.seven_deuces]
label = "seven deuces"
shape = "wild_only"
size = [7, 7]
deuces = [7, 7]
bonus = 4000

[canastas.jokers_and_deuces]
label = "four jokers and three deuces"
shape = "wild_only"
size = [7, 7]
jokers = [4, 4]
deuces = [3, 3]
bonus = 3000

[canastas.wild_canasta]
label = "wild canasta"
shape = "wild_only"
size = [7, 7]
bonus = 2000

[canastas.sevens]
label = "canasta of sevens"
size = [7, 99]
rank = "7"
bonus = 1500
"""

# Italian (§4.8, S45): 2s are a natural rank, jokers the only wild cards; seven 2s 3000, 2s with jokers 2000.
ITALIAN = """
[deck]
wilds = ["JK"]

[canastas.deuces]
label = "canasta of deuces"
size = [7, 7]
rank = "2"
wilds = [0, 0]
bonus = 3000
"""


@pytest.fixture
def probe(write_table):
    """Rules of a probe table that extends international with ``body``."""
    return lambda table_id, body: write_table(table_id, HEAD.format(id=table_id) + textwrap.dedent(body))


def codes(verdict):
    return [p.code for p in verdict.problems]


@pytest.mark.parametrize("cards, kind, suit, wilds, codes_", [
    pytest.param("4h 5h 6h 7h 8h 9h 10h", "natural_sequence", "h", 0, [], id="S53 seven hearts: natural sequence"),
    pytest.param("4h 5h 6h JK 8h 9h 10h", "mixed_sequence", "h", 1, [], id="S53 one wild fills a gap: mixed"),
    pytest.param("Qs Ks As 4s", "sequence", "s", 0, ["sequence_not_consecutive"],
                 id="ace both ends but never round the corner"),
    pytest.param("As 4s 5s", "sequence", "s", 0, [], id="ace low before the 4"),
    pytest.param("Js Qs Ks As", "sequence", "s", 0, [], id="ace high after the king"),
    pytest.param("7c 8c 2 JK 9c", "sequence", "c", 2, ["too_many_wilds"], id="S53 at most one wild card"),
    pytest.param("7c 8c 2", "sequence", "c", 1, ["too_few_naturals"], id="S53 at least three naturals"),
    pytest.param("7c 8c 10c", "sequence", "c", 0, ["sequence_not_consecutive"], id="a gap with no wild to fill it"),
    pytest.param("7c 8c 9d", "sequence", None, 0, ["sequence_not_one_suit"], id="one suit per sequence"),
    pytest.param("7 8 9", "sequence", None, 0, ["sequence_not_one_suit"], id="a sequence's cards carry their suit"),
    pytest.param("7c 7c 8c 9c", "sequence", "c", 0, ["sequence_not_consecutive"], id="each rank once"),
    pytest.param("5h 6h 7h 8h 9h 10h Jh Qh", "sequence", "h", 0, ["too_many_cards"], id="capped at seven"),
    pytest.param("K K Q", "mixed_ranks", None, 0, ["mixed_ranks"], id="a repeated rank of no suit: mixed ranks"),
    pytest.param("K K K 2", "group", None, 1, [], id="groups are judged as before"),
])
def test_sequence_shape_hollywood(probe, cards, kind, suit, wilds, codes_):
    """Cards of one suit in a run are judged as a sequence and every problem of that shape is listed."""
    verdict = check_meld(probe("hollywood_probe", HOLLYWOOD), cards)
    assert (verdict.kind, verdict.suit, verdict.wilds, codes(verdict)) == (kind, suit, wilds, codes_)
    assert verdict.legal == (not codes_)


def test_a_table_without_sequences_reads_a_run_as_mixed_ranks():
    """International (seed 002) allows no sequence: a run is one problem, mixed ranks, as before."""
    assert codes(check_meld(get_rules("international"), "7c 8c 9c")) == ["mixed_ranks"]


@pytest.mark.parametrize("cards, kind, bonus", [
    pytest.param("2 2 2 2 2 2 2", "seven_deuces", 4000, id="S28 seven 2s 4000"),
    pytest.param("JK JK JK JK 2 2 2", "jokers_and_deuces", 3000, id="S28 four jokers and three 2s 3000"),
    pytest.param("JK JK 2 2 2 2 2", "wild_canasta", 2000, id="S28 any other seven wild cards 2000"),
    pytest.param("JK 2 2", "wild_group", 0, id="S28 wild-only melds start at three"),
    pytest.param("7 7 7 7 7 7 7", "sevens", 1500, id="a canasta kind by rank: sevens"),
    pytest.param("8 8 8 8 8 8 8", "natural_canasta", 500, id="other ranks keep the base kinds"),
])
def test_canasta_kinds_by_composition_and_rank_cuban(probe, cards, kind, bonus):
    verdict = check_meld(probe("cuban_probe", CUBAN), cards)
    assert (verdict.legal, verdict.kind, verdict.bonus) == (True, kind, bonus)


def test_wild_only_melds_are_capped_by_their_shape_cuban(probe):
    verdict = check_meld(probe("cuban_probe", CUBAN), "2 2 2 2 2 2 2 2")
    assert codes(verdict) == ["too_many_cards"]


@pytest.mark.parametrize("cards, kind, legal, wilds", [
    pytest.param("2 2 2 2 2 2 2", "deuces", True, 0, id="S45 seven 2s are a natural canasta of deuces"),
    pytest.param("2 2 JK", "group", True, 1, id="S45 2s with a joker: a group of deuces"),
    pytest.param("K K 2", "mixed_ranks", False, 0, id="S45 a 2 is no longer wild"),
    pytest.param("JK JK JK", "wild_group", False, 3, id="S45 jokers alone are no meld"),
])
def test_wild_cards_come_from_the_deck_spec_italian(probe, cards, kind, legal, wilds):
    verdict = check_meld(probe("italian_probe", ITALIAN), cards)
    assert (verdict.kind, verdict.legal, verdict.wilds) == (kind, legal, wilds)


@pytest.mark.parametrize("body, message", [
    pytest.param('[canastas.samba]\nlabel = "samba"\nshape = "sequence"\nsize = [7, 7]\nbonus = 1500\n',
                 "canastas.samba.shape: this canasta is of shape sequence, which the melds do not allow", id="a kind of a shape not allowed"),
    pytest.param('[deck]\nwilds = ["2", "K"]\n', "deck.wilds: may name 2 and JK only", id="a king cannot be wild"),
    pytest.param('[canastas.x]\nlabel = "x"\nshape = "wild_only"\nsize = [7, 7]\nbonus = 1\n',
                 "canastas.x.shape: this canasta is of shape wild_only", id="a kind of a shape the table never mentions"),
    pytest.param('[melds.group]\nallowed = false\n', "melds.group.allowed", id="groups cannot be switched off"),
    pytest.param('[melds.sequence]\nranks = ["4", "5", "3"]\n', r"melds.sequence.ranks must name ranks of 4..A",
                 id="a three cannot stand in a run"),
    pytest.param('[melds.sequence]\nranks = ["4", "5", "5"]\n', r"each once", id="a rank twice in the order"),
])
def test_contradicting_shapes_fail_to_load(probe, body, message):
    with pytest.raises(VariantError, match=message):
        probe("broken_probe", body)


def test_allowed_false_drops_the_kinds_of_that_shape(probe):
    """A shape switched off (an option such as Italian canasta's ``sequences = no``, seed 003 S44) takes its
    canasta kinds with it: a kind of the base cannot be removed otherwise. (Before issue 12 this was a load
    error; a kind of a shape the table never mentions still is, above.)"""
    rules = probe("no_sequence_probe", HOLLYWOOD.replace("[melds.sequence]\n", "[melds.sequence]\nallowed = false\n"))
    assert "sequence" not in rules.shapes
    assert [k.kind for k in rules.canastas] == ["natural_canasta", "mixed_canasta"]
    assert codes(check_meld(rules, "7c 8c 9c")) == ["mixed_ranks"]


# --- properties -----------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def hollywood(tmp_path_factory):
    """The Hollywood probe built straight from its files (the registry is per test; Hypothesis runs many inputs)."""
    folder = tmp_path_factory.mktemp("tables")
    (folder / "international.toml").write_text((variants_module.RULES_REF / "international.toml").read_text(
        encoding="utf-8"), encoding="utf-8")
    (folder / "hollywood_probe.toml").write_text(HEAD.format(id="hollywood_probe") + HOLLYWOOD, encoding="utf-8")
    variant = variants_module._load_file(folder / "hollywood_probe.toml")
    return variants_module._build(variant, {o.name: o.default for o in variant.options})


@settings(max_examples=150, deadline=None)
@given(start=st.integers(0, len(NATURAL_RANKS) - 3), length=st.integers(3, 7), suit=st.sampled_from("cdhs"),
       holes=st.sets(st.integers(1, 5), max_size=1), data=st.data())
def test_every_accepted_sequence_renders_and_conserves_its_cards(hollywood, start, length, suit, holes, data):
    """Property: a run of one suit (one card may be a joker) judged legal keeps its cards in the order given,
    renders back to the same cards, and is worth the sum of its cards' values."""
    rules = hollywood
    ranks = NATURAL_RANKS[start:start + length]
    # S53: the joker stands inside the run, and three naturals stay
    cards = [("JK" if i in holes and i < len(ranks) - 1 and len(ranks) >= 4 else r + suit)
             for i, r in enumerate(ranks)]
    cards = data.draw(st.permutations(cards))
    verdict = check_meld(rules, " ".join(cards))
    assert verdict.legal, codes(verdict)
    assert parse_cards(format_cards(verdict.cards)) == verdict.cards == parse_cards(" ".join(cards))
    assert verdict.card_value == sum(rules.value(c.value_key) for c in verdict.cards)
    assert verdict.is_canasta == (len(ranks) == 7)
