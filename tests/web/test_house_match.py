"""A match's house rules on every front of the match (issue 13): the sheet's header names them and lists every
changed number, the match's own rules page lists them beside its variant and options, its meld checker judges
by them (not by the plain variant), and the PDF sheet prints them — in English and in Hungarian.
"""

from __future__ import annotations

import json
import re
from html import unescape

import pytest

from sweep_pages import english_fragments, english_on
from scorekeeper.store import matches
from scorekeeper.cli import offline_sheet_pdf
from test_pdf import HAND_1015, fetch_pdf, layout_lines
from web_helpers import csrf_from

pytestmark = pytest.mark.storage

HU = {"Accept-Language": "hu"}
HOUSE = {"canastas": {"red_canasta": {"bonus": 450}}, "melds": {"group": {"max_size": 9}},
         "opening": {"minimums": [{"from": -1000000000, "minimum": 90}]}}
# (English label, Hungarian label, the variant's value, the house value) of each change, in table order
CHANGES = [("groups: largest meld (0: no limit)", "csoportok: legnagyobb lerakás (0: nincs korlát)", "8", "9"),
           ("red canasta: bonus", "piros kanaszta: jutalom", "400", "450"),
           ("opening minimum by total", "nyitó minimum összpontszám szerint", "below 5,000: 50", "any total: 90")]
NINE_KINGS = "K K K K K K K K 2"


def words(html: str) -> str:
    """The visible words, tags as spaces, no space left before a colon."""
    return re.sub(r"\s+:", ":", re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html)))).strip()


def header(page: str) -> str:
    return page.split('<header class="sheet-head">')[1].split("</header>")[0]


@pytest.fixture
def house(db):
    match = matches.create_match(db, variant="diszitett", options=None, title="Vasárnap", house=HOUSE,
                                 house_name="Nagyi", sides=[{"name": "Anna"}, {"name": "Béla"}])
    matches.add_hand(db, match, HAND_1015, based_on=match.version)
    return match


@pytest.fixture
def plain(db):
    return matches.create_match(db, variant="diszitett", options={"black_zsoli_canasta_bonus": "1000"},
                                sides=[{"name": "Anna"}, {"name": "Béla"}])


# --- the sheet -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "hu"])
def test_the_sheet_header_names_the_house_rules_and_lists_every_change(client, house, lang):
    for token, prefix in ((house.edit_token, "m"), (house.view_token, "v")):
        page = client.get(f"/{prefix}/{token}", headers={"Accept-Language": lang}).get_data(as_text=True)
        head = header(page)
        said = words(head)
        assert ("House rules: Nagyi" if lang == "en" else "Házszabályok: Nagyi") in said
        assert f'href="/{prefix}/{token}/rules#house-rules"' in head
        assert f'href="/{prefix}/{token}/checker"' in head
        items = re.findall(r'<li data-key="([^"]+)">(.*?)</li>', head, re.S)
        assert [key for key, _ in items] == ["melds.group.max_size", "canastas.red_canasta.bonus", "opening.minimums"]
        for (key, item), (english, hungarian, variant, now) in zip(items, CHANGES):
            text = words(item)
            label = english if lang == "en" else hungarian
            assert text.startswith(label), (text, label)
            if lang == "en":
                assert variant in text and text.endswith(f"this match {now}"), text
        if prefix == "v":
            assert house.edit_token not in page
    # the numbers follow the house rules: a red canasta 450, the next opening 90 from the start
    page = client.get(f"/m/{house.edit_token}").get_data(as_text=True)
    assert "1065" in page and "620" in page


def test_a_match_without_house_rules_links_its_rules_and_checker_and_lists_nothing(client, plain):
    head = header(client.get(f"/m/{plain.edit_token}").get_data(as_text=True))
    assert "House rules" not in head and "house-changes" not in head
    assert f'href="/m/{plain.edit_token}/rules"' in head and f'href="/m/{plain.edit_token}/checker"' in head


def test_a_long_list_of_changes_folds_on_the_sheet_but_every_change_is_there(client, db):
    many = {"card_values": {"4": 10, "5": 10, "6": 10}, "going_out": {"out": 200}, "twins": {"points": 150}}
    match = matches.create_match(db, variant="diszitett", options=None, house=many,
                                 sides=[{"name": "Anna"}, {"name": "Béla"}])
    head = header(client.get(f"/m/{match.edit_token}").get_data(as_text=True))
    assert '<details class="house-list disclosure">' in head and "5 numbers changed" in words(head)
    assert len(re.findall(r"<li data-key=", head)) == 5
    assert "House rules</strong></a>" in head         # no name given: the words alone


