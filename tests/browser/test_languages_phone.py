"""Issue 23's acceptance on a 360×740 phone, once per language (fr, sv, hu, en): the browser asks for the language
(Accept-Language from the context's locale, no cookie), and a player creates a díszített match from the home page,
enters hand 1 by the keypad and hand 2 by dictated words, sees a refused save, reads the sheet, the variant's rules
page and the meld checker, and the match's PDF sheet is in the same language. No page scrolls sideways.

Every label the test looks for and every word it expects is taken from the language's compiled catalogue
(scorekeeper/translations/<lang>/LC_MESSAGES/messages.mo through babel.support.Translations), never written here
in English: so a label left in English on a French page fails to be found, and the test proves the page is
translated. What is not in the catalogue is the table's own data, written here from its sources: the keypad's
letters and the dictated sentences (rules/card_words.py, from seeds 000, 003 and 004; docs/glossary.md).

Figures are worked out by hand from rules_ref/diszitett.md (card values 4–7 = 5, 8–K = 10, A and 2 = 20,
joker 50; red canasta 400, black canasta 300; red three 100 each, twin 100, going out 100; no tax below 5000;
next opening minimum 50 below 5000):

Hand 1, by the keypad (the phone flow's hand, test_phone_flow.py):
    Anna — J J J J 2 2 2 (black canasta), 5×7 (red canasta), 1 red three, 1 twin, an ace in hand, not out:
        base 300 + 400 + 100 + 100 = 900; card value 4×10 + 3×20 + 7×5 − 20 = 115; hand 1015; total 1015.
    Béla — K×7 (red canasta), 8 8 8, 2 red threes, went out:
        base 400 + 2×100 + 100 = 700; card value 7×10 + 3×10 = 100; hand 800; total 800.
Hand 2, by dictated words ("sept dames puis trois rois et un joker" …):
    Anna — Q×7 (red canasta), K K K JK (1 zsoli with 3 naturals: allowed in a 4-card group), went out:
        base 400 + 100 = 500; card value 7×10 + 3×10 + 50 = 150; hand 650; total 1015 + 650 = 1665.
    Béla — J J J J, an ace in hand, not out:
        base 0; card value 4×10 − 20 = 20; hand 20; total 800 + 20 = 820.
Both totals stay below 5000: nothing taxed, the next opening minimum is 50 for each.

Set SCOREKEEPER_SCREENSHOTS=/some/dir to keep screenshots of every page at 360 px and at 430 px, and the PDF
sheet's pages as PNG (pdftoppm), under <dir>/<lang>/.
"""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest
from babel.support import NullTranslations, Translations
from playwright.sync_api import Locator, Page, expect
from pypdf import PdfReader

import scorekeeper

pytestmark = pytest.mark.browser

LANGS = ("fr", "sv", "hu", "en")
#: The browser's own locale: Playwright sends it as Accept-Language and as navigator.language.
LOCALES = {"fr": "fr-FR", "sv": "sv-SE", "hu": "hu-HU", "en": "en-GB"}
NARROW = {"width": 360, "height": 740}
WIDE = {"width": 430, "height": 932}
CATALOGUES = Path(scorekeeper.__file__).resolve().parent / "translations"
RULES_REF = Path(scorekeeper.__file__).resolve().parent.parent / "rules_ref"

#: What the king and jack keys show (issue 23: "hu K/D/B/Á; fr R/D/V/A; sv K/D/Kn/E"), and what the jack key
#: types: the international J, except on a Swedish page, where J is the joker (seed 004) and a jack is Kn.
KING_FACE = {"fr": "R", "sv": "K", "hu": "K", "en": "K"}
JACK_FACE = {"fr": "V", "sv": "Kn", "hu": "B", "en": "J"}
JACK_TYPES = {"sv": "Kn"}
#: The faces of every card key that is not its notation: what "understood as …" writes (issue 23: the page's
#: letters, not the international K K K JK beside keys R D V).
FACES = {"fr": {"J": "V", "Q": "D", "K": "R"}, "sv": {"J": "Kn", "Q": "D", "A": "E", "JK": "J"},
         "hu": {"J": "B", "Q": "D", "A": "Á", "JK": "NZ"}, "en": {}}


