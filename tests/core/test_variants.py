"""Variants as data (scorekeeper/rules/tables/variants.py; rules_ref/diszitett.toml, rules_ref/international.toml).

Every option choice of both variants builds valid rules with the numbers the digest (sections 1 and 2) gives,
unknown variants/options/choices are RecordErrors, and a malformed table is a VariantError.
"""

import itertools
import textwrap
from collections.abc import Mapping

import pytest

from scorekeeper.rules import RecordError, VariantError, describe_variants, get_rules, get_variant, registry
from scorekeeper.rules.tables import variants as variants_module
from scorekeeper.rules.canasta.rules import Condition


def _all_option_sets(variant_id):
    variant = get_variant(variant_id)
    names = [o.name for o in variant.options]
    for combo in itertools.product(*(o.choices for o in variant.options)):
        yield dict(zip(names, combo))


# --- the registry and every option choice ----------------------------------------------------------------------

def test_registry_holds_both_canasta_variants():
    """Digest §1 and §2: díszített kanaszta and international canasta are tables under rules_ref/."""
    assert {"diszitett", "international"} <= set(registry())
    assert get_variant("diszitett").seed == "000_ffd5dc848dea5381.txt"
    assert get_variant("international").seed == "002_7cd961f2d9c875a7.txt"


@pytest.mark.parametrize("variant_id, options", [
    pytest.param("diszitett", {"black_zsoli_canasta_bonus": ["200", "1000"],
                               "opening_minimum": ["by_total", "50", "75", "90", "120"],
                               "negative_tax": ["untaxed", "taxed"], "top_tie": ["shared", "play_on"],
                               "one_group_per_rank": ["yes", "no"]}, id="díszített options D1 D2 D3 D4 and groups"),
    pytest.param("international", {"players": ["4", "2", "3", "3_cutthroat", "3_swedish", "5", "6"],
                                   "two_player_canastas": ["2", "1"], "game_to": ["5000", "7500"],
                                   "wild_limit": ["international", "swedish_half"],
                                   "red_three_minus": ["no_meld", "no_canasta"],
                                   "black_three_in_hand": ["5", "100"]}, id="international player forms and options"),
])
def test_variant_offers_the_documented_options_with_their_defaults_first(variant_id, options):
    """rules_ref/*.md Options tables: every option and choice; the default is the first choice listed there."""
    variant = get_variant(variant_id)
    assert {o.name: list(o.choices) for o in variant.options} == options
    assert {o.name: o.default for o in variant.options} == {k: v[0] for k, v in options.items()}


@pytest.mark.parametrize("variant_id", [pytest.param("diszitett", id="díszített"),
                                        pytest.param("international", id="international")])
def test_every_combination_of_option_choices_builds_valid_rules(variant_id):
    """Every option choice (and every combination of them) validates into frozen Rules."""
    seen = 0
    for options in _all_option_sets(variant_id):
        rules = get_rules(variant_id, options)
        assert dict(rules.options) == options
        assert rules.opening_minimum(0) in (50, 75, 90, 120)
        seen += 1
    assert seen == {"diszitett": 2 * 5 * 2 * 2 * 2, "international": 7 * 2 * 2 * 2 * 2 * 2}[variant_id]


