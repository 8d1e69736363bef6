"""Keltis in the web app and the JSON API (issue 5): the game-entry form, rule problems at their fields, edit,
undo, revisions, the scoresheet's rows and detail, the API's add/edit/sheet, CSRF.

Expected numbers are worked out by hand from rules_ref/keltis.md with the default options (K1: every card of a row
counts toward its length; K2: a grey card on a row scores only as length). Row points by length: 1 → −4, 2 → −3,
3 → −2, 4 → 1, 5 → 2, 6 → 3, 7 → 6, 8 → 7, 9+ → 10; stones held: 0 → −4, 1 → −1, 2 → 0, 3 → 4, 4 → 6, 5+ → 10;
1 point per card of the grey row.
"""

from __future__ import annotations

import re
from html import unescape

import pytest

from test_entry import create, post_hand, state, value_of

pytestmark = pytest.mark.storage

API = "/api/v1"

# Anna: green 0 1 2 3 3 4 5 X (8 cards: 7) + red 10 9 8 G8 7 (5: 2) + grey row 3 5 2 (3) + stones 1 2 3 (4) = 16.
# Béla: yellow 3 3 6 G6 8 X X (7: 6) + blue 9 7 7 4 (4: 1) + no grey row (0) + stones 4 9 (0) = 7.
GAME = {
    "side0-rows-green": "0 1 2 3 3 4 5 x", "side0-rows-red": "10 9 8 g8 7", "side0-grey": "3 5 2",
    "side0-stones": ["1", "2", "3"],
    "side1-rows-yellow": "3, 3, 6, G6, 8, X, X", "side1-rows-blue": "9 7 7 4", "side1-stones": ["4", "9"],
}
# Anna: pink 1 2 3 (3 cards: −2), no stones (−4) = −6. Béla: blue 10 (1 card: −4) + grey 0 (1) + stone 5 (−1) = −4.
GAME_2 = {"side0-rows-pink": "1 2 3", "side1-rows-blue": "10", "side1-grey": "0", "side1-stones": ["5"]}


@pytest.fixture
def token(client, csrf):
    return create(client, csrf, "keltis")


def text(fragment: str) -> str:
    """Visible text, every run of whitespace (narrow no-break spaces of the sheet's signs too) one space."""
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def errors_at(html: str, field_id: str) -> str:
    """Every field-error paragraph of one field (``errors_of`` numbers them ``<id>-error-<n>``)."""
    return unescape(" ".join(re.findall(rf'id="{re.escape(field_id)}-error-\d+">([^<]*)<', html)))


def checked_stones(html: str, side: int) -> list[str]:
    return re.findall(rf'<input checked[^>]*name="side{side}-stones"[^>]*value="(\d)"', html)


def cells(page: str) -> list[list[str]]:
    """Per game row, per player: the text of the cell (running total, then rows + grey + stones = score)."""
    rows = sorted(re.findall(r'<tr class="hand".*?</tr>', page, re.S),        # the page shows the newest first
                  key=lambda row: int(re.search(r'id="hand-(\d+)"', row).group(1)))
    return [[text(c) for c in re.findall(r'<td class="cell keltis-cell[^"]*">(.*?)</td>', row, re.S)] for row in rows]


# ------------------------------------------------------------------------------------------ the entry page

@pytest.mark.parametrize("url", ["/m/{token}/hands/new", "/m/{token}/hands/new?mode=summary"])
def test_entry_page_has_rows_grey_row_stones_and_keypads_and_no_mode_switch(client, token, url):
    response = client.get(url.format(token=token))
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    for side in (0, 1):
        for colour in ("green", "yellow", "red", "pink", "blue"):
            assert f'id="side{side}-rows-{colour}"' in html
        assert f'id="side{side}-grey"' in html
        assert len(re.findall(rf'name="side{side}-stones" type="checkbox"', html)) == 9
    for needle in ['data-value="10"', 'data-value="X"', "data-grey", 'data-action="back"', 'data-pick="side1-rows-pink"',
                   "data-keltis=", 'action="/m/%s/hands/new?mode=cards"' % token, "Game 1", "Save game 1"]:
        assert needle in html
    for needle in ['href="/m/%s/hands/new?mode=summary"' % token, "Card by card", "side0-melds", "side0-canastas", "data-check-url"]:
        assert needle not in html
    assert "keltis.js" in html and "keltis.css" in html
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html) and " style=" not in html    # CSP: no inline code


