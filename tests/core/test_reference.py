"""The numbers of rules_ref/*.md are generated from the tables (scorekeeper/rules/tables/reference.py): every reference
is up to date, a table edit makes it stale, an option's numbers get their own column or note, the typed tables
the generated blocks replaced are gone, and a broken marker is an error naming the file and line."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from scorekeeper.rules import get_variant, registry
from scorekeeper.rules.tables.reference import (BLOCKS, CLOSE, OPEN, ReferenceMarkupError, regenerate, stale,
                                         strip_markers, write_reference)
from scorekeeper.rules.tables.variants import RULES_REF, _load_file


def test_every_reference_is_up_to_date_with_its_table():
    """Fails after a table edit until `scorekeeper rules-ref --write` is run (rules_ref/README.md)."""
    assert [str(path) for path, _fresh in stale(RULES_REF, registry().values())] == []


@pytest.mark.parametrize("variant, blocks", [
    ("international", ["deck", "players", "card_values", "canastas", "red_threes", "going_out", "opening", "match",
                       "penalties"]),
    ("diszitett", ["deck", "players", "card_values", "canastas", "red_threes", "twins", "going_out", "opening",
                   "taxation", "match"]),
    ("keltis", ["players", "deck", "end", "row_length", "grey_card", "stones"]),
])
def test_each_reference_holds_the_blocks_of_its_numbers(variant, blocks):
    text = (RULES_REF / get_variant(variant).reference).read_text("utf-8")
    found = [m.group(1) for m in (OPEN.match(line) for line in text.split("\n")) if m]
    assert sorted(found) == sorted(blocks) and text.count(CLOSE) == len(blocks)


# The headers of the typed tables the blocks replaced; outside a block they would be numbers typed twice.
GENERATED_HEADS = re.compile(r"^\| (card \| points|kind \| cards|side total|your total before the hand|total before "
                             r"the hand|bonus \| points|code \| offence|cards \| how many|cards in the row|stones) \|",
                             re.M)


@pytest.mark.parametrize("variant", ["international", "diszitett", "keltis"])
def test_no_table_of_numbers_is_typed_outside_the_generated_blocks(variant):
    text = (RULES_REF / get_variant(variant).reference).read_text("utf-8")
    prose = re.sub(r"<!-- numbers:[a-z_.]+ -->\n.*?<!-- /numbers -->", "", text, flags=re.S)
    assert GENERATED_HEADS.findall(prose) == []
    assert GENERATED_HEADS.findall(text)              # the blocks hold them


def _copy(tmp_path: Path) -> Path:
    folder = tmp_path / "rules_ref"
    shutil.copytree(RULES_REF, folder)
    return folder


def test_a_changed_bonus_makes_the_reference_stale_and_writing_it_shows_the_new_number(tmp_path):
    folder = _copy(tmp_path)
    table = folder / "international.toml"
    table.write_text(table.read_text("utf-8").replace("wilds = [0, 0]\nbonus = 500", "wilds = [0, 0]\nbonus = 550"),
                     "utf-8")
    variant = _load_file(table)
    found = dict(stale(folder, [variant]))
    # the English and each translation beside it (issue 23: hu, fr, sv) say the same numbers, so all go stale
    assert sorted(p.name for p in found) == ["international.fr.md", "international.hu.md", "international.md",
                                             "international.sv.md"]
    fresh = found[folder / "international.md"]
    assert "| natural canasta | 7 or more | 550 |" in fresh and "| natural canasta | 7 or more | 500 |" not in fresh
    for path, text in found.items():
        write_reference(path, text)
    assert stale(folder, [variant]) == [] and not list(folder.glob("*.tmp"))


def test_an_option_that_changes_numbers_gets_its_own_column_or_note():
    text = (RULES_REF / "international.md").read_text("utf-8")
    assert ("| total before the hand | minimum | minimum (`players = 3_cutthroat`, `game_to = 7500`) |\n"
            "| --- | --- | --- |\n| below 0 | 15 | 15 |\n| 0–1495 | 50 | 50 |\n| 1500–2995 | 90 | 70 |") in text
    assert "- target: **5000** (`players = 3_cutthroat`: 7500; `game_to = 7500`: 7500)" in text
    assert "| 5 | – | 1000 |" in text                # the Swedish 3-player red threes
    diszitett = (RULES_REF / "diszitett.md").read_text("utf-8")
    assert "| black zsoli-canasta | 7 | 200 | 1000 |" in diszitett


def test_a_reference_shared_by_two_tables_is_written_from_the_one_it_is_named_after(tmp_path):
    folder = _copy(tmp_path)
    (folder / "house.toml").write_text('extends = "international"\nid = "house"\nname = "House"\n'
                                       'reference = "international.md"\n[canastas.natural_canasta]\nbonus = 600\n',
                                       "utf-8")
    house, international = _load_file(folder / "house.toml"), _load_file(folder / "international.toml")
    assert stale(folder, [house, international]) == stale(folder, [international, house]) == []


@pytest.mark.parametrize("text, message", [
    ("a\n<!-- numbers:card_valuez -->\n<!-- /numbers -->\n",
     "x.md:2: unknown block numbers:card_valuez; blocks of a canasta table are: deck, players, card_values"),
    ("a\n\n<!-- numbers:deck -->\nold\n", "x.md:3: block numbers:deck is not closed with <!-- /numbers -->"),
    ("<!-- numbers:deck -->\n<!-- numbers:players -->\n<!-- /numbers -->\n",
     "x.md:1: block numbers:deck is not closed with <!-- /numbers -->"),
    ("a\n<!-- /numbers -->\n", "x.md:2: <!-- /numbers --> without a block open"),
])
def test_a_broken_marker_is_an_error_naming_the_file_and_line(text, message):
    with pytest.raises(ReferenceMarkupError) as caught:
        regenerate(text, get_variant("international"), "x.md")
    assert str(caught.value).startswith(message)


def test_a_keltis_reference_may_not_use_a_canasta_block():
    with pytest.raises(ReferenceMarkupError, match="unknown block numbers:canastas; blocks of a keltis table"):
        regenerate("<!-- numbers:canastas -->\n<!-- /numbers -->", get_variant("keltis"), "k.md")


def test_the_rules_page_text_has_no_markers_and_keeps_the_numbers():
    text = (RULES_REF / "diszitett.md").read_text("utf-8")
    shown = strip_markers(text)
    assert "<!--" not in shown and "| 9000 and more | divided by 10 |" in shown


def test_every_family_has_blocks():
    from scorekeeper.rules.tables.families import FAMILIES
    assert set(BLOCKS) == set(FAMILIES)


@pytest.mark.parametrize("conditions, said", [
    ([], "every side"),
    ([{"count": "melds", "at_least": 1}], "a side with at least 1 meld"),
    ([{"count": "canastas", "at_least": 2}], "a side with at least 2 canastas"),
    ([{"count": "red_threes", "at_most_count_of": "canastas"}], "a side with at most as many red threes as canastas"),
    ([{"went_out": True}], "the side went out"),
])
def test_conditions_read_as_a_phrase_in_the_reference(conditions, said):
    """rules_ref/README.md, Conditions: the generated red-three line says when they count plus, in words."""
    from scorekeeper.rules.canasta.reference import conditions_text
    assert conditions_text(conditions) == said
