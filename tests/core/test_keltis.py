"""Keltis (scorekeeper/rules/keltis/, rules_ref/keltis.toml, rules_ref/keltis.md).

Sources: seed 001_314e6de91354a961.txt (the Hungarian rule sheet: row legality in section "c)", grey point cards
in "d)", the end-of-game tables "Színsorok", "Pontkártyák", "Kívánságkő kártyák", and "Egyezőség esetén a
játéknak több nyertese van"), digest section 3 (the 110-card split, deck conservation, decisions K1-K3) and
issue 5 (notation, problem codes, running totals). Expected numbers were worked out by hand from the seed's tables:
row of 1 2 3 4 5 6 7 8 9+ cards -> -4 -3 -2 1 2 3 6 7 10 (no row 0); stones 0 1 2 3 4 5+ -> -4 -1 0 4 6 10.
"""

import dataclasses
import itertools
import textwrap
import unicodedata

import pytest

from scorekeeper import service
from scorekeeper.rules import (FAMILIES, HandRecord, KeltisRecord, KeltisResult, KeltisRules, RecordError, Rules,
                               VariantError, check_row, describe_variants, get_rules, get_variant, parse_record,
                               score_hand, score_match)
from scorekeeper.rules.tables import pinned, variants as variants_module

DEFAULT = get_rules("keltis")
COLOURS = ("green", "yellow", "red", "pink", "blue")
# The 16 number cards of one colour, rising (digest §3): one each of 0, 1, 2, 8, 9, 10, two each of 3-7.
GREEN_DECK = "0 1 2 3 3 4 4 5 5 6 6 7 7 8 9 10".split()
# A second player whose table scores 0: no rows, two stones (seed 001: 2 stones -> 0).
ZERO = {"name": "Béla", "stones": [8, 9]}


def game(*sides, options=None, totals=None):
    record = {"variant": "keltis", "sides": list(sides)}
    if options:
        record["options"] = options
    if totals:
        record["totals_before"] = totals
    return score_hand(parse_record(record))


def codes(result):
    return sorted(p.code for p in result.problems)


def row(text, options=None, colour="green"):
    return check_row(get_rules("keltis", options), colour, text)


# --- the variant table -----------------------------------------------------------------------------------------

def test_keltis_is_a_variant_of_its_own_family():
    """Issue 5: Keltis is a variant like the others (rules_ref/keltis.toml), built by the keltis family's hook."""
    variant = get_variant("keltis")
    assert (variant.family, variant.seed, variant.reference) == ("keltis", "001_314e6de91354a961.txt", "keltis.md")
    assert isinstance(DEFAULT, KeltisRules)
    assert isinstance(get_rules("diszitett"), Rules) and isinstance(get_rules("international"), Rules)
    assert set(FAMILIES) == {"canasta", "keltis"}
    for family in FAMILIES.values():
        for hook in ("build_rules", "parse_record", "score_hand"):
            assert callable(getattr(family, hook))


def test_deck_holds_110_cards_as_the_seed_says():
    """Seed 001 'A játék tartalma: 110 kártya' (9 stones + 101); the split of the 101 is digest §3."""
    assert DEFAULT.number_copies == {0: 1, 1: 1, 2: 1, 3: 2, 4: 2, 5: 2, 6: 2, 7: 2, 8: 1, 9: 1, 10: 1}
    per_colour = sum(DEFAULT.number_copies.values())
    assert per_colour == 16 and DEFAULT.colour_names == COLOURS
    assert DEFAULT.grey_values == tuple(range(11)) and DEFAULT.stones == tuple(range(1, 10))
    total = 5 * per_colour + 5 * DEFAULT.closing_copies + len(DEFAULT.grey_values) * DEFAULT.grey_copies \
        + len(DEFAULT.stones)
    assert (total, DEFAULT.two_player_removed) == (110, 30)


def test_rules_answer_what_the_match_service_asks_of_every_variant():
    """matches.py reads min/max sides, players per side, score_per, target and the next opening minimum."""
    r = DEFAULT
    assert (r.min_sides, r.max_sides, r.players_per_side, r.score_per, r.target) == (2, 5, 1, "side", None)
    assert r.opening_minimum(0) is None and r.name == "Keltis"


@pytest.mark.parametrize("name, choices, decision", [
    pytest.param("count_in_row_length", ["all", "no_closing", "numbers_only"], "K1", id="K1 row length"),
    pytest.param("grey_on_row_scores", ["length_only", "length_and_point"], "K2", id="K2 grey card on a row"),
    pytest.param("row_may_start_closed", ["yes", "no"], "K3", id="K3 row starting closed"),
])
def test_options_k1_k2_k3_with_their_defaults_first(name, choices, decision):
    """Digest §3: each decision K1-K3 is one option, default as stated there (rules_ref/keltis.md Options)."""
    spec = get_variant("keltis").option(name)
    assert (list(spec.choices), spec.default, spec.decision) == (choices, choices[0], decision)
    assert spec.help


def test_every_combination_of_option_choices_builds():
    variant = get_variant("keltis")
    names = [o.name for o in variant.options]
    combos = list(itertools.product(*(o.choices for o in variant.options)))
    for combo in combos:
        assert dict(get_rules("keltis", dict(zip(names, combo))).options) == dict(zip(names, combo))
    assert len(combos) == 3 * 2 * 2