def test_canasta_entry_still_has_its_mode_switch_and_no_keltis_parts(client, csrf):
    html = client.get(f"/m/{create(client, csrf)}/hands/new").get_data(as_text=True)
    assert 'hands/new?mode=summary"' in html and "Card by card" in html
    assert "keltis.js" not in html and "data-kpad" not in html


# ------------------------------------------------------------------------------------------ saving a game

def test_a_legal_game_is_stored_as_laid_and_the_sheet_shows_scores_totals_and_the_best_game(app, client, csrf,
                                                                                           token):
    response = post_hand(client, csrf, token, GAME)
    assert response.status_code == 303 and response.headers["Location"] == f"/m/{token}"
    now = state(app, token)
    assert now["version"] == 1
    assert now["entries"][0]["mode"] == "cards"
    anna, bela = now["entries"][0]["sides"]
    assert anna == {"name": "Anna", "players": ["Anna"], "rows": {"green": "0 1 2 3 3 4 5 X", "red": "10 9 8 G8 7"},
                    "grey": "3 5 2", "stones": [1, 2, 3]}
    assert bela["rows"] == {"yellow": "3 3 6 G6 8 X X", "blue": "9 7 7 4"} and bela["grey"] == ""
    assert now["sheet"]["totals"] == {"Anna": 16, "Béla": 7}

    page = client.get(f"/m/{token}").get_data(as_text=True)
    assert "Game 1 saved." in page
    assert cells(page) == [["running total 16 colour rows 9 grey row + 3 wishing stones + 4 = game score 16 "
                            "(best game)",
                            "running total 7 colour rows 7 grey row + 0 wishing stones + 0 = game score 7"]]
    assert re.search(r'<td class="cell keltis-cell won">\s*<strong class="total"><span class="visually-hidden">'
                     r'running total </span>16<', page)
    assert "keltis.css" in page


def test_the_sheet_head_shows_totals_and_one_enter_game_button_and_no_opening_minimum(client, csrf, token):
    """Keltis has no opening minimum and no summary entry (digest section 3): the head says so."""
    post_hand(client, csrf, token, GAME)
    page = client.get(f"/m/{token}").get_data(as_text=True)
    head = page[page.index('id="minimum-heading"'):page.index('id="hands-heading"')]
    assert "Totals" in head and "opening minimum" not in head and "None" not in head
    assert re.findall(r'<span class="who">(.*?)</span> <span class="minimum">(-?\d+)</span>', head) == [
        ("Anna", "16"), ("Béla", "7")]
    assert "Enter game 2" in head and "summary" not in head
    assert "Undo last game" in page and "Undo last hand" not in page
    assert ">game</text>" in page                       # the score race counts games


def test_the_sheet_detail_shows_each_players_rows_as_laid_length_and_points(client, csrf, token):
    post_hand(client, csrf, token, GAME)
    sheet = client.get(f"/m/{token}").get_data(as_text=True)
    assert f'<a class="detail-link" href="/m/{token}/hands/1" aria-label="Game 1 in detail">' in sheet
    page = client.get(f"/m/{token}/hands/1").get_data(as_text=True)
    assert "<h1>Game 1 in detail</h1>" in page
    detail = text(page[page.index('class="hand-detail keltis-detail"'):page.index('<p class="entry-buttons">')])
    anna, bela = detail.split("Anna", 1)[1].split("Béla", 1)
    for fragment in ["best game", "green 0 1 2 3 3 4 5 X 8 + 7", "yellow – – 0", "red 10 9 8 G8 7 5 + 2",
                     "colour rows 9", "grey row (3 5 2) + 3", "wishing stones (1 2 3) + 4", "game score 16"]:
        assert fragment in anna
    for fragment in ["yellow 3 3 6 G6 8 X X 7 + 6", "blue 9 7 7 4 4 + 1", "grey row (none) 0",
                     "wishing stones (4 9) 0", "game score 7"]:
        assert fragment in bela
    assert "best game" not in bela