def in_letters(lang: str, notation: str) -> str:
    """Cards of the notation as the page's keys show them ("K K K JK" is "R R R JK" on a French page)."""
    return " ".join(FACES[lang].get(t, t) for t in notation.split())

#: Hand 2 as a phone's dictation types it: number words and the cards' names in the page's language (issue 23,
#: "Say a meld"; rules/card_words.py), a word of "then" between two melds.
ANNA_SAYS = {"fr": "sept dames puis trois rois et un joker",
             "sv": "sju damer sedan tre kungar och en joker",
             "hu": "hét dáma aztán három király és egy dzsóker",
             "en": "seven queens then three kings and a joker"}
BELA_SAYS = {"fr": "quatre valets", "sv": "fyra knektar", "hu": "négy bubi", "en": "four jacks"}
BELA_HOLDS = {"fr": "un as", "sv": "ett ess", "hu": "egy ász", "en": "an ace"}
#: A meld too small (two kings), said, for a save the form refuses.
TOO_FEW = {"fr": "deux rois", "sv": "två kungar", "hu": "két király", "en": "two kings"}
#: The checker's dictated meld, the issue's own examples.
CHECKER_SAYS = {"fr": "trois rois et un joker", "sv": "tre kungar en joker", "hu": "három király egy dzsóker",
                "en": "three kings and a joker"}


@lru_cache(maxsize=None)
def catalogue(lang: str) -> NullTranslations:
    """The language's compiled catalogue; English pages show the msgids themselves."""
    if lang == "en":
        return NullTranslations()
    with open(CATALOGUES / lang / "LC_MESSAGES" / "messages.mo", "rb") as mo:
        return Translations(mo, domain="messages")


class Say:
    """The page's words, from the catalogue: ``say("Went out")``, ``say("Player %(n)d", n=1)``,
    ``say.p("keypad", "Melds")``."""

    def __init__(self, lang: str, page: Page) -> None:
        self.lang, self.t, self.page = lang, catalogue(lang), page

    def __call__(self, msgid: str, **values: Any) -> str:
        text = self.t.gettext(msgid)
        return text % values if values else text

    def p(self, context: str, msgid: str) -> str:
        return self.t.pgettext(context, msgid)

    def num(self, n: int) -> str:
        """A number as the language writes it on pages and PDFs (issue 23: ``10 000``, ``10,000``), as the browser's
        own CLDR data writes it (Intl.NumberFormat): not the app's formatting code, and with CLDR's minimum grouping
        digits (Hungarian leaves four digits whole: ``1015``, ``10 000``)."""
        return str(self.page.evaluate("([n, lang]) => new Intl.NumberFormat(lang).format(n)", [n, self.lang]))

    def num_re(self, n: int) -> str:
        """:meth:`num` as a pattern: any of the spaces a page may group with (no-break, narrow no-break)."""
        return "".join(r"[\s\u00a0\u202f]" if c in "\u00a0\u202f " else re.escape(c) for c in self.num(n))


@pytest.fixture
def browser_context_args(browser_context_args: dict[str, Any], lang: str) -> dict[str, Any]:
    """The phone of a speaker of ``lang``: 360×740, touch, the browser's locale (so its Accept-Language)."""
    return {**browser_context_args, "viewport": NARROW, "screen": NARROW, "locale": LOCALES[lang]}


def fits(page: Page) -> None:
    """Nothing sticks out sideways: the page never scrolls horizontally (test_phone_flow.fits_phone_width)."""
    widths = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], f"{page.url} is {widths[0]} px wide on a {widths[1]} px screen"


def shoot(page: Page, lang: str, name: str) -> None:
    """With SCOREKEEPER_SCREENSHOTS set: the page at 360 px (screen and full page) and at 430 px, where it must
    fit too; the viewport is put back to 360 px after."""
    folder = os.environ.get("SCOREKEEPER_SCREENSHOTS")
    if not folder:
        return
    out = Path(folder) / lang
    out.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(out / f"{name}-360.png"))
    page.screenshot(path=str(out / f"{name}-360-full.png"), full_page=True)
    page.set_viewport_size(WIDE)
    try:
        fits(page)
        page.screenshot(path=str(out / f"{name}-430.png"))
        page.screenshot(path=str(out / f"{name}-430-full.png"), full_page=True)
    finally:
        page.set_viewport_size(NARROW)


