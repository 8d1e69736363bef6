"""Summary entry by counts of cards per value group (issue 11, item 11): the form offers a count per group of
the variant's card values, on the table and in hand; the counts are stored as typed and the server adds them up."""

from __future__ import annotations

import re

import pytest

from test_entry import SUMMARY, create, errors_after, post_hand, state, text

pytestmark = pytest.mark.storage


@pytest.fixture
def token(client, csrf):
    return create(client, csrf)

# SUMMARY's Anna (melded 135, 20 in hand) as counts: 11 cards 8–K, one 4–7, one ace or 2; one ace or 2 in hand.
BY_COUNTS = {**{k: v for k, v in SUMMARY.items() if not k.startswith("side0-") or "points" not in k},
             "side0-melded_counts-g8_K": "11", "side0-melded_counts-g4_7": "1", "side0-melded_counts-gA_2": "1",
             "side0-hand_counts-gA_2": "1"}


def test_the_summary_form_offers_a_count_per_value_group(client, csrf, token):
    html = client.get(f"/m/{token}/hands/new?mode=summary").get_data(as_text=True)
    for group in ("g4_7", "g8_K", "gA_2", "gJK"):
        assert f'id="side0-melded_counts-{group}"' in html and f'id="side1-hand_counts-{group}"' in html
    assert 'id="side0-hand_counts-gblack3"' in html and 'id="side0-melded_counts-gblack3"' not in html
    assert "Jokers (50 each)" in text(html) and "8–K (10 each)" in text(html)
    assert 'max="8"' in html                                  # díszített has 8 jokers


def test_a_summary_hand_by_counts_is_stored_as_counts_and_scores_like_the_points(app, client, csrf, token):
    response = post_hand(client, csrf, token, BY_COUNTS, mode="summary")
    assert response.status_code == 303, text(response.get_data(as_text=True))[:600]
    anna = state(app, token)["entries"][0]["sides"][0]
    assert anna["melded_counts"] == {"4-7": 1, "8-K": 11, "A-2": 1} and anna["hand_counts"] == {"A-2": 1}
    assert "melded_points" not in anna and "hand_points" not in anna
    assert state(app, token)["sheet"]["totals"] == {"Anna": 1015, "Béla": 570}    # as SUMMARY by points
    sheet = text(client.get(f"/m/{token}").get_data(as_text=True))
    assert "1,015" in sheet and "570" in sheet
    edit = client.get(f"/m/{token}/hands/1/edit").get_data(as_text=True)
    tag = re.search(r'<input[^>]*id="side0-melded_counts-g8_K"[^>]*>', edit).group(0)
    assert re.search(r'\svalue="(\d+)"', tag).group(1) == "11"      # value_of would read data-value="10"
    revisions = text(client.get(f"/m/{token}/hands/1/revisions").get_data(as_text=True))
    assert "8–K (10 each) × 11" in revisions


def test_points_and_counts_for_one_side_are_refused_at_the_points_field(app, client, csrf, token):
    response = post_hand(client, csrf, token, {**BY_COUNTS, "side0-melded_points": "135"}, mode="summary")
    assert response.status_code == 400            # a RecordError or a form range: the input is malformed
    assert "not both" in errors_after(response.get_data(as_text=True), "side0-melded_points")
    assert state(app, token)["entries"] == []


def test_more_jokers_than_the_deck_holds_are_refused_at_the_joker_count(app, client, csrf, token):
    response = post_hand(client, csrf, token, {**BY_COUNTS, "side0-hand_counts-gJK": "9"}, mode="summary")
    assert response.status_code == 400            # a RecordError or a form range: the input is malformed
    assert errors_after(response.get_data(as_text=True), "side0-hand_counts-gJK")
    fields = {**BY_COUNTS, "side0-hand_counts-gJK": "5", "side0-melded_counts-gJK": "4"}
    response = post_hand(client, csrf, token, fields, mode="summary")
    assert response.status_code == 400            # a RecordError or a form range: the input is malformed
    assert "deck holds 8" in errors_after(response.get_data(as_text=True), "side0-hand_counts-gJK")
    assert state(app, token)["entries"] == []


