"""Card notation (scorekeeper/rules/cards.py docstring; README "Card notation").

Every spelling the docstring promises is read to the card it names, and every unreadable token raises
NotationError naming the token and its 1-based position. Ranks and values: digest sections 1 and 2.
"""

import pytest

from scorekeeper.rules import Card, NotationError, format_cards, parse_card, parse_cards
from scorekeeper.rules.cards import count_by_key


# --- every spelling of the notation --------------------------------------------------------------------------

@pytest.mark.parametrize("token, rank, suit", [
    pytest.param("4", "4", None, id="4 is a four"),
    pytest.param("9", "9", None, id="9 is a nine"),
    pytest.param("10", "10", None, id="10 is a ten, not 1 then 0"),
    pytest.param("T", "10", None, id="T is a ten"),
    pytest.param("t", "10", None, id="t is a ten (case-insensitive)"),
    pytest.param("J", "J", None, id="J is a jack"),
    pytest.param("Q", "Q", None, id="Q is a queen"),
    pytest.param("K", "K", None, id="K is a king"),
    pytest.param("A", "A", None, id="A is an ace"),
    pytest.param("a", "A", None, id="a is an ace (case-insensitive)"),
    pytest.param("2", "2", None, id="2 is a deuce (kis zsoli)"),
    pytest.param("JK", "JK", None, id="JK is a joker"),
    pytest.param("jk", "JK", None, id="jk is a joker (case-insensitive)"),
    pytest.param("JOKER", "JK", None, id="JOKER is a joker"),
    pytest.param("Joker", "JK", None, id="Joker is a joker (case-insensitive)"),
    pytest.param("*", "JK", None, id="* is a joker"),
    pytest.param("NZ", "JK", None, id="NZ (nagy zsoli) is a joker"),
    pytest.param("nz", "JK", None, id="nz is a joker (case-insensitive)"),
    pytest.param("ZS", "2", None, id="ZS (zsoli) is a deuce"),
    pytest.param("zs", "2", None, id="zs is a deuce (case-insensitive)"),
    pytest.param("Z", "2", None, id="Z is a deuce"),
    pytest.param("B", "J", None, id="B (bubi) is a jack"),
    pytest.param("b", "J", None, id="b is a jack (case-insensitive)"),
    pytest.param("D", "Q", None, id="D (dáma) is a queen"),
    pytest.param("Á", "A", None, id="Á (ász) is an ace"),
    pytest.param("á", "A", None, id="á is an ace (case-insensitive)"),
    pytest.param("Kh", "K", "h", id="Kh is the king of hearts"),
    pytest.param("KH", "K", "h", id="KH is the king of hearts (case-insensitive suit)"),
    pytest.param("10s", "10", "s", id="10s is the ten of spades"),
    pytest.param("Td", "10", "d", id="Td is the ten of diamonds"),
    pytest.param("Ac", "A", "c", id="Ac is the ace of clubs"),
    pytest.param("2h", "2", "h", id="2h is the deuce of hearts"),
    pytest.param("Zh", "2", "h", id="Zh is the deuce of hearts"),
    pytest.param("ZSc", "2", "c", id="ZSc is the deuce of clubs"),
    pytest.param("Bd", "J", "d", id="Bd is the jack of diamonds"),
    pytest.param("Dd", "Q", "d", id="Dd is the queen of diamonds"),
    pytest.param("Ás", "A", "s", id="Ás is the ace of spades"),
    pytest.param("K♠", "K", "s", id="K♠ is the king of spades"),
    pytest.param("Q♥", "Q", "h", id="Q♥ is the queen of hearts"),
    pytest.param("8♦", "8", "d", id="8♦ is the eight of diamonds"),
    pytest.param("7♣", "7", "c", id="7♣ is the seven of clubs"),
    pytest.param("7♧", "7", "c", id="7♧ (white club) is the seven of clubs"),
    pytest.param("7♢", "7", "d", id="7♢ (white diamond) is the seven of diamonds"),
    pytest.param("7♡", "7", "h", id="7♡ (white heart) is the seven of hearts"),
    pytest.param("7♤", "7", "s", id="7♤ (white spade) is the seven of spades"),
    pytest.param("3", "3", None, id="bare 3 is a three without suit"),
    pytest.param("3h", "3", "h", id="3h is the three of hearts"),
    pytest.param("3D", "3", "d", id="3D is the three of diamonds"),
    pytest.param("3c", "3", "c", id="3c is the three of clubs"),
    pytest.param("3♠", "3", "s", id="3♠ is the three of spades"),
])
def test_every_documented_spelling_reads_as_its_card(token, rank, suit):
    """cards.py docstring: ranks, Hungarian letters, jokers, suit suffixes, case-insensitive."""
    assert parse_card(token) == Card(rank, suit)


@pytest.mark.parametrize("token, red, black", [
    pytest.param("3h", True, False, id="3 of hearts is a red three"),
    pytest.param("3d", True, False, id="3 of diamonds is a red three"),
    pytest.param("3♥", True, False, id="3♥ is a red three"),
    pytest.param("3♦", True, False, id="3♦ is a red three"),
    pytest.param("3c", False, True, id="3 of clubs is a black three"),
    pytest.param("3s", False, True, id="3 of spades is a black three"),
    pytest.param("3♣", False, True, id="3♣ is a black three"),
    pytest.param("3", False, True, id="a bare 3 is a black three"),
    pytest.param("Kh", False, False, id="a red king is no three at all"),
])
def test_red_and_black_threes_are_told_apart_by_suit(token, red, black):
    """cards.py docstring: 3 with h/d is red, with c/s or bare is black (digest §1, §2: red threes are bonuses)."""
    card = parse_card(token)
    assert (card.is_red_three, card.is_black_three) == (red, black)
    assert card.value_key == ("red3" if red else "black3" if black else card.rank)


