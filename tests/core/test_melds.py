"""Meld verdicts (scorekeeper/rules/melds/verdict.py).

Sources: seed 000_ffd5dc848dea5381.txt and digest §1 (díszített groups, zsoli minority rule, the five canasta
kinds, opening minimum with zsoli counted as the card they replace); seeds 002/004 and digest §2 (international
melds, canastas, black threes, opening minimum); D1 for the black zsoli-canasta bonus.
"""

import pytest

from scorekeeper.rules import MeldContext, check_meld, check_opening, get_rules

DISZ = get_rules("diszitett")
INTL = get_rules("international")


def codes(verdict):
    return [p.code for p in verdict.problems]


# --- canasta kinds -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("rules, cards, kind, bonus, card_value", [
    # díszített, seed 000 "Ötféle kanaszta van"
    pytest.param(DISZ, "J J J J 2 2 2", "black_canasta", 300, 100,
                 id="díszített 4 jacks + 3 deuces is a black canasta"),
    pytest.param(DISZ, "K K K K K K JK", "black_canasta", 300, 110,
                 id="díszített 6 kings + a joker is a black canasta"),
    pytest.param(DISZ, "7 7 7 7 7 2 JK", "black_canasta", 300, 95, id="díszített black canasta with 2 zsoli"),
    pytest.param(DISZ, "8 8 8 8 8 8 8", "red_canasta", 400, 70, id="díszített 7 eights is a red canasta"),
    pytest.param(DISZ, "5 5 5 5 5 5 5", "red_canasta", 400, 35, id="díszített 7 fives is a red canasta"),
    pytest.param(DISZ, "A A A A A A A A", "gold_canasta", 600, 160, id="díszített 8 aces is a gold canasta"),
    pytest.param(DISZ, "4 4 4 4 4 4 4 4", "gold_canasta", 600, 40, id="díszített 8 fours is a gold canasta"),
    pytest.param(DISZ, "2 2 2 2 JK JK JK", "black_zsoli_canasta", 200, 230,
                 id="díszített 4 deuces + 3 jokers is a black zsoli-canasta"),
    pytest.param(DISZ, "JK 2 2 2 2 2 2", "black_zsoli_canasta", 200, 170,
                 id="díszített one joker among deuces is a black zsoli-canasta"),
    pytest.param(DISZ, "2 2 2 2 2 2 2", "red_zsoli_canasta", 500, 140,
                 id="díszített 7 deuces is a red zsoli-canasta"),
    pytest.param(DISZ, "JK JK JK JK JK JK JK", "red_zsoli_canasta", 500, 350,
                 id="díszített 7 jokers is a red zsoli-canasta"),
    pytest.param(get_rules("diszitett", {"black_zsoli_canasta_bonus": "1000"}), "2 2 2 2 JK JK JK",
                 "black_zsoli_canasta", 1000, 230, id="D1 option: black zsoli-canasta worth 1000"),
    pytest.param(get_rules("diszitett", {"black_zsoli_canasta_bonus": "1000"}), "2 2 2 2 2 2 2",
                 "red_zsoli_canasta", 500, 140, id="D1 option leaves the red zsoli-canasta at 500"),
    # international, seed 002 / digest §2
    pytest.param(INTL, "K K K K K K K", "natural_canasta", 500, 70, id="international 7 kings is a natural canasta"),
    # It grew to 10 kings here until the deck's count was checked: two packs hold 8 (more_copies_than_deck).
    pytest.param(INTL, "K K K K K K K K", "natural_canasta", 500, 80,
                 id="international natural canasta may grow past 7 cards"),
    pytest.param(INTL, "Q Q Q Q 2 2 JK", "mixed_canasta", 300, 130, id="international 4 queens + 3 wilds is mixed"),
    pytest.param(INTL, "K K K K K K K 2", "mixed_canasta", 300, 90,
                 id="international a deuce added to a natural canasta makes it mixed"),
    pytest.param(INTL, "K K K K K K 2 2 JK", "mixed_canasta", 300, 150,
                 id="international mixed canasta of 9 cards"),
    pytest.param(INTL, "A A A A A A A A 2", "mixed_canasta", 300, 180,
                 id="international mixed canasta of 9 cards with one wild"),
])
def test_every_canasta_kind_with_its_bonus_and_card_value(rules, cards, kind, bonus, card_value):
    """Seed 000 five canasta kinds (bonus table) / seed 002 natural 500, mixed 300; card values digest §1/§2."""
    verdict = check_meld(rules, cards)
    assert codes(verdict) == []
    assert (verdict.legal, verdict.is_canasta, verdict.kind, verdict.bonus, verdict.card_value) == \
        (True, True, kind, bonus, card_value)


