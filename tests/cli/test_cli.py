"""The command line: every test runs ``python -m scorekeeper`` from a temporary directory, in-process through
click's runner (tests/cli/cli_helpers.py: the exit code, stdout and stderr a subprocess would give);
test_the_installed_command_line runs the real ``python -m scorekeeper`` and ``scorekeeper`` in subprocesses, so it
proves the package imports and the CLI keeps its contract without the repository on the path.

Contract (README, scorekeeper/cli.py):
- ``score [FILE]``: hand record JSON from FILE or stdin -> result JSON; exit 0 legal, 1 breaks rules (JSON still
  printed, with ``problems``), 2 unreadable input (one message on stderr naming the bad field or token, no traceback).
- ``check-meld --variant V [--opening-minimum N] [--going-out] [-o NAME=VALUE] CARDS...``: verdict JSON; exit 0
  legal, 1 illegal, 2 unreadable; several melds separated by "|" are judged as one opening.
- ``variants``: the variants and their options with defaults.

Expected numbers come from the rules digest (seed 000 worked examples) and were worked out by hand.
Keep this file fast: about 0.3 CPU-seconds per subprocess, so only the few that prove the entry points.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from cli_helpers import INTERNATIONAL, run_cli, run_installed

# --------------------------------------------------------------------------------------------- helpers


def run(tmp_path: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """Run the CLI from ``tmp_path``; stdin is always given (empty if None) so nothing ever waits on a tty."""
    return run_cli(*args, stdin=stdin or "", cwd=tmp_path)


def score(tmp_path: Path, record: Any, via: str) -> subprocess.CompletedProcess[str]:
    """``via``: "stdin", "file" (hand.json in the working directory) or "missing" (a FILE that does not exist)."""
    if via == "missing":
        return run(tmp_path, "score", "missing.json")
    if isinstance(record, bytes):
        data = record
    else:
        data = (record if isinstance(record, str) else json.dumps(record, ensure_ascii=False)).encode("utf-8")
    if via == "stdin":
        return run(tmp_path, "score", stdin=data.decode("utf-8"))
    (tmp_path / "hand.json").write_bytes(data)
    return run(tmp_path, "score", "hand.json")


def assert_unreadable(proc: subprocess.CompletedProcess[str], *needles: str) -> None:
    """Exit 2, nothing on stdout, one line on stderr naming what is wrong, never a traceback."""
    assert proc.returncode == 2, (proc.returncode, proc.stdout[:500], proc.stderr[-2000:])
    assert "Traceback" not in proc.stderr, proc.stderr[-2000:]
    assert proc.stdout == ""
    for needle in needles:
        assert needle in proc.stderr, (needle, proc.stderr)
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, f"expected one line on stderr, got {len(lines)}: {proc.stderr!r}"


def result_json(proc: subprocess.CompletedProcess[str], exit_code: int) -> dict[str, Any]:
    assert proc.returncode == exit_code, (proc.returncode, proc.stdout[-2000:], proc.stderr[-2000:])
    assert "Traceback" not in proc.stderr
    return json.loads(proc.stdout)


def check_result_shape(result: dict[str, Any]) -> None:
    """The fields every score result carries (scoring.py ``to_dict``)."""
    assert {"ok", "variant", "sides", "problems", "match_over", "winner"} <= set(result)
    assert isinstance(result["ok"], bool) and isinstance(result["match_over"], bool)
    assert isinstance(result["problems"], list) and result["sides"]
    for side in result["sides"]:
        assert {"name", "base", "base_items", "card_value", "score", "taxed", "total",
                "next_opening_minimum"} <= set(side)
        for item in side["base_items"]:
            assert {"item", "count", "points"} <= set(item)
        # the arithmetic the sheet shows: score = base + card value + penalties
        assert side["score"] == side["base"] + side["card_value"] + side.get("penalty", 0)
    for p in result["problems"]:
        assert {"code", "message"} <= set(p)


# --------------------------------------------------------------------------------------------- records

# Seed 000, second worked example: black canasta (J J J J 2 2 2) 300 + red canasta of fives 400 + 1 red three 100
# + 1 twin 100 = 900; card value 70 + 30 + 35 - 20 (ace in hand) = 115; hand 1015. Béla went out with a canasta
# so that the hand is legal: red canasta 400 + out 100 + kings 70 = 570.
SEED_1015 = {
    "variant": "diszitett",
    "sides": [
        {"name": "Anna", "melds": ["J J J J 2 2 2", "5 5 5 5 5 5 5"], "red_threes": 1, "twins": 1,
         "out": "none", "hand": "A"},
        {"name": "Béla", "melds": ["K K K K K K K"], "out": "out", "hand": ""},
    ],
}

# Seed 000, taxation example: total before 9725, hand 2375 -> 237 -> 240 -> 9965.
# Anna: 4 red threes 800 + twin 100 + gold (8x8) 600 + red (7x6) 400 + black (4x6 + 2) 300 = 2200;
# card value 80 + 35 + 50 + 30 - 20 = 175; 2375. Béla at 9990 scores 570 -> 57 -> 60 -> 10050 > 10 000: he wins.
TAX_2375 = {
    "variant": "diszitett",
    "totals_before": {"Anna": 9725, "Béla": 9990},
    "sides": [
        {"name": "Anna", "melds": ["8 8 8 8 8 8 8 8", "6 6 6 6 6 6 6", "4 4 4 4 4 4 2", "9 9 9"],
         "red_threes": 4, "twins": 1, "hand": "A"},
        {"name": "Béla", "melds": ["K K K K K K K"], "out": "out", "hand": ""},
    ],
}


# Two players went out, and 8 + 1 = 9 aces (the deck holds 8): parsed, scored, but illegal.
ILLEGAL = {
    "variant": "diszitett",
    "sides": [
        {"name": "Anna", "melds": ["A A A A A A A A"], "out": "out"},
        {"name": "Béla", "melds": ["K K K K K K K"], "out": "out"},
        {"name": "Cili", "melds": ["Q Q Q"], "hand": "A"},
    ],
}


def with_(record: dict[str, Any], **changes: Any) -> dict[str, Any]:
    """A copy of ``record`` with top-level fields replaced, or ``side0_FIELD=`` set on the first side."""
    out = json.loads(json.dumps(record))
    for key, value in changes.items():
        if key.startswith("side0_"):
            out["sides"][0][key.removeprefix("side0_")] = value
        else:
            out[key] = value
    return out


# --------------------------------------------------------------------------------------------- score: exit 0 / 1

SCORE_CASES = [
    pytest.param(
        SEED_1015, "stdin", 0,
        {"Anna": dict(base=900, card_value=115, score=1015, taxed=1015, total=1015, next_opening_minimum=50,
                      items={"red_threes": (1, 100), "twins": (1, 100), "black_canasta": (1, 300),
                             "red_canasta": (1, 400)}),
         "Béla": dict(base=500, card_value=70, score=570, taxed=570, total=570, next_opening_minimum=50,
                      items={"red_canasta": (1, 400), "going_out": (1, 100)})},
        [], False, None, id="diszitett-seed-1015-stdin"),
    pytest.param(
        TAX_2375, "file", 0,
        {"Anna": dict(base=2200, card_value=175, score=2375, taxed=240, total=9965, next_opening_minimum=120,
                      items={"red_threes": (4, 800), "twins": (1, 100), "gold_canasta": (1, 600),
                             "red_canasta": (1, 400), "black_canasta": (1, 300)}),
         "Béla": dict(score=570, taxed=60, total=10050)},
        [], True, "Béla", id="diszitett-tax-9725+2375-is-9965-and-match-won-file"),
    pytest.param(
        INTERNATIONAL, "file", 0,
        {"N-S": dict(base=700, card_value=180, score=880, taxed=880, total=2280, next_opening_minimum=90,
                     items={"red_threes": (1, 100), "natural_canasta": (1, 500), "going_out": (1, 100)}),
         "E-W": dict(base=100, card_value=15, penalty=-100, score=15, total=3005, next_opening_minimum=120,
                     items={"red_threes": (1, 100)})},
        [], False, None, id="international-partnerships-penalty-file"),
    pytest.param(
        ILLEGAL, "stdin", 1,
        {"Anna": dict(base=700, card_value=160, score=860)},
        ["several_went_out", "too_many_copies"], False, None, id="illegal-two-went-out-nine-aces-exit-1"),
]


@pytest.mark.parametrize("record, via, exit_code, sides, problem_codes, match_over, winner", SCORE_CASES)
def test_score(tmp_path, record, via, exit_code, sides, problem_codes, match_over, winner):
    result = result_json(score(tmp_path, record, via), exit_code)
    check_result_shape(result)
    assert result["ok"] is (exit_code == 0)
    assert result["variant"] == record["variant"]
    assert sorted(p["code"] for p in result["problems"]) == sorted(problem_codes)
    assert result["match_over"] is match_over
    assert result["winner"] == winner
    by_name = {s["name"]: s for s in result["sides"]}
    assert list(by_name) == [s["name"] for s in record["sides"]]
    for name, expected in sides.items():
        side = by_name[name]
        expected = dict(expected)
        items = expected.pop("items", None)
        assert {k: side[k] for k in expected} == expected, name
        if items is not None:
            assert {b["item"]: (b["count"], b["points"]) for b in side["base_items"]} == items, name


# --------------------------------------------------------------------------------------------- score: exit 2

UNREADABLE_SCORE_CASES = [
    pytest.param("{bad", "stdin", ["not valid JSON", "line 1, column 2", "a field name in double quotes was expected"], id="invalid-json"),
    pytest.param("", "stdin", ["not valid JSON"], id="empty-input"),
    pytest.param("[1, 2]", "stdin", ["expected an object", "list"], id="not-an-object"),
    pytest.param(with_(SEED_1015, variant="bridge"), "stdin", ["variant", "'bridge'", "diszitett"],
                 id="unknown-variant"),
    pytest.param(with_(SEED_1015, side0_melds=["J J J J 2 2 2", "5 5 5 X 5 5 5"]), "stdin",
                 ["sides[0].melds[1]", "'X' (card 4)"], id="bad-card-token-named-with-position"),
    pytest.param(with_(SEED_1015, options={"zsoli_bonus": "1000"}), "file",
                 ["options.zsoli_bonus", "unknown option", "black_zsoli_canasta_bonus"], id="unknown-option"),
    pytest.param(with_(SEED_1015, side0_twins=True), "stdin", ["sides[0].twins", "whole number"],
                 id="bool-as-twins-count"),
    pytest.param(with_(SEED_1015, totals_before={"Anna": True}), "stdin", ["totals_before.Anna", "whole number"],
                 id="bool-as-total"),
    # A partner's name where totals are kept per side was dropped silently (the game did not end).
    pytest.param(with_(INTERNATIONAL, totals_before={"Anna": 4900}), "stdin",
                 ["totals_before.Anna", "'Anna' is not a side", "N-S"], id="a-partner-is-no-key-of-totals-before"),
    pytest.param(b'{"variant": "disz\xedtett"}', "file", ["hand.json", "UTF-8"], id="file-not-utf8"),
    pytest.param(None, "missing", ["missing.json", "cannot read"], id="missing-file"),
    pytest.param("[" * 100_000, "stdin", ["nested deeper than 20 levels"], id="deeply-nested-json"),
]


@pytest.mark.parametrize("record, via, needles", UNREADABLE_SCORE_CASES)
def test_score_unreadable(tmp_path, record, via, needles):
    assert_unreadable(score(tmp_path, record, via), *needles)


# --------------------------------------------------------------------------------------------- check-meld

CHECK_CASES = [
    # Two packs hold 8 kings: a meld of 9 was a legal natural canasta (seed 002_7cd961f2d9c875a7.txt: 2 packs).
    pytest.param(["--variant", "international", "K", "K", "K", "K", "K", "K", "K", "K", "K"], 1,
                 dict(kind="group", is_canasta=False, bonus=0), ["more_copies_than_deck"],
                 id="international-9-kings-more-than-the-deck"),
    pytest.param(["--variant", "international", "Kh Kh Kh K K"], 1, dict(kind="group"), ["more_copies_than_deck"],
                 id="international-3-kings-of-hearts-more-than-2-packs"),
    pytest.param(["--variant", "diszitett", "J", "J", "J", "J", "2", "2", "2"], 0,
                 dict(kind="black_canasta", bonus=300), [], id="diszitett-black-canasta-legal"),
    pytest.param(["--variant", "diszitett", "J J J 2 2 2 2"], 1,
                 dict(kind="group"), ["too_many_wilds"], id="diszitett-4-wilds-of-7-illegal"),
    pytest.param(["--variant", "diszitett", "--opening-minimum", "50", "K K K | 5 5 2"], 1,
                 dict(opening_value=45, melds=["group", "group"]), ["opening_minimum_not_reached"],
                 id="opening-45-short-of-50"),
    pytest.param(["--variant", "diszitett", "--opening-minimum", "50", "A", "A", "A", "|", "K", "K", "2"], 0,
                 dict(opening_value=90, melds=["group", "group"]), [], id="opening-90-reaches-50-separate-args"),
    pytest.param(["--variant", "diszitett", "--opening-minimum", "120", "--going-out", "K K K | 5 5 2"], 0,
                 dict(opening_value=45), [], id="opening-going-out-waives-minimum"),
    pytest.param(["--variant", "international", "--going-out", "3c", "3s", "3"], 0,
                 dict(kind="black_threes"), [], id="international-black-threes-going-out"),
    pytest.param(["--variant", "international", "3c 3s 3"], 1,
                 dict(kind="black_threes"), ["black_threes_only_going_out"], id="international-black-threes-not-out"),
    pytest.param(["--variant", "diszitett", "-o", "black_zsoli_canasta_bonus=1000", "2 2 2 2 JK JK JK"], 0,
                 dict(kind="black_zsoli_canasta", bonus=1000, options={"black_zsoli_canasta_bonus": "1000"}), [],
                 id="option-D1-zsoli-canasta-1000"),
    pytest.param(["--variant", "international", "--option", "wild_limit=swedish_half", "K K 2 2 2"], 1,
                 dict(kind="group"), ["too_many_wilds"], id="option-swedish-half-wild"),
]


@pytest.mark.parametrize("args, exit_code, expected, problem_codes", CHECK_CASES)
def test_check_meld(tmp_path, args, exit_code, expected, problem_codes):
    verdict = result_json(run(tmp_path, "check-meld", *args), exit_code)
    assert verdict["legal"] is (exit_code == 0)
    assert verdict["variant"] == args[args.index("--variant") + 1]
    expected = dict(expected)
    if "melds" in expected:
        assert [m["kind"] for m in verdict["melds"]] == expected.pop("melds")
    if "options" in expected:
        wanted = expected.pop("options")
        assert {k: verdict["options"][k] for k in wanted} == wanted
    assert {k: verdict[k] for k in expected} == expected
    assert sorted(p["code"] for p in verdict["problems"]) == sorted(problem_codes)


@pytest.mark.parametrize("args, needles", [
    pytest.param(["--variant", "diszitett", "K", "K", "X"], ["'X'", "position 3"], id="bad-token"),
    pytest.param(["--variant", "diszitett", "-o", "zsoli=1", "K K K"], ["options.zsoli", "unknown option"],
                 id="unknown-option"),
    pytest.param(["--variant", "diszitett", "-o", "black_zsoli_canasta_bonus", "K K K"], ["NAME=VALUE"],
                 id="option-without-value"),
    pytest.param(["--variant", "bridge", "K K K"], ["unknown variant 'bridge'"], id="unknown-variant"),
])
def test_check_meld_unreadable(tmp_path, args, needles):
    assert_unreadable(run(tmp_path, "check-meld", *args), *needles)


# --------------------------------------------------------------------------------------------- variants

def test_variants_lists_options_with_defaults(tmp_path):
    listed = {v["id"]: v for v in result_json(run(tmp_path, "variants"), 0)}
    assert {"diszitett", "international"} <= set(listed)
    for variant in listed.values():
        for option in variant["options"]:
            assert option["default"] in option["choices"], option
    defaults = {vid: {o["name"]: o["default"] for o in v["options"]} for vid, v in listed.items()}
    assert defaults["diszitett"] == {"black_zsoli_canasta_bonus": "200", "opening_minimum": "by_total",
                                     "negative_tax": "untaxed", "top_tie": "shared", "one_group_per_rank": "yes"}
    assert {"players": "4", "two_player_canastas": "2", "game_to": "5000", "wild_limit": "international"}.items() \
        <= defaults["international"].items()
    assert listed["diszitett"]["target"] == 10000 and listed["international"]["target"] == 5000


# --------------------------------------------------------------------------------------------- the entry points

@pytest.mark.parametrize("script", [False, True], ids=["python -m scorekeeper", "scorekeeper script"])
def test_the_installed_command_line(tmp_path, script):
    """The real entry points in subprocesses from a directory without the repository: a legal hand is exit 0 with
    its result, an illegal one exit 1 with the JSON still printed, unreadable input exit 2 with one line."""
    result = result_json(run_installed("score", stdin=json.dumps(SEED_1015), cwd=tmp_path, script=script), 0)
    check_result_shape(result)
    assert [s["score"] for s in result["sides"]] == [1015, 570]
    (tmp_path / "hand.json").write_text(json.dumps(ILLEGAL), encoding="utf-8")
    result = result_json(run_installed("score", "hand.json", cwd=tmp_path, script=script), 1)
    assert sorted(p["code"] for p in result["problems"]) == ["several_went_out", "too_many_copies"]
    assert_unreadable(run_installed("check-meld", "--variant", "bridge", "K K K", cwd=tmp_path, script=script),
                      "unknown variant 'bridge'")
