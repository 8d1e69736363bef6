"""Issue 11, item 9, and issue 23: every page, form answer and PDF a player sees, rendered in Hungarian, French or
Swedish, shows no English of the catalogue. One sweep per language, the same pages for each.

What counts as English: the literal parts of every msgid (scorekeeper/translations/<lang>/...po) of two words or
more, or one word of 5+ letters, found as whole words in the visible text, the attributes a player sees or hears
(aria-label, placeholder, title, alt), the strings a page hands its script (``data-…strings``) and a PDF's text.
Not counted: parts the language keeps as they are (its msgstr holds them), player names, card notation and ids
in ``<code>``, and a block marked ``lang="en"`` (a rules text not translated yet; the page says so in its own
language). A msgid not translated yet counts whole, so a catalogue being filled fails here until it is done.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from sweep_pages import SWEPT, english_fragments, english_on, visible_text
from scorekeeper.store import events, groups, matches
from test_pdf import pdf_text
from web_helpers import csrf_from

HU = {"Accept-Language": "hu"}
FRAGMENTS = english_fragments("hu")
_FRAGMENTS = {"hu": FRAGMENTS}


def fragments_of(lang: str) -> dict[str, str]:
    if lang not in _FRAGMENTS:
        _FRAGMENTS[lang] = english_fragments(lang)
    return _FRAGMENTS[lang]


def speaks(lang: str) -> dict[str, str]:
    return {"Accept-Language": lang}

DISZITETT = [
    {"mode": "cards", "sides": [{"name": "Anna", "melds": ["J J J J 2 2 2", "5 5 5 5 5 5 5"], "red_threes": 1,
                                 "twins": 1, "hand": "A"},
                                {"name": "Béla", "melds": ["K K K K K K K"], "out": "out", "hand": ""}]},
    {"mode": "summary", "sides": [{"name": "Anna", "canastas": {"gold_canasta": 1}, "melded_points": 200,
                                   "out": "out", "hand_points": 0},
                                  {"name": "Béla", "melded_points": 0, "hand_points": 30}]},
]
INTERNATIONAL = {"mode": "cards", "sides": [
    {"name": "Anna & Cili", "melds": ["K K K K K K K", "3 3 3"], "out": "out", "hand": ""},
    {"name": "Béla & Dani", "melds": ["5 5 5"], "hand": "A 4"}]}


@pytest.fixture
def tokens(app):
    """A díszített match with a corrected hand and an undone one, an international partnership match with a
    going-out meld of black threes, a Keltis match: (edit token, view token) by variant."""
    with app.extensions["scorekeeper_sessions"]() as db:
        dis = matches.create_match(db, variant="diszitett", options=None, sides=[{"name": "Anna"}, {"name": "Béla"}])
        for hand in DISZITETT:
            matches.add_hand(db, dis, hand, based_on=dis.version)
        matches.edit_hand(db, dis, 1, DISZITETT[0], based_on=dis.version)
        matches.add_hand(db, dis, DISZITETT[1], based_on=dis.version)
        matches.undo_last(db, dis, based_on=dis.version)
        intl = matches.create_match(db, variant="international", options=None, sides=[
            {"name": "Anna & Cili", "players": ["Anna", "Cili"]}, {"name": "Béla & Dani", "players": ["Béla", "Dani"]}])
        matches.add_hand(db, intl, INTERNATIONAL, based_on=intl.version)
        kel = matches.create_match(db, variant="keltis", options=None, sides=[{"name": "Anna"}, {"name": "Béla"}])
        # issue 24: a group holding the díszített and the international match, for its statistics page and PDF
        group = groups.create_group(db, "Vasárnap")
        for match in (dis, intl):
            groups.add_match(db, group, match.edit_token)
        # issue 24: a club night of the group (one table of the international pairs), for its two pages
        event = events.create_event(db, group, "Csütörtök", {"tables": 1, "rounds": 1, "variant": "international",
                                                             "seating": "swiss"}, [["Anna", "Cili"], ["Béla", "Dani"]])
        return {**{m.variant: (m.edit_token, m.view_token) for m in (dis, intl, kel)},
                "group": (group.edit_token, group.view_token), "event": event.token}


def pages(tokens) -> list[str]:
    dis, dis_view = tokens["diszitett"]
    intl, _ = tokens["international"]
    kel, kel_view = tokens["keltis"]
    found = ["/", "/checker", "/rules", "/rules/diszitett", "/rules/international", "/rules/keltis", "/no-such-page",
             f"/v/{dis}",                                               # an edit token on the view link: 404
             f"/m/{dis}/hands/new?mode=nonsense"]                       # 400
    found += [f"/?variant={v}" for v in ("diszitett", "international", "keltis")]
    found += [f"/?variant=international&players={p}" for p in ("2", "3", "3_cutthroat", "3_swedish", "5", "6")]
    found += [f"/checker?variant={v}" for v in ("diszitett", "international", "samba", "uruguay")]
    # issue 12: seed 003's rules pages (options with their decisions), grouped lists
    found += [f"/rules/{v}" for v in ("classic_fr", "cuban", "samba", "brazilian", "escalera_sevens")]
    for token in (dis, intl):
        found += [f"/m/{token}", f"/m/{token}/hands/new", f"/m/{token}/hands/new?mode=summary", f"/m/{token}/hands/1",
                  f"/m/{token}/hands/1/revisions", f"/m/{token}/hands/1/edit", f"/m/{token}/hands/1/edit?mode=summary"]
    found += [f"/v/{dis_view}", f"/v/{dis_view}/hands/1", f"/v/{dis_view}/hands/2/revisions",
              f"/m/{kel}", f"/v/{kel_view}", f"/m/{kel}/hands/new"]
    # issue 13: a match's own rules page and meld checker (a house match's: tests/web/test_house_match.py)
    found += [f"/m/{dis}/rules", f"/v/{dis_view}/rules", f"/m/{dis}/checker", f"/v/{dis_view}/checker",
              f"/m/{intl}/rules", f"/m/{intl}/checker", f"/m/{kel}/rules", f"/v/{kel_view}/rules"]
    # issue 24: a group's statistics on both links, filtered, and with a bad filter (a form error, 400)
    group, group_view = tokens["group"]
    found += [f"/g/{group}/stats", f"/gv/{group_view}/stats", f"/g/{group}/stats?variant=diszitett",
              f"/g/{group}/stats?since=yesterday&variant=bridge", f"/gv/{group_view}/stats?since=2026-12-01&until=2026-11-01"]
    found += [f"/e/{tokens['event']}", f"/g/{group}/night", f"/g/{group}"]     # issue 24: a club night's pages
    found += [f"/m/{dis}/countersign", f"/m/{kel}/countersign"]          # issue 24: the countersign's side choice
    return found


# Words a page shows as notation or values the player typed, not as English sentences.
NOTATION = {"/m/{dis}/hands/new?mode=nonsense": {"cards", "summary"}}


@pytest.mark.parametrize("lang", SWEPT)
def test_every_page_shows_no_english_of_the_catalogue(client, tokens, lang):
    seen = {}
    for url in pages(tokens):
        response = client.get(url, headers=speaks(lang))
        assert response.status_code in (200, 400, 404), (url, response.status_code)
        page = response.get_data(as_text=True)
        assert f'<html lang="{lang}"' in page, url
        allowed = frozenset({"cards", "summary"}) if "mode=nonsense" in url else frozenset()
        english = english_on(page, fragments_of(lang), allowed)
        if english:
            seen[url] = english
    assert not seen, json.dumps(seen, ensure_ascii=False, indent=1)


def _forms_with_errors(client, tokens, lang: str = "hu") -> dict[str, str]:
    """Forms sent wrong or right, as a player would: each answer page in ``lang``."""
    HU = speaks(lang)       # noqa: N806 (the forms below were written for Hungarian first)
    csrf = csrf_from(client.get("/", headers=HU).get_data(as_text=True))
    dis = tokens["diszitett"][0]
    kel = tokens["keltis"][0]
    posts = {
        "new match without names": ("/matches", {"variant": "diszitett"}),
        "new partnership match without names": ("/matches", {"variant": "international"}),
        "new Keltis match without names": ("/matches", {"variant": "keltis"}),
        "checker, legal": ("/checker", {"variant": "diszitett", "cards": "A A A A A A A"}),
        "checker, black threes going out": ("/checker", {"variant": "international", "cards": "3 3 3",
                                                         "going_out": "on"}),
        "checker, illegal": ("/checker", {"variant": "diszitett", "cards": "B B ZS ZS ZS"}),
        "checker, unreadable": ("/checker", {"variant": "diszitett", "cards": "X K"}),
        "checker, an opening": ("/checker", {"variant": "international", "cards": "K K K | 5 5 5",
                                             "opening_minimum": "90"}),
        "hand with unreadable cards": (f"/m/{dis}/hands/new?mode=cards", {
            "version": "5", "side0-melds": "K K H", "side1-hand": "5 X"}),
        "hand breaking the rules": (f"/m/{dis}/hands/new?mode=cards", {
            "version": "5", "side0-melds": "K K", "side0-out": "out", "side1-out": "out"}),
        "summary hand breaking the rules": (f"/m/{dis}/hands/new?mode=summary", {
            "version": "5", "side0-melded_points": "7"}),
        "stale hand": (f"/m/{dis}/hands/new?mode=cards", {"version": "1", "side0-melds": "K K K"}),
        "stale hand carried into the correction": (f"/m/{dis}/hands/1/edit?mode=cards&carry=1", {
            "version": "5", "side0-melds": "K K K K K K K"}),
        "summary counts past the deck across the sides": (f"/m/{dis}/hands/new?mode=summary", {
            "version": "5", "side0-melded_counts-gJK": "5", "side1-melded_counts-gJK": "4"}),
        "Keltis game with an error": (f"/m/{kel}/hands/new", {"version": "0", "side0-rows-green": "1 5 3"}),
    }
    answers = {}
    for name, (url, form) in posts.items():
        answers[name] = client.post(url, data={"csrf_token": csrf, **form}, headers=HU).get_data(as_text=True)
    answers["import of a broken file"] = client.post(
        "/import", data={"csrf_token": csrf, "file": (io.BytesIO(b"{not json"), "m.json")},
        content_type="multipart/form-data", headers=HU).get_data(as_text=True)
    return answers


@pytest.mark.parametrize("lang", SWEPT)
def test_every_form_answer_shows_no_english_of_the_catalogue(client, tokens, lang):
    seen = {name: english_on(page, fragments_of(lang))
            for name, page in _forms_with_errors(client, tokens, lang).items()}
    assert not {k: v for k, v in seen.items() if v}, json.dumps(seen, ensure_ascii=False, indent=1)


def pdfs(tokens) -> list[str]:
    """Every PDF a player prints: each match's sheet (cards and summary hands, a partnership, Keltis) and the
    blank pads of the variants the pages above show."""
    found = [f"/m/{tokens[v][0]}/sheet.pdf" for v in ("diszitett", "international", "keltis")]
    found.append(f"/gv/{tokens['group'][1]}/stats.pdf")                       # issue 24: the season sheet
    return found + [f"/pad/{v}.pdf" for v in ("diszitett", "international", "keltis", "samba", "classic_fr")]


@pytest.mark.parametrize("lang", SWEPT)
def test_every_pdf_shows_no_english_of_the_catalogue(client, tokens, lang):
    seen = {}
    for url in pdfs(tokens):
        response = client.get(url, headers=speaks(lang))
        assert response.status_code == 200 and response.mimetype == "application/pdf", url
        # a PDF's text is what it prints: no markup, no lang="en" block to leave out
        english = english_on(pdf_text(response.data), fragments_of(lang))
        if english:
            seen[url] = english
    assert not seen, json.dumps(seen, ensure_ascii=False, indent=1)


@pytest.mark.parametrize("lang", SWEPT)
def test_the_sweep_would_see_english(client, tokens, lang):
    """The check can fail: an English page holds many of the catalogue's words, and a page in ``lang`` with one
    English phrase put in is caught; only a block marked lang="en" is left out, and only on a page that is not
    English."""
    english = client.get(f"/m/{tokens['diszitett'][0]}/hands/new", headers={"Accept-Language": "en"})
    assert len(english_on(english.get_data(as_text=True), fragments_of(lang))) > 10
    page = client.get("/checker", headers=speaks(lang)).get_data(as_text=True).replace("</h1>", " Check a meld</h1>", 1)
    assert any("Check a meld" in found for found in english_on(page, fragments_of(lang)))
    assert "Check a meld" not in visible_text(page.replace("<h1>", '<h1 lang="en">', 1))
    assert "Check a meld" in visible_text(page.replace("<h1>", '<h1 lang="fr">', 1))


def test_single_players_are_not_called_a_team(client, tokens):
    """Díszített is played by single players: no "csapat" (team) on its Hungarian pages."""
    dis = tokens["diszitett"][0]
    for url in ("/?variant=diszitett", f"/m/{dis}", f"/m/{dis}/hands/new", f"/m/{dis}/hands/new?mode=summary",
                f"/m/{dis}/hands/1", f"/m/{dis}/hands/1/revisions", "/rules/diszitett"):
        text = visible_text(client.get(url, headers=HU).get_data(as_text=True))
        assert not re.search(r"csapat", text, re.I), (url, [ln for ln in text.splitlines() if "csapat" in ln])
    csrf = csrf_from(client.get("/", headers=HU).get_data(as_text=True))
    page = client.post("/matches", data={"csrf_token": csrf, "variant": "diszitett"}, headers=HU)
    text = visible_text(page.get_data(as_text=True))
    assert "csapat" not in text and "játékos" in text


def test_hand_numbers_read_naturally(client, tokens):
    """ "A(z) 8. leosztás" is robotic: the ordinal stands first, as a Hungarian writes it."""
    dis = tokens["diszitett"][0]
    for url in (f"/m/{dis}/hands/1", f"/m/{dis}/hands/1/revisions", f"/m/{dis}/hands/1/edit", f"/m/{dis}"):
        text = visible_text(client.get(url, headers=HU).get_data(as_text=True))
        assert "A(z)" not in text, (url, [ln for ln in text.splitlines() if "A(z)" in ln])


def test_no_hungarian_sentence_hedges_its_article():
    """ "a(z) 3. lap" reads like a form letter: every Hungarian message is written so that no article must be
    guessed for a number or a name (the number first, or the name before a colon)."""
    catalogue = (Path(__file__).resolve().parents[2] / "scorekeeper" / "translations" / "hu" / "LC_MESSAGES"
                 / "messages.po").read_text(encoding="utf-8")
    msgstrs = re.findall(r'^msgstr ((?:".*"\n)+)', catalogue, re.M)
    assert [m for m in msgstrs if "a(z)" in m.lower()] == []


def test_the_hand_page_with_counts_and_the_match_list_with_dates_show_no_english(client, app):
    """A summary hand entered by counts (its page lists them) and the home page's list of matches, dated."""
    with app.extensions["scorekeeper_sessions"]() as db:
        match = matches.create_match(db, variant="diszitett", options=None, sides=[{"name": "Anna"}, {"name": "Béla"}])
        matches.add_hand(db, match, {"mode": "summary", "sides": [
            {"name": "Anna", "canastas": {"gold_canasta": 1}, "melded_counts": {"8-K": 8, "JK": 1}, "out": "out"},
            {"name": "Béla", "melded_counts": {"4-7": 3}, "hand_counts": {"A-2": 1, "black3": 1}}]}, based_on=0)
        token = match.edit_token
    seen = {}
    for url in (f"/m/{token}/hands/1", "/"):          # the sheet visited first puts it in the phone's list
        client.get(f"/m/{token}", headers=HU)
        page = client.get(url, headers=HU).get_data(as_text=True)
        seen[url] = english_on(page, FRAGMENTS)
        assert ("pont/lap" in page) if url != "/" else ("utoljára játszva:" in page)
    assert not {k: v for k, v in seen.items() if v}, json.dumps(seen, ensure_ascii=False, indent=1)


