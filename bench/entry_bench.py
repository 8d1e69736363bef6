"""How many taps and how much scrolling a 4-player díszített hand costs on the hand form (issue 11 item 5).

Enters the five hands of tests/browser/tap_hands.py, one after the other in one match, as taps on the card-by-card
form, in Debian's Chromium at the phone viewport of the browser tests (390×844, touch), against the app served
from a thread on a temporary SQLite file. The tap path is the one the browser test test_entry_taps.py uses
(``tap_hands.enter_hand``), so a new keypad is measured on the same hands by changing that one function.

Per hand it prints the taps from the form's first tap to its save (opening the form is not counted) and the
scrolling those taps needed: the sum of |scrollY changes| measured in the page, whoever moved it. Since the rank
× count keypad (issue 11 item 5) the player reaches each side through the player bar, which scrolls the side's
heading to just under the bar as a player would to see that side's fields, so the meter counts the whole
page-by-page journey through the form, not only the least scrolling a tap needs (the old meter's figure, kept in
BEFORE, was that lower bound). Playwright bringing a field into view above the keypad is counted too. Each hand is
read back from the scoresheet against its worked-out scores before its figures count. Nothing about time is
measured or asserted.

BEFORE holds the figures of the one-key-a-card keypad (one keypad per side), measured by this bench on the same
five hands before the rank × count keypad replaced it (progress note of issue 11).

Target (issue 11): a typical hand in ≤ 40 taps and ≤ 2 screens (2 × 844 px) of scrolling per player.
Run: ``python bench/entry_bench.py`` (about 30 s).
"""

from __future__ import annotations

import logging
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "browser")]

from playwright.sync_api import sync_playwright  # noqa: E402
from werkzeug.serving import make_server  # noqa: E402

from conftest import CHROMIUM, CHROMIUM_ARGS, PHONE  # noqa: E402
from scorekeeper import create_app  # noqa: E402
from tap_hands import HANDS, PLAYERS, SCROLL_METER, check_stored, create_match, enter_hand  # noqa: E402

TAP_TARGET = 40
SCREENS_PER_PLAYER = 2
#: The card-by-card keypad before issue 11 item 5, on the same hands: taps a hand, taps a card, px scrolled a hand
#: (the lenient meter: the least scrolling a tap needs), screens per player.
BEFORE = {"taps": 86.8, "per_card": 1.28, "px": 3568, "screens": 1.06}


def measure(base_url: str) -> list[tuple[int, float]]:
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        context = browser.new_context(viewport=PHONE, screen=PHONE, has_touch=True, is_mobile=True, locale="en-GB")
        page = context.new_page()
        page.add_init_script(SCROLL_METER)
        create_match(page, base_url)
        figures = []
        for number, hand in enumerate(HANDS, 1):
            figures.append(enter_hand(page, number, hand))
            check_stored(page, number, hand)
        browser.close()
    return figures


def report(figures: list[tuple[int, float]]) -> None:
    screen = PHONE["height"]
    players = len(PLAYERS)
    print(f"Entry bench: {len(HANDS)} four-player díszített hands tapped in at {PHONE['width']}×{screen}, "
          "each read back from the scoresheet")
    print(f"{'hand':>4} {'cards':>6} {'taps':>5} {'scroll px':>10} {'screens/player':>15}")
    all_cards = 0
    for number, ((taps, px), hand) in enumerate(zip(figures, HANDS), 1):
        cards = sum(len(m.split()) for s in hand.sides for m in s.melds) + sum(len(s.hand.split()) for s in hand.sides)
        all_cards += cards
        print(f"{number:>4} {cards:>6} {taps:>5} {px:>10.0f} {px / screen / players:>15.2f}")
    total_taps, total_px = sum(t for t, _ in figures), sum(p for _, p in figures)
    n = len(figures)
    print(f"{'all':>4} {all_cards:>6} {total_taps:>5} {total_px:>10.0f}   ({total_taps / all_cards:.2f} taps a card)")
    mean_taps, mean_px = total_taps / n, total_px / n
    per_player = mean_px / screen / players
    per_card = total_taps / all_cards
    print(f"mean: {mean_taps:.1f} taps and {mean_px:.0f} px ({per_player:.2f} screens per player) a hand")
    print()
    print(f"{'':>22} {'before':>8} {'after':>8} {'after/before':>13}")
    for label, old, new, fmt in (("taps a hand", BEFORE["taps"], mean_taps, ".1f"),
                                 ("taps a card", BEFORE["per_card"], per_card, ".2f"),
                                 ("scroll px a hand", BEFORE["px"], mean_px, ".0f"),
                                 ("screens per player", BEFORE["screens"], per_player, ".2f")):
        print(f"{label:>22} {old:>8{fmt}} {new:>8{fmt}} {new / old:>13.2f}")
    print("(before: the least scrolling each tap needed; after: the player bar's jump to each side's heading and "
          "every other move of the page, a stricter meter)")
    print(f"target: ≤ {TAP_TARGET} taps a hand: {'met' if max(t for t, _ in figures) <= TAP_TARGET else 'not met'} "
          f"(mean {mean_taps / TAP_TARGET:.2f}× the target); ≤ {SCREENS_PER_PLAYER} screens "
          f"({SCREENS_PER_PLAYER * screen} px) of scrolling per player: "
          f"{'met' if max(p for _, p in figures) <= SCREENS_PER_PLAYER * screen * players else 'not met'}")


def main() -> None:
    logging.getLogger("werkzeug").setLevel(logging.ERROR)     # one line per request would bury the figures
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{Path(tmp) / 'bench.sqlite'}",
                          "SECRET_KEY": "entry-bench", "WTF_CSRF_ENABLED": True})
        server = make_server("127.0.0.1", 0, app, threaded=True)
        thread = threading.Thread(target=server.serve_forever, name="entry-bench", daemon=True)
        thread.start()
        try:
            figures = measure(f"http://127.0.0.1:{server.server_port}")
        finally:
            server.shutdown()
            thread.join(timeout=10)
            server.server_close()
            app.extensions["scorekeeper_engine"].dispose()
    report(figures)


if __name__ == "__main__":
    main()