def test_the_spectator_view_shows_the_game_without_edit_links(client, csrf, app, token):
    post_hand(client, csrf, token, GAME)
    with app.app_context():
        from scorekeeper.store.db import get_session
        from scorekeeper.store.matches import find_match
        view = find_match(get_session(), token, editable=True).view_token
    page = client.get(f"/v/{view}").get_data(as_text=True)
    assert cells(page)[0][0].startswith("running total 16")
    assert token not in page and "/hands/1/edit" not in page


# ------------------------------------------------------------------------------------------ problems

@pytest.mark.parametrize("fields, where", [
    pytest.param({"side0-rows-green": "0 1 5 3 X"}, {"side0-rows-green": "5 goes down"}, id="direction broken"),
    pytest.param({"side0-rows-red": "10 9 G8"}, {"side0-rows-red": "grey card G8 on a last card 9"},
                 id="grey card on another value"),
    pytest.param({"side1-rows-blue": "9 X 7"}, {"side1-rows-blue": "after a closing card"}, id="card after closing"),
    pytest.param({"side1-rows-blue": "9 7 X X X"}, {"side1-rows-blue": "closing card number 3"},
                 id="third closing card"),
    pytest.param({"side0-rows-green": "3 3 4", "side1-rows-green": "3 5"},
                 {"side0-rows-green": "2 copies of the green 3, but the tables show 3",
                  "side1-rows-green": "2 copies of the green 3, but the tables show 3"}, id="too many copies"),
    pytest.param({"side0-grey": "3 5 2", "side1-grey": "5"},
                 {"side0-grey": "1 copy of the grey 5, but the tables show 2", "side1-grey": "grey 5, but"},
                 id="one grey card in two grey rows"),
    pytest.param({"side1-grey": "8"},
                 {"side0-rows-red": "1 copy of the grey 8, but the tables show 2",
                  "side1-grey": "1 copy of the grey 8, but the tables show 2"},
                 id="grey card on a row and in a grey row"),
])
def test_an_illegal_game_is_not_saved_and_each_problem_sits_at_its_field_with_the_input_kept(
        app, client, csrf, token, fields, where):
    response = post_hand(client, csrf, token, {**GAME, **fields})
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    for field_id, message in where.items():
        assert message in errors_at(html, field_id), (field_id, errors_at(html, field_id))
        assert re.search(rf'<input aria-describedby="[^"]*" aria-invalid="true"[^>]*id="{field_id}"', html)
    assert "Some fields need a correction" in text(html[html.index('id="hand-problems"'):html.index('id="side0-name"')])
    for name, value in {**GAME, **fields}.items():
        if isinstance(value, str):
            assert value_of(html, name) == value                      # exactly as typed
    assert checked_stones(html, 0) == ["1", "2", "3"] and checked_stones(html, 1) == ["4", "9"]
    assert state(app, token)["entries"] == [] and state(app, token)["version"] == 0


# Seed 001's end rule (l. 79-85): two players end a game with at most 5 + 2 × 2 = 9 closed rows. GAME's rows with
# every one of both players' ten closed (Anna's green already is; Béla's yellow keeps one closing card, so that
# each colour's two fit the deck), no more copies of any card than the deck holds.
TEN_CLOSED = {"side0-rows-red": "10 9 8 G8 7 X", "side0-rows-yellow": "5 X", "side0-rows-pink": "3 X",
              "side0-rows-blue": "3 X", "side1-rows-yellow": "3 3 6 G6 8 X", "side1-rows-green": "6 X",
              "side1-rows-red": "3 X", "side1-rows-pink": "4 X", "side1-rows-blue": "4 X"}


def test_seed001_end_rule_ten_closed_rows_of_two_players_are_refused_at_every_closed_row(app, client, csrf, token):
    response = post_hand(client, csrf, token, {**GAME, **TEN_CLOSED})
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    for field_id in ["side0-rows-green", *TEN_CLOSED]:
        assert "10 rows are closed, but 2 players can end a game with at most 9 closed" in errors_at(html, field_id)
    assert errors_at(html, "side0-grey") == ""
    assert state(app, token)["entries"] == []
    nine = {**TEN_CLOSED, "side1-rows-blue": "4"}              # Béla's blue left open: nine closed rows
    assert post_hand(client, csrf, token, {**GAME, **nine}).status_code == 303