@pytest.mark.parametrize("options, attribute, expected", [
    pytest.param({}, "length_counts_grey", True, id="K1 default: grey cards count toward length"),
    pytest.param({}, "length_counts_closing", True, id="K1 default: closing cards count toward length"),
    pytest.param({"count_in_row_length": "no_closing"}, "length_counts_closing", False, id="K1 no_closing"),
    pytest.param({"count_in_row_length": "no_closing"}, "length_counts_grey", True, id="K1 no_closing keeps grey"),
    pytest.param({"count_in_row_length": "numbers_only"}, "length_counts_grey", False, id="K1 numbers_only"),
    pytest.param({}, "grey_on_row_point", False, id="K2 default: length only"),
    pytest.param({"grey_on_row_scores": "length_and_point"}, "grey_on_row_point", True, id="K2 length_and_point"),
    pytest.param({}, "may_start_closed", True, id="K3 default: a row may start closed"),
    pytest.param({"row_may_start_closed": "no"}, "may_start_closed", False, id="K3 no"),
    pytest.param({"row_may_start_closed": False}, "may_start_closed", False, id="K3 a JSON false reads as no"),
])
def test_option_choice_sets_the_rule_it_names(options, attribute, expected):
    assert getattr(get_rules("keltis", options), attribute) == expected


def test_describe_variants_lists_keltis():
    """`scorekeeper variants`: Keltis with 2-5 players, no target, options K1-K3."""
    info = {v["id"]: v for v in describe_variants()}["keltis"]
    assert (info["family"], info["sides"], info["players_per_side"], info["target"]) == ("keltis", [2, 5], 1, None)
    assert [o["decision"] for o in info["options"]] == ["K1", "K2", "K3"]
    assert {v["id"]: v["family"] for v in describe_variants()}["diszitett"] == "canasta"


# --- malformed tables ------------------------------------------------------------------------------------------

_GOOD = (variants_module.RULES_REF / "keltis.toml").read_text(encoding="utf-8")


def _table(tmp_path, text):
    path = tmp_path / "broken.toml"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return variants_module._load_file(path)


def test_a_copy_of_the_keltis_table_builds(tmp_path):
    variant = _table(tmp_path, _GOOD)
    rules = variants_module._build(variant, {o.name: o.default for o in variant.options})
    assert isinstance(rules, KeltisRules) and rules.row_points(9) == 10


@pytest.mark.parametrize("old, new, message", [
    pytest.param("row_length = [0, ", "row_length = [-1, ", "row_length", id="row table must start at 0"),
    pytest.param("grey_card = 1\n", "", "malformed", id="grey card points missing"),
    pytest.param('aliases = ["kék"]', 'aliases = ["zöld"]', "share a name", id="two colours share an alias"),
    pytest.param("max_sides = 5", "max_sides = 1", "min_sides", id="more players needed than allowed"),
    pytest.param("players_per_side = 1", "players_per_side = 2", "each for themselves", id="partnerships"),
    pytest.param("cards_after = 2 ", "# cards_after = 2 ", "cards_after", id="[end] with one of its two numbers"),
])
def test_malformed_keltis_table_raises_variant_error(tmp_path, old, new, message):
    assert old in _GOOD
    variant = _table(tmp_path, _GOOD.replace(old, new, 1))
    with pytest.raises(VariantError, match=message):
        variants_module._build(variant, {o.name: o.default for o in variant.options})


@pytest.mark.parametrize("old, new, message", [
    pytest.param("closed_rows = 5 ", "closed_rows = 0 ", "end.closed_rows must be between 1 and 40, not 0",
                 id="the game cannot end on 0 closed rows"),
    pytest.param("cards_after = 2 ", "cards_after = 9 ", "end.cards_after must be between 0 and 8, not 9",
                 id="more cards after the end than a hand holds"),
])
def test_the_end_rules_numbers_are_refused_out_of_range_on_load(tmp_path, old, new, message):
    assert old in _GOOD
    with pytest.raises(VariantError, match=message):
        _table(tmp_path, _GOOD.replace(old, new, 1))


def test_a_table_of_an_unknown_family_is_refused_on_load(tmp_path):
    with pytest.raises(VariantError, match="unknown family 'rummy'"):
        _table(tmp_path, _GOOD.replace('family = "keltis"', 'family = "rummy"'))


# --- scoring bands ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("length, points", [
    pytest.param(0, 0, id="no row scores 0"),
    pytest.param(1, -4, id="1 card -4"), pytest.param(2, -3, id="2 cards -3"), pytest.param(3, -2, id="3 cards -2"),
    pytest.param(4, 1, id="4 cards 1"), pytest.param(5, 2, id="5 cards 2"), pytest.param(6, 3, id="6 cards 3"),
    pytest.param(7, 6, id="7 cards 6"), pytest.param(8, 7, id="8 cards 7"), pytest.param(9, 10, id="9 cards 10"),
    pytest.param(10, 10, id="10 cards 10 (9+)"), pytest.param(11, 10, id="11 cards 10 (9+)"),
    pytest.param(12, 10, id="12 cards 10 (9+)"), pytest.param(16, 10, id="a whole colour 10 (9+)"),
])
def test_a_colour_row_scores_by_its_length(length, points):
    """Seed 001 'Színsorok': 1 2 3 4 5 6 7 8 9+ cards -> -4 -3 -2 1 2 3 6 7 10; a row never started scores 0."""
    text = " ".join(GREEN_DECK[:length])
    verdict = row(text)
    assert (verdict.length, verdict.points, verdict.legal) == (length, points, True)
    result = game({"name": "Anna", "rows": {"green": text}, "stones": [1, 2]}, ZERO)
    assert codes(result) == [] and result.sides[0].score == points


