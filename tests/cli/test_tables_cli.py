"""SCOREKEEPER_RULES_REF points the command line at another folder of tables: a table there may extend another,
and a misspelt key in it stops the command with the file and the key named (scorekeeper/rules/tables/reading.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from scorekeeper.rules.tables import variants

HOUSE = ('extends = "international"\nid = "house"\nname = "House"\nreference = "international.md"\n'
         "[canastas.natural_canasta]\nbonus = 600\n")
RECORD = {"variant": "house", "sides": [
    {"name": "NS", "players": ["N", "S"], "melds": ["K K K K K K K"], "out": "out", "hand": {"N": "", "S": ""}},
    {"name": "EW", "players": ["E", "W"], "melds": ["Q Q Q"], "hand": {"E": "4", "W": ""}}]}


def _score(tmp_path: Path, house: str) -> subprocess.CompletedProcess[str]:
    folder = tmp_path / "tables"
    folder.mkdir()
    (folder / "international.toml").write_text((variants.RULES_REF / "international.toml").read_text("utf-8"), "utf-8")
    (folder / "international.md").write_text("# International\n", "utf-8")    # the reference both name
    (folder / "house.toml").write_text(house, "utf-8")
    return subprocess.run([sys.executable, "-m", "scorekeeper", "score"], input=json.dumps(RECORD),
                          capture_output=True, text=True, cwd=tmp_path, timeout=60,
                          env={**os.environ, "SCOREKEEPER_RULES_REF": str(folder)})


def test_a_table_extending_international_scores_its_own_bonus_from_the_folder_named_by_the_env_var(tmp_path):
    proc = _score(tmp_path, HOUSE)
    assert proc.returncode == 0, proc.stderr
    items = {i["item"]: i["points"] for i in json.loads(proc.stdout)["sides"][0]["base_items"]}
    assert items == {"natural_canasta": 600, "going_out": 100}


def test_a_misspelt_key_exits_2_naming_the_file_and_the_key(tmp_path):
    proc = _score(tmp_path, HOUSE.replace("bonus", "bonsu"))
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.strip() == "error: house.toml: unknown key canastas.natural_canasta.bonsu"


def test_a_table_whose_reference_is_missing_exits_2_from_every_command_naming_the_file(tmp_path):
    """Issue 19: the table loaded and passed the checks, and its rules page answered 500; now it does not load, and
    `variants` said "internal error (a bug)" (exit 3) for a folder's broken table: it is exit 2 naming the file."""
    folder = tmp_path / "tables"
    folder.mkdir()
    (folder / "international.toml").write_text((variants.RULES_REF / "international.toml").read_text("utf-8"), "utf-8")
    (folder / "international.md").write_text("# International\n", "utf-8")
    (folder / "house.toml").write_text(HOUSE.replace("international.md", "house.md"), "utf-8")
    for command in (["variants"], ["rules-ref"], ["score"]):
        proc = subprocess.run([sys.executable, "-m", "scorekeeper", *command], input=json.dumps(RECORD),
                              capture_output=True, text=True, cwd=tmp_path, timeout=60,
                              env={**os.environ, "SCOREKEEPER_RULES_REF": str(folder)})
        assert proc.returncode == 2, (command, proc.stderr)
        assert "house.toml: its reference house.md is missing" in proc.stderr and "Traceback" not in proc.stderr
