"""English, Hungarian, French and Swedish (issue 23): Accept-Language, the sticky switch (POST /lang sets a cookie)
listing the four in their own names, numbers in the reader's style, plural forms, and every catalogue."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = ("hu", "fr", "sv")          # every language but English, the source


def catalog_folder(lang: str) -> Path:
    return ROOT / "scorekeeper" / "translations" / lang / "LC_MESSAGES"

# What `pybabel extract -k lazy_gettext -k _l -k phrase -k lazy_pgettext:1c,2` looks for (README in scorekeeper/translations/); `phrase`
# marks the rules core's sentences (scorekeeper/rules/phrases.py).
KEYWORDS = {**DEFAULT_KEYWORDS, "lazy_gettext": None, "_l": None, "phrase": None, "lazy_pgettext": ((1, "c"), 2)}


def csrf_token(client) -> str:
    html = client.get("/checker").get_data(as_text=True)
    return re.search(r'name="csrf_token"[^>]*value="([^"]+)"', html).group(1)


def nav(html: str) -> str:
    return unescape(re.sub(r"<[^>]+>", " ", html[html.index("<nav>"):html.index("</nav>")]))


def html_lang(html: str) -> str:
    return re.search(r'<html lang="([^"]+)"', html).group(1)


@pytest.mark.parametrize("header, lang, words", [
    ("hu", "hu", ["Új játszma", "Szabályok"]),
    ("hu-HU,hu;q=0.9,en;q=0.5", "hu", ["Új játszma", "Szabályok"]),
    ("en", "en", ["New match", "Rules"]),
    ("en-GB,en;q=0.8,hu;q=0.5", "en", ["New match", "Rules"]),
    ("de", "en", ["New match", "Rules"]),       # no language of ours wanted: English
    (None, "en", ["New match", "Rules"]),
    ("fr", "fr", []), ("fr-FR,fr;q=0.9,en;q=0.5", "fr", []), ("fr-CA", "fr", []),
    ("sv", "sv", []), ("sv-SE,sv;q=0.9,en;q=0.5", "sv", []), ("sv-FI", "sv", []),
    ("de-DE,de;q=0.9,fr;q=0.8,en;q=0.5", "fr", []),      # the first language of ours the browser names
])
def test_accept_language_picks_the_page_language(client, header, lang, words):
    headers = {"Accept-Language": header} if header else {}
    html = client.get("/rules", headers=headers).get_data(as_text=True)
    assert html_lang(html) == lang
    for word in words:
        assert word in nav(html)


def test_switch_sets_a_cookie_that_overrides_accept_language_and_sticks(client):
    response = client.post("/lang", data={"csrf_token": csrf_token(client), "lang": "hu", "next": "/rules"},
                           headers={"Accept-Language": "en"})
    assert response.status_code == 302 and response.headers["Location"].endswith("/rules")
    assert "lang=hu" in response.headers["Set-Cookie"]
    for page in ("/rules", "/checker"):
        html = client.get(page, headers={"Accept-Language": "en"}).get_data(as_text=True)
        assert html_lang(html) == "hu" and "Szabályok" in nav(html)

    client.post("/lang", data={"csrf_token": csrf_token(client), "lang": "en", "next": "/rules"},
                headers={"Accept-Language": "hu"})
    html = client.get("/rules", headers={"Accept-Language": "hu"}).get_data(as_text=True)
    assert html_lang(html) == "en" and "Rules" in nav(html)


@pytest.mark.parametrize("lang", ["fr", "sv"])
def test_the_switch_to_french_or_swedish_sticks_over_accept_language(client, lang):
    response = client.post("/lang", data={"csrf_token": csrf_token(client), "lang": lang, "next": "/checker"},
                           headers={"Accept-Language": "hu"})
    assert response.status_code == 302 and f"lang={lang}" in response.headers["Set-Cookie"]
    for page in ("/", "/rules", "/checker", "/no-such-page"):
        html = client.get(page, headers={"Accept-Language": "hu"}).get_data(as_text=True)
        assert html_lang(html) == lang, page


@pytest.mark.parametrize("lang", ["en", "hu", "fr", "sv"])
def test_the_switch_lists_the_four_languages_each_in_its_own_name(client, lang):
    html = client.get("/", headers={"Accept-Language": lang}).get_data(as_text=True)
    switch = html[html.index('<details class="lang">'):]
    switch = switch[:switch.index("</details>")]
    names = {"en": "English", "hu": "Magyar", "fr": "Français", "sv": "Svenska"}
    # closed, the switch shows the page's language in its own name; opened, the four
    assert re.search(rf'<summary aria-label="[^"]+: {names[lang]}"><span lang="{lang}">{names[lang]}</span></summary>',
                     switch)
    buttons = re.findall(r'<button name="lang" value="(\w+)" lang="(\w+)"\s*(aria-pressed="true")?>([^<]+)</button>',
                         switch)
    assert [(value, tag, name) for value, tag, _pressed, name in buttons] == [
        ("en", "en", "English"), ("hu", "hu", "Magyar"), ("fr", "fr", "Français"), ("sv", "sv", "Svenska")]
    assert [value for value, _tag, pressed, _name in buttons if pressed] == [lang]


@pytest.mark.parametrize("lang", ["en", "hu", "fr", "sv"])
def test_the_manifest_and_the_error_pages_speak_the_page_language(client, lang):
    assert client.get(f"/manifest.webmanifest?lang={lang}").json["lang"] == lang
    missing = client.get("/rules/bridge", headers={"Accept-Language": lang})
    assert missing.status_code == 404 and html_lang(missing.get_data(as_text=True)) == lang


@pytest.mark.parametrize("lang", ["de", "", "HU", "hu;drop"])
def test_unknown_language_is_400_and_sets_no_cookie(client, lang):
    response = client.post("/lang", data={"csrf_token": csrf_token(client), "lang": lang, "next": "/"})
    assert response.status_code == 400
    assert "Set-Cookie" not in response.headers or "lang=" not in response.headers["Set-Cookie"]


def test_switch_without_csrf_token_is_refused(client):
    response = client.post("/lang", data={"lang": "hu", "next": "/"})
    assert response.status_code == 400
    assert "lang=" not in response.headers.get("Set-Cookie", "")


@pytest.mark.parametrize("target", [
    "//evil.example/", "/\t/evil.example/", "/\n/evil.example/", "/\r/evil.example/", "/\\evil.example/",
    "\\\\evil.example/", "https://evil.example/", "/ /evil.example/", "/\x0b/evil.example/", "javascript:alert(1)",
    "/no-such-page", "evil.example",
])
def test_switch_returns_only_to_a_page_of_this_app(client, target):
    """Browsers strip tabs and newlines from a Location and read a backslash as a slash: ``/\t/evil.example/``
    became ``//evil.example/``. Only a path this app serves is a return address; anything else goes home."""
    response = client.post("/lang", data={"csrf_token": csrf_token(client), "lang": "hu", "next": target})
    assert response.status_code == 302
    assert response.headers["Location"] == "/"