def test_a_keltis_match_offers_no_meld_checker(client, db):
    match = matches.create_match(db, variant="keltis", options=None, sides=[{"name": "Anna"}, {"name": "Béla"}])
    head = header(client.get(f"/m/{match.edit_token}").get_data(as_text=True))
    assert f"/m/{match.edit_token}/rules" in head and "/checker" not in head
    assert client.get(f"/m/{match.edit_token}/checker").status_code == 404
    assert client.get(f"/m/{match.edit_token}/rules").status_code == 200


# --- the match's rules page ------------------------------------------------------------------------------------

def test_the_rules_page_lists_the_variant_options_house_rules_and_reference(client, house):
    page = client.get(f"/m/{house.edit_token}/rules").get_data(as_text=True)
    said = words(page)
    assert "The rules of this match" in said and "Díszített kanaszta" in said
    # the options as the new-match page words them, each with its choice
    assert "Black zsoli-canasta bonus 200 (default)" in said and "Tie on top shared win (default)" in said
    section = words(page.split('id="house-rules"')[1].split(">", 1)[1].split("</section>")[0])
    assert section.startswith("House rules: Nagyi")
    for english, _hu, variant, now in CHANGES:
        assert english in section and variant in section and now in section
    assert 'class="card rules-body"' in page and "Taxation" in said     # the variant's reference follows
    assert f'href="/m/{house.edit_token}/checker"' in page and f'href="/m/{house.edit_token}"' in page


def test_the_rules_page_in_hungarian_on_the_view_link(client, house):
    page = client.get(f"/v/{house.view_token}/rules", headers=HU).get_data(as_text=True)
    said = words(page)
    assert "A játszma szabályai" in said and "Házszabályok: Nagyi" in said
    for _english, hungarian, _variant, _now in CHANGES:
        assert hungarian in said
    assert "bármely összegnél: 90" in said and house.edit_token not in page
    assert f'href="/v/{house.view_token}/checker"' in page


def test_the_rules_page_of_a_plain_match_shows_its_chosen_options_and_no_house_rules(client, plain):
    said = words(client.get(f"/m/{plain.edit_token}/rules").get_data(as_text=True))
    assert "Black zsoli-canasta bonus 1,000" in said and "Black zsoli-canasta bonus 1,000 (default)" not in said
    assert "None: this match is played by the variant's own numbers." in said
    assert client.get("/m/no-such-token/rules").status_code == 404
    assert client.get(f"/v/{plain.edit_token}/rules").status_code == 404      # an edit token is no view link


# --- the match's meld checker ----------------------------------------------------------------------------------

def _check(client, url, cards, **form):
    csrf = csrf_from(client.get(url).get_data(as_text=True))
    return client.post(url, data={"csrf_token": csrf, "cards": cards, **form})


def _verdict(page: str) -> str:
    start = page.index(">", page.index('id="verdict"')) + 1
    return words(page[start:page.index("</section>", start)])


def test_the_match_checker_has_no_variant_to_choose_and_says_whose_rules_it_judges_by(client, house):
    page = client.get(f"/m/{house.edit_token}/checker").get_data(as_text=True)
    assert 'name="variant"' not in page and "data-variant" not in page
    assert "Judged by the rules of this match: Vasárnap (Díszített kanaszta)" in words(page)
    assert f'data-api="/api/v1/matches/{house.edit_token}/check-meld"' in page
    view = client.get(f"/v/{house.view_token}/checker").get_data(as_text=True)
    assert f'data-api="/api/v1/matches/{house.view_token}/check-meld"' in view and house.edit_token not in view


def test_the_match_checker_judges_by_the_house_rules_not_the_variant(client, house):
    plain = words(client.post("/checker", data={
        "csrf_token": csrf_from(client.get("/checker").get_data(as_text=True)), "variant": "diszitett",
        "cards": NINE_KINGS}).get_data(as_text=True))
    assert "Not legal" in plain
    for url in (f"/m/{house.edit_token}/checker", f"/v/{house.view_token}/checker"):
        response = _check(client, url, NINE_KINGS)
        assert response.status_code == 200
        assert _verdict(response.get_data(as_text=True)).startswith("Legal group of kings")
    canasta = _verdict(_check(client, f"/m/{house.edit_token}/checker", "K K K K K K K").get_data(as_text=True))
    assert "red canasta" in canasta and "Canasta bonus 450" in canasta


def test_the_match_checker_keeps_the_opening_and_card_errors(client, house):
    response = _check(client, f"/m/{house.edit_token}/checker", "K K K", opening_minimum="60")
    assert response.status_code == 200 and "minimum 60" in _verdict(response.get_data(as_text=True))
    bad = _check(client, f"/m/{house.edit_token}/checker", "K X K")
    assert bad.status_code == 400 and 'id="cards-error"' in bad.get_data(as_text=True)
    assert "Not legal" not in _verdict(bad.get_data(as_text=True))