@pytest.mark.parametrize("fields, field_id, message", [
    pytest.param({"side0-rows-green": "0 1 Q"}, "side0-rows-green", "'Q' (card 3) is not a card", id="unknown token"),
    pytest.param({"side0-rows-red": "10 9 G11"}, "side0-rows-red", "'G11'", id="no grey 11"),
    pytest.param({"side1-grey": "3 X"}, "side1-grey", "'X' (card 2) is not a grey point card", id="grey row token"),
])
def test_an_unreadable_row_is_a_400_naming_the_token_at_its_field(app, client, csrf, token, fields, field_id, message):
    response = post_hand(client, csrf, token, {**GAME, **fields})
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    assert message in errors_at(html, field_id)
    assert value_of(html, field_id) == fields[field_id]
    assert state(app, token)["entries"] == []


@pytest.mark.parametrize("stones", [["10"], ["0"], ["x"]])
def test_a_stone_that_is_no_toggle_is_refused_at_the_stones(app, client, csrf, token, stones):
    response = post_hand(client, csrf, token, {**GAME, "side1-stones": stones})
    assert response.status_code == 400
    assert errors_at(response.get_data(as_text=True), "side1-stones")
    assert state(app, token)["entries"] == []


def test_the_same_stone_for_two_players_is_shown_at_both_players_stones(app, client, csrf, token):
    response = post_hand(client, csrf, token, {**GAME, "side1-stones": ["3", "9"]})
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    for side in (0, 1):
        assert "one wishing stone 3, but it is held by Anna and Béla" in errors_at(html, f"side{side}-stones")
    assert checked_stones(html, 1) == ["3", "9"]


def test_the_entry_post_without_csrf_token_is_refused_and_saves_nothing(app, client, token):
    response = client.post(f"/m/{token}/hands/new?mode=cards", data={"version": "0", **GAME})
    assert response.status_code == 400
    assert state(app, token)["version"] == 0 and state(app, token)["entries"] == []


def test_a_stale_save_is_a_409_with_the_current_totals_and_the_input_kept(app, client, csrf, token):
    post_hand(client, csrf, token, GAME)
    response = post_hand(client, csrf, token, GAME_2, version=0)
    html = response.get_data(as_text=True)
    assert response.status_code == 409
    stale = text(html[html.index('id="stale-title"'):html.index("</section>")])
    assert "The match now has 1 game." in stale and "Anna 16" in stale and "Béla 7" in stale
    assert "opening minimum" not in stale
    assert value_of(html, "side0-rows-pink") == "1 2 3"
    assert 'name="version" type="hidden" value="1"' in html
    assert len(state(app, token)["entries"]) == 1


# ------------------------------------------------------------------------------------------ edit, undo, revisions

def test_a_past_game_is_corrected_and_every_later_total_recomputes(app, client, csrf, token):
    post_hand(client, csrf, token, GAME)
    post_hand(client, csrf, token, GAME_2, version=1)
    assert state(app, token)["sheet"]["totals"] == {"Anna": 10, "Béla": 3}

    page = client.get(f"/m/{token}/hands/1/edit?mode=summary").get_data(as_text=True)    # no summary: the game
    assert "Correct game 1" in page and "Save the correction" in page
    assert value_of(page, "side0-rows-green") == "0 1 2 3 3 4 5 X" and value_of(page, "side1-rows-blue") == "9 7 7 4"
    assert value_of(page, "side0-grey") == "3 5 2" and value_of(page, "side0-rows-pink") == ""
    assert checked_stones(page, 0) == ["1", "2", "3"] and checked_stones(page, 1) == ["4", "9"]

    # Anna's green row was one card longer: 9 cards score 10 instead of 7, so game 1 is 19 and she ends on 13.
    fixed = {**GAME, "side0-rows-green": "0 1 2 3 3 4 5 6 X"}
    response = post_hand(client, csrf, token, fixed, version=2, number=1)
    assert response.status_code == 303
    now = state(app, token)
    assert now["sheet"]["totals"] == {"Anna": 13, "Béla": 3}
    assert [h["result"]["sides"][0]["total"] for h in now["sheet"]["hands"]] == [19, 13]
    page = client.get(f"/m/{token}").get_data(as_text=True)
    assert "Game 1 corrected." in page          # a correction says so (issue 11)
    assert [row[0].split(" colour")[0] for row in cells(page)] == ["running total 19", "running total 13"]
    assert "Revisions (2)" in page