@pytest.mark.parametrize("target", ["/rules", "/checker?variant=international", "/?variant=keltis"])
def test_switch_returns_to_the_page_it_came_from(client, target):
    response = client.post("/lang", data={"csrf_token": csrf_token(client), "lang": "hu", "next": target})
    assert response.status_code == 302 and response.headers["Location"] == target


def test_checker_speaks_hungarian(client):
    headers = {"Accept-Language": "hu"}
    token = csrf_token(client)
    page = unescape(client.get("/checker", headers=headers).get_data(as_text=True))
    assert "B = bubi (J), D = dáma (Q), Á = ász (A)" in page and "Lapjelölés" in page
    legal = unescape(client.post("/checker", headers=headers, data={
        "csrf_token": token, "variant": "diszitett", "cards": "J J J J 2 2 2"}).get_data(as_text=True))
    assert "Szabályos" in legal and "fekete kanaszta" in legal and "Lapérték" in legal
    illegal = unescape(client.post("/checker", headers=headers, data={
        "csrf_token": token, "variant": "diszitett", "cards": "B B ZS ZS ZS"}).get_data(as_text=True))
    assert "Szabálytalan" in illegal and "bubik csoportja" in illegal and "Túl sok zsoli" in illegal


def test_error_pages_and_rules_pages_in_hungarian(client):
    headers = {"Accept-Language": "hu"}
    missing = client.get("/rules/bridge", headers=headers)
    assert missing.status_code == 404 and html_lang(missing.get_data(as_text=True)) == "hu"
    rules = unescape(client.get("/rules/diszitett", headers=headers).get_data(as_text=True))
    assert "Beállítások ebben az alkalmazásban" in rules


# --- numbers in the reader's style (issue 23) ------------------------------------------------------------------