def shoot_pdf(data: bytes, lang: str) -> None:
    folder = os.environ.get("SCOREKEEPER_SCREENSHOTS")
    tool = shutil.which("pdftoppm")
    if not folder or not tool:
        return
    out = Path(folder) / lang
    out.mkdir(parents=True, exist_ok=True)
    (out / "sheet.pdf").write_bytes(data)
    subprocess.run([tool, "-r", "60", "-png", str(out / "sheet.pdf"), str(out / "pdf")], check=True)


def keys_fit(page: Page) -> None:
    """Every keypad button holds its words: none spills out of its box (French "Combinaisons" was cut off on both
    sides of its ~80 px button at 360 px)."""
    spilled = page.locator("[data-keypad] button").evaluate_all(
        "bs => bs.filter(b => b.scrollWidth > b.clientWidth + 1).map(b => b.textContent.trim())")
    assert spilled == [], f"keypad buttons whose words do not fit: {spilled}"


def key(page: Page, token: str) -> Locator:
    """A key of the form's one keypad, by the notation it types (data-card)."""
    return page.locator(f"[data-keypad] [data-card='{token}']")


def count_key(page: Page, n: int) -> Locator:
    return page.locator(f"[data-keypad] [data-count='{n}']")


def side(page: Page, name: str) -> Locator:
    return page.get_by_role("region", name=name)


def to_side(page: Page, tap, name: str) -> None:
    tap(page.locator("[data-player-bar]").get_by_role("button", name=name))


def chip(region: Locator, label: str, n: int) -> Locator:
    return region.locator("fieldset.chips-field").filter(has_text=label).get_by_text(str(n), exact=True)


def dictate(page: Page, tap, say: Say, words: str) -> None:
    """What a phone's dictation does: ⌨ ("Type with the phone keyboard") gives the field being typed into its
    keyboard, and the dictated sentence arrives as typed text."""
    tap(page.locator("[data-keypad]").get_by_role("button", name=say("Type with the phone keyboard")))
    page.keyboard.type(words)


def understood(say: Say, cards: str) -> str:
    """The live check's "understood as …" (static/entry.js fills the catalogue's {cards})."""
    return say("understood as %(cards)s", cards=cards)


def status(say: Say, n: int, rest: str) -> re.Pattern[str]:
    """A meld's live line: "7 cards · … ✓" in the page's words."""
    return re.compile(re.escape(f"{n} {say('cards')} · ") + rest + " ✓$")


def totals(page: Page, say: Say, expected: dict[str, int]) -> None:
    """The standings: each player's next opening minimum (50 below 5000) and total, grouped as the language
    writes numbers."""
    standings = page.get_by_role("region", name=say("Next opening minimum"))
    expect(standings.get_by_role("listitem")).to_have_text(
        [re.compile(rf"^\s*{name}\s+50\s+{re.escape(say('total'))}\s+{say.num_re(total)}\s*$")
         for name, total in expected.items()])


def hand_row(page: Page, say: Say, number: int, figures: list[tuple[int, int, int, int]]) -> None:
    """A saved hand's row: per player base + card value = hand score, and the running total."""
    cells = page.locator(f"tr#hand-{number} td")
    expect(cells).to_have_count(len(figures))
    for i, (base, cards, score, total) in enumerate(figures):
        expect(cells.nth(i).locator(".total")).to_have_text(re.compile(rf"(^|\D){say.num_re(total)}$"))
        expect(cells.nth(i).locator(".parts")).to_have_text(
            re.compile(rf"(^|\D){say.num_re(base)}\D+{say.num_re(cards)}\D+=\D*{say.num_re(score)}$"))
    expect(page.locator(f"tr#hand-{number} .taxed")).to_have_count(0)      # nothing taxed below 5000


