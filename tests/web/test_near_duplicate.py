"""A new hand that differs from the last saved one in a detail or two is a question, not a second hand (issue 22,
the phantom hand): each difference named in the player's words, "Correct hand N" the default, "Save as hand N+1"
a confirmation for that hand only; a real next hand, a re-sent save and an exact duplicate as before. And Back after
a save: the hand form is never kept in a cache and never refilled by the browser's own form-state restoration."""

from __future__ import annotations

import re

import pytest

from sweep_pages import english_fragments, english_on
from test_entry import SEED_HAND, SMALL_HAND, create, post_hand, state, text, textarea
from test_keltis_web import GAME

pytestmark = pytest.mark.storage

ONE_MORE_TWIN = {**SEED_HAND, "side0-twins": "2"}


def version_of(html: str) -> int:
    return int(re.search(r'name="version" type="hidden" value="(\d+)"', html).group(1))


def buttons(html: str) -> list[str]:
    """The submit buttons of the page in tree order (the first is the one Enter triggers), as text."""
    return [text(b) .strip() for b in re.findall(r'<button type="submit"[^>]*>(.*?)</button>', html, re.S)]


def test_one_more_twin_asks_which_hand_and_names_the_difference(app, client, csrf):
    token = create(client, csrf)
    post_hand(client, csrf, token, SEED_HAND)
    response = post_hand(client, csrf, token, ONE_MORE_TWIN, version=1)
    html = response.get_data(as_text=True)
    assert response.status_code == 409
    assert "This looks like hand 1 — correct hand 1, or save it as hand 2?" in text(html)
    assert "Only 1 thing differs from hand 1: Anna — Twins: 1 → 2" in text(html)
    assert textarea(html, "side0-melds") == SEED_HAND["side0-melds"]          # the input is kept
    assert len(state(app, token)["entries"]) == 1                            # nothing stored
    # the default (first) button corrects hand 1 through the carry flow; then the confirmation for hand 2
    assert buttons(html)[:2] == ["Correct hand 1", "Save as hand 2"]
    first = re.search(r'<button type="submit"[^>]*>', html).group(0)
    assert f'formaction="/m/{token}/hands/1/edit?mode=cards&amp;carry=1"' in first
    assert 'name="confirm_near" value="2"' in html and "confirm_duplicate" not in html
    # the save bar's button is that same choice, named so (not a silent "Save hand 2")
    assert text(html).count("Save as hand 2") == 2 and html.count('name="confirm_near" value="2"') == 2


@pytest.mark.parametrize("changed, said", [
    ({"side1-red_threes": "1", "side1-out": "concealed"},
     ["Béla — Red threes: 0 → 1", "Béla — Going out: Went out → Out from hand"]),
    ({"side0-hand": "A 4"}, ["Anna — Cards left in hand: A → A 4"]),
    ({"side1-melds": "K K K K K K K K"}, ["Béla — Melds: K K K K K K K → K K K K K K K K"]),
    ({"side0-melds": "J J J J 2 2 2\n5 5 5 5 5 5"}, ["Anna — Melds: J J J J 2 2 2 / 5 5 5 5 5 5 5 → J J J J 2 2 2 / 5 5 5 5 5 5"]),
    ({"side1-penalties-0-code": "other", "side1-penalties-0-points": "-100"}, ["Béla — Penalty: — → other (-100)"]),
])
def test_each_difference_is_named_by_who_what_and_old_to_new(client, csrf, changed, said):
    token = create(client, csrf)
    post_hand(client, csrf, token, SEED_HAND)
    html = post_hand(client, csrf, token, {**SEED_HAND, **changed}, version=1).get_data(as_text=True)
    items = [text(li).strip() for li in re.findall(r'<ul class="changes">(.*?)</ul>', html, re.S)[0].split("</li>")
             if text(li).strip()]
    assert items == said


def test_a_player_name_with_markup_is_shown_as_text(client, csrf):
    token = create(client, csrf, names=("<b>Anna</b>", "Béla"))
    post_hand(client, csrf, token, SEED_HAND)
    html = post_hand(client, csrf, token, ONE_MORE_TWIN, version=1).get_data(as_text=True)
    assert "&lt;b&gt;Anna&lt;/b&gt; — Twins: 1 → 2" in html and "<b>Anna</b>" not in html


