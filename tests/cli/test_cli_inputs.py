"""The CLI's exit codes for input that used to crash it (issue 9): exit 1 means "read but breaks the rules", so a
crash must never exit 1. Unreadable input exits 2 with one line on stderr; a bug exits 3 with one line (the
traceback only with SCOREKEEPER_DEBUG set). Files are size-checked before they are read.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli_helpers import run_cli
from scorekeeper import cli

RECORD = {"variant": "diszitett", "sides": [
    {"name": "Anna", "melds": ["J J J J 2 2 2", "5 5 5 5 5 5 5"], "red_threes": 1, "twins": 1, "hand": "A"},
    {"name": "Béla", "melds": ["K K K K K K K"], "out": "out", "hand": ""}]}


def run(tmp_path: Path, *args: str, stdin: bytes = b"", env: dict | None = None) -> subprocess.CompletedProcess:
    return run_cli(*args, stdin=stdin, cwd=tmp_path, env=env, text=False)


def assert_unreadable(proc: subprocess.CompletedProcess, *needles: str) -> None:
    err = proc.stderr.decode("utf-8", "replace")
    assert proc.returncode == 2, (proc.returncode, err[-1500:])
    assert "Traceback" not in err and proc.stdout == b""
    assert len(err.strip().splitlines()) == 1, err
    for needle in needles:
        assert needle in err, (needle, err)


def with_side0(**changes) -> dict:
    return {**RECORD, "sides": [{**RECORD["sides"][0], **changes}, RECORD["sides"][1]]}


@pytest.mark.parametrize("raw, needles", [
    pytest.param(json.dumps(with_side0(penalties=[{"code": "x", "points": 10**400}])).encode(),
                 ["sides[0].penalties[0].points", "at most 10000"], id="10**400 penalty"),
    pytest.param(b'{"variant": "diszitett", "sides": [{"name": "A", "twins": ' + b"1" * 5000 + b"}]}",
                 ["not valid JSON", "more than 4,300 digits"], id="5,000-digit integer"),
    pytest.param(json.dumps(with_side0(name="Anna\ud800")).encode(), ["sides[0].name", "surrogate"],
                 id="lone surrogate"),
    pytest.param(json.dumps(with_side0(melds=["K"] * 5000)).encode(), ["sides[0].melds", "at most 37"],
                 id="melds past the deck"),
    pytest.param(b'{"variant": "diszitett", "x": ' + b"[" * 40 + b"]" * 40 + b"}", ["nested deeper"],
                 id="deep nesting"),
])
def test_score_of_input_that_used_to_crash_exits_2(tmp_path, raw, needles):
    assert_unreadable(run(tmp_path, "score", stdin=raw), *needles)


def test_a_file_over_the_size_cap_is_refused_before_it_is_read(tmp_path):
    big = tmp_path / "big.json"
    with open(big, "wb") as fh:                 # sparse: 90 MB on paper, nothing to read
        fh.truncate(90 * 1024 * 1024)
    for args in (["score", "big.json"], ["sheet", "big.json", "-o", "x.pdf"], ["import", "big.json"]):
        assert_unreadable(run(tmp_path, *args, env={"DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite'}"}),
                          "big.json", "larger than 1024 KiB")
    assert_unreadable(run(tmp_path, "score", stdin=b" " * (1024 * 1024 + 1)), "<stdin>", "larger than")


def test_an_export_dated_in_year_9999_exits_2(tmp_path):
    export = {"format": "scorekeeper-match", "format_version": 1, "variant": "diszitett", "options": {},
              "title": "x", "created_at": "9999-12-31T23:59:59-01:00", "sides": [{"name": "A"}, {"name": "B"}],
              "events": []}
    (tmp_path / "m.json").write_text(json.dumps(export))
    assert_unreadable(run(tmp_path, "sheet", "m.json", "-o", "x.pdf"), "created_at", "between 2000 and 2100")


@pytest.mark.parametrize("minimum", ["²", "9" * 5000, "5e3"])
def test_check_meld_opening_minimum_that_is_no_ascii_number_exits_2(tmp_path, minimum):
    assert_unreadable(run(tmp_path, "check-meld", "--variant", "diszitett", "--opening-minimum", minimum, "K K K"),
                      "--opening-minimum")


def test_a_bug_exits_3_with_one_line_and_the_traceback_only_when_asked(monkeypatch):
    def broken(record):
        raise KeyError("boom")

    monkeypatch.setattr(cli.service, "score", broken)
    monkeypatch.delenv("SCOREKEEPER_DEBUG", raising=False)
    result = CliRunner().invoke(cli.main, ["score"], input=json.dumps(RECORD))
    assert result.exit_code == 3
    assert result.stderr.strip().splitlines() == [
        "internal error (a bug, please report it): KeyError: 'boom'; set SCOREKEEPER_DEBUG=1 for the traceback"]
    monkeypatch.setenv("SCOREKEEPER_DEBUG", "1")
    result = CliRunner().invoke(cli.main, ["score"], input=json.dumps(RECORD))
    assert result.exit_code == 3 and "Traceback" in result.stderr
