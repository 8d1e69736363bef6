"""Five 4-player díszített hands and the one tap path that enters them: the measuring stick of issue 11 item 5
("half the taps"). Both the browser test (test_entry_taps.py) and bench/entry_bench.py import this module, so a
later keypad only has to change :func:`enter_hand` and is measured against the same hands.

The hands are one evening of Anna, Béla, Cili and Dani, played in this order in one match: typical hands, each
player with 3–4 melds (canastas of every kind among them), red threes, twins, one player out, the others with
cards left in hand. They are legal: at most 8 of a rank, 8 twos, 8 jokers, 4 red threes per hand, one group per
rank per player, 1–3 zsoli in a black canasta, the player out holds a canasta.

Expected figures are worked out by hand from rules_ref/diszitett.md (nothing here asks the rules core): card
values 4–7 = 5, 8–K = 10, A and 2 = 20, joker 50, black 3 = 100 (in hand: minus); canasta bonuses red zsoli
500, gold 600, red 400, black 300; red threes 100 each (4 = 800, never reached by one player here); twin 100;
going out 100. Every running total stays below 5000, so nothing is taxed. The arithmetic is in each Side's
comment as ``base; card value; hand``.

Cards are written in the parser's notation. A suit is written only where it would matter (``Kh``): díszített
melds have none, so these hands type no suit key; a variant whose melds need suits (seed 003 sequences) writes
them and :func:`tap_card` taps the suit key after the rank.

The tap path is the rank × count keypad's (static/keypad.js): one keypad for the form, a player bar to jump to
a side, a natural rank laying a 3-card meld, ×N setting a count, chips for red threes. Today's figures before
it (the card-by-card keypad of one key a card) are kept in bench/entry_bench.py as constants.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from playwright.sync_api import Locator, Page, expect

PLAYERS = ("Anna", "Béla", "Cili", "Dani")

# Installed before any page script: every change of scrollY, summed, whoever caused it (Playwright scrolling a
# target into view before a tap, a focus, the page itself).
SCROLL_METER = """(() => {
  let last = window.scrollY; window.__scrolled = 0;
  window.addEventListener('scroll', () => {
    window.__scrolled += Math.abs(window.scrollY - last);
    last = window.scrollY;
  }, {passive: true});
})();"""


@dataclass(frozen=True)
class Side:
    melds: tuple[str, ...]           # one meld a string, cards space-separated
    hand: str = ""                   # cards left in hand
    red_threes: int = 0
    twins: int = 0
    out: str = "none"                # none / out / concealed / table_clear
    score: tuple[int, int, int] = (0, 0, 0)   # base, card value, hand score


@dataclass(frozen=True)
class Hand:
    sides: tuple[Side, Side, Side, Side]
    totals: tuple[int, int, int, int] = field(default=(0, 0, 0, 0))   # running totals after this hand


HANDS: tuple[Hand, ...] = (
    Hand((  # 1
        Side(("K K K K K K K", "8 8 8 2", "A A A"), red_threes=1, out="out",
             score=(600, 180, 780)),      # 400+100+100; 70+50+60
        Side(("Q Q Q Q Q 2 JK", "5 5 5", "9 9 9 9"), hand="7 4", red_threes=1,
             score=(400, 165, 565)),      # 300+100; 120+15+40−10
        Side(("J J J J J J J J", "6 6 6", "10 10 10", "A A 2"), hand="K JK", twins=1,
             score=(700, 125, 825)),      # 600+100; 80+15+30+60−60
        Side(("7 7 7 7 7", "4 4 4 2", "9 9 9"), hand="Q Q 3", red_threes=2,
             score=(200, -30, 170)),      # 200; 25+35+30−120
    ), (780, 565, 825, 170)),
    Hand((  # 2
        Side(("5 5 5 5 5 5 5", "9 9 9 2 2", "A A A A"), hand="6",
             score=(400, 180, 580)),      # 400; 35+70+80−5
        Side(("10 10 10 10 10 2 2", "K K K K K K K K", "7 7 7"), red_threes=1, out="out",
             score=(1100, 185, 1285)),    # 300+600+100+100; 90+80+15
        Side(("JK JK JK JK JK JK JK", "Q Q Q", "4 4 4 4"), hand="A 2 8", red_threes=2,
             score=(700, 350, 1050)),     # 500+200; 350+30+20−50
        Side(("J J J J J J JK", "8 8 8 8", "6 6 6"), hand="9 9 5", red_threes=1, twins=2,
             score=(600, 140, 740)),      # 300+100+200; 110+40+15−25
    ), (1360, 1850, 1875, 910)),
    Hand((  # 3
        Side(("Q Q Q Q Q Q Q", "7 7 7 7 2", "K K K"), hand="4 4", red_threes=1,
             score=(500, 130, 630)),      # 400+100; 70+40+30−10
        Side(("8 8 8 8 8 8 8", "A A A 2", "6 6 6 6", "J J J"), hand="10", twins=1,
             score=(500, 190, 690)),      # 400+100; 70+80+20+30−10
        Side(("9 9 9 9 9 2 2", "5 5 5 5 5 5 5", "10 10 10"), red_threes=2, out="out",
             score=(1000, 155, 1155)),    # 300+400+200+100; 90+35+30
        Side(("K K K K JK", "4 4 4", "9 9 9"), hand="A JK 3", red_threes=1,
             score=(100, -35, 65)),       # 100; 90+15+30−170
    ), (1990, 2540, 3030, 975)),
    Hand((  # 4
        Side(("A A A A A A 2", "6 6 6 6 6 6 6", "J J J", "9 9 9 9"), red_threes=1, twins=1, out="out",
             score=(1000, 245, 1245)),    # 300+400+100+100+100; 140+35+30+40
        Side(("4 4 4 4 4 4 4 4", "K K K 2", "Q Q Q"), hand="8 8 JK", red_threes=1,
             score=(700, 50, 750)),       # 600+100; 40+50+30−70
        Side(("10 10 10 10 10 10 10", "7 7 7 JK", "5 5 5"), hand="2", red_threes=1,
             score=(500, 130, 630)),      # 400+100; 70+65+15−20
        Side(("8 8 8 8 8 JK JK", "Q Q Q Q", "9 9 9"), hand="K 3 3", red_threes=1,
             score=(400, 10, 410)),       # 300+100; 150+40+30−210
    ), (3235, 3290, 3660, 1385)),
    Hand((  # 5
        Side(("J J J J J 2 2", "K K K K K K K", "5 5 5"), hand="9 Q",
             score=(700, 155, 855)),      # 300+400; 90+70+15−20
        Side(("7 7 7 7 7 7 7 7", "A A A", "10 10 10 2"), hand="6 6", red_threes=2,
             score=(800, 140, 940)),      # 600+200; 40+60+50−10
        Side(("Q Q Q Q Q Q Q", "4 4 4", "8 8 8 JK"), hand="A", red_threes=1, twins=1,
             score=(600, 145, 745)),      # 400+100+100; 70+15+80−20
        Side(("9 9 9 9 9 9 JK", "6 6 6 6", "J J J", "2 2 2"), red_threes=1, out="out",
             score=(500, 220, 720)),      # 300+100+100; 110+20+30+60
    ), (4090, 4230, 4405, 2105)),
)

OUT_NAMES = {"none": "Not out", "out": "Went out", "concealed": "Out from hand", "table_clear": "Table clear"}


class Meter:
    """Taps a locator like a thumb (touch) and counts the taps; the page's SCROLL_METER counts the scrolling."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.taps = 0

    def __call__(self, locator: Locator, times: int = 1) -> None:
        for _ in range(times):
            locator.tap()
            self.taps += 1

    def scrolled(self) -> float:
        return float(self.page.evaluate("window.__scrolled || 0"))


