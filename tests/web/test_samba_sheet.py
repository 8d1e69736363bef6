"""Seed 003's non-numeric openings on a match sheet and the API's match state (Brazilian canasta, S62): the
sheet gives, beside each side's next opening minimum, the canasta its next opening must hold."""

from scorekeeper.store import matches

# The l. 79 hand of tests/core/test_bolivia_brazilian.py: NS scores 7005, EW 690 (worked out by hand there).
HAND = {"mode": "cards", "sides": [
    {"name": "NS", "melds": ["4h 5h 6h 7h 8h 9h 10h Jh Qh", "5c 6c 7c 8c 9c", "JK JK 2 2 2 2 2"], "red_threes": 5,
     "out": "out", "hand": ""},
    {"name": "EW", "melds": ["4s 5s 6s 7s", "K K K K K K K K"], "red_threes": 1, "hand": "9"}]}


def test_brazilian_sheet_says_which_canasta_the_next_opening_needs(app, client):
    with app.extensions["scorekeeper_sessions"]() as db:
        sides = [{"name": "NS", "players": ["N", "S"]}, {"name": "EW", "players": ["E", "W"]}]
        match = matches.create_match(db, variant="brazilian", options=None, sides=sides)
        matches.add_hand(db, match, HAND, based_on=match.version)
        matches.add_hand(db, match, HAND, based_on=match.version)
        sheet = matches.scoresheet(match)
        token = match.edit_token
    # Two hands: NS 14 010 (a natural canasta from 9000), EW 1380 (50, no canasta).
    assert sheet["totals"] == {"NS": 14010, "EW": 1380}
    assert sheet["next_opening_minimum"] == {"NS": 0, "EW": 50}
    assert sheet["next_opening_canasta"] == {"NS": "natural", "EW": None}
    state = client.get(f"/api/v1/matches/{token}").get_json()
    assert state["next_opening_canasta"] == {"NS": "natural", "EW": None}
