"""Issue 11, items 9 and "Also", in a phone's browser: the Hungarian sweep with what scripts draw, the live
meld check of a going-out meld, the thumb-sized toggle, the checker's reason above the fold, and axe on the
problem list that only a refused form shows."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from axe import describe, violations
from scorekeeper.store import matches

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))
from sweep_pages import english_fragments, english_on  # noqa: E402  (shared with tests/web)

pytestmark = pytest.mark.browser
FOLD = 844


def new_match(live_server, variant: str, sides: list[dict]) -> str:
    with live_server.app.extensions["scorekeeper_sessions"]() as db:
        return matches.create_match(db, variant=variant, options=None, sides=sides).edit_token


def speak(page: Page, live_server, lang: str) -> None:
    """The page language as the switch leaves it (the lang cookie): the context's locale sets Accept-Language."""
    page.context.add_cookies([{"name": "lang", "value": lang, "url": live_server.url}])


def english_in(page: Page) -> list[str]:
    return english_on(page.content(), english_fragments())


def test_a_hungarian_evening_in_the_browser_reads_hungarian_only(page: Page, live_server, tap):
    """Home, a new díszített match, the hand form with its keys and live verdicts, a refused save, the sheet,
    the checker's live verdict: no English of the catalogue anywhere, the keys in Hungarian letters."""
    speak(page, live_server, "hu")
    page.goto(live_server.url + "/")
    assert page.locator("html").get_attribute("lang") == "hu"
    assert english_in(page) == []
    page.get_by_label("1. játékos", exact=True).fill("Anna")
    page.get_by_label("2. játékos", exact=True).fill("Béla")
    tap(page.locator("#new-match button[type=submit]"))
    expect(page).to_have_url(re.compile(r"/m/[A-Za-z0-9_-]{22,}$"))
    assert english_in(page) == []
    token = page.url.rsplit("/", 1)[1]

    page.goto(f"{live_server.url}/m/{token}/hands/new")
    anna = page.locator("section.side").first
    faces = page.locator("[data-keypad] .keys button[data-card]").all_inner_texts()
    assert faces[:13] == ["4", "5", "6", "7", "8", "9", "10", "B", "D", "K", "Á", "2", "NZ"], faces
    assert "3♥" not in faces                     # díszített: red threes are counted, never written
    tap(page.locator("[data-card='A']"))
    tap(page.locator("[data-count='7']"))
    status = anna.locator(".meld-status li")
    expect(status).to_have_text(re.compile(r"7 lap · .*kanaszta ✓"))
    toggle = page.get_by_role("button", name="Kézben", exact=True)
    assert toggle.bounding_box()["height"] >= 44
    assert english_in(page) == []

    tap(page.locator("#hand-form button[type=submit]").last)         # nobody went out: refused
    expect(page.locator("[role=alert] .problems li").first).to_be_visible()
    assert english_in(page) == []
    found = violations(page)
    assert not found, describe({page.url: found})

    page.goto(live_server.url + "/checker")
    page.locator("#cards").fill("K K 2 2 2")
    expect(page.locator("#verdict .problems li")).to_have_count(1)
    assert english_in(page) == []


def test_the_live_check_accepts_black_threes_when_the_side_went_out(page: Page, live_server, tap):
    """International: black threes meld only when going out; saving accepts them, so the live line must too."""
    token = new_match(live_server, "international", [{"name": "A", "players": ["Anna", "Cili"]},
                                                     {"name": "B", "players": ["Béla", "Dani"]}])
    page.goto(f"{live_server.url}/m/{token}/hands/new")
    side = page.locator("section.side").first
    side.locator("textarea[name$='melds']").fill("K K K K K K K\n3 3 3")
    expect(side.locator(".meld-status li").nth(1)).to_have_text(re.compile("✗"))      # not out: not legal
    tap(side.locator("label.choice").filter(has=page.locator("input[value='out']")))
    expect(side.locator(".meld-status li").nth(1)).to_have_text(re.compile(r"3 cards · .*✓"))


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_the_checkers_reason_is_above_the_fold(page: Page, live_server, lang):
    speak(page, live_server, lang)
    page.goto(live_server.url + "/checker")
    page.locator("#cards").fill("K K 2 2 2")
    reason = page.locator("#verdict .problems li").first
    expect(reason).to_be_visible()
    box = reason.bounding_box()
    assert box["y"] + 24 <= FOLD, f"the reason starts at {box['y']:.0f} px on an {FOLD} px screen"
