"""The samba family (seed 003 l. 71–79) on the command line (run in-process: tests/cli/cli_helpers.py): ``variants``
lists each variant with its options and the digest decision each settles, ``check-meld --opening-canasta`` judges
Brazilian canasta's canasta openings (S62), and ``score`` prints ``next_opening_canasta``. Numbers worked out by
hand."""

from __future__ import annotations

import json
import subprocess

import pytest

from cli_helpers import run_cli

FAMILY = {"samba": {"red_three_set", "red_three_sign", "concealed_bonus", "opening_top", "black_three_in_hand"},
          "hollywood": {"natural_sequence_bonus", "red_three_set", "red_three_sign", "concealed_bonus",
                        "opening_top", "black_three_in_hand"},
          "bolivia": {"going_out", "base", "red_three_sign", "concealed_bonus", "black_three_in_hand"},
          "brazilian": {"sequence_bonus", "going_out", "concealed_bonus", "black_three_in_hand"},
          "italian": {"sequences", "deuce_meld_cap", "five_mixed", "opening", "concealed_bonus",
                      "black_three_in_hand"}}


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return run_cli(*args, stdin=stdin)


def test_variants_lists_the_samba_family_with_options_and_decisions():
    proc = run("variants")
    assert proc.returncode == 0, proc.stderr
    listed = {v["id"]: v for v in json.loads(proc.stdout)}
    for vid, options in FAMILY.items():
        assert {o["name"] for o in listed[vid]["options"]} == options, vid
        assert all(o["decision"] for o in listed[vid]["options"]), vid
    targets = {vid: listed[vid]["target"] for vid in FAMILY}
    assert targets == {"samba": 10000, "hollywood": 10000, "bolivia": 15000, "brazilian": 10000, "italian": 12000}
    decisions = {o["name"]: o["decision"] for o in listed["brazilian"]["options"]}
    assert decisions["sequence_bonus"].startswith("S59") and decisions["going_out"].startswith("S61")


@pytest.mark.parametrize("args, exit_code, codes", [
    pytest.param(["--opening-canasta", "any", "K K K"], 1, ["opening_needs_canasta"], id="S62 7000: a canasta"),
    pytest.param(["--opening-minimum", "200", "--opening-canasta", "any", "K K K K K K 2 | A A A A A A A"], 0, [],
                 id="S62 8000: a canasta and 220 in all"),
    pytest.param(["--opening-canasta", "natural", "K K K K K K 2"], 1, ["opening_needs_canasta"],
                 id="S62 9000: a mixed canasta is not natural"),
])
def test_check_meld_opening_canasta(args, exit_code, codes):
    proc = run("check-meld", "--variant", "brazilian", *args)
    assert proc.returncode == exit_code, proc.stderr
    assert [p["code"] for p in json.loads(proc.stdout)["problems"]] == codes


def test_check_meld_opening_canasta_unknown_word_exits_2():
    proc = run("check-meld", "--variant", "brazilian", "--opening-canasta", "mixed", "K K K")
    assert proc.returncode == 2 and proc.stdout == ""
    assert "mixed" in proc.stderr and "Traceback" not in proc.stderr


def test_score_prints_next_opening_canasta():
    """Brazilian: NS 7005 on 1000 (l. 79 hand of tests/core/test_bolivia_brazilian.py) is at 8005: a canasta and 200
    in all; EW 690 on 8500 is at 9190: a natural canasta."""
    record = {"variant": "brazilian", "totals_before": {"NS": 1000, "EW": 8500}, "sides": [
        {"name": "NS", "players": ["N", "S"], "red_threes": 5, "out": "out", "hand": {"N": "", "S": ""},
         "melds": ["4h 5h 6h 7h 8h 9h 10h Jh Qh", "5c 6c 7c 8c 9c", "JK JK 2 2 2 2 2"]},
        {"name": "EW", "players": ["E", "W"], "red_threes": 1, "hand": {"E": "9", "W": ""},
         "melds": ["4s 5s 6s 7s", "K K K K K K K K"]}]}
    proc = run("score", stdin=json.dumps(record))
    assert proc.returncode == 0, proc.stdout[-2000:]
    sides = json.loads(proc.stdout)["sides"]
    assert [(s["total"], s["next_opening_minimum"], s["next_opening_canasta"]) for s in sides] == [
        (8005, 200, "any"), (9190, 0, "natural")]
