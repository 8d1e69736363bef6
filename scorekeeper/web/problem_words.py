"""A short title per rule-problem code, in the page's language.

The rules core writes every problem as one English sentence (it imports nothing from Flask, so it cannot
translate). The pages put the translated title of the problem's stable code in front of that sentence, so a
Hungarian table reads what is wrong in Hungarian and still has the details (cards, counts) from the core.
"""

from __future__ import annotations

from typing import Any, Mapping

from flask_babel import get_locale, lazy_gettext as _l

PROBLEM_TITLES = {
    # a meld (digest sections 1 and 2)
    "threes_not_meldable": _l("Threes cannot be melded"), "mixed_ranks": _l("Cards of different ranks"),
    "too_few_cards": _l("Too few cards"), "too_many_cards": _l("Too many cards"),
    "too_many_wilds": _l("Too many wild cards"), "too_few_naturals": _l("Too few natural cards"),
    "wild_only_not_allowed": _l("Wild cards only are not allowed"),
    "wilds_with_black_threes": _l("No wild cards with black threes"),
    "black_threes_only_going_out": _l("Black threes only when going out"),
    "opening_minimum_not_reached": _l("Opening minimum not reached"),
    "duplicate_rank_meld": _l("Two melds of one rank"),
    # a hand
    "going_out_needs_canasta": _l("Going out needs a canasta"),
    "several_went_out": _l("More than one went out"), "nobody_went_out": _l("Nobody went out"),
    "cards_in_hand_after_going_out": _l("Cards left after going out"),
    "table_clear_not_in_variant": _l("No table clear in this variant"),
    "table_clear_pile_too_small": _l("Pile too small for a table clear"),
    "pile_size_missing": _l("Pile size missing"), "twins_not_in_variant": _l("No twins in this variant"),
    "too_many_red_threes": _l("More red threes than the deck holds"),
    "red_three_in_hand": _l("Red three left in hand"),
    "too_many_copies": _l("More copies than the deck holds"),
    "wrong_number_of_sides": _l("Wrong number of players or sides"),
    # a hand entered as a summary
    "not_multiple_of_five": _l("Not a multiple of 5"), "melded_points_too_low": _l("Too few melded points"),
    "canastas_exceed_deck": _l("More canastas than the deck allows"),
    # Keltis (digest section 3)
    "direction_broken": _l("Row changes direction"), "card_after_closing": _l("Card after a closing card"),
    "card_after_second_closing": _l("Card after the second closing card"),
    "third_closing_card": _l("Third closing card"), "row_starts_closed": _l("Row starts with a closing card"),
    "grey_card_mismatch": _l("Grey card does not match the row"),
    "stone_out_of_range": _l("No such wishing stone"), "stone_held_twice": _l("Wishing stone held twice"),
    "too_many_players": _l("Too many players"), "too_few_players": _l("Too few players"),
}


def problem_title(problem: Mapping[str, Any]) -> str:
    return str(PROBLEM_TITLES.get(problem.get("code", ""), ""))


def problem_text(problem: Mapping[str, Any]) -> str:
    """The line a form shows: in English the core's sentence; otherwise the translated title first."""
    title = problem_title(problem)
    if not title or str(get_locale()) == "en":
        return problem["message"]
    return f"{title}: {problem['message']}"
