"""A rules reference translated into Hungarian (rules_ref/<id>.hu.md, issue 11 leftovers): its number blocks are
the same numbers as the English reference's, generated from the table and said in Hungarian
(scorekeeper/rules/tables/reference_hu.py), kept up to date by the same staleness check and ``rules-ref --write``."""

from __future__ import annotations

import re
import shutil

import pytest

from scorekeeper.rules import get_variant, registry
from scorekeeper.rules.tables.reference import BLOCKS, OPEN, cases, regenerate, stale, translated_path, write_reference
from scorekeeper.rules.tables.reference_hu import hungarian
from scorekeeper.rules.tables.variants import RULES_REF, _load_file

TRANSLATED = sorted(p for p in RULES_REF.glob("*.hu.md"))
# Words the Hungarian blocks may keep from the English: names of cards and bonuses the Hungarian uses too.
SHARED = {"minimum", "zsoli"}


def words(lines: list[str]) -> set[str]:
    """The words of ``lines`` outside code spans (option names and choices are code, kept as they are)."""
    text = " ".join(re.sub(r"`[^`]*`", " ", line) for line in lines)
    return {w.lower() for w in re.findall(r"[A-Za-zÀ-ž]{2,}", text)}


def test_there_is_a_hungarian_diszitett_reference():
    assert translated_path(RULES_REF / "diszitett.md", "hu") in TRANSLATED


@pytest.mark.parametrize("path", TRANSLATED, ids=lambda p: p.name)
def test_every_block_of_a_hungarian_reference_is_said_in_hungarian(path):
    variant = get_variant(path.name.split(".")[0])
    text = path.read_text("utf-8")
    names = [m.group(1) for m in (OPEN.match(line) for line in text.split("\n")) if m]
    assert names, "a translated reference keeps the number blocks"
    for name in names:
        english = BLOCKS[variant.family][name](cases(variant))
        left = words(english) & words(hungarian(english)) - SHARED
        assert left == set(), (name, left)


@pytest.mark.parametrize("path", TRANSLATED, ids=lambda p: p.name)
def test_a_hungarian_reference_holds_the_same_blocks_as_the_english_one(path):
    english = (RULES_REF / get_variant(path.name.split(".")[0]).reference).read_text("utf-8")

    def blocks(text: str) -> list[str]:
        return sorted(m.group(1) for m in (OPEN.match(line) for line in text.split("\n")) if m)
    assert blocks(path.read_text("utf-8")) == blocks(english)


def test_option_names_and_numbers_stay_as_they_are():
    lines = ["| total before the hand | minimum (`opening_minimum = 50`) |", "| below 5000 | 50 |",
             "| 9000 and more | 120 |", "- a negative hand score is: **not taxed** (`negative_tax = taxed`: taxed on "
             "its size, sign kept)"]
    assert hungarian(lines) == [
        "| összpontszám a leosztás előtt | minimum (`opening_minimum = 50`) |", "| 5000 alatt | 50 |",
        "| 9000 és több | 120 |",
        "- a negatív pontszám: **nem adózik** (`negative_tax = taxed`: a nagysága szerint adózik, előjele marad)"]


def test_a_table_edit_makes_both_languages_stale_and_write_fixes_both(tmp_path):
    folder = tmp_path / "rules_ref"
    shutil.copytree(RULES_REF, folder)
    table = folder / "diszitett.toml"
    text = table.read_text("utf-8")
    assert text.count("bonus = 600") == 1
    table.write_text(text.replace("bonus = 600", "bonus = 650"), "utf-8")
    variant = _load_file(table)
    found = dict(stale(folder, [variant]))
    assert sorted(p.name for p in found) == ["diszitett.hu.md", "diszitett.md"]
    assert "| arany kanaszta | 8 | 650 | 650 |" in found[folder / "diszitett.hu.md"]
    for path, fresh in found.items():
        write_reference(path, fresh)
    assert stale(folder, [variant]) == []


def test_every_reference_and_translation_is_up_to_date():
    assert [str(p) for p, _fresh in stale(RULES_REF, registry().values())] == []
    for path in TRANSLATED:
        variant = get_variant(path.name.split(".")[0])
        assert regenerate(path.read_text("utf-8"), variant, path.name, "hu") == path.read_text("utf-8")