@pytest.mark.parametrize("variant_id, options, attribute, expected", [
    # díszített (seed 000, digest §1)
    pytest.param("diszitett", {}, "jokers", 8, id="díszített deck has 8 jokers"),
    pytest.param("diszitett", {}, "packs", 2, id="díszített deck has 2 packs"),
    pytest.param("diszitett", {}, "target", 10000, id="díszített is played to 10 000"),
    pytest.param("diszitett", {}, "compare", "exceeds", id="díszített target must be exceeded"),
    pytest.param("diszitett", {}, "top_tie", "shared", id="D4 default: a tie on top is shared"),
    pytest.param("diszitett", {"top_tie": "play_on"}, "top_tie", "play_on", id="D4 option play_on"),
    pytest.param("diszitett", {}, "negative_tax", "untaxed", id="D3 default: negative scores untaxed"),
    pytest.param("diszitett", {"negative_tax": "taxed"}, "negative_tax", "taxed", id="D3 option taxed"),
    pytest.param("diszitett", {}, "players_per_side", 1, id="díszített is each for themselves"),
    pytest.param("diszitett", {}, "twins_allowed", True, id="díszített has twins"),
    pytest.param("diszitett", {}, "one_group_per_rank", True, id="díszített one group per rank by default"),
    pytest.param("diszitett", {"one_group_per_rank": False}, "one_group_per_rank", False,
                 id="a bool option value reads as yes or no"),
    pytest.param("diszitett", {}, "red_three_totals", (0, 100, 200, 300, 800),
                 id="díszített red threes 100 each, 4 are 800"),
    pytest.param("diszitett", {}, "table_clear_min_pile", 10, id="díszített table clear needs a pile of 10"),
    # international (seeds 002, 003, 004, digest §2)
    pytest.param("international", {}, "jokers", 4, id="international deck has 4 jokers"),
    pytest.param("international", {}, "target", 5000, id="international is played to 5000"),
    pytest.param("international", {}, "compare", "reaches", id="international target need only be reached"),
    pytest.param("international", {}, "players_per_side", 2, id="international default is two partnerships"),
    pytest.param("international", {}, "canastas_required", 1, id="international going out needs 1 canasta"),
    pytest.param("international", {"players": "2"}, "canastas_required", 2, id="2 players need 2 canastas by default"),
    pytest.param("international", {"players": "2", "two_player_canastas": "1"}, "canastas_required", 1,
                 id="2 players need 1 canasta with two_player_canastas=1"),
    pytest.param("international", {"players": "4", "two_player_canastas": "2"}, "canastas_required", 1,
                 id="two_player_canastas only applies to the 2-player form"),
    pytest.param("international", {"players": "3_swedish"}, "canastas_required", 2, id="3_swedish needs 2 canastas"),
    pytest.param("international", {"players": "3_swedish", "two_player_canastas": "1"}, "canastas_required", 2,
                 id="two_player_canastas does not loosen 3_swedish"),
    pytest.param("international", {"players": "3_swedish"}, "jokers", 6, id="3_swedish deck has 6 jokers"),
    pytest.param("international", {"players": "3_swedish"}, "packs", 3, id="3_swedish deck has 3 packs"),
    pytest.param("international", {"players": "3_swedish"}, "red_three_totals", (0, 100, 200, 300, 400, 1000, 1200),
                 id="3_swedish red threes: 100 each for 1-4, five 1000, six 1200"),
    pytest.param("international", {"players": "3_cutthroat"}, "target", 7500, id="cutthroat is played to 7500"),
    pytest.param("international", {"players": "3_cutthroat"}, "score_per", "player", id="cutthroat scores each player"),
    pytest.param("international", {"players": "3"}, "min_sides", 3, id="3 players play as 3 sides"),
    pytest.param("international", {"players": "5"}, "players_per_side", 3, id="5 players: a side of 3"),
    pytest.param("international", {"players": "6"}, "players_per_side", 3, id="6 players: 3 against 3"),
    pytest.param("international", {"game_to": "7500"}, "target", 7500, id="game_to 7500"),
    pytest.param("international", {"wild_limit": "swedish_half"}, "shapes.group.wild_relation", "at_most_half",
                 id="Swedish rule: at most half wild"),
    pytest.param("international", {"red_three_minus": "no_canasta"}, "red_three_plus_when",
                 (Condition(count=("canastas",), at_least=1),),
                 id="French rule: red threes minus without a canasta"),
    pytest.param("international", {}, "red_three_in_hand_points", -500, id="red three left in hand -500"),
    pytest.param("international", {}, "twins_allowed", False, id="international has no twins"),
    pytest.param("international", {}, "table_clear_bonus", None, id="international has no table clear"),
    pytest.param("international", {}, "going_out_required", False, id="international may end with the stock out"),
    pytest.param("international", {}, "taxation", (), id="international has no taxation"),
])
def test_option_choice_sets_the_rule_it_names(variant_id, options, attribute, expected):
    """Each option patch lands on the rule it documents (rules_ref/*.toml, digest §1/§2)."""
    value = get_rules(variant_id, options)
    for part in attribute.split("."):       # a dotted path reads into the meld shapes by name
        value = value[part] if isinstance(value, Mapping) else getattr(value, part)
    assert value == expected