def test_the_house_rules_pages_and_their_errors_show_no_english(client, app):
    """Issue 13: the new-match form with its house fields (fine, and refused at a field), a preset's page, the
    new-match form prefilled from it, the import page and a refused import."""
    from house_pages import form_values

    page = client.get("/?variant=diszitett", headers=HU).get_data(as_text=True)
    values = form_values(page)
    values.update({"sides-0-name": "Anna", "sides-1-name": "Béla", "house-canastas.red_canasta.bonus": "sok",
                   "house-canastas.red_canasta.size-0": "2", "house-canastas.red_canasta.size-1": "2",
                   "house-json": "{nem json"})
    pages = {"form": page, "form refused": client.post("/matches", data=values, headers=HU).get_data(as_text=True)}
    values.update({"house-canastas.red_canasta.bonus": "450", "house-canastas.red_canasta.size-0": "7",
                   "house-canastas.red_canasta.size-1": "7", "house-json": "", "house-save-as": "Nagyi"})
    values["house-canastas.red_canasta.size-0"] = "2"
    pages["contradiction"] = client.post("/matches", data=values, headers=HU).get_data(as_text=True)
    values["house-canastas.red_canasta.size-0"] = "7"
    assert client.post("/matches", data=values, headers=HU).status_code == 303
    preset = re.search(r'href="(/house/[A-Za-z0-9_-]+)"', client.get("/", headers=HU).get_data(as_text=True)).group(1)
    pages["home with presets"] = client.get("/", headers=HU).get_data(as_text=True)
    pages["preset"] = client.get(preset, headers=HU).get_data(as_text=True)
    pages["prefilled"] = client.get("/?house=" + preset.rsplit("/", 1)[1], headers=HU).get_data(as_text=True)
    pages["import"] = client.get("/house/import", headers=HU).get_data(as_text=True)
    csrf = csrf_from(pages["import"])
    pages["import refused"] = client.post("/house/import", headers=HU, data={
        "csrf_token": csrf, "json": '{"format": "scorekeeper-house-rules", "format_version": 1, "name": "x", '
        '"variant": "diszitett", "options": {}, "rules": {"canastas": {"red_canasta": {"bonus": "sok"}}}}'}
    ).get_data(as_text=True)
    assert "canastas.red_canasta.bonus" in pages["import refused"]
    # the refused text is shown again in its box as it was pasted: the file's own keys
    pasted = frozenset(("format", "format_version", "name", "variant", "options", "rules", "canastas", "red_canasta",
                        "bonus"))
    seen = {name: english_on(html, FRAGMENTS, pasted if name == "import refused" else frozenset())
            for name, html in pages.items()}
    assert not {k: v for k, v in seen.items() if v}, json.dumps(seen, ensure_ascii=False, indent=1)