@pytest.mark.parametrize("stones, points", [
    pytest.param([], -4, id="no stone -4"), pytest.param([1], -1, id="1 stone -1"),
    pytest.param([1, 2], 0, id="2 stones 0"), pytest.param([1, 2, 3], 4, id="3 stones 4"),
    pytest.param([1, 2, 3, 4], 6, id="4 stones 6"), pytest.param([1, 2, 3, 4, 5], 10, id="5 stones 10"),
    pytest.param([1, 2, 3, 4, 5, 6], 10, id="6 stones 10 (5+)"),
    pytest.param([1, 2, 3, 4, 5, 6, 7], 10, id="7 stones 10 (5+)"),
])
def test_wishing_stones_score_by_count(stones, points):
    """Seed 001 'Kívánságkő kártyák': 0 1 2 3 4 5+ stones -> -4 -1 0 4 6 10."""
    result = game({"name": "Anna", "stones": stones}, {"name": "Béla", "stones": [8, 9]})
    side = result.sides[0]
    assert codes(result) == [] and (side.stone_points, side.score) == (points, points)
    assert result.to_dict()["sides"][0]["stones"] == {"held": stones, "count": len(stones), "points": points}


@pytest.mark.parametrize("grey, points", [
    pytest.param("", 0, id="no grey row 0"),
    pytest.param("7", 1, id="one point card 1"),
    pytest.param("3 5 2 8", 4, id="the seed's grey row 3 5 2 8 scores 4"),
    pytest.param("10 0 G4", 3, id="values do not matter, G prefix optional"),
    pytest.param("0 1 2 3 4 5 6 7 8 9 10", 11, id="all eleven point cards 11"),
])
def test_grey_row_cards_score_one_point_each(grey, points):
    """Seed 001 'd) a.': the neutral grey row takes point cards in any order, each worth 1 point."""
    result = game({"name": "Anna", "grey": grey, "stones": [1, 2]}, ZERO)
    assert codes(result) == [] and (result.sides[0].grey_points, result.sides[0].score) == (points, points)


def test_issue_example_scores_16():
    """Issue 5's record: green 8 cards (7) + red 10 9 8 G8 7, 5 cards with the grey 8 (2, K1) + grey row 3 + three
    stones (4) = 16."""
    anna = {"name": "Anna", "rows": {"green": "0 1 2 3 3 4 5 X", "red": "10 9 8 G8 7"}, "grey": "3 5 2",
            "stones": [1, 2, 3]}
    result = game(anna, ZERO)
    side = result.sides[0]
    assert codes(result) == []
    assert [(r.colour, r.length, r.points) for r in side.rows] == [
        ("green", 8, 7), ("yellow", 0, 0), ("red", 5, 2), ("pink", 0, 0), ("blue", 0, 0)]
    assert (side.rows_points, side.grey_points, side.stone_points, side.score) == (9, 3, 4, 16)
    assert (result.winner, result.hand_winner, result.totals) == ("Anna", ("Anna",), {"Anna": 16, "Béla": 0})


# --- row legality ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("text, direction", [
    pytest.param("3 3 6 7 7", "ascending", id="seed example: 3 on 3, then 6, 7 and 7 again (rising)"),
    pytest.param("9 8 8 5 3", "descending", id="seed example: 9 then 8, 8, 5 and 3 (falling)"),
    pytest.param("5 5", None, id="equal values only: no direction yet"),
    pytest.param("4 4 3", "descending", id="the first two DIFFERENT values fix the direction"),
    pytest.param("10 9 8 G8 7", "descending", id="a grey card on a last card of its value"),
    pytest.param("4 G4 5", "ascending", id="a grey card does not fix the direction"),
    pytest.param("0 1 2 X", "ascending", id="one closing card at the end"),
    pytest.param("0 1 2 X X", "ascending", id="two closing cards close the row for good"),
    pytest.param("7 G7 X X", None, id="grey card then both closing cards"),
    pytest.param("X", None, id="K3 default: a row may start with a closing card"),
    pytest.param("X X", None, id="K3 default: and be closed twice"),
    pytest.param("", None, id="an empty row is a row not started"),
])
def test_legal_rows(text, direction):
    """Seed 001 'c)': rising or falling with equal values allowed, fixed by the first two different values; closing
    cards only at the end, the second one last; grey cards only on a last card of their value."""
    verdict = row(text)
    assert verdict.problems == () and verdict.direction == direction