@pytest.mark.parametrize("variant_id, options, key, in_hand, expected", [
    pytest.param("diszitett", {}, "black3", True, 100, id="díszített black three in hand counts 100"),
    pytest.param("diszitett", {}, "JK", False, 50, id="díszített nagy zsoli 50"),
    pytest.param("diszitett", {}, "2", False, 20, id="díszített kis zsoli 20"),
    pytest.param("international", {}, "black3", False, 5, id="international black three 5"),
    pytest.param("international", {}, "black3", True, 5, id="international black three in hand 5 by default"),
    pytest.param("international", {"black_three_in_hand": "100"}, "black3", True, 100,
                 id="option black_three_in_hand=100 makes it 100 in hand"),
    pytest.param("international", {"black_three_in_hand": "100"}, "black3", False, 5,
                 id="option black_three_in_hand=100 leaves a melded black three at 5"),
])
def test_card_values_by_variant(variant_id, options, key, in_hand, expected):
    """Digest §1 (black 3 = 100) and §2 (black 3 = 5; seed 003 option 100 in hand)."""
    assert get_rules(variant_id, options).value(key, in_hand=in_hand) == expected


@pytest.mark.parametrize("variant_id, options, key, copies", [
    pytest.param("diszitett", {}, "A", 8, id="díszített 8 aces"),
    pytest.param("diszitett", {}, "2", 8, id="díszített 8 deuces"),
    pytest.param("diszitett", {}, "JK", 8, id="díszített 8 jokers"),
    pytest.param("diszitett", {}, "red3", 4, id="díszített 4 red threes"),
    pytest.param("diszitett", {}, "black3", 4, id="díszített 4 black threes"),
    pytest.param("international", {}, "JK", 4, id="international 4 jokers"),
    pytest.param("international", {}, "K", 8, id="international 8 kings"),
    pytest.param("international", {"players": "3_swedish"}, "K", 12, id="3_swedish 12 kings"),
    pytest.param("international", {"players": "3_swedish"}, "red3", 6, id="3_swedish 6 red threes"),
])
def test_deck_holds_copies_per_conservation_key(variant_id, options, key, copies):
    """Digest §1: 112 cards (8 per rank, 8 jokers, 4+4 threes); §2: 108 cards (4 jokers); seed 004: 3 packs + 6."""
    assert get_rules(variant_id, options).copies(key) == copies


# --- unknown names -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("variant_id, options, field", [
    pytest.param("rummy", None, "variant", id="unknown variant"),
    pytest.param("diszitett", {"colour": "red"}, "options.colour", id="unknown option"),
    pytest.param("diszitett", {"black_zsoli_canasta_bonus": "300"}, "options.black_zsoli_canasta_bonus",
                 id="unknown choice"),
    pytest.param("international", {"players": 4.5}, "options.players", id="a choice that is no choice"),
    pytest.param("international", {"twins": "yes"}, "options.twins", id="a díszített option in international"),
])
def test_unknown_variant_option_or_choice_is_a_record_error(variant_id, options, field):
    """variants.get_rules: unknown names are RecordErrors with the field they sit in."""
    with pytest.raises(RecordError) as caught:
        get_rules(variant_id, options)
    assert caught.value.field == field


def test_option_values_may_be_numbers():
    """An option value 1000 (a number in JSON) means the choice "1000" (D1)."""
    assert get_rules("diszitett", {"black_zsoli_canasta_bonus": 1000}).options["black_zsoli_canasta_bonus"] == "1000"


def test_describe_variants_lists_options_with_defaults_and_decisions():
    """describe_variants: what the `variants` command prints, including the D1-D4 decision labels."""
    by_id = {v["id"]: v for v in describe_variants()}
    options = {o["name"]: o for o in by_id["diszitett"]["options"]}
    assert [options[n]["decision"] for n in
            ("black_zsoli_canasta_bonus", "opening_minimum", "negative_tax", "top_tie")] == ["D1", "D2", "D3", "D4"]
    assert by_id["diszitett"]["sides"] == [2, 6]
    assert by_id["international"]["target"] == 5000


# --- malformed tables ----------------------------------------------------------------------------------------

_GOOD = (variants_module.RULES_REF / "international.toml").read_text(encoding="utf-8")


def _variant_from(tmp_path, text):
    path = tmp_path / "broken.toml"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return variants_module._load_file(path)


def _build_defaults(variant):
    # _build directly: Variant.rules caches by id, and a test table must not share the cache.
    return variants_module._build(variant, {o.name: o.default for o in variant.options})