def test_an_illegal_correction_is_refused_and_keeps_the_stored_game(app, client, csrf, token):
    post_hand(client, csrf, token, GAME)
    response = post_hand(client, csrf, token, {**GAME, "side0-rows-green": "5 4 6"}, version=1, number=1)
    assert response.status_code == 422
    assert "made the row descending" in errors_at(response.get_data(as_text=True), "side0-rows-green")
    assert state(app, token)["sheet"]["totals"] == {"Anna": 16, "Béla": 7}


def test_undo_removes_the_last_game_and_recomputes(app, client, csrf, token):
    post_hand(client, csrf, token, GAME)
    post_hand(client, csrf, token, GAME_2, version=1)
    response = client.post(f"/m/{token}/undo", data={"csrf_token": csrf, "version": "2", "confirm": "2"})
    assert response.status_code == 303
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Game 2 was removed." in page
    assert len(cells(page)) == 1 and cells(page)[0][0].startswith("running total 16")
    assert state(app, token)["sheet"]["totals"] == {"Anna": 16, "Béla": 7}
    assert client.get(f"/m/{token}/hands/2/edit").status_code == 404


def test_revisions_show_each_version_of_a_game_and_which_player_changed(app, client, csrf, token):
    post_hand(client, csrf, token, GAME)
    post_hand(client, csrf, token, {**GAME, "side1-rows-blue": "9 7 7 4 4"}, version=1, number=1)
    response = client.get(f"/m/{token}/hands/1/revisions")
    assert response.status_code == 200
    page = text(response.get_data(as_text=True))
    assert "Game 1: revisions" in page and "Every version of this game" in page
    newest, oldest = page.split("corrected", 1)[1].split("entered", 1)
    assert "current" in newest and "blue: 9 7 7 4 4" in newest and "blue: 9 7 7 4 " in oldest
    assert "Anna colour rows" in newest and "Béla changed colour rows" in newest
    assert "green: 0 1 2 3 3 4 5 X" in oldest and "grey row 3 5 2" in oldest and "wishing stones 1 2 3" in oldest
    view = state(app, token)["sheet"]       # the spectators' copy of the page works too
    assert view["hands"][0]["revisions"] == 2


def test_revisions_of_an_undone_game_say_it_was_taken_off(app, client, csrf, token):
    post_hand(client, csrf, token, GAME)
    client.post(f"/m/{token}/undo", data={"csrf_token": csrf, "version": "1", "confirm": "1"})
    page = text(client.get(f"/m/{token}/hands/1/revisions").get_data(as_text=True))
    assert "The game was taken off the scoresheet." in page and "current" not in page.split("Game 1: revisions")[-1]


# ------------------------------------------------------------------------------------------ the JSON API

API_GAME = {"sides": [
    {"name": "Anna", "rows": {"zöld": "0 1 2 3 3 4 5 X", "Piros": ["10", "9", "8", "G8", "7"]}, "grey": "3 5 2",
     "stones": [1, 2, 3]},
    {"name": "Béla", "rows": {"yellow": "3 3 6 G6 8 X X", "blue": "9 7 7 4"}, "stones": [4, 9]}]}


@pytest.fixture
def api_match(client):
    response = client.post(f"{API}/matches", json={"variant": "keltis", "sides": [{"name": "Anna"}, {"name": "Béla"}]})
    assert response.status_code == 201
    return response.get_json()["edit_token"]