# CLDR's group separator per language, as Babel gives it: French a narrow no-break space, Hungarian and Swedish a
# no-break space, English a comma. Hungarian groups from five digits (CLDR's minimumGroupingDigits 2, as ICU).
GROUPED = {"en": "10,035", "hu": "10\u00a0035", "fr": "10\u202f035", "sv": "10\u00a0035"}
FOUR_DIGITS = {"en": "6,690", "hu": "6690", "fr": "6\u202f690", "sv": "6\u00a0690"}


@pytest.mark.parametrize("lang", GROUPED)
def test_a_sheet_prints_points_grouped_as_its_language_writes_them_and_the_api_does_not(client, db, lang):
    from test_sheet import HAND_BIG, new_match

    match = new_match(db, HAND_BIG, HAND_BIG)          # Anna 6690, then 10035 (6690 halved: 3345)
    page = unescape(client.get(f"/m/{match.edit_token}", headers={"Accept-Language": lang}).get_data(as_text=True))
    assert f">{GROUPED[lang]}<" in page and ">10035<" not in page
    assert f">{FOUR_DIGITS[lang]}<" in page
    assert '"total": 10035' in page          # the snapshot a script keeps (a data- attribute) holds the number
    hand = unescape(client.get(f"/m/{match.edit_token}/hands/2", headers={"Accept-Language": lang}).get_data(
        as_text=True))
    assert FOUR_DIGITS[lang] in hand                  # the hand's score before its tax
    api = client.get(f"/api/v1/matches/{match.edit_token}", headers={"Accept-Language": lang}).json
    assert api["totals"]["Anna"] == 10035


@pytest.mark.parametrize("lang", GROUPED)
def test_the_points_filter_keeps_the_minus_and_leaves_other_values_alone(app, lang):
    from scorekeeper.display.numbers import points, signed_points

    with app.test_request_context(headers={"Accept-Language": lang}):
        assert points(-10035) == "\u2212" + GROUPED[lang] and points(None) is None and points("–") == "–"
        assert points(-20) == "\u2212" "20"           # the hand page's card value, as the sheet writes it
        assert signed_points(-10035) == "\u2212\u202f" + GROUPED[lang] and signed_points(50) == "+\u202f50"
        assert points(999) == "999" and points(True) is True


# --- plural forms and grammar (issue 23) ----------------------------------------------------------------------

@pytest.mark.parametrize("lang, counts", [
    ("fr", {0: "0 canasta", 1: "1 canasta", 2: "2 canastas"}),          # French: 0 and 1 take the singular
    ("sv", {0: "0 canastor", 1: "1 canasta", 2: "2 canastor"}),
    ("hu", {0: "0 kanaszta", 1: "1 kanaszta", 2: "2 kanaszta"}),         # Hungarian: one form after a number
    ("en", {0: "0 canastas", 1: "1 canasta", 2: "2 canastas"}),
])
def test_counts_take_each_languages_plural_form(app, lang, counts):
    from flask_babel import ngettext

    with app.test_request_context(headers={"Accept-Language": lang}):
        assert {n: ngettext("%(num)d canasta", "%(num)d canastas", n) for n in counts} == counts


@pytest.mark.parametrize("lang, one, none", [("sv", "1 giv.", "0 givar."), ("fr", "1 donne.", "0 donne."),
                                             ("hu", "(1 leosztás)", "(0 leosztás)")])
def test_the_score_race_says_its_hands_with_the_languages_plural(app, lang, one, none):
    from scorekeeper.display.sheet import chart_labels

    with app.test_request_context(headers={"Accept-Language": lang}):
        assert one in chart_labels(hands=1)["desc"] and none in chart_labels(hands=0)["desc"]
        assert "%(totals)s" in chart_labels(hands=3)["desc"]       # left for the chart to fill


@pytest.mark.parametrize("lang, labels", [
    ("fr", {"A": "groupe d'as", "K": "groupe de rois", "s": "séquence à pique"}),
    ("hu", {"A": "ászok csoportja", "K": "királyok csoportja", "s": "pikk sor"}),
    ("sv", {"A": "grupp av ess", "K": "grupp av kungar", "s": "svit i spader"}),
    ("en", {"A": "group of aces", "K": "group of kings", "s": "sequence of spades"}),
])
def test_a_meld_kind_is_one_whole_phrase_per_rank_and_suit(app, lang, labels):
    """French elides ("groupe d'as", "groupe de rois"): no "group of %(rank)s" glued from two translations."""
    from scorekeeper.display.words import kind_label

    with app.test_request_context(headers={"Accept-Language": lang}):
        said = {k: kind_label({"kind": "group", "rank": k} if k != "s" else {"kind": "sequence", "suit": k})
                for k in labels}
    assert said == labels