def key(page: Page | Locator, token: str) -> Locator:
    """A key of the form's one keypad (the notation it types is in data-card)."""
    return page.locator(f"[data-keypad] [data-card='{token}']")


def count_key(page: Page | Locator, n: int) -> Locator:
    return page.locator(f"[data-keypad] [data-count='{n}']")


def tap_card(meter: Meter, page: Page, card: str) -> None:
    """A rank key, then a suit key if the card names its suit (``7h``: 7, then ♥). A red three (``3h``) has a key
    of its own where the variant lets one be written (international: left in hand)."""
    rank, suit = (card[:-1], card[-1]) if card[-1] in "cdhs" and card != "3h" else (card, "")
    meter(key(page, rank))
    if suit:
        meter(key(page, f"~{suit}"))


def runs(cards: str) -> list[tuple[str, int]]:
    """Equal cards in a row, counted: "Q Q Q Q Q 2 JK" is Q×5, 2×1, JK×1."""
    out: list[tuple[str, int]] = []
    for card in cards.split():
        if out and out[-1][0] == card:
            out[-1] = (card, out[-1][1] + 1)
        else:
            out.append((card, 1))
    return out


WILDS = ("2", "JK")
START = 3           # díszített: a new meld of a natural rank is laid as 3 cards (keypad.deck_spec().meld_start)


def starts_a_meld_itself(previous: str | None, meld: str) -> bool:
    """On a table of groups, a natural rank tapped after a meld of another natural rank, or after a wild meld of
    3 or more, starts the next meld itself (static/keypad.js): no "Next meld" tap."""
    first = meld.split()[0]
    if previous is None or first in WILDS:
        return previous is None
    naturals = [c for c in previous.split() if c not in WILDS]
    return (bool(naturals) and naturals[0] != first) or (not naturals and len(previous.split()) >= 3)


def tap_runs(meter: Meter, page: Page, cards: str, first_lays: int = 1) -> None:
    """Each run of equal cards: its key, then ×N where one more tap of the key would not do (the first key of a
    meld lays ``first_lays`` cards)."""
    for i, (card, n) in enumerate(runs(cards)):
        laid = first_lays if i == 0 and card not in WILDS else 1
        tap_card(meter, page, card)
        if n == laid + 1:
            tap_card(meter, page, card)
        elif n != laid:
            meter(count_key(page, n))


