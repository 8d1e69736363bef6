"""Scoresheet pages: numbers, opening minimums, the read-only link, undo, revisions, the winner and the chart.

Matches are created and hands added with scorekeeper.store.matches directly; the pages are read through the client.
Expected numbers are worked out by hand from the rules digest (section 1, díszített kanaszta).
"""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET

import pytest

from scorekeeper.store import matches
from scorekeeper.display.sheet import short_names

pytestmark = pytest.mark.storage

# 4 red threes 800, seven gold canastas 7 × 600, red zsoli-canasta (7 jokers) 500, out from hand 100 + 100:
# base 5700; card value 8 aces 160 + six other gold canastas 6 × 80 + 7 jokers 350 = 990; hand score 6690.
BIG = {"name": "Anna", "melds": ["A A A A A A A A", "K K K K K K K K", "Q Q Q Q Q Q Q Q", "J J J J J J J J",
                                 "10 10 10 10 10 10 10 10", "9 9 9 9 9 9 9 9", "8 8 8 8 8 8 8 8",
                                 "JK JK JK JK JK JK JK"],
       "red_threes": 4, "out": "concealed", "hand": ""}
# Béla holds two fives: base 0, card value −10.
BELA_HOLDS = {"name": "Béla", "hand": "5 5"}
# The seed's worked example: black canasta (4 jacks + 3 twos) 300, red canasta of fives 400, a red three 100,
# a twin 100 → base 900; card value 40 + 60 + 35 − 20 = 115; 1015.
SEED_1015 = {"name": "Anna", "melds": ["J J J J 2 2 2", "5 5 5 5 5 5 5"], "red_threes": 1, "twins": 1,
             "hand": "A"}
# Béla goes out with a red canasta of kings: 400 + 100 base, 70 card value → 570.
BELA_OUT = {"name": "Béla", "melds": ["K K K K K K K"], "out": "out", "hand": ""}

HAND_BIG = {"mode": "cards", "sides": [BIG, BELA_HOLDS]}
HAND_1015 = {"mode": "cards", "sides": [SEED_1015, BELA_OUT]}


def new_match(db, *hands, names=("Anna", "Béla")):
    match = matches.create_match(db, variant="diszitett", options=None, sides=[{"name": n} for n in names])
    for hand in hands:
        matches.add_hand(db, match, hand, based_on=match.version)
    return match


