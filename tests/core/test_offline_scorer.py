"""The offline scorer's Python (issue 22): scorekeeper/rules/offline.py, unpacked from the very zip a phone
downloads (offline_files.core_zip) and run by a bare CPython that has no site-packages (no Flask, nothing but the
standard library, as in Pyodide), answers a table of checker requests exactly as the server's check does."""

from __future__ import annotations

import io
import json
import zipfile

import pytest

from scorekeeper import service
from scorekeeper.offline_files import core_zip
from tests.phone_zip import answers_on_phone, unpack
from scorekeeper.rules import ScorekeeperError

# (request body as static/checker.js posts it): díszített, samba and international, legal and not, openings,
# going out, options, and input the core refuses
CASES = [
    {"variant": "diszitett", "cards": "K K K 2"},
    {"variant": "diszitett", "cards": "J J J J 2 2 2", "opening_minimum": 50},
    {"variant": "diszitett", "cards": "2 2 JK"},
    {"variant": "diszitett", "cards": "3 3 3", "going_out": True},
    {"variant": "diszitett", "cards": "K K K | 5 5 2", "opening_minimum": 90},
    {"variant": "diszitett", "cards": "A A A A A A A", "options": {"black_zsoli_canasta_bonus": "1000"}},
    {"variant": "samba", "cards": "4h 5h 6h 7h 8h 9h 10h"},
    {"variant": "samba", "cards": "K K 2 2"},
    {"variant": "samba", "cards": "Q Q Q Q Q Q 2", "opening_minimum": 150},
    {"variant": "international", "cards": "7 7 7 7 JK 2 2"},
    {"variant": "international", "cards": "3 3 3 3"},
    {"variant": "international", "cards": "K K X"},
    {"variant": "international", "cards": ""},
    {"variant": "no_such_game", "cards": "K K K"},
]


def server_answer(body: dict) -> dict:
    """What POST /api/v1/check-meld answers in English: the verdict, or a 400 with the core's reason."""
    try:
        return {"status": 200, "data": service.check(body["variant"], body["cards"], options=body.get("options"),
                                                     opening_minimum=body.get("opening_minimum"),
                                                     going_out=body.get("going_out", False))}
    except ScorekeeperError as exc:
        return {"status": 400, "message": getattr(exc, "reason", None) or str(exc)}


@pytest.fixture(scope="module")
def unpacked(tmp_path_factory):
    return unpack(tmp_path_factory.mktemp("core"))


def offline_answers(folder, bodies: list[dict]) -> list[dict]:
    return answers_on_phone(folder, "check", bodies)


def test_the_zip_holds_the_rules_core_and_its_tables_and_no_web_code():
    names = zipfile.ZipFile(io.BytesIO(core_zip()[0])).namelist()
    assert "scorekeeper/rules/offline.py" in names and "scorekeeper/rules/meld_check.py" in names
    assert "scorekeeper/_shipped/rules_ref/diszitett.toml" in names
    assert all(n.startswith(("scorekeeper/rules/", "scorekeeper/_shipped/rules_ref/")) or n == "scorekeeper/__init__.py"
               for n in names)
    assert core_zip() == core_zip() and len(core_zip()[1]) == 12


def test_offline_answers_equal_the_servers_for_the_checker_table(unpacked):
    answers = offline_answers(unpacked, CASES)
    for body, offline in zip(CASES, answers):
        server = server_answer(body)
        if server["status"] == 200:
            assert offline == server, body
        else:
            assert offline["status"] == 400 and offline["data"]["error"]["message"] == server["message"], body
    assert {a["status"] for a in answers} == {200, 400}
    assert {a["data"]["legal"] for a in answers if a["status"] == 200} == {True, False}


def test_a_body_that_is_no_request_is_a_400_answer_not_an_exception(unpacked):
    from scorekeeper.rules import offline

    assert json.loads(offline.answer("check", "[1, 2"))["status"] == 400
    assert json.loads(offline.answer("check", "[]"))["status"] == 400
    assert json.loads(offline.answer("check", json.dumps({"variant": "samba", "cards": "K", "options": 3})))[
        "data"]["error"]["field"] == "options"
    assert json.loads(offline.answer("score", "{}"))["data"]["error"]["field"] == "kind"