@pytest.mark.parametrize("rules, cards, kind, rank, card_value, wilds", [
    pytest.param(DISZ, "K K 2", "group", "K", 40, 1, id="díszített 2 kings + a deuce is a group, no canasta"),
    pytest.param(DISZ, "A A A A A A", "group", "A", 120, 0, id="díszített 6 aces is a group, no canasta"),
    pytest.param(DISZ, "2 JK 2", "wild_group", None, 90, 3, id="díszített 3 zsoli are a group of zsoli only"),
    pytest.param(DISZ, "JK JK JK JK JK JK", "wild_group", None, 300, 6, id="díszített 6 jokers, no canasta yet"),
    pytest.param(INTL, "5 5 5", "group", "5", 15, 0, id="international 3 fives is a meld"),
    pytest.param(INTL, "Q Q Q Q 2 2", "group", "Q", 80, 2, id="international 6 cards are no canasta"),
])
def test_legal_group_below_seven_cards_is_no_canasta(rules, cards, kind, rank, card_value, wilds):
    """Seed 000 / seed 002: a canasta needs 7 cards; smaller legal groups score card value only, no bonus."""
    verdict = check_meld(rules, cards)
    assert codes(verdict) == []
    assert (verdict.legal, verdict.is_canasta, verdict.kind, verdict.rank, verdict.bonus, verdict.card_value,
            verdict.wilds) == (True, False, kind, rank, 0, card_value, wilds)


@pytest.mark.parametrize("cards, label", [
    pytest.param("J J J J 2 2 2", "black canasta", id="black canasta"),
    pytest.param("K K 2", "group of kings", id="group of kings"),
    pytest.param("6 6 6", "group of sixes", id="group of sixes"),
    pytest.param("2 2 JK", "group of wild cards", id="group of zsoli"),
])
def test_verdict_labels_name_the_meld(cards, label):
    """Labels shown to players: the canasta kind or 'group of <rank>'."""
    assert check_meld(DISZ, cards).label == label


# --- díszített zsoli limits: seed 000 "a hármas és négyes csoport legfeljebb 1 ..." -------------------------

@pytest.mark.parametrize("cards, legal", [
    pytest.param("K K 2", True, id="3 cards with 1 zsoli is legal in díszített"),
    pytest.param("K 2 JK", False, id="3 cards with 2 zsoli is illegal in díszített"),
    pytest.param("K K K 2", True, id="4 cards with 1 zsoli is legal in díszített"),
    pytest.param("K K 2 2", False, id="4 cards with 2 zsoli is illegal in díszített"),
    pytest.param("K K K 2 2", True, id="5 cards with 2 zsoli is legal in díszített"),
    pytest.param("K K 2 2 JK", False, id="5 cards with 3 zsoli is illegal in díszített"),
    pytest.param("K K K K 2 JK", True, id="6 cards with 2 zsoli is legal in díszített"),
    pytest.param("K K K 2 2 JK", False, id="6 cards with 3 zsoli is illegal in díszített"),
    pytest.param("K K K K 2 2 JK", True, id="7 cards with 3 zsoli is legal in díszített"),
    pytest.param("K K K 2 2 JK JK", False, id="7 cards with 4 zsoli is illegal in díszített"),
    pytest.param("K K K K K K K K", True, id="8 naturals are legal in díszített"),
    pytest.param("K K K K K K K 2", False, id="8 cards with a zsoli is illegal in díszített"),
    pytest.param("K K K K K K JK JK", False, id="a black canasta cannot grow to 8 cards in díszített"),
])
def test_diszitett_zsoli_must_be_fewer_than_naturals_and_none_in_eight(cards, legal):
    """Seed 000 'zsolik kisebbségi szabálya': 3-4 cards <= 1 zsoli, 5-6 <= 2, 7 <= 3, 8 none."""
    verdict = check_meld(DISZ, cards)
    assert verdict.legal is legal
    if not legal:
        assert codes(verdict) == ["too_many_wilds"]
        assert list(verdict.problems[0].cards) == [c for c in cards.split() if c in ("2", "JK")]
        assert verdict.is_canasta is False and verdict.bonus == 0


