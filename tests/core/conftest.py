"""Fixtures of the rules-core tests: a folder of variant tables the loader reads instead of rules_ref/."""

import shutil
from pathlib import Path

import pytest

from scorekeeper.rules import get_rules
from scorekeeper.rules.tables import variants as variants_module

REAL = variants_module.RULES_REF
PROBES = Path(__file__).resolve().parent / "tables"


@pytest.fixture
def tables_folder(tmp_path, monkeypatch):
    """A copy of the real tables and the probe tables of tests/core/tables/ in a temporary folder, named to the
    loader as SCOREKEEPER_RULES_REF would name it; a test may add its own tables (call ``registry.cache_clear``)."""
    for path in (*REAL.glob("*.toml"), *PROBES.glob("*.toml")):
        shutil.copy(path, tmp_path / path.name)
    monkeypatch.setattr(variants_module, "RULES_REF", tmp_path)
    monkeypatch.setattr(variants_module, "_RULES_CACHE", {})
    variants_module.registry.cache_clear()
    yield tmp_path
    variants_module.registry.cache_clear()


@pytest.fixture
def write_table(tables_folder):
    """Write a probe table into the tables folder and return its rules (default options)."""
    def write(table_id: str, text: str):
        (tables_folder / f"{table_id}.toml").write_text(text, encoding="utf-8")
        variants_module.registry.cache_clear()
        return get_rules(table_id)
    return write
