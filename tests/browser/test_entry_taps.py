"""Issue 11 item 5's measuring stick in a test: hand 1 of the bench's five (tests/browser/tap_hands.py) entered
by taps on a 390×844 phone, the same tap path bench/entry_bench.py counts, and the stored result read back from
the scoresheet. The path is the rank × count keypad's, so it needs well under a tap a card (asserted loosely, to
fail if the path fell back to a key per card); the figures themselves are the bench's (bench/README.md)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tap_hands import HANDS, SCROLL_METER, check_stored, create_match, enter_hand

pytestmark = pytest.mark.browser


def test_a_four_player_diszitett_hand_tapped_in_is_stored_with_its_worked_out_scores(page: Page, live_server):
    page.add_init_script(SCROLL_METER)
    create_match(page, live_server.url)
    taps, scrolled = enter_hand(page, 1, HANDS[0])
    check_stored(page, 1, HANDS[0])
    cards = sum(len(m.split()) for s in HANDS[0].sides for m in s.melds) + sum(
        len(s.hand.split()) for s in HANDS[0].sides)
    assert taps < cards / 1.4      # rank × count: a canasta is two taps, a meld of three one (the old keypad: 1.28 a card)
    assert scrolled > 0            # the player bar's jumps to each side: the meter saw the page move
    print(f"\nhand 1: {taps} taps, {scrolled:.0f} px scrolled")