@pytest.mark.parametrize("text, options, code, cards", [
    pytest.param("3 4 3", None, "direction_broken", ["green 4", "green 3"], id="rising row goes down"),
    pytest.param("7 6 6 7", None, "direction_broken", ["green 6", "green 7"], id="falling row goes up"),
    pytest.param("3 3 2 4", None, "direction_broken", ["green 2", "green 4"],
                 id="direction fixed after the equal values, then broken"),
    pytest.param("1 2 X 3", None, "card_after_closing", ["green X", "green 3"], id="number after a closing card"),
    pytest.param("1 2 X G2", None, "card_after_closing", ["green X", "G2"], id="grey card after a closing card"),
    pytest.param("1 2 X X 3", None, "card_after_second_closing", ["green X", "green 3"],
                 id="number after the second closing card"),
    pytest.param("1 2 X X X", None, "third_closing_card", ["green X", "green X", "green X"],
                 id="a third closing card"),
    pytest.param("3 G5", None, "grey_card_mismatch", ["green 3", "G5"], id="grey 5 on a last card 3"),
    pytest.param("3 4 G3", None, "grey_card_mismatch", ["green 4", "G3"], id="grey card matches an earlier card"),
    pytest.param("G5 5", None, "grey_card_mismatch", ["G5"], id="a grey card cannot start a row"),
    pytest.param("X 1", {"row_may_start_closed": "no"}, "row_starts_closed", ["green X"],
                 id="K3 no: a row starting with a closing card"),
])
def test_row_problem_codes(text, options, code, cards):
    """Each broken rule of seed 001 'c)'/'d) b.' is one problem with its code and the cards concerned."""
    verdict = row(text, options)
    found = [p for p in verdict.problems if p.code == code]
    assert len(found) == 1, verdict.problems
    assert list(found[0].cards) == cards and found[0].message.startswith("green row: ")


def test_one_wrong_card_is_one_problem():
    """A card that breaks the direction becomes the last card: 1 2 9 3 4 5 is one problem, not four."""
    assert [p.code for p in row("1 2 9 3 4 5").problems] == ["direction_broken"]


def test_row_problem_in_a_record_names_player_and_field():
    result = game({"name": "Anna", "rows": {"zöld": "3 4 3"}, "stones": [1, 2]}, ZERO)
    [p] = result.problems
    assert (p.code, p.side, p.field) == ("direction_broken", "Anna", "sides[0].rows.zöld")
    assert p.message.startswith("Anna: green row: the 3rd card (3) after 4 goes down")
    assert not result.ok and result.winner is None      # the game is still scored, but has no winner
    assert result.sides[0].score == -2                   # 3 cards, as laid


# --- deck conservation and game-level problems -----------------------------------------------------------------

@pytest.mark.parametrize("anna, bela, code, cards", [
    pytest.param({"rows": {"green": "3 3"}}, {"rows": {"green": "3"}}, "too_many_copies", ["green 3"] * 3,
                 id="three green 3s: the deck holds two"),
    pytest.param({"rows": {"green": "0"}}, {"rows": {"green": "0 1"}}, "too_many_copies", ["green 0"] * 2,
                 id="two green 0s: the deck holds one"),
    pytest.param({"rows": {"red": "1 X X"}}, {"rows": {"red": "2 X"}}, "too_many_copies", ["red X"] * 3,
                 id="three red closing cards: the deck holds two"),
    pytest.param({"grey": "5"}, {"rows": {"red": "5 G5"}}, "too_many_copies", ["G5", "G5"],
                 id="grey 5 in a grey row and on a colour row"),
    pytest.param({"grey": "5 6"}, {"grey": "G5"}, "too_many_copies", ["G5", "G5"], id="grey 5 in two grey rows"),
    pytest.param({"stones": [3]}, {"stones": [3]}, "stone_held_twice", ["stone 3", "stone 3"],
                 id="one wishing stone held by two players"),
    pytest.param({"stones": [3, 3]}, {}, "stone_held_twice", ["stone 3", "stone 3"],
                 id="one wishing stone listed twice by one player"),
    pytest.param({"stones": [10]}, {}, "stone_out_of_range", ["stone 10"], id="stone 10 does not exist"),
    pytest.param({"stones": [0]}, {}, "stone_out_of_range", ["stone 0"], id="stone 0 does not exist"),
])
def test_conservation_problem_codes(anna, bela, code, cards):
    """Digest §3: no more copies of a card on all tables than the deck holds; each stone held by one player."""
    result = game({"name": "Anna", **anna}, {"name": "Béla", **bela})
    found = [p for p in result.problems if p.code == code]
    assert len(found) == 1 and list(found[0].cards) == cards, result.problems
    assert not result.ok


@pytest.mark.parametrize("anna, bela", [
    pytest.param({"rows": {"green": "0"}}, {"rows": {"red": "0"}}, id="the same value in two colours"),
    pytest.param({"rows": {"green": "3"}}, {"rows": {"green": "3"}}, id="two green 3s: the deck holds two"),
    pytest.param({"rows": {"green": "1 X"}}, {"rows": {"green": "2 X"}}, id="two green closing cards"),
    pytest.param({"grey": "5"}, {"grey": "6"}, id="different grey cards"),
])
def test_conservation_allows_what_the_deck_holds(anna, bela):
    assert codes(game({"name": "Anna", **anna}, {"name": "Béla", **bela})) == []


def test_the_full_deck_on_the_tables_is_legal():
    """Every card once in play: five whole colours, both closing cards each, all grey cards, all stones."""
    names = ["Anna", "Béla", "Cili", "Dani", "Emil"]
    sides = [{"name": n, "rows": {c: " ".join(GREEN_DECK) + " X X"}, "stones": [k + 1]}
             for k, (n, c) in enumerate(zip(names, COLOURS))]
    sides[0]["grey"] = "0 1 2 3 4 5 6 7 8 9 10"
    sides[1]["stones"] = [2, 6, 7, 8, 9]
    result = game(*sides)
    assert codes(result) == []
    assert [s.score for s in result.sides] == [10 + 11 - 1, 10 + 10, 10 - 1, 10 - 1, 10 - 1]


