"""Match export and import: the export holds everything entered and no link; importing it into an empty
database gives the identical scoresheet and the identical revision history; a bad file is refused with a
message naming the bad part, and not one row is written.
"""

from __future__ import annotations

import copy
import io
import json
import re

import pytest
from sqlalchemy import func, select

from scorekeeper import create_app
from scorekeeper.store import matches, transfer, transfer_format
from scorekeeper.store.db import init_db
from scorekeeper.store.models import HandEvent, Match, MatchSide
from test_pdf import HAND_1015, HAND_BIG, NAMES, SUMMARY, played_hands

from web_helpers import csrf_from

pytestmark = pytest.mark.storage


@pytest.fixture
def fresh_app(tmp_path):
    """A second app on its own, empty SQLite database: where an export is taken to."""
    # limits off, as the other web fixtures: these tests import one file after another at once, which
    # RATELIMIT_IMPORT refuses within a second (tests/web/test_limits.py tests it)
    other = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'fresh.sqlite'}",
                        "SECRET_KEY": "test", "WTF_CSRF_ENABLED": True, "RATELIMIT_ENABLED": False})
    init_db(other, drop=True)
    yield other
    other.extensions["scorekeeper_engine"].dispose()


@pytest.fixture
def fresh(fresh_app):
    return fresh_app.test_client()


def rows(app) -> tuple[int, int, int]:
    with app.extensions["scorekeeper_sessions"]() as session:
        return tuple(session.scalar(select(func.count()).select_from(model)) for model in (Match, MatchSide, HandEvent))


def upload(client, body: bytes | str, *, token: str | None = None, name: str = "match.json"):
    token = token if token is not None else csrf_from(client.get("/").get_data(as_text=True))
    data = body.encode("utf-8") if isinstance(body, str) else body
    return client.post("/import", data={"csrf_token": token, "file": (io.BytesIO(data), name)},
                       content_type="multipart/form-data")


def history_match(db) -> Match:
    """Four players, 8 hands, with corrections, an undo and a hand entered again: every kind of event."""
    match = matches.create_match(db, variant="diszitett", options={"negative_tax": "taxed"},
                                 sides=[{"name": n} for n in NAMES], title="Kedd este")
    hands = played_hands(9, NAMES)
    for hand in hands[:7]:
        matches.add_hand(db, match, hand, based_on=match.version)
    matches.edit_hand(db, match, 3, hands[7], based_on=match.version)
    matches.edit_hand(db, match, 3, hands[8], based_on=match.version)
    matches.undo_last(db, match, based_on=match.version)
    matches.add_hand(db, match, hands[6], based_on=match.version)
    matches.add_hand(db, match, hands[7], based_on=match.version)
    return match


def exported(client, match: Match) -> dict:
    response = client.get(f"/m/{match.edit_token}/export.json")
    assert response.status_code == 200 and response.mimetype == "application/json"
    return json.loads(response.data)


# --- export ---------------------------------------------------------------------------------------------


def test_export_holds_everything_entered_and_no_link(client, db):
    match = history_match(db)
    for url in (f"/m/{match.edit_token}/export.json", f"/v/{match.view_token}/export.json"):
        response = client.get(url)
        assert response.status_code == 200 and response.mimetype == "application/json"
        assert response.headers["Content-Disposition"].startswith("attachment")
        assert "kedd-este-" in response.headers["Content-Disposition"]
        body = response.get_data(as_text=True)
        assert match.edit_token not in body and match.view_token not in body
    data = json.loads(body)
    assert (data["format"], data["format_version"]) == ("scorekeeper-match", 1)
    assert data["variant"] == "diszitett" and data["options"]["negative_tax"] == "taxed"
    assert data["title"] == "Kedd este" and [s["name"] for s in data["sides"]] == list(NAMES)
    assert [e["action"] for e in data["events"]] == ["add"] * 7 + ["edit", "edit", "undo", "add", "add"]
    assert [e["seq"] for e in data["events"]] == list(range(1, 13))
    assert data["events"][9]["entry"] is None and data["events"][9]["hand_number"] == 7
    assert all(e["created_at"].endswith("Z") for e in data["events"])
    assert client.get("/m/nope/export.json").status_code == 404


# --- round trip ------------------------------------------------------------------------------------------


