"""House rules on the command line (issue 13): ``variants --show ID [-o NAME=VALUE] [--rules FILE.json]`` prints
the resolved rules a match would be pinned to, and ``score`` reads a record's ``"rules"``. Bad input is exit 2
with one line naming the variant, the option, the file or the house key.

Each case runs ``python -m scorekeeper`` from a temporary directory (in-process), as in test_cli.py.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sqlalchemy import select

from cli_helpers import run_cli
from scorekeeper import create_app
from scorekeeper.store import matches, transfer
from scorekeeper.store.models import Match
from scorekeeper.rules.tables.pinned import canonical, digest
from test_cli import SEED_1015, assert_unreadable, result_json, run

RED_450 = {"canastas": {"red_canasta": {"bonus": 450}}}


def write(tmp_path: Path, name: str, data) -> str:
    (tmp_path / name).write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return name


def test_show_prints_the_resolved_table_with_its_options(tmp_path):
    plain = result_json(run(tmp_path, "variants", "--show", "diszitett"), 0)
    assert plain["id"] == "diszitett" and "house" not in plain
    assert plain["table"]["canastas"]["red_canasta"]["bonus"] == 400
    assert [b["minimum"] for b in plain["table"]["opening"]["minimums"]] == [50, 75, 90, 120]
    chosen = result_json(run(tmp_path, "variants", "--show", "diszitett", "-o", "opening_minimum=90"), 0)
    assert chosen["options"]["opening_minimum"] == "90"
    assert chosen["table"]["opening"]["minimums"] == [{"from": -1000000000, "minimum": 90}]


def test_show_with_house_rules_merges_them_after_the_options(tmp_path):
    rules = write(tmp_path, "house.json", {**RED_450, "canastas": {"red_canasta": {"bonus": 450},
                                                                   "black_zsoli_canasta": {"bonus": 250}}})
    shown = result_json(run(tmp_path, "variants", "--show", "diszitett", "-o", "black_zsoli_canasta_bonus=1000",
                            "--rules", rules), 0)
    canastas = shown["table"]["canastas"]
    assert canastas["red_canasta"]["bonus"] == 450
    assert canastas["black_zsoli_canasta"]["bonus"] == 250        # the house value wins over the option's 1000
    assert canastas["gold_canasta"]["bonus"] == 600                # untouched keys stay the variant's
    assert shown["house"]["changes"] == [
        {"key": "canastas.black_zsoli_canasta.bonus", "variant": 1000, "house": 250},
        {"key": "canastas.red_canasta.bonus", "variant": 400, "house": 450}]


@pytest.mark.parametrize("args, files, needles", [
    (["--show", "nosuch"], {}, ["nosuch"]),
    (["--show", "diszitett", "-o", "colour=red"], {}, ["colour"]),
    (["--show", "diszitett", "-o", "opening_minimum=33"], {}, ["33"]),
    (["--show", "diszitett", "--rules", "missing.json"], {}, ["missing.json"]),
    (["--show", "diszitett", "--rules", "h.json"], {"h.json": "{not json"}, ["h.json", "line 1"]),
    (["--show", "diszitett", "--rules", "h.json"], {"h.json": [1, 2]}, ["h.json", "object"]),
    (["--show", "diszitett", "--rules", "h.json"], {"h.json": {"canastas": {"red_canasta": {"bonuz": 1}}}},
     ["h.json", "rules.canastas.red_canasta.bonuz"]),
    (["--show", "diszitett", "--rules", "h.json"], {"h.json": {"canastas": {"red_canasta": {"bonus": "x"}}}},
     ["rules.canastas.red_canasta.bonus"]),
    (["--show", "diszitett", "--rules", "h.json"], {"h.json": {"canastas": {"red_canasta": {"size": [2, 2]}}}},
     ["rules.canastas.red_canasta.size", "smallest meld"]),
    (["--show", "diszitett", "--rules", "h.json"],
     {"h.json": {"opening": {"minimums": [{"from": 5000, "minimum": 90}, {"from": -1000000000, "minimum": 50}]}}},
     ["rules.opening.minimums[0].from", "rules.opening.minimums[1].from"]),
    (["--show", "diszitett", "--rules", "h.json"], {"h.json": {"id": "other"}}, ["rules.id"]),
    (["--rules", "h.json"], {"h.json": RED_450}, ["--show"]),
])
def test_show_refuses_bad_input_naming_it(tmp_path, args, files, needles):
    for name, data in files.items():
        write(tmp_path, name, data)
    assert_unreadable(run(tmp_path, "variants", *args), *needles)


PRESET = {"format": "scorekeeper-house-rules", "format_version": 1, "name": "Nagyi", "variant": "diszitett",
          "options": {"opening_minimum": "90"}, "rules": RED_450}


def test_show_reads_a_shared_house_rules_file_with_its_name_and_options(tmp_path):
    name = write(tmp_path, "nagyi.json", PRESET)
    shown = result_json(run(tmp_path, "variants", "--show", "diszitett", "--rules", name), 0)
    assert shown["house"] == {"name": "Nagyi", "changes": [
        {"key": "canastas.red_canasta.bonus", "variant": 400, "house": 450}]}
    assert shown["options"]["opening_minimum"] == "90"
    mine = result_json(run(tmp_path, "variants", "--show", "diszitett", "-o", "opening_minimum=75", "--rules", name), 0)
    assert mine["table"]["opening"]["minimums"] == [{"from": -1000000000, "minimum": 75}]     # -o wins


@pytest.mark.parametrize("change, needles", [
    ({"variant": "international", "options": {}, "rules": {"going_out": {"out": 200}}},
     ["variant", "'diszitett'", "'international'"]),
    ({"format_version": 2}, ["p.json", "format"]),
    ({"name": ""}, ["p.json", "name"]),
    ({"rules": {"canastas": {"red_canasta": {"size": [2, 2]}}}}, ["p.json", "rules.canastas.red_canasta.size"]),
])
def test_show_refuses_a_bad_shared_file_naming_the_field(tmp_path, change, needles):
    assert_unreadable(run(tmp_path, "variants", "--show", "diszitett", "--rules",
                          write(tmp_path, "p.json", {**PRESET, **change})), *needles)


def test_score_reads_the_records_house_rules(tmp_path):
    plain = result_json(run(tmp_path, "score", write(tmp_path, "a.json", SEED_1015)), 0)
    house = result_json(run(tmp_path, "score", write(tmp_path, "b.json", {**SEED_1015, "rules": RED_450})), 0)
    scores = {s["name"]: s["score"] for s in plain["sides"]}
    assert scores == {"Anna": 1015, "Béla": 570}
    # one red canasta each: 50 more, and nothing else moves
    assert {s["name"]: s["score"] for s in house["sides"]} == {"Anna": 1065, "Béla": 620}
    assert [s["card_value"] for s in house["sides"]] == [s["card_value"] for s in plain["sides"]]


def test_score_refuses_bad_house_rules_naming_the_key(tmp_path):
    record = {**SEED_1015, "rules": {"canastas": {"red_canasta": {"wilds": [0, 9], "bonus": -5.5}}}}
    assert_unreadable(run(tmp_path, "score", write(tmp_path, "h.json", record)), "rules.canastas.red_canasta")


# --- import and the offline sheet of a house match -----------------------------------------------------------

HAND = {"mode": "cards", "sides": [{k: v for k, v in side.items()} for side in SEED_1015["sides"]]}


@pytest.fixture(scope="module")
def house_export(tmp_path_factory):
    """An export of a díszített match with house rules (red canasta 450, named "Nagyi") and one hand, and its
    scoresheet as the app shows it."""
    app = create_app({"DATABASE_URL": "sqlite://", "SECRET_KEY": "test"})
    with app.extensions["scorekeeper_sessions"]() as session:
        match = matches.create_match(session, variant="diszitett", options=None, house=RED_450, house_name="Nagyi",
                                     sides=[{"name": "Anna"}, {"name": "Béla"}])
        matches.add_hand(session, match, HAND, based_on=match.version)
        data, sheet = json.loads(transfer.export_json(match)), matches.scoresheet(match)
    app.extensions["scorekeeper_engine"].dispose()
    return data, sheet


def _run_with_db(tmp_path, *args):
    return run_cli(*args, stdin="", cwd=tmp_path, env={"DATABASE_URL": f"sqlite:///{tmp_path / 'scores.sqlite'}"})


def _imported(tmp_path):
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'scores.sqlite'}", "SECRET_KEY": "test"})
    with app.extensions["scorekeeper_sessions"]() as session:
        found = [(matches.house_of(m), matches.scoresheet(m)) for m in session.scalars(select(Match))]
    app.extensions["scorekeeper_engine"].dispose()
    return found


def test_the_cli_imports_a_house_match_to_the_identical_sheet(tmp_path, house_export):
    data, sheet = house_export
    proc = _run_with_db(tmp_path, "import", write(tmp_path, "match.json", data))
    assert proc.returncode == 0, proc.stderr
    [(house, imported)] = _imported(tmp_path)
    assert house == {"name": "Nagyi", "changes": [{"key": "canastas.red_canasta.bonus", "variant": 400, "house": 450}]}
    assert {k: v for k, v in imported.items() if k != "match"} == {k: v for k, v in sheet.items() if k != "match"}
    assert imported["totals"] == {"Anna": 1065, "Béla": 620}
    assert imported["match"]["rules_hash"] == sheet["match"]["rules_hash"]


def test_the_cli_refuses_a_tampered_house_block_with_exit_2_and_stores_nothing(tmp_path, house_export):
    data = json.loads(json.dumps(house_export[0]))
    data["rules"]["house"]["changes"][0]["house"] = 500          # the table still says 450
    data["rules_hash"] = digest(canonical(data["rules"]))         # and the hash was made to match
    name = write(tmp_path, "tampered.json", data)
    proc = _run_with_db(tmp_path, "import", name)
    assert_unreadable(proc, "tampered.json", "rules.house.changes[0]")
    assert _imported(tmp_path) == []
    assert_unreadable(run(tmp_path, "sheet", name, "-o", "out.pdf"), "rules.house.changes[0]")
    assert not (tmp_path / "out.pdf").exists()


# Issue 19: each answered exit 3 ("internal error (a bug)") with IndexError, ValueError or TypeError, or was
# accepted and broke the match later; bad input is exit 2 naming the house key.
BAD_SHAPES = [('{"canastas": {"black_canasta": {"jokers": [0]}}}', "canastas.black_canasta.jokers"),
              ('{"canastas": {"red_canasta": {"wilds": [0]}}}', "canastas.red_canasta.wilds"),
              ('{"canastas": {"red_canasta": {"size": [7]}}}', "canastas.red_canasta.size"),
              ('{"taxation": {"negative": []}}', "taxation.negative"),
              ('{"twins": {"points": 1e999}}', "twins.points")]


@pytest.mark.parametrize("text, key", BAD_SHAPES, ids=[k for _t, k in BAD_SHAPES])
def test_house_rules_of_the_wrong_shape_are_exit_2_naming_the_key(tmp_path, text, key):
    named = "1e999" if "1e999" in text else f"rules.{key}"      # 1e999: refused as the file is read
    rules = write(tmp_path, "house.json", text)
    assert_unreadable(run(tmp_path, "variants", "--show", "diszitett", "--rules", rules), named)
    hand = write(tmp_path, "hand.json", '{"variant": "diszitett", "sides": [{"name": "A"}, {"name": "B"}], '
                                        '"rules": ' + text + "}")
    assert_unreadable(run(tmp_path, "score", hand), named)
