"""Issue 19, "no request costs more than a bounded amount of work", counted in scorings (never timed):

- a preview scores one hand on top of the match version's remembered replay (store/matches.py ``replayed``), a
  save checks its hand with one scoring, and the version it writes starts from what it left alone: an add scores
  nothing more, a correction of hand k re-scores k+1..n, an undo nothing (a preview of a 200-hand match cost 0.14
  CPU-s, replaying every hand twice);
- the numbers stay those of a replay from hand 1, through taxation brackets, corrections, undo and match over;
- a match holds only the hands whose replay fits rules.work.REPLAY_WORK under its table's cost, and an import
  checks its file within IMPORT_WORK in scorings × cost (a 6-pack house table made 4000 scorings take 34.8 s).
"""

from __future__ import annotations

import io
import json

import pytest

from scorekeeper.rules import records as scoring    # the dispatcher every scoring goes through
from scorekeeper.rules.tables.house import house_pin
from scorekeeper.rules.work import IMPORT_WORK, scoring_cost
from scorekeeper.store import matches, replays, transfer, transfer_check
from test_entry import BIG_HAND, SEED_HAND, SMALL_HAND
from test_preview import preview, sheet_cells

pytestmark = pytest.mark.storage

API = "/api/v1"
SIDES = [{"name": "Anna"}, {"name": "Béla"}]
# The API's forms of test_entry's hands: Anna's seven gold canastas and four red threes (5740, past the first tax
# bracket), seed 000's 1015 with Béla out (570), and a small one where either side goes out.
BIG = {"mode": "cards", "sides": [
    {"name": "Anna", "melds": [" ".join([r] * 8) for r in ("K", "Q", "J", "10", "9", "8", "A")], "red_threes": 4,
     "out": "out", "hand": ""},
    {"name": "Béla", "melds": ["7 7 7"], "out": "none", "hand": "4 5"}]}
SEED = {"mode": "cards", "sides": [
    {"name": "Anna", "melds": ["J J J J 2 2 2", "5 5 5 5 5 5 5"], "red_threes": 1, "twins": 1, "out": "none",
     "hand": "A"},
    {"name": "Béla", "melds": ["K K K K K K K"], "out": "out", "hand": ""}]}


def small(out: str = "Anna") -> dict:
    holds = "Béla" if out == "Anna" else "Anna"
    return {"mode": "cards", "sides": [{"name": out, "melds": ["K K K K K K K"], "out": "out", "hand": ""},
                                       {"name": holds, "melds": ["7 7 7"], "out": "none", "hand": "4 5"}]}


def new_match(client, hands=(), **body) -> str:
    created = client.post(f"{API}/matches", json={"variant": "diszitett", "sides": SIDES, **body})
    assert created.status_code == 201, created.json
    token = created.json["edit_token"]
    for version, hand in enumerate(hands):
        assert client.post(f"{API}/matches/{token}/hands", json={"version": version, "hand": hand}).status_code == 201
    return token


def sheet(client, token) -> dict:
    return client.get(f"{API}/matches/{token}").json


def from_hand_one(client, token) -> dict:
    """The sheet as a replay from hand 1 gives it: nothing remembered from the saves and previews before."""
    replays._replays.clear()
    replays._sheets.clear()
    return sheet(client, token)


def test_a_preview_or_a_save_scores_one_hand_on_the_remembered_replay(client, csrf, scorings):
    token = new_match(client, [small("Anna" if n % 2 else "Béla") for n in range(20)])
    assert sheet(client, token)["match"]["version"] == 20
    scorings[0] = 0
    assert preview(client, csrf, token, SMALL_HAND, version="20").json["ok"] is True
    assert scorings[0] == 1                             # before: the 20 hands replayed twice, then the new one
    scorings[0] = 0
    assert preview(client, csrf, token, SEED_HAND, number=5, version="20").json["ok"] is True
    assert scorings[0] == 1                             # before: all 20
    scorings[0] = 0
    assert client.post(f"{API}/matches/{token}/hands", json={"version": 20, "hand": small()}).status_code == 201
    assert sheet(client, token)["match"]["version"] == 21
    assert scorings[0] == 1                             # the add, and its version's sheet from the one before
    scorings[0] = 0
    assert client.put(f"{API}/matches/{token}/hands/5", json={"version": 21, "hand": SEED}).status_code == 200
    assert sheet(client, token)["match"]["version"] == 22
    assert scorings[0] == 1 + (21 - 5)                  # hand 5 checked, then 6..21 re-scored from its totals
    scorings[0] = 0
    assert client.post(f"{API}/matches/{token}/undo", json={"version": 22}).status_code == 200
    assert sheet(client, token)["hands"][-1]["number"] == 20
    assert scorings[0] == 0