def test_the_match_checker_in_hungarian(client, house):
    response = client.post(f"/m/{house.edit_token}/checker", headers=HU, data={
        "csrf_token": csrf_from(client.get(f"/m/{house.edit_token}/checker", headers=HU).get_data(as_text=True)),
        "cards": NINE_KINGS})
    page = response.get_data(as_text=True)
    assert "A játszma saját szabályai szerint: Vasárnap" in words(page)
    assert _verdict(page).startswith("Szabályos")


# --- the PDF sheet ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang, title", [("en", "House rules"), ("hu", "Házszabályok")])
def test_the_pdf_sheet_prints_every_change(client, house, tmp_path, lang, title):
    lines = layout_lines(fetch_pdf(client, f"/v/{house.view_token}/sheet.pdf", **{"Accept-Language": lang}), tmp_path)
    text = " ".join(" ".join(lines).split())
    assert f"{title} Nagyi" in text
    for english, hungarian, variant, now in CHANGES:
        label = english if lang == "en" else hungarian
        assert label in text, (label, text[:800])
    assert ("red canasta: bonus 400 → 450" if lang == "en" else "piros kanaszta: jutalom 400 → 450") in text


def test_the_offline_pdf_of_an_export_prints_the_changes_too(client, house, tmp_path):
    data = json.loads(client.get(f"/m/{house.edit_token}/export.json").data)
    source = tmp_path / "offline.pdf"
    source.write_bytes(offline_sheet_pdf(data, lang="hu"))
    text = " ".join(" ".join(layout_lines(source.read_bytes(), tmp_path)).split())
    assert "Házszabályok Nagyi" in text and "piros kanaszta: jutalom 400 → 450" in text


def test_a_pdf_without_house_rules_says_nothing_of_them(client, plain, tmp_path):
    text = " ".join(layout_lines(fetch_pdf(client, f"/m/{plain.edit_token}/sheet.pdf"), tmp_path))
    assert "House rules" not in text


# --- Hungarian throughout --------------------------------------------------------------------------------------

def test_the_house_match_pages_show_no_english_of_the_catalogue_in_hungarian(client, house, plain):
    fragments = english_fragments()
    seen = {}
    for match in (house, plain):
        for url in (f"/m/{match.edit_token}", f"/v/{match.view_token}", f"/m/{match.edit_token}/rules",
                    f"/v/{match.view_token}/rules", f"/m/{match.edit_token}/checker"):
            page = client.get(url, headers=HU).get_data(as_text=True)
            assert '<html lang="hu"' in page, url
            seen[url] = english_on(page, fragments)
    assert not {k: v for k, v in seen.items() if v}, json.dumps(seen, ensure_ascii=False, indent=1)


@pytest.mark.parametrize("variant, rules, lang, said", [
    # a whole kind removed: named by its label, its numbers on the variant's side, "removed" on the match's
    ("diszitett", {"canastas": {"black_canasta": None}}, "en",
     "black canasta variant cards (least–most) 7, 7; wild cards (least–most) 1, 3; bonus 300 → this match removed"),
    ("diszitett", {"canastas": {"black_canasta": None}}, "hu", "fekete kanaszta változat lapok (legkevesebb–legtöbb) "
     "7, 7; zsolik (legkevesebb–legtöbb) 1, 3; jutalom 300 → ez a játszma törölve"),
    ("diszitett", {"twins": {"allowed": False}}, "hu", "ikrek megengedettek változat igen → ez a játszma nem"),
    ("diszitett", {"taxation": {"brackets": [{"from": -1000000000, "method": "half"}]}}, "en",
     "taxation by total variant below 5,000: none · 5,000–6,999: half · 7,000–8,999: quarter · 9,000 and more: tenth "
     "→ this match any total: half"),
    # a key the registry has no words for: its path made readable, not the bare last key
    ("keltis", {"scoring": {"grey_card": 2}}, "en", "scoring: grey card variant 1 → this match 2"),
])
def test_each_kind_of_change_reads_as_words(client, db, variant, rules, lang, said):
    match = matches.create_match(db, variant=variant, options=None, house=rules,
                                 sides=[{"name": "Anna"}, {"name": "Béla"}])
    head = header(client.get(f"/m/{match.edit_token}", headers={"Accept-Language": lang}).get_data(as_text=True))
    items = [words(item) for item in re.findall(r"<li data-key=[^>]*>(.*?)</li>", head, re.S)]
    assert items == [said]