@pytest.mark.parametrize("lang, nth", [("en", ["1st", "2nd", "3rd", "11th"]), ("hu", ["1.", "2.", "3.", "11."]),
                                       ("fr", ["1re", "2e", "3e", "11e"]), ("sv", ["1:a", "2:a", "3:e", "11:e"])])
def test_ordinals_are_written_as_each_language_writes_them(app, lang, nth):
    from scorekeeper.display.words import PAGE_WORDS

    with app.test_request_context(headers={"Accept-Language": lang}):
        assert [PAGE_WORDS["nth"](n) for n in (1, 2, 3, 11)] == nth
        assert PAGE_WORDS["names"](["Anna", "Béla", "Cili"]) == {
            "en": "Anna, Béla and Cili", "hu": "Anna, Béla és Cili", "fr": "Anna, Béla et Cili",
            "sv": "Anna, Béla och Cili"}[lang]


# --- the catalogues -----------------------------------------------------------------------------------------

def read_catalog(lang: str = "hu"):
    with open(catalog_folder(lang) / "messages.po", "rb") as f:
        return read_po(f, locale=lang)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated_and_checks_out(lang):
    """Every msgid in every catalogue: translated, not fuzzy, every placeholder kept (Babel's checks)."""
    catalog = read_catalog(lang)
    untranslated = [m.id for m in catalog if m.id and not (all(m.string) if m.pluralizable else m.string)]
    fuzzy = [m.id for m in catalog if m.id and m.fuzzy]
    broken = [(m.id, [str(e) for e in errors]) for m, errors in catalog.check()]
    assert untranslated == [] and fuzzy == [] and broken == []


def _pairs(catalog) -> dict:
    def norm(value):
        return tuple(value) if isinstance(value, (list, tuple)) else value
    def context(m):             # read_mo gives the context as bytes
        return m.context.decode() if isinstance(m.context, bytes) else m.context
    def said(m):                # an untranslated entry is not compiled (a plural one is, as its English)
        return (all(m.string) if isinstance(m.string, (list, tuple)) else m.string) and norm(m.string) != norm(m.id)
    return {(context(m), norm(m.id)): norm(m.string) for m in catalog if m.id and not m.fuzzy and said(m)}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_compiled_catalog_matches_the_po_file(lang):
    """The .mo is committed (no build step on a fresh clone), so it must be compiled from the current .po."""
    with open(catalog_folder(lang) / "messages.mo", "rb") as f:
        compiled = read_mo(f)
    assert _pairs(compiled) == _pairs(read_catalog(lang))


@pytest.mark.parametrize("lang", TRANSLATED)
def test_catalog_holds_every_string_of_the_templates_and_code(lang):
    """Fails when a page gained a string after the last extraction: see scorekeeper/translations/README.md."""
    method_map = [("scorekeeper/**.py", "python"), ("templates/**.html", "jinja2"),
                  ("rules_ref/*.toml", "scorekeeper.rules.tables.words:extract")]     # as babel.cfg maps them
    found = {(context, msgid if isinstance(msgid, str) else msgid[0])
             for _file, _line, msgid, _comments, context in extract_from_dir(
                 str(ROOT), method_map=method_map, keywords=KEYWORDS)}
    in_catalog = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in read_catalog(lang) if m.id}
    assert sorted(found - in_catalog, key=repr) == []


def test_every_page_language_has_its_catalogue_card_words_rules_pages_and_seed_titles():
    """One list of page languages (scorekeeper/languages.py) that the other places speaking a language agree with:
    the card words the notation reads (rules/card_words.py), the phrasebook of the rules pages' number blocks, the
    catalogue, and the seed titles a rules page cites (issue 23)."""
    from scorekeeper.languages import LANGUAGES
    from scorekeeper.rules import card_words
    from scorekeeper.rules.tables.reference import TRANSLATIONS
    from scorekeeper.rules.tables.sources import seed_titles

    assert LANGUAGES[0] == "en" and set(card_words.LANGUAGES) == set(LANGUAGES)
    assert set(TRANSLATIONS) == set(LANGUAGES) - {"en"}
    for lang in LANGUAGES[1:]:
        assert (ROOT / "scorekeeper" / "translations" / lang / "LC_MESSAGES" / "messages.mo").is_file()
        assert all(titles.get(lang) for titles in seed_titles().values()), lang
