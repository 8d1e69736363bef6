"""The toy rummy of tests/toy_rummy scored through the real command line (issue 20): ``SCOREKEEPER_PLUGINS``
names the module that registers the family, and ``python -m scorekeeper`` reads, scores and lists it like a
shipped one, with the same exit codes (0 legal, 1 breaks rules with the JSON still printed, 2 unreadable)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
PLUGIN = "tests.toy_rummy.plugin"

HAND = {"variant": "toy_rummy", "sides": [
    {"name": "Anna", "melds": ["7h 8h 9h", "Kc Kd Ks"], "hand": "2c"},
    {"name": "Béla", "melds": ["Qc Qd Qh"], "hand": "Ad 5s"}]}


def run(tmp_path: Path, *args: str, record: Any = None, plugins: str = PLUGIN) -> subprocess.CompletedProcess[str]:
    # From a temporary directory, as installed; the plug-in module is found on PYTHONPATH like any other.
    env = {**os.environ, "SCOREKEEPER_PLUGINS": plugins, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "scorekeeper", *args], capture_output=True, text=True,
                          encoding="utf-8", cwd=tmp_path, timeout=60, env=env,
                          input=json.dumps(record, ensure_ascii=False) if record is not None else "")


def test_a_legal_hand_is_scored_and_exits_0(tmp_path):
    proc = run(tmp_path, "score", record=HAND)
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    assert (result["family"], result["ok"], result["totals"]) == ("toy_rummy", True, {"Anna": 52, "Béla": 10})


def test_a_hand_breaking_the_rules_prints_its_problems_and_exits_1(tmp_path):
    bad = {**HAND, "sides": [{**HAND["sides"][0], "melds": ["7h 8s 9h"]}, HAND["sides"][1]]}
    proc = run(tmp_path, "score", "-", record=bad)
    assert proc.returncode == 1
    problem, = json.loads(proc.stdout)["problems"]
    assert (problem["code"], problem["field"]) == ("not_a_meld", "sides[0].melds[0]")


def test_an_unreadable_card_is_one_line_naming_the_field_and_exits_2(tmp_path):
    bad = {**HAND, "sides": [{**HAND["sides"][0], "hand": "2c zz"}, HAND["sides"][1]]}
    proc = run(tmp_path, "score", record=bad)
    assert proc.returncode == 2 and "sides[0].hand" in proc.stderr and proc.stdout == ""


def test_variants_lists_it_and_without_the_plug_in_it_is_unknown(tmp_path):
    listed = json.loads(run(tmp_path, "variants").stdout)
    assert {"id": "toy_rummy", "family": "toy_rummy"}.items() <= next(
        v for v in listed if v["id"] == "toy_rummy").items()
    proc = run(tmp_path, "score", record=HAND, plugins="")
    assert proc.returncode == 2 and "unknown variant 'toy_rummy'" in proc.stderr
