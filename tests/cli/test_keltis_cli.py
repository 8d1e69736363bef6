"""Keltis on the command line: ``python -m scorekeeper score`` and ``variants`` in a subprocess, from a temporary
directory (the same contract as tests/cli/test_cli.py: exit 0 legal, 1 breaks rules with the JSON still printed,
2 unreadable with one line on stderr naming the field and token).

Records are issue 5's example and seed 001_314e6de91354a961.txt's tables (digest section 3), worked out by hand:
Anna green 8 cards 7 + red 10 9 8 G8 7 (5 cards with the grey 8, K1) 2 + grey row 3 + three stones 4 = 16;
Béla blue 9 7 7 4 (4 cards) 1 + yellow 3 3 6 G6 8 X X (7 cards) 6 + two stones 0 = 7.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from cli_helpers import run_cli

GAME = {
    "variant": "keltis",
    "sides": [
        {"name": "Anna", "rows": {"green": "0 1 2 3 3 4 5 X", "red": "10 9 8 G8 7"}, "grey": "3 5 2",
         "stones": [1, 2, 3]},
        {"name": "Béla", "rows": {"kék": "9 7 7 4", "Sárga": "3 3 6 G6 8 X X"}, "stones": [4, 9]},
    ],
}


def run(tmp_path: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return run_cli(*args, stdin=stdin, cwd=tmp_path)


def score(tmp_path: Path, record: Any, via: str = "stdin") -> subprocess.CompletedProcess[str]:
    text = json.dumps(record, ensure_ascii=False)
    if via == "stdin":
        return run(tmp_path, "score", stdin=text)
    (tmp_path / "game.json").write_text(text, encoding="utf-8")
    return run(tmp_path, "score", "game.json")


def with_side0(**fields: Any) -> dict[str, Any]:
    out = json.loads(json.dumps(GAME))
    out["sides"][0].update(fields)
    return out


@pytest.mark.parametrize("record, via, exit_code, totals, codes, winner", [
    pytest.param(GAME, "stdin", 0, {"Anna": 16, "Béla": 7}, [], "Anna", id="issue-5-example-stdin-exit-0"),
    pytest.param({**GAME, "options": {"count_in_row_length": "numbers_only"}, "totals_before": {"Béla": 14}},
                 "file", 0, {"Anna": 14, "Béla": 16}, [], "Béla",
                 id="K1-numbers-only-with-running-totals-file-exit-0"),
    pytest.param({**GAME, "options": {"count_in_row_length": "numbers_only"}, "totals_before": {"Béla": 12}},
                 "stdin", 0, {"Anna": 14, "Béla": 14}, [], ["Anna", "Béla"], id="tie-gives-two-winners"),
    pytest.param(with_side0(rows={"green": "3 4 3 X 5"}, stones=[4, 12]), "stdin", 1, None,
                 ["card_after_closing", "direction_broken", "stone_held_twice", "stone_out_of_range"], None,
                 id="broken-row-and-stones-exit-1"),
    # Seed 001's end rule: two players end with at most 5 + 2 × 2 = 9 closed rows; here all ten are closed.
    pytest.param({"variant": "keltis", "sides": [
        {"name": "Anna", "rows": {c: "3 X" for c in ("green", "yellow", "red", "pink", "blue")}},
        {"name": "Béla", "rows": {c: "4 X" for c in ("green", "yellow", "red", "pink", "blue")}}]},
        "stdin", 1, None, ["too_many_closed_rows"], None, id="seed001-end-rule-ten-closed-rows-of-two-exit-1"),
])
def test_score_keltis(tmp_path, record, via, exit_code, totals, codes, winner):
    proc = score(tmp_path, record, via)
    assert proc.returncode == exit_code, (proc.stdout[-2000:], proc.stderr[-2000:])
    assert "Traceback" not in proc.stderr
    result = json.loads(proc.stdout)
    assert {"ok", "variant", "options", "sides", "problems", "totals", "hand_winner", "match_over",
            "winner"} <= set(result)
    assert (result["ok"], result["variant"], result["match_over"]) == (exit_code == 0, "keltis", False)
    assert sorted(p["code"] for p in result["problems"]) == codes
    assert result["winner"] == winner
    if totals is not None:
        assert result["totals"] == totals
    for side in result["sides"]:
        assert {"name", "score", "total", "total_before", "rows", "grey", "stones"} <= set(side)
        assert side["score"] == sum(r["points"] for r in side["rows"]) + side["grey"]["points"] + \
            side["stones"]["points"]
        assert side["total"] == side["total_before"] + side["score"]


@pytest.mark.parametrize("record, needles", [
    pytest.param(with_side0(rows={"green": "0 1 11"}), ["sides[0].rows.green", "'11' (card 3)"], id="bad-token"),
    pytest.param(with_side0(rows={"lila": "0 1"}), ["sides[0].rows.lila", "not a colour"], id="unknown-colour"),
    pytest.param(with_side0(stones=["one"]), ["sides[0].stones[0]"], id="stone-not-a-number"),
    pytest.param({**GAME, "options": {"row_may_start_closed": "maybe"}}, ["options.row_may_start_closed"],
                 id="unknown-choice"),
])
def test_unreadable_keltis_record_exits_2(tmp_path, record, needles):
    proc = score(tmp_path, record)
    assert proc.returncode == 2 and proc.stdout == "" and "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1
    for needle in needles:
        assert needle in proc.stderr, proc.stderr


def test_variants_lists_keltis_and_check_meld_refuses_it(tmp_path):
    proc = run(tmp_path, "variants")
    assert proc.returncode == 0
    keltis = {v["id"]: v for v in json.loads(proc.stdout)}["keltis"]
    assert (keltis["name"], keltis["family"], keltis["sides"], keltis["target"]) == ("Keltis", "keltis", [2, 5], None)
    assert {o["name"]: o["default"] for o in keltis["options"]} == {
        "count_in_row_length": "all", "grey_on_row_scores": "length_only", "row_may_start_closed": "yes"}
    proc = run(tmp_path, "check-meld", "--variant", "keltis", "1", "2", "3")
    assert proc.returncode == 2 and "no melds" in proc.stderr and "Traceback" not in proc.stderr
