"""Issue 11 item 7: every unreadable card of a hand at once, each at its field in the player's words, the notation
said once; problems of the whole table (two players out, too many copies of a card) at the fields involved."""

from __future__ import annotations

import pytest

from test_entry import create, errors_after, post_hand, state, text, textarea, value_of

pytestmark = pytest.mark.storage

FOUR = ("Anna", "Béla", "Cili", "Dani")
GOOD = {"side0-melds": "K K K K K K K", "side0-out": "out", "side0-hand": "",
        "side1-melds": "7 7 7", "side1-hand": "4 5", "side2-melds": "9 9 9", "side2-hand": "",
        "side3-melds": "", "side3-hand": "5"}
# Three typos in three fields of two players: Béla's 2nd meld, Béla's hand, Cili's 2nd meld.
TYPOS = {**GOOD, "side1-melds": "7 7 7\n8 8 X", "side1-hand": "4 5 Y", "side2-melds": "9 9 9\nQ Q H"}


def top_of(html: str) -> str:
    return text(html[html.index('id="hand-problems"'):html.index('id="side0-name"')])


@pytest.fixture
def four(client, csrf):
    return create(client, csrf, names=FOUR)


def test_three_typos_in_three_fields_are_three_messages_at_their_fields_with_the_help_once(app, client, csrf, four):
    response = post_hand(client, csrf, four, TYPOS)
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    assert errors_after(html, "side1-melds") == "2nd meld: 'X' (card 3) is not a card"
    assert errors_after(html, "side1-hand") == "'Y' (card 3) is not a card"
    assert errors_after(html, "side2-melds") == "2nd meld: 'H' (card 3) is not a card"
    assert errors_after(html, "side0-melds") == errors_after(html, "side3-melds") == ""
    top = top_of(html)
    for line in ("Béla, 2nd meld: 'X' (card 3) is not a card", "Béla, cards in hand: 'Y' (card 3) is not a card",
                 "Cili, 2nd meld: 'H' (card 3) is not a card"):
        assert line in top
    assert top.count("Cards are 4–10, J, Q, K, A, 2, JK (joker)") == 1     # the short help, once
    page = text(html)
    assert "hands[" not in page and "sides[" not in page and "position" not in page
    assert "optionally followed by a suit" not in page                      # the old lecture is gone
    assert textarea(html, "side2-melds") == "9 9 9\nQ Q H" and value_of(html, "side1-hand") == "4 5 Y"
    assert state(app, four)["entries"] == []


def test_typos_are_said_in_hungarian(client, csrf, four):
    client.set_cookie("lang", "hu")
    html = post_hand(client, csrf, four, TYPOS).get_data(as_text=True)
    assert errors_after(html, "side2-melds") == "2. csoport: 'H' (3. lap) nem kártya"
    top = top_of(html)
    assert "Cili, 2. csoport: 'H' (3. lap) nem kártya" in top
    assert "Béla, kézben maradt lapok: 'Y' (3. lap) nem kártya" in top
    assert top.count("A lapok: 4–10") == 1 and "is not a card" not in top


def test_two_players_out_is_shown_at_each_going_out(client, csrf, four):
    response = post_hand(client, csrf, four, {**GOOD, "side1-out": "out", "side1-melds": "7 7 7 7 7 7 7",
                                              "side1-hand": ""})
    html = response.get_data(as_text=True).replace('<div class="pile"', "<label")
    assert response.status_code == 422
    said = "only one player can go out in a hand; recorded: Anna and Béla"
    assert said in errors_after(html, "side0-out-3") and said in errors_after(html, "side1-out-3")
    assert said not in errors_after(html, "side2-out-3")
    assert said in top_of(html)


def test_too_many_copies_are_shown_at_the_fields_holding_them_naming_where_they_are(client, csrf, four):
    response = post_hand(client, csrf, four, {**GOOD, "side1-melds": "Q Q Q Q Q Q Q", "side1-hand": "",
                                              "side3-hand": "Q Q"})
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    said = "nine queens are on the table and in hands, the deck holds eight queens; 7 in Béla's melds; 2 in Dani's hand"
    assert said in errors_after(html, "side1-melds") and said in errors_after(html, "side3-hand")
    assert said not in errors_after(html, "side0-melds") and said in top_of(html)


def test_the_api_lists_the_fields_a_problem_of_the_table_involves(client):
    record = {"variant": "diszitett", "sides": [
        {"name": "Anna", "melds": ["8 8 8 8 8 8 8"], "out": "out", "hand": ""},
        {"name": "Béla", "melds": ["9 9 9 9 9 9 9"], "out": "out", "hand": ""}]}
    problems = client.post("/api/v1/score", json=record).get_json()["problems"]
    [out] = [p for p in problems if p["code"] == "several_went_out"]
    assert (out["field"], out["fields"]) == ("sides", ["sides[0].out", "sides[1].out"])


def test_the_api_lists_every_unreadable_card_of_a_saved_hand_with_its_field(client):
    created = client.post("/api/v1/matches", json={"variant": "diszitett",
                                                   "sides": [{"name": n} for n in FOUR]}).get_json()
    hand = {"mode": "cards", "sides": [
        {"name": "Anna", "melds": ["K K K K K K K"], "out": "out", "hand": ""},
        {"name": "Béla", "melds": ["7 7 7", "8 8 X"], "hand": "4 5 Y"},
        {"name": "Cili", "melds": ["9 9 9", "Q Q H"], "hand": ""}, {"name": "Dani", "hand": "5"}]}
    answer = client.post(f"/api/v1/matches/{created['edit_token']}/hands", json={"version": 0, "hand": hand})
    assert answer.status_code == 400
    error = answer.get_json()["error"]
    assert (error["field"], error["message"]) == ("sides[1].melds[1]", "'X' (card 3) is not a card")
    assert error["errors"] == [
        {"field": "sides[1].melds[1]", "message": "'X' (card 3) is not a card"},
        {"field": "sides[1].hand", "message": "'Y' (card 3) is not a card"},
        {"field": "sides[2].melds[1]", "message": "'H' (card 3) is not a card"}]