@pytest.mark.parametrize("token, wild, joker, natural", [
    pytest.param("2", True, False, False, id="a deuce is wild but not a joker"),
    pytest.param("JK", True, True, False, id="a joker is wild"),
    pytest.param("A", False, False, True, id="an ace is natural"),
    pytest.param("4", False, False, True, id="a four is natural"),
    pytest.param("3c", False, False, False, id="a black three is neither wild nor natural"),
    pytest.param("3h", False, False, False, id="a red three is neither wild nor natural"),
])
def test_zsoli_are_deuces_and_jokers_and_naturals_are_4_to_ace(token, wild, joker, natural):
    """Digest §1: nagy zsoli = joker, kis zsoli = any 2; groups are of ranks 4..A."""
    card = parse_card(token)
    assert (card.is_wild, card.is_joker, card.is_natural) == (wild, joker, natural)


@pytest.mark.parametrize("text, expected", [
    pytest.param("K K 2", ("K", "K", "2"), id="spaces separate tokens"),
    pytest.param("K,K,2", ("K", "K", "2"), id="commas separate tokens"),
    pytest.param("K, K ,2", ("K", "K", "2"), id="commas with spaces separate tokens"),
    pytest.param("  K\tK\n2  ", ("K", "K", "2"), id="any whitespace separates tokens"),
    pytest.param(",K,,K,", ("K", "K"), id="stray commas make no empty tokens"),
    pytest.param("B D Á ZS NZ T", ("J", "Q", "A", "2", "JK", "10"), id="Hungarian letters in one list"),
    pytest.param("", (), id="empty text is no cards"),
])
def test_card_lists_split_on_spaces_and_commas(text, expected):
    """cards.py docstring: tokens separated by spaces and/or commas."""
    assert tuple(c.rank for c in parse_cards(text)) == expected


def test_card_lists_may_be_given_as_a_list_of_tokens():
    """cards.py parse_cards: an iterable of token strings reads like the joined text."""
    assert parse_cards(["Kh", "10s", "*"]) == (Card("K", "h"), Card("10", "s"), Card("JK"))


@pytest.mark.parametrize("text", [
    pytest.param("Kh 10s JK 3 3h 2c A", id="suits, joker, bare and red three"),
    pytest.param("4 5 6 7 8 9 10 J Q K A 2 JK", id="every rank once"),
])
def test_formatting_round_trips(text):
    """format_cards writes the canonical notation that parse_cards reads back unchanged."""
    cards = parse_cards(text)
    assert format_cards(cards) == text
    assert parse_cards(format_cards(cards)) == cards


def test_formatting_uses_canonical_spellings():
    """Hungarian and alias spellings come back in canonical form (JK, 10, J, Q, A, 2)."""
    assert format_cards(parse_cards("NZ * T B D Á ZS joker")) == "JK JK 10 J Q A 2 JK"


# --- bad tokens -----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("text, token, position", [
    pytest.param("K K 1", "1", 3, id="1 is no rank"),
    pytest.param("X", "X", 1, id="X is no card"),
    pytest.param("K, Q, 11", "11", 3, id="11 is no rank, position counts tokens not characters"),
    pytest.param("K,,Q 0", "0", 3, id="stray commas do not shift positions"),
    pytest.param("JKh", "JKh", 1, id="a joker takes no suit"),
    pytest.param("NZs 5", "NZs", 1, id="a nagy zsoli takes no suit"),
    pytest.param("4 3x", "3x", 2, id="x is no suit"),
    pytest.param("KK", "KK", 1, id="two ranks glued together"),
    pytest.param("10hh", "10hh", 1, id="two suits"),
    pytest.param("A C", "C", 2, id="a lone suit letter is no card"),
    pytest.param("5 6 7 8 9 ♠", "♠", 6, id="a lone suit symbol is no card"),
    # issue 23 "Say a meld": "jokers" is a card's word now (Q Jokers is Q JK); a joker with a suit is still none
    pytest.param("Q JOKERh", "JOKERh", 2, id="a joker takes no suit"),
])
def test_bad_token_raises_notation_error_naming_token_and_position(text, token, position):
    """cards.py parse_card: NotationError names the token and its 1-based position."""
    with pytest.raises(NotationError) as caught:
        parse_cards(text)
    err = caught.value
    assert (err.token, err.position, err.text) == (token, position, text)
    assert f"{token!r} at position {position}" in str(err)
    assert isinstance(err, ValueError)


def test_bad_token_in_a_token_list_reports_the_joined_text():
    """parse_cards on a list joins it, so the error shows the whole list and the token's place in it."""
    with pytest.raises(NotationError) as caught:
        parse_cards(["K", "Q", "zz"])
    assert (caught.value.token, caught.value.position, caught.value.text) == ("zz", 3, "K Q zz")


# --- conservation keys ---------------------------------------------------------------------------------------

def test_conservation_counts_ranks_jokers_and_threes_by_colour():
    """Deck conservation (digest §1): per rank, deuces, jokers, red threes and black threes are counted apart."""
    counts = count_by_key(parse_cards("K Kh Ks 2 2h JK * 3h 3d 3c 3"))
    assert counts == {"K": 3, "2": 2, "JK": 2, "red3": 2, "black3": 2}