def test_the_value_groups_and_the_refusals_are_in_hungarian_on_a_hungarian_page(client, csrf, token):
    hu = {"Accept-Language": "hu"}
    html = text(client.get(f"/m/{token}/hands/new?mode=summary", headers=hu).get_data(as_text=True))
    assert "Á, 2 (20 pont/lap)" in html and "Vagy számold meg a lapokat érték szerint" in html
    assert "(20 each)" not in html
    response = client.post(f"/m/{token}/hands/new?mode=summary", headers=hu, data={
        "csrf_token": csrf, "version": "0", **BY_COUNTS, "side0-melded_points": "135"})
    assert "ne mindkettőt" in errors_after(response.get_data(as_text=True), "side0-melded_points")


def test_the_api_takes_counts_and_names_a_count_past_the_deck(client):
    from test_api import API, SUMMARY_HAND, add, new_match

    token = new_match(client)["edit_token"]
    anna = {k: v for k, v in SUMMARY_HAND["sides"][0].items() if not k.endswith("_points")}
    by_counts = {**SUMMARY_HAND, "sides": [{**anna, "melded_counts": {"8-K": 11, "4-7": 1, "A-2": 1},
                                           "hand_counts": {"A-2": 1}}, SUMMARY_HAND["sides"][1]]}
    assert add(client, token, by_counts, 0).status_code == 201
    assert client.get(f"{API}/matches/{token}").json["totals"] == {"Anna": 1015, "Béla": 570}
    too_many = {**by_counts, "sides": [{**anna, "melded_counts": {"JK": 9}}, SUMMARY_HAND["sides"][1]]}
    response = add(client, token, too_many, 1)
    assert response.status_code == 400 and "melded_counts.JK" in str(response.json)


def test_too_few_counted_cards_for_the_canastas_are_said_with_the_counts_not_at_the_empty_points(client, csrf,
                                                                                               token):
    fields = {**BY_COUNTS, "side0-melded_counts-g8_K": "2", "side0-melded_counts-g4_7": "0",
              "side0-melded_counts-gA_2": "0"}
    response = post_hand(client, csrf, token, fields, mode="summary")
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert not errors_after(html, "side0-melded_points")
    counts = html[html.index('id="side0-name"'):html.index('id="side0-melded_points"')]
    assert "the recorded canastas alone hold at least" in text(counts)


def test_counts_past_the_deck_across_the_sides_are_shown_at_every_field_involved(app, client, csrf, token):
    """9 jokers counted in a díszített hand (the deck holds 8): 5 on Anna's table, 4 on Béla's; each side alone
    is within the deck, so only the table-wide check finds it (rules/value_groups.py)."""
    fields = {**BY_COUNTS, "side0-melded_counts-gJK": "5", "side1-melded_points": "",
              "side1-melded_counts-gJK": "4"}
    response = post_hand(client, csrf, token, fields, mode="summary")
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    said = "jokers: 9 counted on the table and in hands, the deck holds 8; 5 in Anna's melds; 4 in Béla's melds"
    assert said in errors_after(html, "side0-melded_counts-gJK")
    assert said in errors_after(html, "side1-melded_counts-gJK")
    assert state(app, token)["entries"] == []
    hu = client.post(f"/m/{token}/hands/new?mode=summary", headers={"Accept-Language": "hu"},
                     data={"csrf_token": csrf, "version": "0", **fields}).get_data(as_text=True)
    assert ("dzsókerek: 9 lapot számoltatok az asztalon és a kezekben, a pakliban csak 8 van; 5 Anna csoportjaiban; "
            "4 Béla csoportjaiban") in errors_after(hu, "side1-melded_counts-gJK")