@pytest.mark.parametrize("count, code", [
    pytest.param(1, "too_few_players", id="one player: Keltis needs two"),
    pytest.param(2, None, id="two players (30 cards out, no minimum of cards)"),
    pytest.param(5, None, id="five players"),
    pytest.param(6, "too_many_players", id="six players: at most five"),
])
def test_number_of_players(count, code):
    """Digest §3 / issue 5: more than 5 players is a problem; 2 is the least."""
    result = game(*({"name": f"P{k}", "stones": [k + 1]} for k in range(count)))
    assert codes(result) == ([code] if code else [])


# --- seed 001's end rule: how many rows a final table can hold closed -------------------------------------------
# Seed 001 l. 79: "A játék véget ér, amikor az ötödik kártyasor végére lezáró kártya kerül" (the game ends when the
# fifth row, all players' together, gets a closing card); l. 81: the two closing cards at the end of one row count
# once; l. 85: then each player may still lay at most two colour or point cards (a closing card is a colour card,
# l. 27), each closing at most one more row. So n final tables hold at most 5 + 2n closed rows: 2 players 9. The
# deck's 2 closing cards a colour bound them too (5 colours × min(2, n): 10 from 2 players on), lower from 3 players.

def closed_tables(players, closed, *, both_closing=()):
    """``players`` tables holding ``closed`` closed rows between them: row k is colour k // 2's, laid by player
    k % n, so a colour is closed by two different players at most, as the deck's two closing cards allow. The
    11th row (k = 10) is a third green closed row, laid by a player who has no green row yet. A colour's rows are
    "3 X", "4 X", "5 X" (the deck has two of each a colour), or end "X X" for the rows in ``both_closing``."""
    tables = [{"name": f"P{i}", "rows": {}, "stones": [i + 1]} for i in range(players)]
    for k in range(closed):
        colour = COLOURS[(k // 2) % len(COLOURS)]
        owner = next(t for t in tables[k % players:] + tables[:k % players] if colour not in t["rows"])
        value = 3 + sum(colour in t["rows"] for t in tables)
        owner["rows"][colour] = f"{value} X X" if k in both_closing else f"{value} X"
    return tables


def closed_game(players, closed, rules=DEFAULT, **kw):
    return score_hand(parse_record({"variant": "keltis", "sides": closed_tables(players, closed, **kw)}, rules))


@pytest.mark.parametrize("players, most, beyond", [
    pytest.param(2, 9, "too_many_closed_rows", id="2 players: 5 + 2×2 = 9, the deck would allow 10"),
    pytest.param(3, 10, "too_many_copies", id="3 players: 5 + 2×3 = 11, the deck's 10 closing cards first"),
    pytest.param(4, 10, "too_many_copies", id="4 players: 13, the deck's 10 closing cards first"),
    pytest.param(5, 10, "too_many_copies", id="5 players: 15, the deck's 10 closing cards first"),
])
def test_seed001_end_rule_bounds_the_closed_rows_of_every_player_count(players, most, beyond):
    """The bound itself is a legal final table; one more closed row is refused, by the end rule with two
    players, by the copies check (a third closing card of a colour) from three players on."""
    assert DEFAULT.most_closed_rows(players) == most
    assert DEFAULT.end_rule_closed_rows(players) == 5 + 2 * players
    assert codes(closed_game(players, most)) == []
    assert codes(closed_game(players, most + 1)) == [beyond]


@pytest.mark.parametrize("players, most", [
    pytest.param(2, 9, id="2 players: 5 + 2×2"), pytest.param(3, 11, id="3 players: 5 + 2×3"),
    pytest.param(4, 13, id="4 players: 5 + 2×4"), pytest.param(5, 15, id="5 players: 5 + 2×5"),
])
def test_seed001_end_rule_binds_every_player_count_when_the_deck_holds_more_closing_cards(players, most):
    """With four closing cards a colour (a house deck) the copies never stop a table below the end rule's bound,
    so the end rule alone decides: 5 + 2n closed rows are legal, one more is too_many_closed_rows."""
    rules = dataclasses.replace(DEFAULT, closing_copies=4)
    assert rules.most_closed_rows(players) == most

    def tables(closed):
        # Each colour closed by up to four players, starting one further each colour: at most 4 closing cards a
        # colour, one row a colour for each player.
        out = [{"name": f"P{i}", "rows": {}, "stones": [i + 1]} for i in range(players)]
        slots = [((c + j) % players, colour) for c, colour in enumerate(COLOURS) for j in range(min(4, players))]
        for i, colour in slots[:closed]:
            out[i]["rows"][colour] = "X"
        return out
    assert codes(score_hand(parse_record({"variant": "keltis", "sides": tables(most)}, rules))) == []
    assert codes(score_hand(parse_record({"variant": "keltis", "sides": tables(most + 1)}, rules))) \
        == ["too_many_closed_rows"]


def test_seed001_end_rule_two_closing_cards_on_one_row_count_once():
    """Seed 001 l. 81: "Az egy sor végén levő két lezáró kártyát nem kell duplán számolni". Two players' nine
    closed rows, the blue one with both blue closing cards (all ten of the deck on the tables), are nine; with
    four closing cards a colour (a house deck) nine rows ending X X each are nine, a tenth is one too many."""
    assert codes(closed_game(2, 9, both_closing={8})) == []
    rules = dataclasses.replace(DEFAULT, closing_copies=4)
    assert codes(closed_game(2, 9, rules, both_closing=set(range(9)))) == []
    assert codes(closed_game(2, 10, rules, both_closing=set(range(10)))) == ["too_many_closed_rows"]


def test_seed001_end_rule_problem_says_the_rule_and_sits_at_every_closed_row():
    """The refusal names the count, the bound and why, and every closed row (its closing card and its field)."""
    result = closed_game(2, 10)
    (found,) = result.problems
    assert found.message == (
        "10 rows are closed, but 2 players can end a game with at most 9 closed: the game ends once 5 rows have a "
        "closing card (two closing cards on one row count once), and then each player may still lay at most 2 of "
        "the cards in their hand")
    assert (found.code, found.field, found.side) == ("too_many_closed_rows", "sides", None)
    assert sorted(found.cards) == sorted(f"{c} X" for c in COLOURS for _ in range(2))
    assert sorted(found.fields) == sorted(f"sides[{i}].rows.{c}" for i in range(2) for c in COLOURS)
    assert not result.ok and result.winner is None


def test_seed001_end_rule_counts_rows_closed_by_a_lone_closing_card_and_not_rows_left_open():
    """A closed row is one holding a closing card, however it started (K3: a row may start with one); open rows,
    however long, never count."""
    sides = closed_tables(2, 9)
    sides[1]["rows"]["blue"] = "10 9 8 7 7 6 6 5"            # P1's tenth row, long but open
    assert codes(game(*sides)) == []
    sides[1]["rows"]["blue"] = "X"                           # now closed: ten
    assert codes(game(*sides)) == ["too_many_closed_rows"]


def test_seed001_end_rule_is_not_applied_to_a_table_pinned_without_it():
    """A match pinned before the end rule was a table's ([end] absent) replays as it was entered: its rules
    check no bound, so a stored game is not turned into a problem afterwards."""
    document = pinned.resolved("keltis")
    del document["table"]["end"]
    rules = pinned.rules_from_json(pinned.canonical(document))
    assert rules.end_closed_rows is None and rules.most_closed_rows(2) is None
    assert codes(closed_game(2, 10, rules)) == []


# --- options K1-K3 ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("options, length, points", [
    pytest.param({}, 6, 3, id="K1 all: 5 5 G5 6 X X is 6 cards, 3 points"),
    pytest.param({"count_in_row_length": "no_closing"}, 4, 1, id="K1 no_closing: 4 cards, 1 point"),
    pytest.param({"count_in_row_length": "numbers_only"}, 3, -2, id="K1 numbers_only: 3 cards, -2 points"),
])
def test_k1_which_cards_count_toward_length(options, length, points):
    """K1: grey cards on a row count toward its length (a review), closing cards too (open implementations)."""
    verdict = row("5 5 G5 6 X X", options)
    assert (verdict.length, verdict.points) == (length, points)


