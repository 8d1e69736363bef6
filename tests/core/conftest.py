"""Fixtures of the rules-core tests: a folder of variant tables the loader reads instead of rules_ref/.

The registry is rebuilt whenever a test names another folder or writes a table (``registry.cache_clear``), which
used to cost a tenth of a second each time: every table read, merged with its bases and checked again, and every
variant's rules built again for every option choice. So the registry is built once per session
(:func:`tables_built_once`): a rebuild reads the folder again, and a table whose text (and its bases' text) is
unchanged is the variant loaded before, with the rules built before for each option choice. The caches are exact:
a table is keyed by the bytes of its file and of every file its ``extends`` chain reads, its rules by the whole
variant as loaded (merged table and options), so a changed or new table is loaded and built anew, and a table that
fails to load fails every time.
"""

import io
import os
import shutil
import sys
import tomllib
from pathlib import Path

import pytest

from scorekeeper.rules import get_rules
from scorekeeper.rules.tables import variants as variants_module
from tests.toml_once import ParsedOnce

REAL = variants_module.RULES_REF
PROBES = Path(__file__).resolve().parent / "tables"




def _chain_bytes(path: Path, parse: ParsedOnce) -> tuple[tuple[str, bytes], ...] | None:
    """What the table reader reads for ``path``: its bytes and, through ``extends``, its bases' (same folder, as
    rules/tables/reading.py resolves them). None when the chain is not plainly readable: loaded uncached then."""
    chain: list[tuple[str, bytes]] = []
    while True:
        try:
            raw = path.read_bytes()
            base = parse.load(io.BytesIO(raw)).get("extends")
        except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError):
            return None
        chain.append((path.name, raw))
        if base is None:
            return tuple(chain)
        if not isinstance(base, str) or not base or "/" in base or "\\" in base or base.startswith(".") \
                or any(name == f"{base}.toml" for name, _ in chain):
            return None
        path = path.parent / f"{base}.toml"


@pytest.fixture(scope="session", autouse=True)
def tables_built_once():
    """The registry's loading and building done once per session (see the module docstring)."""
    tables_module = sys.modules[variants_module.read_table.__module__]
    parse = ParsedOnce()
    load, build = variants_module._load_file, variants_module._build
    loaded: dict[tuple, object] = {}
    built: dict[tuple, tuple] = {}

    def load_once(path):
        key = _chain_bytes(path, parse)
        if key is None:
            return load(path)
        if key not in loaded:
            loaded[key] = load(path)
        return loaded[key]

    def build_once(variant, chosen):
        key = (variant.id, tuple(sorted(chosen.items())))
        hit = built.get(key)
        if hit is not None and hit[0] == variant:        # the same table as loaded, options and all
            return hit[1]
        rules = build(variant, chosen)
        built[key] = (variant, rules)
        return rules

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(tables_module, "tomllib", parse)
        patch.setattr(variants_module, "_load_file", load_once)
        patch.setattr(variants_module, "_build", build_once)
        yield


@pytest.fixture(scope="session")
def tables_copied_once(tmp_path_factory) -> dict[Path, tuple[int, int]]:
    """The real tables and the probe tables copied once per session; each test's folder links to these copies
    (writing a few thousand small files, and deleting them later, cost a second of system time). The size and
    modification time of each, to see that no test wrote into one."""
    folder = tmp_path_factory.mktemp("tables")
    # the references too: a table whose reference is missing does not load (issue 19)
    for path in (*REAL.glob("*.toml"), *REAL.glob("*.md"), *PROBES.glob("*.toml")):
        shutil.copy(path, folder / path.name)
    return {path: (path.stat().st_size, path.stat().st_mtime_ns) for path in folder.iterdir()}


@pytest.fixture
def tables_folder(tmp_path, monkeypatch, tables_copied_once):
    """A copy of the real tables and the probe tables of tests/core/tables/ in a temporary folder, named to the
    loader as SCOREKEEPER_RULES_REF would name it; a test may add its own tables (call ``registry.cache_clear``),
    or remove one. Its files are hard links to the session's copies: replace a table (unlink, then write, as
    ``write_table`` does), never write into one; a test that did fails here."""
    for path in tables_copied_once:
        os.link(path, tmp_path / path.name)
    monkeypatch.setattr(variants_module, "RULES_REF", tmp_path)
    monkeypatch.setattr(variants_module, "_RULES_CACHE", {})
    variants_module.registry.cache_clear()
    yield tmp_path
    variants_module.registry.cache_clear()
    for path, (size, mtime) in tables_copied_once.items():
        stat = path.stat()
        if (stat.st_size, stat.st_mtime_ns) != (size, mtime):
            source = REAL / path.name if (REAL / path.name).exists() else PROBES / path.name
            shutil.copy(source, path)                   # the tests after this one get the table as it is
            tables_copied_once[path] = (path.stat().st_size, path.stat().st_mtime_ns)
            pytest.fail(f"this test wrote into {path.name} of the tables folder, a hard link to the session's "
                        "copy: unlink it first, then write")


@pytest.fixture
def write_table(tables_folder):
    """Write a probe table into the tables folder and return its rules (default options)."""
    def write(table_id: str, text: str):
        path = tables_folder / f"{table_id}.toml"
        path.unlink(missing_ok=True)                    # a new file, never into a linked copy
        path.write_text(text, encoding="utf-8")
        variants_module.registry.cache_clear()
        return get_rules(table_id)
    return write