def test_correct_hand_n_carries_the_input_into_the_correction_and_stores_nothing(app, client, csrf):
    token = create(client, csrf)
    post_hand(client, csrf, token, SEED_HAND)
    asked = post_hand(client, csrf, token, ONE_MORE_TWIN, version=1, save_key="phone-b").get_data(as_text=True)
    url = re.search(r'formaction="([^"]+carry=1)"', asked).group(1).replace("&amp;", "&")
    carried = client.post(url, data={"csrf_token": csrf, "version": str(version_of(asked)), "save_key": "phone-b",
                                     **ONE_MORE_TWIN})
    html = carried.get_data(as_text=True)
    assert carried.status_code == 200 and "Your entry, as a correction of hand 1" in text(html)
    assert re.search(r'<input[^>]*id="side0-twins"[^>]*value="2"', html)
    assert state(app, token)["entries"][0]["sides"][0]["twins"] == 1 and len(state(app, token)["entries"]) == 1
    key = re.search(r'name="save_key" value="([^"]+)"', html).group(1)
    assert post_hand(client, csrf, token, ONE_MORE_TWIN, version=1, number=1, save_key=key).status_code == 303
    entries = state(app, token)["entries"]
    assert len(entries) == 1 and entries[0]["sides"][0]["twins"] == 2


def test_save_as_hand_n_plus_1_stores_exactly_one_hand_and_only_with_its_own_number(app, client, csrf):
    token = create(client, csrf)
    post_hand(client, csrf, token, SEED_HAND)
    # a confirmation for another hand (an older question, a forged number) does not cover hand 2
    for other in ("1", "3", ""):
        assert post_hand(client, csrf, token, ONE_MORE_TWIN, version=1, confirm_near=other).status_code == 409
    assert len(state(app, token)["entries"]) == 1
    saved = post_hand(client, csrf, token, ONE_MORE_TWIN, version=1, confirm_near="2", save_key="b-2")
    again = post_hand(client, csrf, token, ONE_MORE_TWIN, version=1, confirm_near="2", save_key="b-2")  # re-sent
    assert saved.status_code == again.status_code == 303
    entries = state(app, token)["entries"]
    assert len(entries) == 2 and entries[1]["sides"][0]["twins"] == 2
    # the confirmation given for hand 2 does not cover hand 3: the same near hand again is asked about
    html = post_hand(client, csrf, token, {**ONE_MORE_TWIN, "side0-twins": "3"}, version=2,
                     confirm_near="2").get_data(as_text=True)
    assert "This looks like hand 2 — correct hand 2, or save it as hand 3?" in text(html)
    assert len(state(app, token)["entries"]) == 2


def test_a_confirmation_of_a_near_hand_does_not_cover_an_exact_duplicate(app, client, csrf):
    token = create(client, csrf)
    post_hand(client, csrf, token, SEED_HAND)
    html = post_hand(client, csrf, token, SEED_HAND, version=1, confirm_near="2").get_data(as_text=True)
    assert "This is the same as hand 1 — save it again?" in text(html)
    assert "This looks like" not in text(html) and len(state(app, token)["entries"]) == 1


def test_a_real_next_hand_is_not_asked_about(app, client, csrf):
    token = create(client, csrf)
    post_hand(client, csrf, token, SEED_HAND)
    assert post_hand(client, csrf, token, SMALL_HAND, version=1).status_code == 303
    # the same went-out side and the same empty fields, but every meld and card left dealt anew
    next_hand = {**SMALL_HAND, "side0-melds": "Q Q Q Q Q Q Q\n8 8 8", "side1-hand": "6 9 J"}
    assert post_hand(client, csrf, token, next_hand, version=2).status_code == 303
    assert len(state(app, token)["entries"]) == 3


def test_three_changes_are_past_the_bound_and_saved_as_a_new_hand(app, client, csrf):
    token = create(client, csrf)
    post_hand(client, csrf, token, SEED_HAND)
    three = {**SEED_HAND, "side0-twins": "2", "side0-red_threes": "2", "side1-red_threes": "1"}
    assert post_hand(client, csrf, token, three, version=1).status_code == 303


def test_the_phantom_flow_a_stale_save_mine_is_asked_about_not_stored(app, client, csrf):
    token = create(client, csrf)
    assert post_hand(client, csrf, token, SEED_HAND, save_key="phone-a").status_code == 303     # A saves hand 1
    refused = post_hand(client, csrf, token, ONE_MORE_TWIN, version=0, save_key="phone-b")      # B: one more twin
    assert refused.status_code == 409 and "Save mine as hand 2" in text(refused.get_data(as_text=True))
    mine = post_hand(client, csrf, token, ONE_MORE_TWIN, version=version_of(refused.get_data(as_text=True)),
                     save_key="phone-b")                                                         # "Save mine"
    assert mine.status_code == 409
    assert "Anna — Twins: 1 → 2" in text(mine.get_data(as_text=True))
    assert len(state(app, token)["entries"]) == 1