# --- every meld problem code ---------------------------------------------------------------------------------

@pytest.mark.parametrize("rules, cards, context, code, offending", [
    # threes_not_meldable
    pytest.param(DISZ, "3h 3d 3h", None, "threes_not_meldable", ["3h", "3d", "3h"],
                 id="red threes are never melded in díszített"),
    pytest.param(INTL, "3h 3d 3h", None, "threes_not_meldable", ["3h", "3d", "3h"],
                 id="red threes are never melded in international"),
    pytest.param(DISZ, "3c 3s 3", None, "threes_not_meldable", ["3c", "3s", "3"],
                 id="black threes are never melded in díszített"),
    pytest.param(DISZ, "3c 3s 3", MeldContext(going_out=True), "threes_not_meldable", ["3c", "3s", "3"],
                 id="black threes are never melded in díszített, not even going out"),
    pytest.param(DISZ, "K K K 3h", None, "threes_not_meldable", ["3h"], id="a red three among kings is flagged"),
    # mixed_ranks
    pytest.param(DISZ, "K K Q", None, "mixed_ranks", ["Q"], id="kings and a queen are mixed ranks"),
    pytest.param(INTL, "9 9 9 8 8 7", None, "mixed_ranks", ["8", "8", "7"],
                 id="the odd cards are those off the most common rank"),
    pytest.param(INTL, "K K K 3c", MeldContext(going_out=True), "mixed_ranks", ["3c"],
                 id="a black three among kings is mixed ranks in international"),
    # too_few_cards
    pytest.param(DISZ, "K K", None, "too_few_cards", ["K", "K"], id="2 kings are too few in díszített"),
    pytest.param(INTL, "K JK", None, "too_few_cards", ["K", "JK"], id="2 cards are too few in international"),
    pytest.param(DISZ, "2 JK", None, "too_few_cards", ["2", "JK"], id="2 zsoli are too few for a zsoli group"),
    pytest.param(DISZ, "", None, "too_few_cards", [], id="an empty meld is too few cards"),
    pytest.param(INTL, "3c 3s", MeldContext(going_out=True), "too_few_cards", ["3c", "3s"],
                 id="2 black threes are too few even going out"),
    # too_many_cards
    pytest.param(DISZ, "K K K K K K K K K", None, "too_many_cards", ["K"] * 9,
                 id="9 kings are too many in díszített"),
    pytest.param(DISZ, "2 2 2 2 JK JK JK JK", None, "too_many_cards", ["2"] * 4 + ["JK"] * 4,
                 id="8 zsoli are too many for a zsoli group"),
    pytest.param(INTL, "3c 3s 3c 3s 3", MeldContext(going_out=True), "too_many_cards", ["3c", "3s", "3c", "3s", "3"],
                 id="5 black threes are too many"),
    # too_many_wilds
    pytest.param(INTL, "K K 2 2 2 JK", None, "too_many_wilds", ["2", "2", "2", "JK"],
                 id="4 wilds are too many in international"),
    pytest.param(INTL, "K K K K K K K K 2 2 JK JK", None, "too_many_wilds", ["2", "2", "JK", "JK"],
                 id="4 wilds are too many even in a long international canasta"),
    pytest.param(get_rules("international", {"wild_limit": "swedish_half"}), "K K 2 2 JK", None, "too_many_wilds",
                 ["2", "2", "JK"], id="Swedish: 3 wilds with 2 naturals is more than half"),
    pytest.param(get_rules("international", {"wild_limit": "swedish_half"}), "K K K 2 2 JK JK", None,
                 "too_many_wilds", ["2", "2", "JK", "JK"], id="Swedish: 4 wilds with 3 naturals"),
    # too_few_naturals
    pytest.param(INTL, "K 2 2", None, "too_few_naturals", ["K"], id="1 natural is too few in international"),
    pytest.param(INTL, "A JK JK", None, "too_few_naturals", ["A"], id="1 ace and 2 jokers is too few naturals"),
    # wild_only_not_allowed
    pytest.param(INTL, "2 2 JK", None, "wild_only_not_allowed", ["2", "2", "JK"],
                 id="a meld of wild cards only is illegal in international"),
    pytest.param(INTL, "2 2 2 2 2 2 2", None, "wild_only_not_allowed", ["2"] * 7,
                 id="7 deuces are no canasta in international"),
    # wilds_with_black_threes
    pytest.param(INTL, "3c 3s 2", MeldContext(going_out=True), "wilds_with_black_threes", ["2"],
                 id="black threes take no deuce"),
    pytest.param(INTL, "3c 3s 3 JK", MeldContext(going_out=True), "wilds_with_black_threes", ["JK"],
                 id="black threes take no joker"),
    # black_threes_only_going_out
    pytest.param(INTL, "3c 3s 3", None, "black_threes_only_going_out", ["3c", "3s", "3"],
                 id="black threes melded without going out"),
    # opening_minimum_not_reached
    pytest.param(DISZ, "K K 2", MeldContext(opening_minimum=50), "opening_minimum_not_reached", ["K", "K", "2"],
                 id="díszített K K 2 opens for 30, short of 50"),
    pytest.param(INTL, "5 5 5", MeldContext(opening_minimum=50), "opening_minimum_not_reached", ["5", "5", "5"],
                 id="international 5 5 5 opens for 15, short of 50"),
])
def test_each_meld_rule_reports_its_problem_code_and_the_offending_cards(rules, cards, context, code, offending):
    """Digest §1/§2 meld rules; melds.py problem codes with the cards concerned."""
    verdict = check_meld(rules, cards, context)
    assert verdict.legal is False and verdict.is_canasta is False and verdict.bonus == 0
    matching = [p for p in verdict.problems if p.code == code]
    assert len(matching) == 1, codes(verdict)
    assert list(matching[0].cards) == offending