def text(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def in_page_order(page: str) -> list[str]:
    """The hand rows as the page lists them (the newest first), each row's HTML."""
    return re.findall(r'<tr class="hand".*?</tr>', page, re.S)


def hand_rows(page: str) -> list[list[dict[str, str]]]:
    """Per hand row, per column: the bold running total and the small print under it; hand 1 first (the page
    shows the newest first: test_the_newest_hand_comes_first_and_its_number_links_its_page)."""
    rows = []
    for row in sorted(in_page_order(page), key=lambda r: int(re.search(r'id="hand-(\d+)"', r).group(1))):
        cells = []
        for cell in re.findall(r'<td class="cell[^"]*">(.*?)</td>', row, re.S):
            total = re.search(r'<strong class="total">(.*?)</strong>', cell, re.S)
            parts = re.search(r'<span class="parts">(.*?)</span>\s*(?:<span class="visually-hidden">\(|$)', cell, re.S)
            cells.append({"total": text(total.group(1)), "parts": text(parts.group(1))})
        rows.append(cells)
    return rows


def minimums(page: str) -> dict[str, int]:
    found = re.findall(r'<span class="who">(.*?)</span>\s*<span class="minimum">(\d+)</span>', page)
    return {html.unescape(name): int(value) for name, value in found}


def undo_form(match, **overrides):
    return {"version": str(match.version), "confirm": str(len(matches.current_entries(match))), **overrides}


def stored_hands(app, match) -> int:
    with app.extensions["scorekeeper_sessions"]() as session:
        return len(matches.current_entries(matches.find_match(session, match.edit_token, editable=True)))


# --- the sheet's numbers --------------------------------------------------------------------------------


def test_sheet_shows_base_card_value_score_taxed_score_and_running_total(client, db):
    match = new_match(db, HAND_BIG, HAND_1015)
    page = client.get(f"/m/{match.edit_token}").get_data(as_text=True)
    rows = hand_rows(page)
    assert rows == [
        [{"total": "running total 6,690", "parts": "base 5,700 card value + 990 = hand score 6,690"},
         # a negative score with the typographic minus, as the signed card value (display/numbers.py points)
         {"total": "running total −10", "parts": "base 0 card value − 10 = hand score −10"}],
        # Anna's total before hand 2 is 6690 (5000–6999: halved): 1015 ends in 5 → 1020 → 510; 6690 + 510 = 7200.
        [{"total": "running total 7,200",
          "parts": "base 900 card value + 115 = hand score 1,015 → taxed score 510"},
         {"total": "running total 560", "parts": "base 500 card value + 70 = hand score 570"}],
    ]


def test_header_lists_every_side_and_names_are_escaped(client, db):
    match = new_match(db, names=("Anna", "<b>Béla & co</b>"))
    page = client.get(f"/m/{match.edit_token}").get_data(as_text=True)
    assert "<b>Béla" not in page
    assert "&lt;b&gt;Béla &amp; co&lt;/b&gt;" in page


@pytest.mark.parametrize("hands, expected", [
    ((), {"Anna": 50, "Béla": 50}),
    ((HAND_BIG,), {"Anna": 75, "Béla": 50}),              # 6690 is in 5000–6999
    ((HAND_BIG, HAND_1015), {"Anna": 90, "Béla": 50}),    # 7200 is in 7000–8999
])
def test_next_opening_minimum_follows_each_total(client, db, hands, expected):
    match = new_match(db, *hands)
    page = client.get(f"/m/{match.edit_token}").get_data(as_text=True)
    assert minimums(page) == expected
    assert page.index('class="minimum"') < page.index("Enter hand (cards)")


def test_entry_buttons_link_to_both_entry_modes(app, client, db):
    if "entry.new_hand" not in app.view_functions:
        pytest.skip("the entry pages are not registered yet")
    match = new_match(db, HAND_BIG)
    page = client.get(f"/m/{match.edit_token}").get_data(as_text=True)
    for mode in ("cards", "summary"):
        assert f'href="/m/{match.edit_token}/hands/new?mode={mode}"' in page
    hand_page = client.get(f"/m/{match.edit_token}/hands/1").get_data(as_text=True)
    assert f'href="/m/{match.edit_token}/hands/1/edit?mode=cards"' in hand_page     # a correction: on its page


def test_the_newest_hand_comes_first_and_its_number_links_its_page(client, db):
    """Issue 11: on a phone the newest hand is at the top of the table, and a hand's detail (with Edit and
    Revisions) is one tap away on its number; no row of controls follows every hand."""
    match = new_match(db, HAND_1015, HAND_BIG, HAND_1015)
    page = client.get(f"/m/{match.edit_token}").get_data(as_text=True)
    assert [re.search(r'id="hand-(\d+)"', r).group(1) for r in in_page_order(page)] == ["3", "2", "1"]
    assert (f'<a class="detail-link" href="/m/{match.edit_token}/hands/2" aria-label="Hand 2 in detail">'
            '<span class="number">2</span>') in page
    assert "hand-extra" not in page and "/edit" not in page


def test_long_names_are_cut_in_the_columns_and_kept_whole_for_screen_readers(client, db):
    hand = {"mode": "cards", "sides": [{**SEED_1015, "name": "Annamária"}, BELA_OUT]}
    match = new_match(db, hand, names=("Annamária", "Béla"))
    page = client.get(f"/m/{match.edit_token}").get_data(as_text=True)
    assert ('<th scope="col" title="Annamária"><span class="short" aria-hidden="true">Anna.</span>'
            '<span class="full">Annamária</span></th>') in page
    assert '<th scope="col">Béla</th>' in page


@pytest.mark.parametrize("names, shown", [
    (["Annamária", "Béla", "Cili"], ["Anna.", "Béla", "Cili"]),
    (["Erzsébet", "Erzsike"], ["Erzsé.", "Erzsi."]),             # cut later while two would read alike
    (["Anna & Cili", "Béla & Dani"], ["A&C", "B&D"]),
    (["Dániel", "Dani"], ["Dáni.", "Dani"]),
])
def test_short_names_are_unique(names, shown):
    assert list(short_names(names).values()) == shown


def test_hand_detail_shows_melds_red_threes_twins_and_going_out(client, db):
    match = new_match(db, HAND_1015)
    page = client.get(f"/m/{match.edit_token}").get_data(as_text=True)
    assert f'<a class="detail-link" href="/m/{match.edit_token}/hands/1" aria-label="Hand 1 in detail">' in page
    hand_page = client.get(f"/m/{match.edit_token}/hands/1").get_data(as_text=True)
    assert "<h1>Hand 1 in detail</h1>" in hand_page
    detail = text(re.search(r'<section class="hand-detail">.*?</section>\s*</div>\s*</section>', hand_page,
                            re.S).group(0))
    for expected in ("black canasta J J J J 2 2 2 100 + 300", "red canasta 5 5 5 5 5 5 5 35 + 400",
                     "red threes 100", "twins 100", "base 900", "card value 115", "hand score 1,015",
                     "red canasta K K K K K K K 70 + 400", "going out 100", "hand score 570"):
        assert expected in detail
    assert f'href="/m/{match.edit_token}/hands/1/edit?mode=cards"' in hand_page


def test_a_hand_page_links_its_neighbours_and_the_spectator_copy_has_no_edit_link(client, db):
    match = new_match(db, HAND_1015, HAND_BIG, HAND_1015)
    middle = client.get(f"/m/{match.edit_token}/hands/2").get_data(as_text=True)
    assert f'href="/m/{match.edit_token}/hands/1" rel="prev"' in middle
    assert f'href="/m/{match.edit_token}/hands/3" rel="next"' in middle
    assert f'href="/m/{match.edit_token}#hand-2"' in middle
    view = client.get(f"/v/{match.view_token}/hands/2").get_data(as_text=True)
    assert "hand score 6,690" in text(view)
    assert match.edit_token not in view and "/edit" not in view
    assert f'href="/v/{match.view_token}/hands/3" rel="next"' in view


@pytest.mark.parametrize("path", ["/m/{edit}/hands/0", "/m/{edit}/hands/4", "/v/{view}/hands/9", "/m/{view}/hands/1",
                                  "/v/nothing-here/hands/1"])
def test_a_hand_page_that_does_not_exist_is_a_404(client, db, path):
    match = new_match(db, HAND_1015, HAND_BIG, HAND_1015)
    assert client.get(path.format(edit=match.edit_token, view=match.view_token)).status_code == 404


def test_no_hands_yet(client, db):
    match = new_match(db)
    page = client.get(f"/m/{match.edit_token}").get_data(as_text=True)
    assert "No hands yet." in page
    assert hand_rows(page) == []
    assert "Undo last hand" not in page


def test_pages_carry_no_inline_style_or_script(client, db):
    match = new_match(db, HAND_BIG, HAND_1015)
    matches.edit_hand(db, match, 2, HAND_1015, based_on=match.version)
    for url in (f"/m/{match.edit_token}", f"/v/{match.view_token}", f"/m/{match.edit_token}/hands/2/revisions"):
        page = client.get(url).get_data(as_text=True)
        assert " style=" not in page and "<style" not in page
        assert not re.search(r"<script(?![^>]*\bsrc=)", page)


def test_correcting_an_earlier_hand_recomputes_the_taxation_of_later_ones(client, db):
    match = new_match(db, HAND_BIG, HAND_1015)
    before = hand_rows(client.get(f"/m/{match.edit_token}").get_data(as_text=True))
    assert before[1][0]["parts"].endswith("→ taxed score 510")
    matches.edit_hand(db, match, 1, HAND_1015, based_on=match.version)     # Anna now has 1015 before hand 2
    page = client.get(f"/m/{match.edit_token}").get_data(as_text=True)
    assert [[c["total"] for c in row] for row in hand_rows(page)] == [
        ["running total 1,015", "running total 570"], ["running total 2,030", "running total 1,140"]]
    assert "taxed score" not in hand_rows(page)[1][0]["parts"]
    assert minimums(page) == {"Anna": 50, "Béla": 50}


def test_partnerships_have_one_column_per_side(client, db):
    match = matches.create_match(db, variant="international", options=None,
                                 sides=[{"name": "NS", "players": ["Nóra", "Sári"]},
                                        {"name": "EW", "players": ["Ede", "Wili"]}])
    # NS: natural canasta 500 + going out 100; 7 kings 70, Sári holds a 4 (−5). EW: 3 queens 30, 4 and A held.
    matches.add_hand(db, match, {"mode": "cards", "sides": [
        {"name": "NS", "melds": ["K K K K K K K"], "out": "out", "hand": {"Nóra": "", "Sári": "4"}},
        {"name": "EW", "melds": ["Q Q Q"], "hand": {"Ede": "4", "Wili": "A"}}]}, based_on=0)
    page = client.get(f"/m/{match.edit_token}").get_data(as_text=True)
    assert [text(h) for h in re.findall(r'<th scope="col">(.*?)</th>', page)] == ["# Hand", "NS", "EW"]
    assert hand_rows(page) == [[
        {"total": "running total 665", "parts": "base 600 card value + 65 = hand score 665"},
        {"total": "running total 5", "parts": "base 0 card value + 5 = hand score 5"}]]


def test_a_partnership_match_stored_with_side_names_only_still_takes_its_hands(client, db):
    """Before each form's players in all were checked, the new-match form took two side names without players;
    such a match must still take hands: a partnership given by its name says nothing of its players."""
    from scorekeeper.store.models import Match, MatchSide

    match = Match(edit_token=matches.new_token(), view_token=matches.new_token(), title="", variant="international",
                  options=dict(matches.get_variant("international").rules(None).options), version=0,
                  sides=[MatchSide(position=0, name="NS", players=["NS"]),
                         MatchSide(position=1, name="EW", players=["EW"])])
    db.add(match)
    db.commit()
    result = matches.add_hand(db, match, {"mode": "cards", "sides": [
        {"name": "NS", "melds": ["K K K K K K K"], "out": "out", "hand": ""},
        {"name": "EW", "melds": ["Q Q Q"], "hand": "4"}]}, based_on=0)
    assert result.ok and result.totals == {"NS": 670, "EW": 25}
    assert client.get(f"/m/{match.edit_token}").status_code == 200


def test_cutthroat_scores_each_player_with_red_threes_kept_individual(client, db):
    match = matches.create_match(db, variant="international", options={"players": "3_cutthroat"},
                                 sides=[{"name": "Anna"}, {"name": "Béla"}, {"name": "Cili"}])
    # Anna alone: natural canasta 500, out 100, a red three 100 → base 700; 7 kings + 3 fives = 85.
    # Béla and Cili: 3 queens 30, hands 4 4 and A (−30) → 0; only Cili laid a red three (100).
    matches.add_hand(db, match, {"mode": "cards", "sides": [
        {"name": "Anna", "melds": ["K K K K K K K", "5 5 5"], "out": "out", "hand": "", "red_threes": 1},
        {"name": "Béla és Cili", "players": ["Béla", "Cili"], "melds": ["Q Q Q"], "red_threes": {"Cili": 1},
         "hand": {"Béla": "4 4", "Cili": "A"}}]}, based_on=0)
    page = client.get(f"/m/{match.edit_token}").get_data(as_text=True)
    assert [text(h) for h in re.findall(r'<th scope="col">(.*?)</th>', page)] == ["# Hand", "Anna", "Béla", "Cili"]
    assert hand_rows(page) == [[
        {"total": "running total 785", "parts": "base 700 card value + 85 = hand score 785"},
        {"total": "running total 0", "parts": "base 0 card value + 0 = hand score 0"},
        {"total": "running total 100", "parts": "base 100 card value + 0 = hand score 100"}]]
    assert minimums(page) == {"Anna": 50, "Béla": 50, "Cili": 50}


# --- winner and chart -----------------------------------------------------------------------------------


def test_winner_banner_once_someone_exceeds_10000_and_no_more_entry(client, db):
    # 6690, then the same hand halved (total before 6690): 3345 → 10035, past 10 000.
    match = new_match(db, HAND_BIG, HAND_BIG)
    page = client.get(f"/m/{match.edit_token}").get_data(as_text=True)
    assert hand_rows(page)[1][0]["total"] == "running total 10,035"
    banner = text(re.search(r'<section class="card winner-banner".*?</section>', page, re.S).group(0))
    assert "Anna wins with 10,035 points!" in banner
    assert "Enter hand" not in page
    assert "Undo last hand" in page                  # a finished match can still be corrected


def test_no_winner_banner_while_nobody_is_past_the_target(client, db):
    match = new_match(db, HAND_BIG)
    page = client.get(f"/m/{match.edit_token}").get_data(as_text=True)
    assert "winner-banner" not in page


@pytest.mark.parametrize("names", [("Anna", "Béla"), ("Anna", "Béla", "Cili")])
def test_score_race_chart_has_one_polyline_per_side(client, db, names):
    sides = [BIG, BELA_HOLDS] + [{"name": n, "hand": "4"} for n in names[2:]]
    match = new_match(db, {"mode": "cards", "sides": sides}, names=names)
    page = client.get(f"/m/{match.edit_token}").get_data(as_text=True)
    svg = re.search(r"<svg.*?</svg>", page, re.S).group(0)
    root = ET.fromstring(svg)
    lines = list(root.iter("{http://www.w3.org/2000/svg}polyline"))
    assert len(lines) == len(names)
    assert all(len(line.get("points").split()) == 2 for line in lines)     # hand 0 and hand 1


# --- the read-only link ---------------------------------------------------------------------------------


def test_view_link_shows_the_numbers_without_edit_controls_or_the_edit_token(client, db):
    match = new_match(db, HAND_BIG, HAND_1015)
    matches.edit_hand(db, match, 2, HAND_1015, based_on=match.version)
    page = client.get(f"/v/{match.view_token}").get_data(as_text=True)
    assert hand_rows(page)[1][0]["total"] == "running total 7,200"
    assert minimums(page) == {"Anna": 90, "Béla": 50}
    assert match.edit_token not in page
    for control in ("Enter hand", "/undo", "Undo last hand", ">Edit<", "/edit", "Edit link", 'name="version"'):
        assert control not in page
    assert 'title="Revisions (2)"' in in_page_order(page)[0]               # hand 2 is marked as corrected …
    assert 'aria-label="Hand 2 in detail, Revisions (2)"' in in_page_order(page)[0]     # (said, not only drawn)
    hand_page = client.get(f"/v/{match.view_token}/hands/2").get_data(as_text=True)
    assert f'href="/v/{match.view_token}/hands/2/revisions"' in hand_page   # … and its page links the revisions
    revisions = client.get(f"/v/{match.view_token}/hands/2/revisions").get_data(as_text=True)
    assert match.edit_token not in revisions
    assert f'href="/v/{match.view_token}#hand-2"' in revisions


def test_edit_page_offers_both_links_to_share(client, db):
    match = new_match(db)
    page = client.get(f"/m/{match.edit_token}").get_data(as_text=True)
    assert f'value="http://localhost/v/{match.view_token}"' in page
    assert f'value="http://localhost/m/{match.edit_token}"' in page


@pytest.mark.parametrize("url", [
    "/m/{view}", "/v/{edit}", "/m/not-a-token", "/v/not-a-token",
    "/m/{edit}/hands/1/revisions", "/v/{view}/hands/9/revisions", "/m/{view}/hands/1/revisions",
])
def test_wrong_tokens_and_missing_hands_are_404(client, db, url):
    match = new_match(db)
    response = client.get(url.format(edit=match.edit_token, view=match.view_token))
    assert response.status_code == 404
    assert "No match at this link" in response.get_data(as_text=True) or "no hand" in response.get_data(as_text=True)


# --- undo -----------------------------------------------------------------------------------------------


def test_undo_removes_the_last_hand_and_recomputes(app, client, db, csrf):
    match = new_match(db, HAND_BIG, HAND_1015)
    response = client.post(f"/m/{match.edit_token}/undo", data={"csrf_token": csrf, **undo_form(match)})
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/m/{match.edit_token}")
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Hand 2 was removed." in page
    assert [row[0]["total"] for row in hand_rows(page)] == ["running total 6,690"]
    assert minimums(page) == {"Anna": 75, "Béla": 50}
    assert stored_hands(app, match) == 1


def test_undo_without_the_tick_asks_for_confirmation_and_removes_nothing(app, client, db, csrf):
    match = new_match(db, HAND_BIG, HAND_1015)
    response = client.post(f"/m/{match.edit_token}/undo",
                           data={"csrf_token": csrf, "version": str(match.version)})
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "Remove hand 2?" in page
    confirm = re.search(r'<section class="card undo-confirm".*?</section>', page, re.S).group(0)
    assert 'name="confirm" value="2"' in confirm and f'name="version" value="{match.version}"' in confirm
    assert stored_hands(app, match) == 2


@pytest.mark.parametrize("confirm", ["1", "yes", ""])
def test_undo_confirmation_must_name_the_last_hand(app, client, db, csrf, confirm):
    match = new_match(db, HAND_BIG, HAND_1015)
    client.post(f"/m/{match.edit_token}/undo", data={"csrf_token": csrf, **undo_form(match, confirm=confirm)})
    assert stored_hands(app, match) == 2


def test_undo_based_on_a_stale_version_is_refused_with_409(app, client, db, csrf):
    match = new_match(db, HAND_BIG)
    seen = match.version
    matches.add_hand(db, match, HAND_1015, based_on=match.version)      # another phone saved meanwhile
    response = client.post(f"/m/{match.edit_token}/undo",
                           data={"csrf_token": csrf, "version": str(seen), "confirm": "1"})
    page = response.get_data(as_text=True)
    assert response.status_code == 409
    assert "This match changed — here is the current state" in page
    assert [row[0]["total"] for row in hand_rows(page)] == ["running total 6,690", "running total 7,200"]
    assert f'name="version" value="{match.version}"' in page
    assert stored_hands(app, match) == 2


def test_undo_racing_another_save_is_refused_with_409_and_keeps_both_hands(app, client, db, csrf, monkeypatch):
    """Another phone saves after the page checked the version but before the undo is written."""
    from scorekeeper.web.match import views as match_pages

    real_undo = match_pages.undo_last

    def racing_undo(session, match_, *, based_on, **key):
        with app.extensions["scorekeeper_sessions"]() as other:
            theirs = matches.find_match(other, match_.edit_token, editable=True)
            matches.add_hand(other, theirs, HAND_1015, based_on=theirs.version)
        return real_undo(session, match_, based_on=based_on, **key)

    monkeypatch.setattr(match_pages, "undo_last", racing_undo)
    match = new_match(db, HAND_BIG)
    response = client.post(f"/m/{match.edit_token}/undo", data={"csrf_token": csrf, **undo_form(match)})
    assert response.status_code == 409
    page = response.get_data(as_text=True)
    assert "This match changed — here is the current state" in page
    assert [row[0]["total"] for row in hand_rows(page)] == ["running total 6,690", "running total 7,200"]
    assert stored_hands(app, match) == 2


def test_undo_without_csrf_token_is_refused(app, client, db):
    match = new_match(db, HAND_BIG)
    response = client.post(f"/m/{match.edit_token}/undo", data=undo_form(match))
    assert response.status_code == 400
    assert stored_hands(app, match) == 1


@pytest.mark.parametrize("version", ["", "abc", "-1", "1.5"])
def test_undo_with_a_bad_version_is_400(app, client, db, csrf, version):
    match = new_match(db, HAND_BIG)
    response = client.post(f"/m/{match.edit_token}/undo",
                           data={"csrf_token": csrf, **undo_form(match, version=version)})
    assert response.status_code == 400
    assert "version" in response.get_data(as_text=True)
    assert stored_hands(app, match) == 1


def test_undo_with_nothing_to_undo_says_so(client, db, csrf):
    match = new_match(db)
    response = client.post(f"/m/{match.edit_token}/undo", data={"csrf_token": csrf, "version": "0", "confirm": "0"})
    assert response.status_code == 409
    assert "There is no hand to undo." in response.get_data(as_text=True)


def test_undo_through_the_view_token_is_404(app, client, db, csrf):
    match = new_match(db, HAND_BIG)
    response = client.post(f"/m/{match.view_token}/undo", data={"csrf_token": csrf, **undo_form(match)})
    assert response.status_code == 404
    assert stored_hands(app, match) == 1


def test_undo_recomputes_taxation_of_what_follows(app, client, db, csrf):
    """After undoing, a new hand is taxed from the recomputed total, not the removed one."""
    match = new_match(db, HAND_BIG, HAND_1015)
    client.post(f"/m/{match.edit_token}/undo", data={"csrf_token": csrf, **undo_form(match)})
    with app.extensions["scorekeeper_sessions"]() as session:
        fresh = matches.find_match(session, match.edit_token, editable=True)
        matches.add_hand(session, fresh, {"mode": "cards", "sides": [SEED_1015, BELA_OUT]}, based_on=fresh.version)
    page = client.get(f"/m/{match.edit_token}").get_data(as_text=True)
    assert [row[0]["total"] for row in hand_rows(page)] == ["running total 6,690", "running total 7,200"]


# --- revisions ------------------------------------------------------------------------------------------


def test_revisions_list_every_version_newest_first_with_the_current_one_marked(client, db):
    match = new_match(db, HAND_BIG, HAND_1015)
    corrected = {"mode": "cards", "sides": [SEED_1015, {**BELA_OUT, "melds": ["Q Q Q Q Q Q Q"]}]}
    matches.edit_hand(db, match, 2, corrected, based_on=match.version)
    sheet = client.get(f"/m/{match.edit_token}").get_data(as_text=True)
    assert 'title="Revisions (2)"' in in_page_order(sheet)[0]    # the sheet marks hand 2 (newest first) …
    assert "Revisions" not in in_page_order(sheet)[1]            # … not hand 1, which has one revision
    hand_page = client.get(f"/m/{match.edit_token}/hands/2").get_data(as_text=True)
    assert f'href="/m/{match.edit_token}/hands/2/revisions"' in hand_page

    page = client.get(f"/m/{match.edit_token}/hands/2/revisions").get_data(as_text=True)
    items = re.findall(r'<li class="card revision( current)?">(.*?)</li>\s*(?=<li class="card revision|</ol>)',
                       page, re.S)
    assert len(items) == 2
    (newest_current, newest), (oldest_current, oldest) = items
    assert newest_current and not oldest_current
    assert text(newest).startswith("corrected") and text(oldest).startswith("entered")
    assert "Q Q Q Q Q Q Q" in newest and "K K K K K K K" in oldest
    assert "J J J J 2 2 2" in newest and "5 5 5 5 5 5 5" in newest
    assert re.search(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC", text(newest))
    assert text(newest).count("changed") == 1                    # only Béla's side changed


def test_revisions_of_an_undone_hand_mark_nothing_current(client, db):
    match = new_match(db, HAND_BIG, HAND_1015)
    matches.undo_last(db, match, based_on=match.version)
    page = client.get(f"/m/{match.edit_token}/hands/2/revisions").get_data(as_text=True)
    assert "removed (undo)" in page and "entered" in page
    assert 'revision current' not in page


def test_revisions_show_summary_entries_as_counts(client, db):
    try:
        match = new_match(db, {"mode": "summary", "sides": [
            {"name": "Anna", "canastas": {"red_canasta": 1}, "melded_points": 120, "hand_points": 0,
             "red_threes": 1, "out": "out"},
            {"name": "Béla", "melded_points": 0, "hand_points": 30}]})
    except Exception as exc:                                     # the summary record is still being built
        pytest.skip(f"summary entries are not accepted yet: {exc}")
    matches.edit_hand(db, match, 1, matches.current_entries(match)[0], based_on=match.version)
    page = text(client.get(f"/m/{match.edit_token}/hands/1/revisions").get_data(as_text=True))
    assert "Entered as a summary" in page
    assert "red canasta 1" in page and "melded card points 120" in page and "hand card points 30" in page