def chip(side: Locator, label: str, n: int) -> Locator:
    return side.locator("fieldset.chips-field").filter(has_text=label).get_by_text(str(n), exact=True)


def stepper_plus(side: Locator, label: str) -> Locator:
    return side.locator(".stepper-field").filter(has_text=label).get_by_role("button", name="one more")


def player_button(page: Page, name: str) -> Locator:
    return page.locator("[data-player-bar]").get_by_role("button", name=name)


def enter_side(meter: Meter, page: Page, index: int, data: Side, *, last: bool = False) -> None:
    """The rank × count tap path for one player (issue 11 item 5): the player bar to reach the side (the first is
    active when the form opens), each meld as rank and count (a natural lays 3, ×N sets the count, one more tap of
    the key adds a fourth), "Next meld" only where a meld does not start itself, the "Cards in hand" target and its
    cards, the going-out choice unless the form shows it chosen or will choose it when the player moves on, the
    red-three chip, the twins stepper. What the keys typed is read back from the fields before moving on."""
    name = PLAYERS[index]
    side = page.get_by_role("region", name=name)
    if index:
        meter(player_button(page, name))
    previous = None
    for meld in data.melds:
        if previous is not None and not starts_a_meld_itself(previous, meld):
            meter(page.locator("[data-keypad]").get_by_role("button", name="Next meld"))
        tap_runs(meter, page, meld, first_lays=START)
        previous = meld
    expect(side.get_by_label("Melds", exact=True)).to_have_value("\n".join(data.melds))
    if data.hand:
        meter(page.locator("[data-keypad]").get_by_role("button", name="Cards in hand"))
        tap_runs(meter, page, data.hand)
        expect(side.get_by_label("Cards left in hand")).to_have_value(data.hand)
    out = side.get_by_role("radio", name=OUT_NAMES[data.out], exact=True)
    # Moving on from a side with melds and nothing in hand, while nobody went out, chooses "Went out" for it.
    presumed_later = data.out == "out" and not data.hand and not last
    if data.out != "none" and not out.is_checked() and not presumed_later:
        meter(side.get_by_text(OUT_NAMES[data.out], exact=True))
    if data.red_threes:
        meter(chip(side, "Red threes", data.red_threes))
    if data.twins:
        meter(stepper_plus(side, "Twins"), data.twins)


def enter_hand(page: Page, number: int, hand: Hand) -> tuple[int, float]:
    """From the scoresheet: open the card-by-card form, tap the hand in, save. Returns the taps and the px
    scrolled from the form's first tap to its save (the link on the sheet is not counted: it is not entry).
    The scrolling is all the page moved: the player bar's jump to each side's heading, and Playwright bringing
    a target into view above the keypad before tapping it."""
    page.get_by_role("link", name="Enter hand (cards)").first.click()
    expect(page.get_by_role("heading", name=f"Hand {number}")).to_be_visible()
    meter = Meter(page)
    before = meter.scrolled()
    for index, data in enumerate(hand.sides):
        enter_side(meter, page, index, data, last=index == len(hand.sides) - 1)
    for name, data in zip(PLAYERS, hand.sides):
        expect(page.get_by_role("region", name=name).get_by_role("radio", name=OUT_NAMES[data.out], exact=True)
               ).to_be_checked()
    save = page.get_by_role("button", name=f"Save hand {number}")
    save.scroll_into_view_if_needed()
    scrolled = meter.scrolled() - before
    meter(save)
    expect(page.get_by_text(f"Hand {number} saved.")).to_be_visible()
    return meter.taps, scrolled


def create_match(page: Page, base_url: str) -> str:
    """A new 4-player díszített match (through the JSON API: creating it is not what is measured); opens its
    scoresheet and returns its URL."""
    created = page.request.post(f"{base_url}/api/v1/matches",
                                data={"variant": "diszitett", "sides": [{"name": n} for n in PLAYERS]})
    assert created.status == 201, created.text()
    url = f"{base_url}/m/{created.json()['edit_token']}"
    page.goto(url)
    return url


def check_stored(page: Page, number: int, hand: Hand) -> None:
    """The saved hand, read back from the scoresheet: per player base, card value and hand score, and the running
    total; the numbers are of a real, stored entry."""
    cells = page.locator(f"tr#hand-{number} td")
    expect(cells).to_have_count(len(PLAYERS))
    for i, (data, total) in enumerate(zip(hand.sides, hand.totals)):
        base, cards, score = data.score
        sign = "−" if cards < 0 else r"\+"
        expect(cells.nth(i).locator(".total")).to_have_text(re.compile(rf"(^|\D){total}$"))
        expect(cells.nth(i).locator(".parts")).to_have_text(
            re.compile(rf"(^|\D){base}\D*{sign}\s*{abs(cards)}\D+=\D*{score}$"))
