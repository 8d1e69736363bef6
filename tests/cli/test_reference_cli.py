"""``scorekeeper rules-ref``: checks the generated number blocks of the references in the folder
SCOREKEEPER_RULES_REF names (exit 1 naming the stale files), ``--write`` rewrites them, a broken marker or bad
usage is exit 2 with the file and line named, and nothing is written then."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from cli_helpers import rules_folder, run_cli
from scorekeeper.rules.tables.variants import RULES_REF


def _folder(tmp_path: Path) -> Path:
    folder = tmp_path / "tables"
    shutil.copytree(RULES_REF, folder)
    return folder


def _run(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    with rules_folder(folder):
        return run_cli("rules-ref", *args, cwd=folder.parent)


def test_up_to_date_references_exit_0(tmp_path):
    proc = _run(_folder(tmp_path))
    assert proc.returncode == 0 and "up to date" in proc.stdout, proc.stderr


def test_a_stale_reference_exits_1_and_write_rewrites_it(tmp_path):
    folder = _folder(tmp_path)
    table = folder / "diszitett.toml"
    table.write_text(table.read_text("utf-8").replace("target = 10000", "target = 12000"), "utf-8")
    before = (folder / "diszitett.md").read_text("utf-8")
    proc = _run(folder)
    # the Hungarian translation's blocks hold the same numbers, so it is stale too
    assert proc.returncode == 1 and proc.stdout.split("\n")[:2] == [f"stale: {folder / 'diszitett.md'}",
                                                                  f"stale: {folder / 'diszitett.hu.md'}"]
    assert (folder / "diszitett.md").read_text("utf-8") == before          # a check writes nothing
    proc = _run(folder, "--write")
    assert proc.returncode == 0 and proc.stdout.split("\n")[:2] == [f"rewrote: {folder / 'diszitett.md'}",
                                                                  f"rewrote: {folder / 'diszitett.hu.md'}"]
    assert "- target: **12000**" in (folder / "diszitett.md").read_text("utf-8")
    assert "- cél: **12000**" in (folder / "diszitett.hu.md").read_text("utf-8")
    assert _run(folder).returncode == 0


def test_a_translation_whose_blocks_are_still_english_is_stale_and_write_says_them_in_its_language(tmp_path):
    """Issue 23: a translator copies the English blocks into <id>.fr.md / <id>.sv.md; rules-ref names the file and
    --write says its blocks in its language from the phrasebook (rules_ref/phrasebook/blocks.toml)."""
    folder = _folder(tmp_path)
    for lang in ("fr", "sv"):
        shutil.copy(folder / "samba.md", folder / f"samba.{lang}.md")
    proc = _run(folder)
    assert proc.returncode == 1 and proc.stdout.split("\n")[:2] == [f"stale: {folder / 'samba.fr.md'}",
                                                                  f"stale: {folder / 'samba.sv.md'}"]
    assert _run(folder, "--write").returncode == 0
    assert "- objectif: **10000**" in (folder / "samba.fr.md").read_text("utf-8")
    assert "- mål: **10000**" in (folder / "samba.sv.md").read_text("utf-8")
    assert _run(folder).returncode == 0


def test_a_broken_marker_exits_2_naming_the_file_and_line_and_writes_nothing(tmp_path):
    folder = _folder(tmp_path)
    md = folder / "keltis.md"
    md.write_text("# Keltis\n<!-- numbers:row_lenght -->\n<!-- /numbers -->\n", "utf-8")
    (folder / "diszitett.toml").write_text((folder / "diszitett.toml").read_text("utf-8")
                                           .replace("target = 10000", "target = 12000"), "utf-8")
    before = (folder / "diszitett.md").read_text("utf-8")
    proc = _run(folder, "--write")
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.startswith("error: keltis.md:2: unknown block numbers:row_lenght; blocks of a keltis table")
    assert (folder / "diszitett.md").read_text("utf-8") == before


def test_an_unknown_option_is_exit_2(tmp_path):
    proc = _run(_folder(tmp_path), "--wrte")
    assert proc.returncode == 2 and "No such option" in proc.stderr