@pytest.mark.parametrize("options, points", [
    pytest.param({}, 1, id="K2 length_only: 5 5 G5 6 is 4 cards, 1 point"),
    pytest.param({"grey_on_row_scores": "length_and_point"}, 2, id="K2 length_and_point: plus the grey card's 1"),
    pytest.param({"grey_on_row_scores": "length_and_point", "count_in_row_length": "numbers_only"}, -1,
                 id="K2 with K1 numbers_only: 3 cards -2, plus 1"),
])
def test_k2_a_grey_card_on_a_row(options, points):
    """K2: a grey card on a colour row scores only as length; option: also its 1 point (one review's reading)."""
    result = game({"name": "Anna", "rows": {"blue": "5 5 G5 6"}, "grey": "7", "stones": [1, 2]}, ZERO,
                  options=options)
    blue = result.sides[0].rows[4]
    assert codes(result) == [] and blue.points == points
    assert result.sides[0].score == points + 1          # the grey row's card always scores 1


@pytest.mark.parametrize("text, options, codes_, points", [
    pytest.param("X", {}, [], -4, id="K3 yes: a row of one closing card, 1 card"),
    pytest.param("X X", {}, [], -3, id="K3 yes: two closing cards, 2 cards"),
    pytest.param("X", {"row_may_start_closed": "no"}, ["row_starts_closed"], -4, id="K3 no: a problem"),
    pytest.param("X X", {"row_may_start_closed": "no"}, ["row_starts_closed"], -3,
                 id="K3 no: one problem for the row"),
    pytest.param("X", {"count_in_row_length": "numbers_only"}, [], 0, id="K3 yes with K1 numbers_only: length 0"),
    pytest.param("4 X", {"row_may_start_closed": "no"}, [], -3, id="K3 no: a number card first is fine"),
])
def test_k3_a_row_that_starts_closed(text, options, codes_, points):
    """K3: a row may start with a closing card only if the option allows it (default yes, the licensed rules)."""
    verdict = row(text, options)
    assert [p.code for p in verdict.problems] == codes_ and verdict.points == points


# --- winners and ties ------------------------------------------------------------------------------------------

def test_a_tie_gives_several_winners():
    """Seed 001 'Egyezőség esetén a játéknak több nyertese van'."""
    anna = {"name": "Anna", "rows": {"green": "1 2 3 4"}, "stones": [1, 2]}
    bela = {"name": "Béla", "rows": {"red": "1 2 3 4"}, "stones": [3, 4]}
    cili = {"name": "Cili", "stones": [5]}
    result = game(anna, bela, cili)
    assert (result.winner, result.hand_winner) == (("Anna", "Béla"), ("Anna", "Béla"))
    assert result.to_dict()["winner"] == ["Anna", "Béla"]