def create_match(page: Page, base_url: str, tap, say: Say) -> str:
    """The home page's form, by its labels in the page's language; returns the sheet's URL."""
    page.goto(base_url + "/")
    assert page.locator("html").get_attribute("lang") == say.lang
    expect(page.get_by_role("heading", name=say("New match"), exact=True)).to_be_visible()
    expect(page.get_by_label(say("Variant"), exact=True)).to_have_value("diszitett")
    fits(page)
    shoot(page, say.lang, "home")
    page.get_by_label(say("Player %(n)d", n=1), exact=True).fill("Anna")
    page.get_by_label(say("Player %(n)d", n=2), exact=True).fill("Béla")
    tap(page.get_by_role("button", name=say("Start the match")))
    expect(page).to_have_url(re.compile(r"/m/[A-Za-z0-9_-]{22,}$"))
    return page.url


def open_new_hand(page: Page, tap, say: Say, number: int) -> None:
    tap(page.get_by_role("link", name=say("Enter hand (cards)")).first)
    expect(page.get_by_role("heading", name=say("Hand %(n)d", n=number))).to_be_visible()
    assert page.locator("html").get_attribute("lang") == say.lang


def keypad_hand_1(page: Page, tap, say: Say) -> None:
    """Hand 1 by the rank × count keypad (test_phone_flow.py's taps), keys found by the notation they type."""
    faces = dict(zip(page.locator("[data-keypad] [data-card]").evaluate_all("bs => bs.map(b => b.dataset.card)"),
                     page.locator("[data-keypad] [data-card]").all_inner_texts()))
    jack = JACK_TYPES.get(say.lang, "J")
    assert faces.get("K") == KING_FACE[say.lang] and faces.get(jack) == JACK_FACE[say.lang], faces
    fits(page)
    shoot(page, say.lang, "hand-form-keypad")
    keys_fit(page)

    anna = side(page, "Anna")
    tap(key(page, jack), 2)               # three jacks, then a fourth
    tap(key(page, "2"))
    tap(count_key(page, 3))
    tap(key(page, "5"))                   # another rank starts the next meld
    tap(count_key(page, 7))
    tap(page.locator("[data-keypad]").get_by_role("button", name=say.p("keypad", "Cards in hand")))
    tap(key(page, "A"))
    tap(chip(anna, say("Red threes"), 1))
    expect(anna.get_by_role("group", name=say("Red threes")).locator("input:checked")).to_have_value("1")
    tap(anna.locator(".stepper-field").filter(has_text=say("Twins")).get_by_role("button", name=say("one more")))

    to_side(page, tap, "Béla")
    bela = side(page, "Béla")
    tap(key(page, "K"))
    tap(count_key(page, 7))
    tap(key(page, "8"))
    tap(chip(bela, say("Red threes"), 2))
    expect(bela.get_by_role("group", name=say("Red threes")).locator("input:checked")).to_have_value("2")

    expect(anna.get_by_label(say("Melds"), exact=True)).to_have_value(
        f"{jack} {jack} {jack} {jack} 2 2 2\n5 5 5 5 5 5 5")
    expect(anna.get_by_label(say("Cards left in hand"))).to_have_value("A")
    expect(anna.get_by_role("radio", name=say("Not out"), exact=True)).to_be_checked()
    expect(bela.get_by_label(say("Melds"), exact=True)).to_have_value("K K K K K K K\n8 8 8")
    expect(bela.get_by_role("radio", name=say("Went out"), exact=True)).to_be_checked()    # Anna holds cards
    expect(anna.locator(".meld-status li")).to_have_text(
        [re.compile(re.escape(f"7 {say('cards')} · {say('black canasta')} ✓") + "$"),
         re.compile(re.escape(f"7 {say('cards')} · {say('red canasta')} ✓") + "$")])
    expect(bela.locator(".meld-status li").first).to_have_text(
        re.compile(re.escape(f"7 {say('cards')} · {say('red canasta')} ✓") + "$"))
    fits(page)
    shoot(page, say.lang, "hand-form-keypad-filled")
    tap(page.get_by_role("button", name=say("Save hand %(n)d", n=1)))
    expect(page.get_by_text(say("Hand %(number)d saved.", number=1))).to_be_visible()