@pytest.mark.parametrize("rules, cards, expected", [
    # Five black threes are also one more than two packs hold.
    pytest.param(INTL, "3c 3s 3 3c 3s 2", ["wilds_with_black_threes", "too_many_cards", "black_threes_only_going_out",
                                           "more_copies_than_deck"],
                 id="black threes with wilds, too many, not going out: all four reported"),
    pytest.param(INTL, "K 2 2 2 2", ["too_many_wilds", "too_few_naturals"],
                 id="4 wilds and 1 natural: both reported"),
    pytest.param(DISZ, "K K 3h 3h 2 2", ["threes_not_meldable", "too_many_wilds"],
                 id="red threes do not widen the zsoli limit of the group they sit in"),
    pytest.param(DISZ, "K K 3h", ["threes_not_meldable", "too_few_cards"],
                 id="a red three does not make up the group's third card"),
])
def test_every_problem_of_a_meld_is_collected(rules, cards, expected):
    """melds.py: check_meld collects every problem rather than stopping at the first."""
    assert codes(check_meld(rules, cards)) == expected


@pytest.mark.parametrize("cards", [
    pytest.param("3c 3s 3", id="3 black threes going out"),
    pytest.param("3c 3s 3c 3s", id="4 black threes going out"),
])
def test_international_black_threes_meld_only_when_going_out(cards):
    """Seed 002: a meld of 3 or 4 black threes, no wild cards, only when going out; 5 points each."""
    verdict = check_meld(INTL, cards, MeldContext(going_out=True))
    assert codes(verdict) == []
    assert (verdict.legal, verdict.kind, verdict.rank, verdict.is_canasta, verdict.card_value) == \
        (True, "black_threes", "3", False, 5 * len(cards.split()))