def test_winner_is_the_best_total_and_hand_winner_the_best_game():
    """totals_before: the game's best (Béla) is not the leader after it (Anna)."""
    result = game({"name": "Anna", "stones": [1, 2]}, {"name": "Béla", "stones": [3, 4, 5]},
                  totals={"Anna": 20, "Béla": 10})
    assert result.totals == {"Anna": 20, "Béla": 14}
    assert (result.winner, result.hand_winner, result.match_over) == ("Anna", ("Béla",), False)


# --- running totals over several games -------------------------------------------------------------------------

GAMES = [
    # Anna 7 + 2 + 3 + 4 = 16; Béla blue 4 cards 1 + yellow 7 cards 6 + 2 stones 0 = 7
    {"sides": [{"name": "Anna", "rows": {"green": "0 1 2 3 3 4 5 X", "red": "10 9 8 G8 7"}, "grey": "3 5 2",
                "stones": [1, 2, 3]},
               {"name": "Béla", "rows": {"kék": "9 7 7 4", "sárga": "3 3 6 G6 8 X X"}, "stones": [4, 9]}]},
    # Anna nothing: -4; Béla 5 cards 2 + one stone -1 = 1
    {"sides": [{"name": "Anna"}, {"name": "Béla", "rows": {"green": "1 2 3 4 5"}, "stones": [5]}]},
    # Anna two stones 0; Béla three stones 4: a tie on totals
    {"sides": [{"name": "Anna", "stones": [1, 2]}, {"name": "Béla", "stones": [3, 4, 5]}]},
]


def test_a_match_adds_games_up():
    """Issue 5: players often play a few games and add them up; score_match keeps running totals."""
    results = score_match(get_rules("keltis", None), GAMES)
    assert all(isinstance(r, KeltisResult) and r.ok and not r.match_over for r in results)
    assert [r.totals for r in results] == [{"Anna": 16, "Béla": 7}, {"Anna": 12, "Béla": 8},
                                           {"Anna": 12, "Béla": 12}]
    assert [r.winner for r in results] == ["Anna", "Anna", ("Anna", "Béla")]
    assert [r.hand_winner for r in results] == [("Anna",), ("Béla",), ("Béla",)]
    assert [s.total_before for s in results[2].sides] == [12, 8]


def test_a_match_with_options_and_a_start():
    results = score_match(get_rules("keltis", {"count_in_row_length": "numbers_only"}), GAMES[:1], {"Anna": 100})
    # K1 numbers_only: Anna green 7 cards -> 6, red 4 cards -> 1; Béla blue 4 cards -> 1, yellow 4 cards -> 1
    assert results[0].totals == {"Anna": 100 + 6 + 1 + 3 + 4, "Béla": 1 + 1 + 0}


def test_a_bad_token_in_a_later_game_names_the_game():
    games = [GAMES[0], {"sides": [{"name": "Anna", "rows": {"green": "1 2 11"}}, {"name": "Béla"}]}]
    with pytest.raises(RecordError) as caught:
        score_match(get_rules("keltis", None), games)
    assert caught.value.field == "hands[1].sides[0].rows.green" and "'11' (card 3)" in caught.value.reason


# --- notation --------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("key, colour", [
    ("green", "green"), ("GREEN", "green"), ("zöld", "green"), ("zold", "green"), ("Zöld", "green"),
    (unicodedata.normalize("NFD", "zöld"), "green"), ("sárga", "yellow"), ("sarga", "yellow"), ("piros", "red"),
    ("Rózsaszín", "pink"), ("rozsaszin", "pink"), ("kék", "blue"), ("KEK", "blue"), ("pink", "pink"),
])
def test_colour_names_english_or_hungarian_accents_optional(key, colour):
    """Issue 5: green, yellow, red, pink, blue, also zöld, sárga, piros, rózsaszín, kék."""
    result = game({"name": "Anna", "rows": {key: "4 5"}, "stones": [1, 2]}, ZERO)
    started = [r.colour for r in result.sides[0].rows if r.cards]
    assert started == [colour]


@pytest.mark.parametrize("value, cards", [
    pytest.param("10 9 G9 X", ["10", "9", "G9", "X"], id="spaces"),
    pytest.param("10,9, g9 ,x", ["10", "9", "G9", "X"], id="commas and lower case"),
    pytest.param(["10", 9, "G9", "X"], ["10", "9", "G9", "X"], id="a list of tokens"),
    pytest.param("", [], id="empty: row not started"),
])
def test_row_notation(value, cards):
    result = game({"name": "Anna", "rows": {"red": value}, "stones": [1, 2]}, ZERO)
    assert result.to_dict()["sides"][0]["rows"][2]["cards"] == cards and codes(result) == []