def dictated_hand_2(page: Page, tap, say: Say) -> None:
    """Hand 2 by the phone's dictation: sentences of number words and card names, the live check showing what
    it understood before the save."""
    lang = say.lang
    anna, bela = side(page, "Anna"), side(page, "Béla")
    melds = anna.get_by_label(say("Melds"), exact=True)
    dictate(page, tap, say, ANNA_SAYS[lang])
    expect(melds).to_have_value(ANNA_SAYS[lang])             # the words stay as said; the save reads them
    expect(melds).to_have_attribute("inputmode", "text")
    # One dictated line, two melds ("then" ends a meld: dictation types no new line): a status per meld, as two
    # typed lines get, each as understood and with its own verdict (the red canasta named); the saved figures
    # below show both were read.
    expect(anna.locator(".meld-status li")).to_have_text([
        status(say, 7, re.escape(understood(say, in_letters(lang, "Q Q Q Q Q Q Q")) + " · " + say("red canasta"))),
        status(say, 4, re.escape(understood(say, in_letters(lang, "K K K JK"))) + " · .+")])
    tap(anna.get_by_text(say("Went out"), exact=True))

    to_side(page, tap, "Béla")
    dictate(page, tap, say, BELA_SAYS[lang])
    jacks = in_letters(lang, "J J J J")        # "quatre valets" is V V V V, as the keys write a jack
    expect(bela.locator(".meld-status li")).to_have_text([status(say, 4, re.escape(understood(say, jacks)) + " · .*")])
    tap(page.locator("[data-keypad]").get_by_role("button", name=say.p("keypad", "Cards in hand")))
    dictate(page, tap, say, BELA_HOLDS[lang])
    expect(bela.get_by_label(say("Cards left in hand"))).to_have_value(BELA_HOLDS[lang])
    expect(anna.get_by_role("radio", name=say("Went out"), exact=True)).to_be_checked()
    expect(bela.get_by_role("radio", name=say("Not out"), exact=True)).to_be_checked()
    expect(page.locator("[data-player-bar]")).to_contain_text("820")    # the live preview scored the words
    fits(page)
    shoot(page, lang, "hand-form-dictated")
    save = page.get_by_role("button", name=say("Save hand %(n)d", n=2))
    save.scroll_into_view_if_needed()
    tap(save)
    expect(page.get_by_text(say("Hand %(number)d saved.", number=2))).to_be_visible()


def refused_save(page: Page, tap, say: Say) -> None:
    """Hand 3 with a meld of two kings, said: the live line refuses it, and so does the save, in the page's
    language, keeping what was said."""
    open_new_hand(page, tap, say, 3)
    anna = side(page, "Anna")
    dictate(page, tap, say, TOO_FEW[say.lang])
    expect(anna.locator(".meld-status li")).to_have_text([re.compile(re.escape(understood(say, in_letters(say.lang, "K K"))) + ".*✗")])
    tap(anna.get_by_text(say("Went out"), exact=True))
    save = page.get_by_role("button", name=say("Save hand %(n)d", n=3))
    save.scroll_into_view_if_needed()
    tap(save)
    expect(page.locator("[role=alert] .problems li")).to_have_text(
        [say("Some fields need a correction; see the messages below.")])
    # the meld's problem and the going-out one, in the page's words (their numbers are the tallies' own words)
    too_few = say("a group needs at least %(low_tally)s, this has %(count_tally)s").split("%(")[0]
    expect(anna.locator(".field-error").first).to_contain_text(too_few)
    expect(anna).to_contain_text(say("going out needs a canasta"))
    expect(anna.get_by_label(say("Melds"), exact=True)).to_have_value(TOO_FEW[say.lang])
    fits(page)
    shoot(page, say.lang, "refused-save")