def test_a_copy_of_a_good_table_builds(tmp_path):
    """Control for the malformed-table cases below: the unmodified international table validates."""
    rules = _build_defaults(_variant_from(tmp_path, _GOOD))
    assert (rules.id, rules.target) == ("international", 5000)


@pytest.mark.parametrize("old, new, message", [
    pytest.param('wild_relation = "any"', 'wild_relation = "most"', "wild_relation", id="unknown wild_relation"),
    pytest.param('compare = "reaches"', 'compare = "beats"', "compare", id="unknown match compare"),
    pytest.param('totals = [0, 100, 200, 300, 800]', 'totals = [0, 100, 200, 800]', "red_threes.totals",
                 id="red three table shorter than the red threes in the deck"),
    pytest.param('"JK" = 50\n', '', "card_values: lacks", id="card value of the joker missing"),
    pytest.param('[deck]\npacks = 2\njokers = 4', '[deck]\npacks = 2', "malformed", id="deck without jokers"),
    pytest.param('{ from = 1500, minimum = 90 },\n  { from = 3000, minimum = 120 },',
                 '{ from = 3000, minimum = 120 },\n  { from = 1500, minimum = 90 },', "brackets must rise",
                 id="opening brackets out of order"),
    pytest.param('min_sides = 2\nmax_sides = 2', 'min_sides = 3\nmax_sides = 2', "min_sides",
                 id="more sides needed than allowed"),
    pytest.param('total = [4, 4]', 'total = [5, 5]', "players.total", id="more players in all than the sides seat"),
    pytest.param('total = [4, 4]', 'total = [1, 4]', "players.total", id="fewer players in all than sides"),
    pytest.param('brackets = []', 'brackets = [{ from = 0, method = "third" }]', r"taxation.brackets\[0\].method",
                 id="unknown taxation method"),
    pytest.param('[options.black_three_in_hand.choices."5"]\n',
                 '[options.black_three_in_hand.choices."5"]\n"deck.packs.extra" = 1\n',
                 "unknown key deck.packs.extra", id="an option patch that digs into a number"),
    pytest.param('[options.black_three_in_hand.choices."5"]\n[options.black_three_in_hand.choices."100"]\n'
                 '"hand_values.black3" = 100',
                 '[options.black_three_in_hand.choices]\n"5" = "nothing"\n"100" = { "hand_values.black3" = 100 }',
                 "must be a table of patches", id="an option choice that is not a table of patches"),
])
def test_malformed_table_raises_variant_error(tmp_path, old, new, message):
    """variants._load_file (schema), variants._build and the table_problems hooks: a table that does not validate
    is a VariantError that says what is wrong (closed vocabularies and patches fail on load since the schema)."""
    assert old in _GOOD
    with pytest.raises(VariantError, match=message):
        _build_defaults(_variant_from(tmp_path, _GOOD.replace(old, new, 1)))


@pytest.mark.parametrize("old, new, message", [
    pytest.param('[options.game_to]\ndecision = "game length (seed 003)"\ndefault = "5000"',
                 '[options.game_to]\ndecision = "game length (seed 003)"\ndefault = "6000"', "not a choice",
                 id="option default that is not a choice"),
    pytest.param('id = "international"\n', '', r"KeyError\('id'\)", id="table without an id"),
    pytest.param('help = "Game to 5000, or to 7500 with the longer opening-minimum table."\n', '',
                 r"KeyError\('help'\)", id="option without help"),
    pytest.param('[deck]', '[deck', "not valid TOML.*Expected ']'", id="not TOML at all"),
])
def test_unreadable_table_raises_variant_error_on_load(tmp_path, old, new, message):
    """variants._load_file: a table that cannot even be loaded is a VariantError naming the file."""
    assert old in _GOOD
    with pytest.raises(VariantError, match=message) as caught:
        _variant_from(tmp_path, _GOOD.replace(old, new, 1))
    assert "broken.toml" in str(caught.value)


@pytest.mark.parametrize("total, minimum", [
    pytest.param(-1000000000, 50, id="lowest start"),
    pytest.param(4999, 50, id="4999"),
    pytest.param(5000, 75, id="5000"),
])
def test_bracket_lookup_takes_the_last_bracket_started(total, minimum):
    """Rules.bracket: a bracket applies from its 'from' value (inclusive) up to the next one (seed 000 'eléri')."""
    assert get_rules("diszitett").opening_minimum(total) == minimum