def test_a_re_sent_save_of_a_stored_near_hand_is_answered_as_the_first_save(app, client, csrf):
    token = create(client, csrf)
    post_hand(client, csrf, token, SEED_HAND)
    post_hand(client, csrf, token, ONE_MORE_TWIN, version=1, confirm_near="2", save_key="tap-1")
    # the same POST again without the confirmation (a retry of a save that was stored): never asked about
    assert post_hand(client, csrf, token, ONE_MORE_TWIN, version=1, save_key="tap-1").status_code == 303
    assert len(state(app, token)["entries"]) == 2


def test_keltis_names_the_players_row_and_says_game(app, client, csrf):
    token = create(client, csrf, "keltis")
    post_hand(client, csrf, token, GAME)
    html = post_hand(client, csrf, token, {**GAME, "side1-rows-blue": "9 7 7 4 3"}, version=1).get_data(as_text=True)
    assert "This looks like game 1 — correct game 1, or save it as game 2?" in text(html)
    assert "Béla — blue: 9 7 7 4 → 9 7 7 4 3" in text(html)
    assert buttons(html)[:2] == ["Correct game 1", "Save as game 2"]
    assert len(state(app, token)["entries"]) == 1


def test_the_question_is_in_hungarian(client, csrf):
    token = create(client, csrf)
    post_hand(client, csrf, token, SEED_HAND)
    html = client.post(f"/m/{token}/hands/new?mode=cards", headers={"Accept-Language": "hu"},
                       data={"csrf_token": csrf, "version": "1", **ONE_MORE_TWIN}).get_data(as_text=True)
    assert "Ez nagyon hasonlít a már mentett 1. leosztásra – azt javítod, vagy 2. leosztásként mented?" in text(html)
    assert "1 eltérés a már mentett 1. leosztáshoz képest: Anna — Ikrek: 1 → 2" in text(html)
    assert buttons(html)[:2] == ["1. leosztás javítása", "Mentés 2. leosztásként"]


@pytest.mark.parametrize("variant, first, near", [
    ("diszitett", SEED_HAND, ONE_MORE_TWIN),
    ("keltis", GAME, {**GAME, "side1-rows-blue": "9 7 7 4 3"}),
])
def test_the_question_page_shows_no_english_in_hungarian(client, csrf, variant, first, near):
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "hu"       # the "saved" flash of the first save too
    token = create(client, csrf, variant)
    post_hand(client, csrf, token, first)
    html = post_hand(client, csrf, token, near, version=1).get_data(as_text=True)
    assert 'class="card stale near"' in html
    assert english_on(html, english_fragments()) == []


# ------------------------------------------------------------------------------------------ Back after a save

def test_hand_forms_are_never_stored_in_a_cache_and_not_refilled_by_the_browser(client, csrf):
    token = create(client, csrf)
    post_hand(client, csrf, token, SEED_HAND)
    pages = [client.get(f"/m/{token}/hands/new"), client.get(f"/m/{token}/hands/new?mode=summary"),
             client.get(f"/m/{token}/hands/1/edit"), post_hand(client, csrf, token, ONE_MORE_TWIN, version=1)]
    for response in pages:
        assert response.headers["Cache-Control"] == "no-store", response.request.path
        assert re.search(r'<form id="hand-form"[^>]* autocomplete="off"', response.get_data(as_text=True))
    # the rest keeps its caching: the sheet is not no-store, a fingerprinted static file is kept a year
    assert "no-store" not in client.get(f"/m/{token}").headers.get("Cache-Control", "")
    script = re.search(r'src="(/static/draft\.js\?v=\w+)"', pages[0].get_data(as_text=True)).group(1)
    with client.get(script) as static:
        assert "immutable" in static.headers["Cache-Control"]


SUMMARY = {"side0-canastas-gold_canasta": "1", "side0-melded_counts-g4_7": "3", "side0-melded_counts-g8_K": "7",
           "side0-out": "out",
           "side1-hand_points": "30"}


def test_a_summary_names_a_count_under_its_legend_and_a_canasta_by_its_kind(app, client, csrf):
    token = create(client, csrf)
    assert post_hand(client, csrf, token, SUMMARY, mode="summary").status_code == 303
    changed = {**SUMMARY, "side0-melded_counts-g4_7": "4", "side0-canastas-gold_canasta": "2"}
    html = post_hand(client, csrf, token, changed, version=1, mode="summary").get_data(as_text=True)
    assert "Only 2 things differ from hand 1:" in text(html)
    items = re.findall(r"<li>([^<]*)</li>", re.findall(r'<ul class="changes">(.*?)</ul>', html, re.S)[0])
    assert [text(i).strip() for i in items] == ["Anna — gold canasta: 1 → 2", "Anna — Melded cards, 4–7 (5 each): 3 → 4"]
    assert 'formaction="/m/%s/hands/1/edit?mode=summary&amp;carry=1"' % token in html