@pytest.mark.parametrize("rules, cards, legal", [
    pytest.param(INTL, "K K 2 2 JK", True, id="international allows 2 naturals + 3 wilds"),
    pytest.param(get_rules("international", {"wild_limit": "swedish_half"}), "K K 2 2", True,
                 id="Swedish: exactly half wild is allowed"),
    pytest.param(get_rules("international", {"wild_limit": "swedish_half"}), "K K K 2 2 JK", True,
                 id="Swedish: 3 wilds with 3 naturals is half"),
    pytest.param(get_rules("international", {"wild_limit": "swedish_half"}), "K K K K 2 2 JK JK", False,
                 id="Swedish: half but 4 wilds is still over the cap of 3"),
])
def test_wild_card_caps_of_international_forms(rules, cards, legal):
    """Digest §2: at most 3 wilds; seed 004 'at most half' (still at most 3)."""
    assert check_meld(rules, cards).legal is legal


@pytest.mark.parametrize("cards", [
    pytest.param("2 2 2", id="3 deuces"),
    pytest.param("JK JK 2 2 2", id="5 mixed zsoli"),
    pytest.param("JK JK JK JK JK JK", id="6 jokers"),
])
def test_diszitett_all_zsoli_group_is_exempt_from_the_minority_rule(cards):
    """Seed 000: a group of zsoli only may have 3 to 7 cards, any mix of 2s and jokers."""
    verdict = check_meld(DISZ, cards)
    assert codes(verdict) == [] and verdict.kind == "wild_group"


# --- the deck's copies: no meld holds more of a card than the deck -----------------------------------------------
# Decks: díszített 2 packs + 8 jokers (seed 000_ffd5dc848dea5381.txt); international 2 packs + 4 jokers (seed
# 002_7cd961f2d9c875a7.txt); Swedish 3-player 3 packs + 6 jokers (seed 004_2e999d2ac257fa03.txt). A pack holds
# four of a rank, one per suit, and two red and two black threes.
SWEDISH = get_rules("international", {"players": "3_swedish"})


@pytest.mark.parametrize("rules, cards, context, offending, says", [
    pytest.param(INTL, "K K K K K K K K K", None, ["K"] * 9, "this meld holds nine kings; the deck has only eight kings",
                 id="international 9 kings (2 packs hold 8)"),
    pytest.param(INTL, "Kh Kh Kh K K", None, ["Kh"] * 3, "this meld holds 3 × Kh; the deck has only 2, one per pack",
                 id="international 3 kings of hearts (one per pack)"),
    pytest.param(INTL, "JK JK JK JK JK K K", None, ["JK"] * 5, "this meld holds five jokers; the deck has only four jokers",
                 id="international 5 jokers (the deck has 4)"),
    pytest.param(INTL, "Q Q Q Q 2s 2s 2s", None, ["2s"] * 3, "this meld holds 3 × 2s; the deck has only 2",
                 id="international 3 deuces of spades"),
    pytest.param(INTL, "3c 3c 3c 3s", MeldContext(going_out=True), ["3c"] * 3, "3 × 3c; the deck has only 2",
                 id="international 3 threes of clubs going out"),
    pytest.param(INTL, "3 3 3 3 3", MeldContext(going_out=True), ["3"] * 5, "five black threes; the deck has only four black threes",
                 id="international 5 black threes"),
    pytest.param(INTL, "3h 3h 3h", None, ["3h"] * 3, "3 × 3h; the deck has only 2",
                 id="international 3 threes of hearts"),
    pytest.param(SWEDISH, " ".join(["A"] * 13), None, ["A"] * 13, "13 aces; the deck has only twelve aces",
                 id="Swedish 3 packs: 13 aces"),
    pytest.param(SWEDISH, "Ad Ad Ad Ad A A A", None, ["Ad"] * 4, "4 × Ad; the deck has only 3",
                 id="Swedish 3 packs: 4 aces of diamonds"),
    pytest.param(DISZ, "2 2 2 2 2 2 2 2 2", None, ["2"] * 9, "nine deuces; the deck has only eight deuces",
                 id="díszített 9 deuces"),
    pytest.param(DISZ, "JK JK JK JK JK JK JK JK JK", None, ["JK"] * 9, "nine jokers; the deck has only eight jokers",
                 id="díszített 9 jokers (the deck has 8)"),
    pytest.param(DISZ, "5c 5c 5c 5 5 5 5", None, ["5c"] * 3, "3 × 5c; the deck has only 2",
                 id="díszített 3 fives of clubs"),
])
def test_no_meld_holds_more_copies_of_a_card_than_the_deck(rules, cards, context, offending, says):
    """A meld of 9 kings was a legal natural canasta in international: a meld never holds more copies of a rank
    than the deck, nor more of one card (a suit given) than the packs."""
    verdict = check_meld(rules, cards, context)
    [found] = [p for p in verdict.problems if p.code == "more_copies_than_deck"]
    assert list(found.cards) == offending
    assert says in found.message
    assert not verdict.legal and not verdict.is_canasta and verdict.bonus == 0