def test_previews_and_the_remembered_replays_equal_a_replay_from_hand_one(app, client, csrf):
    """Through the taxation brackets (Anna past 5000 after hand 1), a correction of hand 1 that moves every later
    total, an undo, and match over (Anna past 10,000)."""
    token = new_match(client, [BIG])
    steps = [("add", None, SEED_HAND, SEED), ("add", None, SMALL_HAND, small()),
             ("edit", 1, SMALL_HAND, small()), ("add", None, BIG_HAND, BIG), ("undo", None, None, None),
             ("add", None, BIG_HAND, BIG), ("edit", 2, BIG_HAND, BIG), ("add", None, BIG_HAND, BIG)]
    for action, number, form, hand in steps:
        version = sheet(client, token)["match"]["version"]
        if action == "undo":
            assert client.post(f"{API}/matches/{token}/undo", json={"version": version}).status_code == 200
        else:
            shown = preview(client, csrf, token, form, number=number, version=str(version)).json
            saved = (client.post(f"{API}/matches/{token}/hands", json={"version": version, "hand": hand})
                     if number is None else
                     client.put(f"{API}/matches/{token}/hands/{number}", json={"version": version, "hand": hand}))
            assert saved.status_code in (200, 201), saved.json
            assert shown["ok"] is True and shown["cells"] == sheet_cells(app, token, shown["hand"])
        remembered = sheet(client, token)
        assert remembered == from_hand_one(client, token), (action, number)
    final = sheet(client, token)
    assert final["match_over"] is True and final["winner"] == "Anna"
    assert any(h["result"]["sides"][0]["taxed"] != h["result"]["sides"][0]["score"] for h in final["hands"])
    over = preview(client, csrf, token, SMALL_HAND, version=str(final["match"]["version"])).json
    assert over["ok"] is False and over["problems"] == 1          # match over, as the save would refuse it


# --- a dearer table: fewer hands, and an import's budget in scorings × cost -----------------------------------

# The dearest díszített the schema's ranges allow (issue 19: at most 4 packs and 12 jokers; one-card groups):
# about 3.2 units, so its match holds 63 hands.
DEAR = {"deck": {"packs": 4, "jokers": 12}, "red_threes": {"totals": [100 * n for n in range(9)]},
        "melds": {"group": {"min_size": 1}}}


def test_a_match_under_a_dear_house_table_holds_the_hands_its_replay_budget_allows(client):
    token = new_match(client, rules=DEAR)
    most = matches.hands_allowed(matches.rules_from_json(*house_pin("diszitett", {}, DEAR)))
    assert 50 <= most < 200
    for version in range(most):
        hand = small("Anna" if version % 2 else "Béla")
        added = client.post(f"{API}/matches/{token}/hands", json={"version": version, "hand": hand})
        assert added.status_code == 201, added.json
    refused = client.post(f"{API}/matches/{token}/hands", json={"version": most, "hand": small()})
    assert refused.status_code == 422 and refused.json["problems"][0]["code"] == "match_full"
    assert f"{most} hands" in refused.json["problems"][0]["message"]


STAMP = "2026-05-01T18:30:00Z"


def export(events, house) -> dict:
    text, digest = house_pin("diszitett", {}, house)
    return {"format": "scorekeeper-match", "format_version": 1, "exported_at": STAMP, "variant": "diszitett",
            "options": json.loads(text)["options"], "rules": json.loads(text), "rules_hash": digest,
            "title": "long evening", "created_at": STAMP, "sides": [{"name": "Anna", "players": ["Anna"]},
                                                                     {"name": "Béla", "players": ["Béla"]}],
            "events": [{"seq": i + 1, "action": action, "hand_number": number,
                        "entry": None if action == "undo" else small("Anna" if (number + i) % 2 else "Béla"),
                        "created_at": STAMP} for i, (action, number) in enumerate(events)]}


def test_an_import_under_a_dear_table_spends_its_budget_in_scorings_times_cost(app, scorings):
    cost = scoring_cost(matches.rules_from_json(*house_pin("diszitett", {}, DEAR)))
    most = int(IMPORT_WORK / cost)                     # about 1265 scorings, not 4000
    events = [("add", n) for n in range(1, 41)] + [("edit", 1)] * 40      # each edit of hand 1 re-scores all 40
    assert 40 + 40 * 40 > most
    with pytest.raises(transfer.ImportRefused) as refused:
        transfer_check._checked(export(events, DEAR))
    over = next(k for k in range(40) if 40 + 40 * (k + 1) > most)
    assert refused.value.part == f"events[{40 + over}]" and f"more than {most}" in refused.value.reason
    assert scorings[0] <= most


def test_an_import_numbers_the_deals_from_the_first_hand(app, client, csrf):
    """A match over after three deals takes no fourth hand, in the app and in an import: the import scored each
    added hand as deal 1, so it let the fourth in."""
    three = {"match": {"deals": 3}}
    token = new_match(client, [small(), small("Béla"), small()], rules=three)
    assert sheet(client, token)["match_over"] is True
    with pytest.raises(transfer.ImportRefused) as refused:
        transfer_check._checked(export([("add", n) for n in range(1, 5)], three))
    assert refused.value.part == "events[3] (add of hand 4)"
    assert "over" in str(refused.value)