def rules_page(page: Page, base_url: str, say: Say) -> None:
    """The variant's rules page: its title and sections are the language's reference (rules_ref/diszitett.<lang>.md),
    the article is in the page's language, and the generated number blocks are too (no English block phrase)."""
    page.goto(base_url + "/rules/diszitett")
    assert page.locator("html").get_attribute("lang") == say.lang
    source = RULES_REF / ("diszitett.md" if say.lang == "en" else f"diszitett.{say.lang}.md")
    lines = source.read_text(encoding="utf-8").splitlines()
    title = next(line[2:] for line in lines if line.startswith("# "))
    first_section = next(line[3:] for line in lines if line.startswith("## "))
    expect(page.locator(".rules-title")).to_have_text(re.compile(re.escape(title.strip())))
    article = page.locator("article.rules-body")
    expect(article.get_by_role("heading", name=first_section.strip())).to_be_visible()
    assert article.evaluate("a => a.closest('[lang]').getAttribute('lang')") == say.lang
    expect(page.get_by_text(say("The rules reference is written in English."))).to_have_count(0)
    fits(page)
    shoot(page, say.lang, "rules")
    if say.lang != "en":
        for english in ("cards in all", "fewest sides", "each twin"):       # number-block phrases (refmech)
            expect(article).not_to_contain_text(english)


def hand_page(page: Page, sheet_url: str, say: Say) -> None:
    """Hand 1's page writes its cards as the page's keys do: a French page's jacks are V V V V, a Swedish page's
    Kn Kn Kn Kn, since there J alone is the joker (seed 004)."""
    page.goto(sheet_url + "/hands/1")
    assert page.locator("html").get_attribute("lang") == say.lang
    expect(page.locator(".melds .cards").first).to_have_text(in_letters(say.lang, "J J J J 2 2 2"))
    fits(page)
    shoot(page, say.lang, "hand-page")


def checker(page: Page, base_url: str, say: Say) -> None:
    """The meld checker reads a said meld and says what it understood."""
    page.goto(base_url + "/checker")
    assert page.locator("html").get_attribute("lang") == say.lang
    page.locator("#cards").click()
    page.keyboard.type(CHECKER_SAYS[say.lang])
    verdict = page.locator("#verdict")
    expect(verdict.locator(".verdict-word")).to_have_text(say("Legal"))
    expect(verdict).to_contain_text(say("Understood as %(cards)s", cards=in_letters(say.lang, "K K K JK")))
    fits(page)
    shoot(page, say.lang, "checker")


def pdf_sheet(page: Page, sheet_url: str, say: Say) -> None:
    """The match's PDF sheet as the browser's language asks for it: the language's words and grouped totals,
    not the English of the same labels."""
    response = page.request.get(sheet_url + "/sheet.pdf", headers={"Accept-Language": LOCALES[say.lang]})
    assert response.status == 200 and response.headers["content-type"].startswith("application/pdf")
    data = response.body()
    shoot_pdf(data, say.lang)
    text = " ".join("\n".join(p.extract_text() for p in PdfReader(io.BytesIO(data)).pages).split())
    labels = ("Hands in detail", "Standings", "running total", "Score race", "red canasta")
    for label in labels:
        assert " ".join(say(label).split()) in text, (say.lang, label, say(label))
    if say.lang != "en":
        for label in labels:
            assert label not in text, (say.lang, label)
    assert re.search(say.num_re(1665), text) and re.search(say.num_re(1015), text), text[:800]
    assert in_letters(say.lang, "J J J J 2 2 2") in text, text
    if say.lang != "en":
        assert "J J J J" not in text            # four jokers, to a Swedish reader; not the keys' letters elsewhere


@pytest.mark.parametrize("lang", LANGS)
def test_a_match_in_each_language_on_a_360_px_phone(page: Page, live_server, tap, lang: str):
    say = Say(lang, page)
    sheet_url = create_match(page, live_server.url, tap, say)
    totals(page, say, {"Anna": 0, "Béla": 0})
    fits(page)

    open_new_hand(page, tap, say, 1)
    keypad_hand_1(page, tap, say)
    hand_row(page, say, 1, [(900, 115, 1015, 1015), (700, 100, 800, 800)])
    totals(page, say, {"Anna": 1015, "Béla": 800})

    open_new_hand(page, tap, say, 2)
    dictated_hand_2(page, tap, say)
    hand_row(page, say, 2, [(500, 150, 650, 1665), (0, 20, 20, 820)])
    totals(page, say, {"Anna": 1665, "Béla": 820})
    fits(page)
    shoot(page, lang, "sheet")

    refused_save(page, tap, say)
    hand_page(page, sheet_url, say)
    checker(page, live_server.url, say)
    pdf_sheet(page, sheet_url, say)
    rules_page(page, live_server.url, say)