@pytest.mark.parametrize("rules, cards", [
    pytest.param(INTL, "K K K K K K K K", id="international 8 kings"),
    pytest.param(INTL, "Kh Kh Kd Kd Kc Kc Ks Ks", id="international two of each king"),
    pytest.param(INTL, "Q Q Q Q 2s 2s 2", id="international 2 deuces of spades"),
    pytest.param(SWEDISH, " ".join(["A"] * 12), id="Swedish 12 aces"),
    pytest.param(SWEDISH, "Ad Ad Ad A A A A", id="Swedish 3 aces of diamonds"),
    pytest.param(DISZ, "A A A A A A A A", id="díszített 8 aces"),
    pytest.param(DISZ, "JK JK JK JK JK JK JK", id="díszített 7 jokers"),
])
def test_a_meld_may_hold_every_copy_the_deck_has(rules, cards):
    assert codes(check_meld(rules, cards)) == []


def test_an_opening_holds_no_more_copies_of_a_card_than_the_deck_across_its_melds():
    """Melds laid together count together: 3 + 2 jokers in international (4 in the deck); a meld already over
    is reported with that meld only."""
    verdict = check_opening(INTL, ["JK JK JK K K K K", "JK JK Q Q Q"], MeldContext(opening_minimum=50))
    assert [(p.code, list(p.cards)) for p in verdict.problems] == [("more_copies_than_deck", ["JK"] * 5)]
    assert verdict.problems[0].message == "these melds hold five jokers together; the deck has only four jokers"
    alone = check_opening(INTL, ["K K K K K K K K K", "Q Q Q"], MeldContext(opening_minimum=50))
    assert [p.code for p in alone.problems] == ["more_copies_than_deck"]
    assert alone.melds[0].problems == alone.problems


# --- opening minimum -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("rules, cards, opening_value", [
    pytest.param(DISZ, "K K 2", 30, id="díszített: a deuce among kings counts as a king (10)"),
    pytest.param(DISZ, "K K JK", 30, id="díszített: a joker among kings counts as a king (10)"),
    pytest.param(DISZ, "A A 2", 60, id="díszített: a deuce among aces counts as an ace (20)"),
    pytest.param(DISZ, "5 5 5 JK", 20, id="díszített: a joker among fives counts as a five (5)"),
    pytest.param(DISZ, "J J J J 2 2 2", 70, id="díszített: black canasta counts cards only, not its bonus"),
    pytest.param(DISZ, "JK JK JK", 60, id="díszített: an all-zsoli group counts 20 per card, jokers too"),
    pytest.param(DISZ, "2 2 JK JK JK", 100, id="díszített: 5 zsoli count 100"),
    pytest.param(INTL, "K K JK", 70, id="international: a joker counts its own 50"),
    pytest.param(INTL, "K K 2", 40, id="international: a deuce counts its own 20"),
    pytest.param(INTL, "5 5 5", 15, id="international: fives count 5"),
])
def test_opening_value_counts_wild_cards_as_the_variant_says(rules, cards, opening_value):
    """Seed 000: zsoli count as the card they replace, all-zsoli groups 20 per card; seed 002: own value."""
    assert check_meld(rules, cards).opening_value == opening_value