def test_export_then_import_into_an_empty_database_gives_the_identical_sheet_and_history(app, client, db,
                                                                                       fresh_app, fresh):
    match = history_match(db)
    assert rows(fresh_app) == (0, 0, 0)
    response = upload(fresh, json.dumps(exported(client, match), ensure_ascii=False))
    assert response.status_code == 303
    token = re.fullmatch(r"/m/([\w-]+)", response.headers["Location"]).group(1)
    with fresh_app.extensions["scorekeeper_sessions"]() as session:
        copy_ = matches.find_match(session, token, editable=True)
        assert copy_.edit_token != match.edit_token and copy_.view_token != match.view_token
        assert matches.scoresheet(copy_) == matches.scoresheet(match)
        for number in range(1, 9):
            assert matches.revisions(copy_, number) == matches.revisions(match, number)
        view_token = copy_.view_token
    assert rows(fresh_app) == (1, 4, 12)
    # The pages agree too: the sheet's numbers and hand 3's history (two corrections) and hand 7's (undone).
    for number in (3, 7, 8):
        old = client.get(f"/m/{match.edit_token}/hands/{number}/revisions").get_data(as_text=True)
        new = fresh.get(f"/m/{token}/hands/{number}/revisions").get_data(as_text=True)
        assert old.replace(match.edit_token, "T").split("<main>")[1] == new.replace(token, "T").split("<main>")[1]
    old = client.get(f"/v/{match.view_token}").get_data(as_text=True)
    new = fresh.get(f"/v/{view_token}").get_data(as_text=True)
    # The share box's QR code draws the link, so it differs with the token like the link's text does.
    strip = lambda page, t: re.sub(r'name="csrf_token" value="[^"]+"|<svg [^>]*class="qr-code".*?</svg>', "",
                                   page.replace(t, "T"), flags=re.S)
    assert strip(old, match.view_token) == strip(new, view_token)


def test_import_of_a_summary_and_a_finished_match_round_trips(client, db, fresh_app, fresh):
    match = matches.create_match(db, variant="diszitett", options=None, sides=[{"name": "Anna"}, {"name": "Béla"}])
    for hand in (HAND_1015, SUMMARY, HAND_BIG, HAND_BIG, HAND_BIG):     # 8305, then taxed: 9978, 10648
        matches.add_hand(db, match, hand, based_on=match.version)
    assert matches.scoresheet(match)["match_over"] and matches.scoresheet(match)["winner"] == "Anna"
    response = upload(fresh, json.dumps(exported(client, match)))
    token = response.headers["Location"].rsplit("/", 1)[1]
    with fresh_app.extensions["scorekeeper_sessions"]() as session:
        assert matches.scoresheet(matches.find_match(session, token, editable=True)) == matches.scoresheet(match)


def test_the_same_file_imports_twice_as_two_matches(client, db, fresh_app, fresh):
    body = json.dumps(exported(client, history_match(db)))
    first, second = upload(fresh, body), upload(fresh, body)
    assert first.status_code == second.status_code == 303
    assert first.headers["Location"] != second.headers["Location"]
    assert rows(fresh_app) == (2, 8, 24)


# --- refusals --------------------------------------------------------------------------------------------


def _export(db) -> dict:
    match = matches.create_match(db, variant="diszitett", options=None, sides=[{"name": "Anna"}, {"name": "Béla"}])
    for hand in (HAND_1015, HAND_1015):
        matches.add_hand(db, match, hand, based_on=match.version)
    matches.edit_hand(db, match, 1, SUMMARY, based_on=match.version)
    return transfer.export_match(match)


def _set(path: str, value):
    def change(data: dict) -> dict:
        node, *keys = data, *re.findall(r"\w+", path)
        for key in keys[:-1]:
            node = node[int(key)] if key.isdigit() else node[key]
        last = keys[-1]
        if value is DELETE:
            del node[int(last) if last.isdigit() else last]
        else:
            node[int(last) if last.isdigit() else last] = value
        return data
    return change


DELETE = object()
ILLEGAL = {"mode": "cards", "sides": [{"name": "Anna", "melds": ["K K 2 2 2"], "out": "out", "hand": ""},
                                      {"name": "Béla", "hand": "5"}]}


def _legacy(change):
    """A file as exported before matches were pinned (no rules), then changed."""
    def legacy(data: dict) -> dict:
        del data["rules"], data["rules_hash"]
        return change(data)
    legacy.__name__ = f"legacy_{getattr(change, '__name__', 'change')}"
    return legacy


def _swap_seq(data: dict) -> dict:
    data["events"][0], data["events"][1] = data["events"][1], data["events"][0]
    return data