@pytest.mark.parametrize("side, field, needle", [
    pytest.param({"rows": {"green": "1 2 11"}}, "sides[0].rows.green", "'11' (card 3)", id="no number card 11"),
    pytest.param({"rows": {"green": "1 Y"}}, "sides[0].rows.green", "'Y' (card 2)", id="unknown token"),
    pytest.param({"rows": {"green": "G11"}}, "sides[0].rows.green", "'G11' (card 1)", id="no grey card 11"),
    pytest.param({"rows": {"green": 5}}, "sides[0].rows.green", "expected a colour row", id="row not text"),
    pytest.param({"rows": {"purple": "1"}}, "sides[0].rows.purple", "not a colour", id="unknown colour"),
    pytest.param({"rows": {"green": "1", "zöld": "2"}}, "sides[0].rows.zöld", "given twice",
                 id="one colour given twice"),
    pytest.param({"rows": ["1 2"]}, "sides[0].rows", "object of colours", id="rows not an object"),
    pytest.param({"grey": "3 X"}, "sides[0].grey", "'X' (card 2)", id="closing card in the grey row"),
    pytest.param({"grey": "11"}, "sides[0].grey", "'11' (card 1)", id="no grey card 11"),
    pytest.param({"stones": [1, "2"]}, "sides[0].stones[1]", "whole number", id="stone not a number"),
    pytest.param({"stones": [True]}, "sides[0].stones[0]", "whole number", id="stone true"),
    pytest.param({"stones": "1 a"}, "sides[0].stones", "'a'", id="stones text with a non-number"),
    pytest.param({"stones": 3}, "sides[0].stones", "list of wishing stones", id="stones not a list"),
    pytest.param({"melds": ["K K K"]}, "sides[0].melds", "unknown field", id="a canasta field"),
    pytest.param({"players": ["Anna", "Cili"]}, "sides[0].players", "each for themselves", id="partnership"),
    pytest.param({"name": ""}, "sides[0].name", "needs a name", id="empty name"),
])
def test_unreadable_tables_are_record_errors_naming_the_field(side, field, needle):
    """Issue 5: a bad token is a RecordError naming the field (sides[0].rows.green) and the token's position."""
    with pytest.raises(RecordError) as caught:
        parse_record({"variant": "keltis", "sides": [{"name": "Anna", **side}, ZERO]})
    assert caught.value.field == field and needle in caught.value.reason, str(caught.value)


@pytest.mark.parametrize("record, field", [
    pytest.param({"sides": []}, "sides", id="no sides"),
    pytest.param({"sides": [{"name": "A"}, {"name": "A"}]}, "sides", id="two players share a name"),
    pytest.param({"sides": [{"name": "A"}], "totals_before": {"Cili": 5}}, "totals_before.Cili", id="unknown total"),
    pytest.param({"sides": [{"name": "A"}], "totals_before": {"A": "5"}}, "totals_before.A", id="total not a number"),
    pytest.param({"sides": [{"name": "A"}], "options": {"k1": "all"}}, "options.k1", id="unknown option"),
    pytest.param({"sides": [{"name": "A"}], "options": {"count_in_row_length": "some"}},
                 "options.count_in_row_length", id="unknown choice"),
    pytest.param({"sides": [{"name": "A"}], "round": 1}, "round", id="unknown top-level field"),
])
def test_unreadable_records(record, field):
    with pytest.raises(RecordError) as caught:
        parse_record({"variant": "keltis", **record})
    assert caught.value.field == field


def test_stones_as_text_and_players_as_the_match_service_sends_them():
    """matches._check_entry adds players: [name] to every side; stones may be text like the grey row."""
    record = parse_record({"variant": "keltis", "sides": [{"name": "Anna", "players": ["Anna"], "stones": "1, 2 3"},
                                                          {"name": "Béla", "grey": [3, 5]}]})
    assert isinstance(record, KeltisRecord)
    assert (record.sides[0].stones, record.sides[1].grey) == ((1, 2, 3), (3, 5))


# --- one interface for every front ------------------------------------------------------------------------------

def test_result_dict_has_the_canasta_top_level_fields_and_a_row_breakdown():
    result = service.score({"variant": "keltis", **GAMES[0]})
    assert {"ok", "variant", "options", "sides", "problems", "totals", "hand_winner", "match_over",
            "winner"} <= set(result)
    assert (result["ok"], result["variant"], result["match_over"], result["winner"]) == (True, "keltis", False, "Anna")
    anna = result["sides"][0]
    assert {"name", "score", "total", "total_before", "rows", "grey", "stones"} <= set(anna)
    assert [r["colour"] for r in anna["rows"]] == list(COLOURS)
    assert anna["rows"][2] == {"colour": "red", "cards": ["10", "9", "8", "G8", "7"], "length": 5,
                               "length_points": 2, "grey_points": 0, "points": 2, "direction": "descending",
                               "closed": False}
    assert anna["grey"] == {"cards": [3, 5, 2], "points": 3}
    assert anna["score"] == anna["rows_points"] + anna["grey"]["points"] + anna["stones"]["points"]


def test_dispatch_keeps_canasta_records_canasta():
    """The family hook: canasta variants still parse into HandRecord; unknown variants are still refused."""
    record = parse_record({"variant": "diszitett", "sides": [{"name": "A", "melds": ["8 8 8 8 8 8 8"], "out": "out"},
                                                             {"name": "B"}]})
    assert isinstance(record, HandRecord) and score_hand(record).sides[0].score == 570
    with pytest.raises(RecordError) as caught:
        parse_record({"variant": "rummy", "sides": []})
    assert caught.value.field == "variant"


def test_check_meld_refuses_keltis():
    with pytest.raises(RecordError) as caught:
        service.check("keltis", "1 2 3")
    assert caught.value.field == "variant" and "no melds" in caught.value.reason