@pytest.mark.parametrize("rules, cards, minimum, going_out, legal", [
    pytest.param(DISZ, "A A 2", 50, False, True, id="díszített A A 2 (60) meets 50"),
    pytest.param(DISZ, "A A 2", 75, False, False, id="díszített A A 2 (60) misses 75"),
    pytest.param(DISZ, "JK JK JK", 75, False, False, id="díszített 3 jokers open for 60, not 150, and miss 75"),
    pytest.param(DISZ, "JK JK JK", 50, False, True, id="díszített 3 jokers (60) meet 50"),
    pytest.param(DISZ, "K K K K K", 50, False, True, id="díszített exactly 50 meets 50"),
    pytest.param(DISZ, "K K 2", 120, True, True, id="díszített opening and going out in one turn waives the minimum"),
    pytest.param(INTL, "K K JK", 70, False, True, id="international K K JK (70) meets 70"),
    pytest.param(INTL, "K K JK", 90, False, False, id="international K K JK (70) misses 90"),
    pytest.param(INTL, "5 5 5", 120, True, True, id="international going out concealed needs no minimum"),
])
def test_single_meld_opening_minimum(rules, cards, minimum, going_out, legal):
    """Seed 000 opening minimum ('nyitó lerakás'), waived when going out in the same turn; seed 002 likewise."""
    verdict = check_meld(rules, cards, MeldContext(opening_minimum=minimum, going_out=going_out))
    assert verdict.legal is legal
    assert codes(verdict) == ([] if legal else ["opening_minimum_not_reached"])


@pytest.mark.parametrize("rules, melds, minimum, going_out, value, legal", [
    pytest.param(DISZ, ["K K K", "Q Q Q"], 50, False, 60, True, id="díszített two groups sum to 60 and meet 50"),
    pytest.param(DISZ, ["K K K", "Q Q Q"], 75, False, 60, False, id="díszített two groups sum to 60 and miss 75"),
    pytest.param(DISZ, ["K K 2", "5 5 JK", "2 2 JK"], 90, False, 105, True,
                 id="díszített replaced zsoli plus an all-zsoli group: 30 + 15 + 60"),
    pytest.param(DISZ, ["K K 2", "5 5 5"], 120, True, 45, True, id="díszített going out waives the sum"),
    pytest.param(INTL, ["K K JK", "5 5 5"], 90, False, 85, False, id="international 70 + 15 misses 90"),
    pytest.param(INTL, ["K K JK", "A A A"], 120, False, 130, True, id="international 70 + 60 meets 120"),
    pytest.param(INTL, ["K K K K K K K", "3c 3s 3"], 120, True, 85, True,
                 id="international going out with black threes and a canasta"),
])
def test_opening_of_several_melds_sums_their_values(rules, melds, minimum, going_out, value, legal):
    """Seed 000 / seed 002: the opening minimum is met by all melds laid in the opening turn together."""
    verdict = check_opening(rules, melds, MeldContext(opening_minimum=minimum, going_out=going_out))
    assert verdict.opening_value == value
    assert verdict.legal is legal
    assert [p.code for p in verdict.problems] == ([] if legal else ["opening_minimum_not_reached"])


def test_opening_reports_each_bad_meld_and_the_shortfall():
    """check_opening: problems of each meld are kept, and the missing minimum names all the opening's cards."""
    verdict = check_opening(DISZ, ["K K 2 2", "5 5 5"], MeldContext(opening_minimum=75))
    assert [p.code for p in verdict.problems] == ["too_many_wilds", "opening_minimum_not_reached"]
    assert verdict.opening_value == 55
    assert list(verdict.problems[-1].cards) == ["K", "K", "2", "2", "5", "5", "5"]
    assert [m.legal for m in verdict.melds] == [False, True]


def test_variant_may_be_named_by_id():
    """check_meld accepts a variant id as well as Rules."""
    assert check_meld("diszitett", "8 8 8 8 8 8 8").kind == "red_canasta"
