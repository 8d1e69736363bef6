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


def tap_card(meter: Meter, side: Locator, card: str) -> None:
    """A rank key, then a suit key if the card names its suit (``7h``: 7, then ♥). A red three (``3h``) has a key
    of its own where the variant lets one be written (international: left in hand)."""
    rank, suit = (card[:-1], card[-1]) if card[-1] in "cdhs" and card != "3h" else (card, "")
    meter(side.locator(f"[data-keypad] [data-card='{rank}']"))
    if suit:
        meter(side.locator(f"[data-keypad] [data-card='~{suit}']"))


def stepper_plus(side: Locator, label: str) -> Locator:
    return side.locator(".stepper-field").filter(has_text=label).get_by_role("button", name="one more")


def enter_side(meter: Meter, side: Locator, data: Side) -> None:
    """Today's tap path for one player: each card of each meld on the rank keys, "Next meld" between melds, the
    "Cards in hand" target and its cards, the going-out choice, the steppers."""
    for i, meld in enumerate(data.melds):
        if i:
            meter(side.get_by_role("button", name="Next meld"))
        for card in meld.split():
            tap_card(meter, side, card)
    if data.hand:
        meter(side.get_by_role("button", name="Cards in hand"))
        for card in data.hand.split():
            tap_card(meter, side, card)
    if data.out != "none":
        meter(side.get_by_text(OUT_NAMES[data.out], exact=True))
    if data.red_threes:
        meter(stepper_plus(side, "Red threes"), data.red_threes)
    if data.twins:
        meter(stepper_plus(side, "Twins"), data.twins)


def enter_hand(page: Page, number: int, hand: Hand) -> tuple[int, float]:
    """From the scoresheet: open the card-by-card form, tap the hand in, save. Returns the taps and the px
    scrolled from the form's first tap to its save (the link on the sheet is not counted: it is not entry)."""
    page.get_by_role("link", name="Enter hand (cards)").first.click()
    expect(page.get_by_role("heading", name=f"Hand {number}")).to_be_visible()
    meter = Meter(page)
    before = meter.scrolled()
    for name, data in zip(PLAYERS, hand.sides):
        enter_side(meter, page.get_by_role("region", name=name), data)
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