def test_api_adds_a_game_and_answers_the_scored_result_and_sheet(client, api_match):
    response = client.post(f"{API}/matches/{api_match}/hands", json={"version": 0, "hand": API_GAME})
    body = response.get_json()
    assert response.status_code == 201 and body["number"] == 1
    anna = body["result"]["sides"][0]
    assert (anna["score"], anna["rows_points"], anna["grey"]["points"], anna["stones"]["points"]) == (16, 9, 3, 4)
    assert {r["colour"]: r["points"] for r in anna["rows"] if r["cards"]} == {"green": 7, "red": 2}
    assert body["result"]["hand_winner"] == ["Anna"] and body["result"]["problems"] == []
    assert body["totals"] == {"Anna": 16, "Béla": 7} and body["version"] == 1
    sheet = client.get(f"{API}/matches/{api_match}").get_json()
    assert sheet["totals"] == {"Anna": 16, "Béla": 7} and sheet["match"]["variant"] == "keltis"
    assert sheet["hands"][0]["result"]["sides"][1]["rows"][1]["cards"] == ["3", "3", "6", "G6", "8", "X", "X"]


def test_api_edit_recomputes_and_the_web_form_shows_an_api_game_in_its_colour_fields(client, api_match):
    client.post(f"{API}/matches/{api_match}/hands", json={"version": 0, "hand": API_GAME})
    edited = {"sides": [API_GAME["sides"][0], {**API_GAME["sides"][1], "stones": [4, 9, 5]}]}    # 3 stones: 4
    response = client.put(f"{API}/matches/{api_match}/hands/1", json={"version": 1, "hand": edited})
    assert response.status_code == 200 and response.get_json()["totals"] == {"Anna": 16, "Béla": 11}
    page = client.get(f"/m/{api_match}/hands/1/edit").get_data(as_text=True)
    assert value_of(page, "side0-rows-green") == "0 1 2 3 3 4 5 X"
    assert value_of(page, "side0-rows-red") == "10 9 8 G8 7"
    assert checked_stones(page, 1) == ["4", "5", "9"]
    revisions = text(client.get(f"/m/{api_match}/hands/1/revisions").get_data(as_text=True))
    assert "Anna colour rows" in revisions and "Béla changed" in revisions


@pytest.mark.parametrize("change, status, field, code", [
    ({"rows": {"zöld": "0 1 5 3"}}, 422, "sides[0].rows.zöld", "direction_broken"),
    ({"stones": [1, 12]}, 422, "sides[0].stones", "stone_out_of_range"),
    ({"rows": {"green": "0 1 Q"}}, 400, "sides[0].rows.green", None),
    ({"grey": "3 X"}, 400, "sides[0].grey", None),
])
def test_api_refuses_an_illegal_or_unreadable_game_naming_the_field_and_saves_nothing(
        client, api_match, change, status, field, code):
    hand = {"sides": [{**API_GAME["sides"][0], **change}, API_GAME["sides"][1]]}
    response = client.post(f"{API}/matches/{api_match}/hands", json={"version": 0, "hand": hand})
    body = response.get_json()
    assert response.status_code == status
    if status == 422:
        assert [(p["field"], p["code"]) for p in body["problems"]] == [(field, code)]
    else:
        assert body["error"]["field"] == field
    assert client.get(f"{API}/matches/{api_match}").get_json()["hands"] == []


def test_api_seed001_end_rule_refuses_ten_closed_rows_of_two_players_naming_every_closed_row(client, api_match):
    """The same end rule through the API: 422, one problem on the whole table ("sides") whose fields are the ten
    closed rows (two players: at most 5 + 2 × 2 = 9); nothing is saved."""
    colours = ("green", "yellow", "red", "pink", "blue")
    hand = {"sides": [{"name": "Anna", "rows": {c: "3 X" for c in colours}},
                      {"name": "Béla", "rows": {c: "4 X" for c in colours}}]}
    response = client.post(f"{API}/matches/{api_match}/hands", json={"version": 0, "hand": hand})
    assert response.status_code == 422
    [found] = response.get_json()["problems"]
    assert (found["code"], found["field"]) == ("too_many_closed_rows", "sides")
    assert found["fields"] == [f"sides[{i}].rows.{c}" for i in range(2) for c in colours]
    assert client.get(f"{API}/matches/{api_match}").get_json()["hands"] == []
