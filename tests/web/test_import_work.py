"""An import checks the log in one replay: the work (hand scorings) grows with the file, not with its square, and
a file that would need more than transfer_check.MAX_WORK allows is refused naming the event. A match holds at most
matches.MAX_HANDS hands, in the API, the forms and the import alike."""

from __future__ import annotations

import io
import json

import pytest

from scorekeeper.store import matches, transfer, transfer_check
from scorekeeper.rules import records as scoring    # the dispatcher every scoring goes through

pytestmark = pytest.mark.storage

API = "/api/v1"
STAMP = "2026-05-01T18:30:00Z"


def hand(number: int) -> dict:
    """Anna and Béla go out in turn; the other holds jokers, so nobody nears the target for a long evening."""
    out, holds = (("Anna", "Béla") if number % 2 else ("Béla", "Anna"))
    return {"mode": "cards", "sides": [{"name": out, "melds": ["K K K K K K K"], "out": "out", "hand": ""},
                                       {"name": holds, "melds": ["5 5 5"], "out": "none", "hand": "JK JK A A"}]}


def export(events: list[tuple[str, int]]) -> dict:
    """An export file of ``(action, hand_number)`` events."""
    return {"format": "scorekeeper-match", "format_version": 1, "exported_at": STAMP, "variant": "diszitett",
            "options": {}, "title": "long evening", "created_at": STAMP,
            "sides": [{"name": "Anna", "players": ["Anna"]}, {"name": "Béla", "players": ["Béla"]}],
            "events": [{"seq": i + 1, "action": action, "hand_number": number,
                        "entry": None if action == "undo" else hand(number + i), "created_at": STAMP}
                       for i, (action, number) in enumerate(events)]}


def adds(count: int) -> list[tuple[str, int]]:
    return [("add", n) for n in range(1, count + 1)]


@pytest.mark.parametrize("hands", [10, 40])
def test_each_added_hand_is_scored_once(app, scorings, hands):
    """Before: every add re-scored the whole match twice, 2 × (1 + 2 + … + n) scorings (1 640 for 40 hands)."""
    checked = transfer_check._checked(export(adds(hands)))
    assert len(checked["events"]) == hands
    assert scorings[0] == hands


def test_an_edit_rescores_only_the_hands_from_the_one_it_corrects(app, scorings):
    transfer_check._checked(export(adds(20) + [("edit", 15), ("edit", 20), ("undo", 20), ("add", 20)]))
    assert scorings[0] == 20 + (20 - 15 + 1) + 1 + 1


def test_the_replay_gives_the_same_sheet_as_the_saved_match(app, client):
    """One replay, same outcome: the imported match's sheet equals the one built hand by hand through the API."""
    token = client.post(f"{API}/matches", json={"variant": "diszitett",
                                                "sides": [{"name": "Anna"}, {"name": "Béla"}]}).json["edit_token"]
    for version, number in enumerate(range(1, 13)):
        assert client.post(f"{API}/matches/{token}/hands",
                           json={"version": version, "hand": hand(number)}).status_code == 201
    assert client.put(f"{API}/matches/{token}/hands/3", json={"version": 12, "hand": hand(4)}).status_code == 200
    exported = client.get(f"/m/{token}/export.json").data
    imported = client.post("/import", data={"file": (io.BytesIO(exported), "m.json"),
                                            "csrf_token": _csrf(client)})
    assert imported.status_code == 303
    new = imported.headers["Location"].rsplit("/", 1)[-1]
    original, copy = client.get(f"{API}/matches/{token}").json, client.get(f"{API}/matches/{new}").json
    assert copy["hands"] == original["hands"] and copy["totals"] == original["totals"]
    assert copy["match"]["version"] == original["match"]["version"] == 13


def test_a_file_needing_more_work_than_the_budget_is_refused_naming_the_event(app, client, scorings,
                                                                               monkeypatch):
    monkeypatch.setattr(transfer_check, "MAX_WORK", 100)
    events = adds(30) + [("edit", 1)] * 10          # each edit of hand 1 re-scores all 30
    with pytest.raises(transfer.ImportRefused) as refused:
        transfer_check._checked(export(events))
    assert refused.value.part == "events[32]" and "more than 100" in refused.value.reason
    assert scorings[0] <= 100                        # the work stopped at the budget
    response = client.post("/import", data={"file": (io.BytesIO(json.dumps(export(events)).encode()), "m.json"),
                                            "csrf_token": _csrf(client)})
    assert response.status_code == 400 and "events[32]" in response.get_data(as_text=True)


def test_a_bad_hand_deep_in_a_long_file_is_still_named(app):
    events = export(adds(25))
    events["events"][20]["entry"]["sides"][0]["melds"] = ["K K Q"]
    with pytest.raises(transfer.ImportRefused) as refused:
        transfer_check._checked(events)
    assert refused.value.part == "events[20] (add of hand 21)"


# --- at most MAX_HANDS hands in a match ------------------------------------------------------------------------

def test_a_match_holds_at_most_max_hands_hands_in_the_api_and_the_import(app, client, monkeypatch):
    monkeypatch.setattr(matches, "MAX_HANDS", 4)
    token = client.post(f"{API}/matches", json={"variant": "diszitett",
                                                "sides": [{"name": "Anna"}, {"name": "Béla"}]}).json["edit_token"]
    for version in range(4):
        assert client.post(f"{API}/matches/{token}/hands",
                           json={"version": version, "hand": hand(version + 1)}).status_code == 201
    refused = client.post(f"{API}/matches/{token}/hands", json={"version": 4, "hand": hand(5)})
    assert refused.status_code == 422
    assert refused.json["problems"][0]["code"] == "match_full" and "4 hands" in refused.json["problems"][0]["message"]
    assert client.get(f"{API}/matches/{token}").json["match"]["version"] == 4          # nothing was written
    assert client.put(f"{API}/matches/{token}/hands/4", json={"version": 4, "hand": hand(6)}).status_code == 200
    with pytest.raises(transfer.ImportRefused) as too_long:
        transfer_check._checked(export(adds(5)))
    assert too_long.value.part == "events[4] (add of hand 5)" and "4 hands" in too_long.value.reason


def _csrf(client) -> str:
    from web_helpers import csrf_from

    return csrf_from(client.get("/").get_data(as_text=True))
