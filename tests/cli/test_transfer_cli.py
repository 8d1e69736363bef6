"""``python -m scorekeeper sheet MATCH.json -o sheet.pdf`` and ``python -m scorekeeper import FILE``, run from a
temporary directory like tests/cli/test_cli.py (in-process; a subprocess where SCOREKEEPER_RULES_REF must be read
as the process starts).

- ``sheet``: an export file → the A4 PDF sheet, without any database (``--lang hu`` for Hungarian words).
- ``import``: an export file → a new match in the configured database (DATABASE_URL); prints the new edit and
  view paths.
Both exit 2 with one ``error:`` line naming the file and the bad part, and write nothing, for a bad file.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from cli_helpers import run_cli, run_installed
from scorekeeper import create_app
from scorekeeper.store import matches, transfer

ANNA_1015 = {"name": "Anna", "melds": ["J J J J 2 2 2", "5 5 5 5 5 5 5"], "red_threes": 1, "twins": 1, "hand": "A"}
BELA_OUT = {"name": "Győző Űrhajós", "melds": ["K K K K K K K"], "out": "out", "hand": ""}
HAND = {"mode": "cards", "sides": [ANNA_1015, BELA_OUT]}


@pytest.fixture(scope="module")
def export_file(tmp_path_factory) -> Path:
    """An export of a two-hand match (one hand corrected), built through an in-memory app."""
    app = create_app({"DATABASE_URL": "sqlite://", "SECRET_KEY": "test"})
    with app.extensions["scorekeeper_sessions"]() as session:
        match = matches.create_match(session, variant="diszitett", options=None, title="Cli",
                                     sides=[{"name": "Anna"}, {"name": "Győző Űrhajós"}])
        for _ in range(2):
            matches.add_hand(session, match, HAND, based_on=match.version)
        matches.edit_hand(session, match, 1, HAND, based_on=match.version)
        path = tmp_path_factory.mktemp("export") / "match.json"
        path.write_text(transfer.export_json(match), encoding="utf-8")
    app.extensions["scorekeeper_engine"].dispose()
    return path


def run(cwd: Path, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return run_cli(*args, stdin="", cwd=cwd, env=env)


def pdftotext(path: Path) -> str:
    tool = shutil.which("pdftotext")
    if tool is None:
        pytest.fail("pdftotext (poppler-utils) is missing: .ci/run installs it")
    return subprocess.run([tool, "-layout", str(path), "-"], capture_output=True, check=True,
                          text=True, encoding="utf-8").stdout.replace("\u2212", "-")


def assert_refused(proc: subprocess.CompletedProcess[str], *needles: str) -> None:
    assert proc.returncode == 2, (proc.stdout, proc.stderr[-2000:])
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "Traceback" not in proc.stderr, proc.stderr
    for needle in needles:
        assert needle in lines[0]


def test_sheet_renders_an_export_as_pdf_without_a_database(tmp_path, export_file):
    proc = run(tmp_path, "sheet", str(export_file), "-o", "sheet.pdf")
    assert proc.returncode == 0, proc.stderr
    pdf = tmp_path / "sheet.pdf"
    assert pdf.read_bytes().startswith(b"%PDF-")
    words = pdftotext(pdf)
    # hand 1: 1015 and 570; hand 2 the same again → 2030 and 1140, grouped as English writes them (issue 23).
    assert "Cli" in words and "Győző Űrhajós" in words and "Hands in detail" in words
    for total in ("1,015", "570", "2,030", "1,140"):
        assert total in words
    assert not list(tmp_path.glob("*.sqlite")) and not (tmp_path / "instance").exists()


def test_sheet_in_hungarian(tmp_path, export_file):
    proc = run(tmp_path, "sheet", str(export_file), "-o", "lap.pdf", "--lang", "hu")
    assert proc.returncode == 0, proc.stderr
    words = pdftotext(tmp_path / "lap.pdf")
    assert "Leosztások" in words and "Győző Űrhajós" in words


@pytest.mark.parametrize("lang", ["fr", "sv"])
def test_sheet_in_french_and_swedish_groups_the_points_with_a_space(tmp_path, export_file, lang):
    """Issue 23: --lang takes every page language; 2030 is printed "2 030" (French: a narrow no-break space)."""
    proc = run(tmp_path, "sheet", str(export_file), "-o", f"{lang}.pdf", "--lang", lang)
    assert proc.returncode == 0, proc.stderr
    words = pdftotext(tmp_path / f"{lang}.pdf")
    assert re.search(r"\b2\s030\b", words) and re.search(r"\b1\s140\b", words) and "2030" not in words, words


KELTIS_GAME = {"mode": "cards", "sides": [   # Anna 7 + 2 + 3 grey + 4 stones = 16; Győző 1 + 6 + 0 = 7
    {"name": "Anna", "rows": {"green": "0 1 2 3 3 4 5 X", "red": "10 9 8 G8 7"}, "grey": "3 5 2", "stones": [1, 2, 3]},
    {"name": "Győző Űrhajós", "rows": {"kék": "9 7 7 4", "sárga": "3 3 6 G6 8 X X"}, "stones": [4, 9]}]}


def test_sheet_renders_an_exported_keltis_match(tmp_path):
    app = create_app({"DATABASE_URL": "sqlite://", "SECRET_KEY": "test"})
    with app.extensions["scorekeeper_sessions"]() as session:
        match = matches.create_match(session, variant="keltis", options=None, title="Keltis este",
                                     sides=[{"name": "Anna"}, {"name": "Győző Űrhajós"}])
        for _ in range(2):
            matches.add_hand(session, match, KELTIS_GAME, based_on=match.version)
        (tmp_path / "keltis.json").write_text(transfer.export_json(match), encoding="utf-8")
    app.extensions["scorekeeper_engine"].dispose()
    proc = run(tmp_path, "sheet", "keltis.json", "-o", "keltis.pdf")
    assert proc.returncode == 0, proc.stderr
    words = pdftotext(tmp_path / "keltis.pdf")
    flat = " ".join(words.split())
    assert "Keltis este" in flat and "Győző Űrhajós" in flat and "Games in detail" in flat
    assert "After 2 games Anna wins with 32 points!" in flat
    for row in ("green 0 1 2 3 3 4 5 X 8 7", "red 10 9 8 G8 7 5 2", "yellow 3 3 6 G6 8 X X 7 6", "blue 9 7 7 4 4 1"):
        assert row in flat, row
    for total in ("16", "32", "7", "14"):
        assert total in words


@pytest.mark.parametrize("content, needles", [
    ("{not json", ["not valid JSON"]),
    (json.dumps({"format": "scorekeeper-match", "format_version": 9}), ["format_version:", "version 9"]),
    (json.dumps([1]), ["one JSON object"]),
])
def test_sheet_refuses_a_bad_file_and_writes_no_pdf(tmp_path, content, needles):
    (tmp_path / "bad.json").write_text(content, encoding="utf-8")
    proc = run(tmp_path, "sheet", "bad.json", "-o", "sheet.pdf")
    assert_refused(proc, *needles)
    assert not (tmp_path / "sheet.pdf").exists()


def test_sheet_refuses_a_missing_file_and_an_unwritable_output(tmp_path, export_file):
    assert_refused(run(tmp_path, "sheet", "missing.json", "-o", "x.pdf"), "missing.json", "cannot read")
    assert_refused(run(tmp_path, "sheet", str(export_file), "-o", "no/such/dir/x.pdf"), "cannot write the PDF")


def test_import_stores_the_match_and_prints_its_links(tmp_path, export_file):
    url = f"sqlite:///{tmp_path / 'scores.sqlite'}"
    proc = run(tmp_path, "import", str(export_file), env={"DATABASE_URL": url})
    assert proc.returncode == 0, proc.stderr
    edit, view = proc.stdout.strip().splitlines()
    assert edit.startswith("edit: /m/") and view.startswith("view: /v/")
    app = create_app({"DATABASE_URL": url, "SECRET_KEY": "test"})
    with app.extensions["scorekeeper_sessions"]() as session:
        match = matches.find_match(session, edit.rsplit("/", 1)[1], editable=True)
        assert match.view_token == view.rsplit("/", 1)[1]
        sheet = matches.scoresheet(match)
        assert sheet["totals"] == {"Anna": 2030, "Győző Űrhajós": 1140}
        assert [e["action"] for e in matches.revisions(match, 1)] == ["add", "edit"]
    app.extensions["scorekeeper_engine"].dispose()


def test_import_refuses_a_bad_file_and_adds_no_rows(tmp_path, export_file):
    url = f"sqlite:///{tmp_path / 'scores.sqlite'}"
    data = json.loads(export_file.read_text(encoding="utf-8"))
    data["events"][1]["entry"]["sides"][0]["melds"] = ["K K 2 2 2"]
    (tmp_path / "bad.json").write_text(json.dumps(data), encoding="utf-8")
    assert_refused(run(tmp_path, "import", "bad.json", env={"DATABASE_URL": url}),
                   "bad.json", "events[1] (add of hand 2)")
    engine = create_engine(url)
    with engine.connect() as conn:
        assert [conn.scalar(text(f"SELECT count(*) FROM {t}")) for t in ("matches", "hand_events")] == [0, 0]
    engine.dispose()


def test_import_refuses_rules_changed_after_the_export_and_adds_no_rows(tmp_path, export_file):
    url = f"sqlite:///{tmp_path / 'scores.sqlite'}"
    data = json.loads(export_file.read_text(encoding="utf-8"))
    data["rules"]["table"]["going_out"]["out"] = 150            # the hash no longer matches: 570 would be 620
    (tmp_path / "tampered.json").write_text(json.dumps(data), encoding="utf-8")
    assert_refused(run(tmp_path, "import", "tampered.json", env={"DATABASE_URL": url}),
                   "tampered.json", "rules:", "do not match rules_hash")
    engine = create_engine(url)
    with engine.connect() as conn:
        assert [conn.scalar(text(f"SELECT count(*) FROM {t}")) for t in ("matches", "hand_events")] == [0, 0]
    engine.dispose()


def test_import_keeps_the_exported_rules_whatever_the_tables_here_say(tmp_path, export_file):
    """SCOREKEEPER_RULES_REF names tables where going out is worth 150: the imported match keeps its 100."""
    folder = tmp_path / "tables"
    shutil.copytree(Path(__file__).resolve().parents[2] / "rules_ref", folder)
    table = folder / "diszitett.toml"
    table.write_text(table.read_text("utf-8").replace("[going_out]\nout = 100", "[going_out]\nout = 150"), "utf-8")
    url = f"sqlite:///{tmp_path / 'scores.sqlite'}"
    proc = run_installed("import", str(export_file), cwd=tmp_path,
                         env={"DATABASE_URL": url, "SCOREKEEPER_RULES_REF": str(folder)})
    assert proc.returncode == 0, proc.stderr
    engine = create_engine(url)
    with engine.connect() as conn:
        stored = json.loads(conn.scalar(text("SELECT rules_json FROM matches")))
    engine.dispose()
    assert stored["table"]["going_out"]["out"] == 100
    assert stored == json.loads(export_file.read_text(encoding="utf-8"))["rules"]


def test_import_refuses_uneven_sides_of_an_even_form_and_adds_no_rows(tmp_path):
    """Seed 003_a7945a279b9f9fe4.txt l. 45: six play as 3 + 3 or 2 + 2 + 2; an export edited to 3 + 2 + 1 is exit 2."""
    app = create_app({"DATABASE_URL": "sqlite://", "SECRET_KEY": "test"})
    with app.extensions["scorekeeper_sessions"]() as session:
        match = matches.create_match(session, variant="classic_fr", options={"players": "6"}, sides=[
            {"name": n, "players": [f"{n}1", f"{n}2"]} for n in ("A", "B", "C")])
        data = json.loads(transfer.export_json(match))
    app.extensions["scorekeeper_engine"].dispose()
    data["sides"][0]["players"].append("A3")
    data["sides"][2]["players"].pop()
    (tmp_path / "uneven.json").write_text(json.dumps(data), encoding="utf-8")
    url = f"sqlite:///{tmp_path / 'scores.sqlite'}"
    assert_refused(run(tmp_path, "import", "uneven.json", env={"DATABASE_URL": url}),
                   "uneven.json", "3 sides of 2 players; side 'A' has 3")
    engine = create_engine(url)
    with engine.connect() as conn:
        assert conn.scalar(text("SELECT count(*) FROM matches")) == 0
    engine.dispose()