def _too_many(data: dict) -> dict:
    data["events"] = data["events"] * (transfer_format.MAX_EVENTS // len(data["events"]) + 1)
    return data


@pytest.mark.parametrize("change, needles", [
    (_set("format", "something-else"), ["format:", "not a scorekeeper match export"]),
    (_set("format_version", 2), ["format_version:", "version 2", "reads version 1"]),
    (_set("format_version", "1"), ["format_version:"]),
    (_legacy(_set("variant", "bridge")), ["variant:", "unknown variant 'bridge'"]),
    (_legacy(_set("options", {"negative_tax": "sometimes"})), ["options.negative_tax:", "not a choice"]),
    (_legacy(_set("options", {"no_such_option": "1"})), ["options.no_such_option"]),
    # A file with its rules: variant and options must be the rules' own, whatever this server's tables hold.
    (_set("variant", "bridge"), ["variant:", "the file's rules are those of 'diszitett', not 'bridge'"]),
    (_set("options.negative_tax", "taxed"), ["options:", "not those of the file's rules"]),
    (_set("rules.table.going_out.out", 900), ["rules:", "do not match rules_hash"]),
    (_set("rules_hash", "0" * 64), ["rules:", "do not match rules_hash"]),
    (_set("rules_hash", "short"), ["rules_hash:", "64 hexadecimal digits"]),
    (_set("rules", DELETE), ["rules:", "must be an object"]),
    (_set("sides", [{"name": "Anna"}, {"name": "Anna"}]), ["sides[1].name", "two sides are named 'Anna'"]),
    (_set("sides", [{"name": "Anna"}]), ["sides:", "needs 2–6 players"]),
    (_set("sides.1.name", ""), ["sides[1].name:", "every side needs a name"]),
    (_set("title", 7), ["title:", "must be text"]),
    (_set("created_at", "yesterday"), ["created_at:", "not a date and time"]),
    (_set("events", {}), ["events:", "list of hand events"]),
    (_set("events.1.entry", ILLEGAL), ["events[1] (add of hand 2)", "breaks the rules"]),
    (_set("events.0.entry.sides.0.melds.0", "J J X"), ["events[0].entry.sides[0].melds[0]"]),
    (_set("events.0.entry", "not a hand"), ["events[0].entry:"]),
    (_set("events.2.hand_number", 5), ["events[2] (edit of hand 5)", "hand 5 does not exist"]),
    (_set("events.1.hand_number", 1), ["events[1].hand_number:", "cannot be added after 1 hands"]),
    (_swap_seq, ["events[0].seq:", "expected seq 1, found 2", "in the order they were saved"]),
    (_set("events.1", DELETE), ["events[1].seq:", "expected seq 2, found 3"]),
    (_set("events.0.action", "delete"), ["events[0].action:", "'delete' is not one of add, edit, undo"]),
    (_set("events.0.created_at", "soon"), ["events[0].created_at:"]),
    (_set("events.0.token", "x"), ["events[0].token:", "unknown field 'token'"]),
    (_set("edit_token", "x"), ["edit_token:", "unknown field"]),
    (_too_many, ["events:", f"at most {transfer_format.MAX_EVENTS}"]),
], ids=lambda v: getattr(v, "__name__", None) if callable(v) else None)
def test_malformed_file_is_refused_naming_the_bad_part_and_nothing_is_written(app, client, db, change, needles):
    body = json.dumps(change(copy.deepcopy(_export(db))), ensure_ascii=False)
    before = rows(app)
    response = upload(client, body)
    page = " ".join(response.get_data(as_text=True).split())
    assert response.status_code == 400
    assert "This file cannot be imported." in page       # the part and the reason follow, marked English
    for needle in needles:
        assert needle.replace("'", "&#39;") in page, (needle, re.search(r'<span class="detail"[^>]*>.*?</span>', page).group(0))
    assert rows(app) == before


@pytest.mark.parametrize("body, needle", [
    (b"", "the file is empty"),
    (b"{not json", "not valid JSON at line 1, column 2"),
    (b"\xff\xfe\x00junk", "not UTF-8 text"),
    (b"[1, 2]", "one JSON object"),
    (b"[" * 100000 + b"]" * 100000, "nested deeper than 20 levels"),
])
def test_unreadable_file_is_refused(app, client, body, needle):
    before = rows(app)
    response = upload(client, body)
    assert response.status_code == 400 and needle in response.get_data(as_text=True)
    assert rows(app) == before


def test_import_without_a_file_is_refused(app, client):
    token = csrf_from(client.get("/").get_data(as_text=True))
    response = client.post("/import", data={"csrf_token": token}, content_type="multipart/form-data")
    assert response.status_code == 400 and "Choose a match file" in response.get_data(as_text=True)


def test_import_without_the_csrf_token_is_refused(app, client, db):
    body = json.dumps(_export(db))
    before = rows(app)
    for token in ("", "forged"):
        response = upload(client, body, token=token)
        assert response.status_code == 400 and "CSRF" in response.get_data(as_text=True)
    assert rows(app) == before


def test_a_failing_write_leaves_the_database_unchanged(app, db, monkeypatch):
    """The match, its sides and its events are one transaction: a failure at commit writes none of them."""
    data = _export(db)
    before = rows(app)

    def broken_commit():
        raise RuntimeError("disk full")

    with app.extensions["scorekeeper_sessions"]() as session:
        monkeypatch.setattr(session, "commit", broken_commit)
        with pytest.raises(RuntimeError):
            transfer.import_match(session, data)
    assert rows(app) == before
