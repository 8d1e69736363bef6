"""The number blocks of a translated rules reference (rules_ref/<id>.<lang>.md; issue 11 leftovers for Hungarian,
issue 23 for French and Swedish): the same numbers as the English reference's, generated from the table and said
in the file's language by one phrasebook for every language (rules_ref/phrasebook/blocks.toml, read by
scorekeeper/rules/tables/reference_lang.py), kept up to date by the same staleness check and ``rules-ref --write``.

The blocks of every shipped variant are built and said in every language here, not only those of the translated
files present, so a label no phrase covers fails before anyone translates that variant's page."""

from __future__ import annotations

import re
import shutil

import pytest

from scorekeeper.rules import get_variant, registry
from scorekeeper.rules.tables.reference import (BLOCKS, OPEN, TRANSLATIONS, cases, regenerate, stale,
                                                translated_path, write_reference)
from scorekeeper.rules.tables.reference_lang import PhrasebookError, languages, leftover, phrasebook, say
from scorekeeper.rules.tables.variants import RULES_REF, _load_file

LANGUAGES = ("hu", "fr", "sv")
TRANSLATED = sorted(p for lang in LANGUAGES for p in RULES_REF.glob(f"*.{lang}.md"))
# Words a language's blocks may keep from the English: the game's own names, and words spelt alike ("points" is
# French too); everything else an English block says must change.
SHARED = {
    "hu": {"minimum", "zsoli", "escalera", "escalator"},
    "fr": {"minimum", "zsoli", "canasta", "canastas", "joker", "jokers", "samba", "escalera", "escalator",
           "bolivia", "points", "code", "total", "table", "plus",
           "double", "score", "on"},
    # "bonus" and "extra" are Swedish too: the Swedish catalogue's (and seed 004's) word for a bonus, its penalty label
    "sv": {"zsoli", "canasta", "joker", "samba", "escalera", "escalator", "bolivia", "plus", "minus", "per",
           "bonus", "extra"},
}
BLOCKS_OF_EVERY_VARIANT = [(lang, variant_id) for lang in LANGUAGES for variant_id in sorted(registry())]


def words(lines: list[str]) -> set[str]:
    """The words of ``lines`` outside code spans (option names and choices are code, kept as they are)."""
    text = " ".join(re.sub(r"`[^`]*`", " ", line) for line in lines)
    return {w.lower() for w in re.findall(r"[A-Za-zÀ-ž]{2,}", text)}


def lang_of(path) -> str:
    return path.name.split(".")[1]


def test_the_languages_of_a_translation_are_the_phrasebooks_hungarian_french_and_swedish():
    assert set(languages()) == set(TRANSLATIONS) == set(LANGUAGES)


@pytest.mark.parametrize("lang, variant_id", BLOCKS_OF_EVERY_VARIANT, ids=lambda v: v)
def test_every_block_of_every_variant_is_said_in_each_language(lang, variant_id):
    variant = get_variant(variant_id)
    for name, block in BLOCKS[variant.family].items():
        english = block(cases(variant))
        assert leftover(english, lang) == set(), (name, lang, "no phrase of rules_ref/phrasebook/blocks.toml")
        left = words(english) & words(say(english, lang)) - SHARED[lang]
        assert left == set(), (name, lang, left)


def test_a_word_no_phrase_covers_is_named():
    assert leftover(["- target: **5000**", "- snorkel count: **2**"], "fr") == {"snorkel", "count"}
    assert say(["- snorkel: **2**"], "sv") == ["- snorkel: **2**"]


@pytest.mark.parametrize("path", TRANSLATED, ids=lambda p: p.name)
def test_every_block_of_a_translated_reference_is_said_in_its_language(path):
    variant = get_variant(path.name.split(".")[0])
    text = path.read_text("utf-8")
    names = [m.group(1) for m in (OPEN.match(line) for line in text.split("\n")) if m]
    assert names, "a translated reference keeps the number blocks"
    for name in names:
        english = BLOCKS[variant.family][name](cases(variant))
        assert words(english) & words(say(english, lang_of(path))) - SHARED[lang_of(path)] == set(), name


@pytest.mark.parametrize("path", TRANSLATED, ids=lambda p: p.name)
def test_a_translated_reference_holds_the_same_blocks_as_the_english_one(path):
    english = (RULES_REF / get_variant(path.name.split(".")[0]).reference).read_text("utf-8")

    def blocks(text: str) -> list[str]:
        return sorted(m.group(1) for m in (OPEN.match(line) for line in text.split("\n")) if m)
    assert blocks(path.read_text("utf-8")) == blocks(english)


def test_option_names_and_numbers_stay_as_they_are():
    lines = ["| total before the hand | minimum (`opening_minimum = 50`) |", "| below 5000 | 50 |",
             "| 9000 and more | 120 |", "- a negative hand score is: **not taxed** (`negative_tax = taxed`: taxed on "
             "its size, sign kept)"]
    assert say(lines, "hu") == [
        "| összpontszám a leosztás előtt | minimum (`opening_minimum = 50`) |", "| 5000 alatt | 50 |",
        "| 9000 és több | 120 |",
        "- a negatív pontszám: **nem adózik** (`negative_tax = taxed`: a nagysága szerint adózik, előjele marad)"]
    assert say(lines, "fr") == [
        "| total avant la donne | minimum (`opening_minimum = 50`) |", "| moins de 5000 | 50 |",
        "| 9000 et plus | 120 |",
        "- un score de donne négatif est: **non taxé** (`negative_tax = taxed`: taxé sur sa valeur absolue, signe "
        "conservé)"]
    assert say(lines, "sv") == [
        "| summa före given | öppningskrav (`opening_minimum = 50`) |", "| under 5000 | 50 |",
        "| 9000 och mer | 120 |",
        "- negativ poäng för en giv blir: **beskattas inte** (`negative_tax = taxed`: beskattad efter sin storlek, "
        "tecknet behålls)"]


def test_the_longest_phrase_wins_and_what_one_entry_wrote_is_not_read_again():
    assert say(["- going out concealed (from hand), extra: **100**", "- going out: **200**"], "sv") == [
        "- dold utgång (från handen), tillägg: **100**", "- utgång: **200**"]
    # "a canasta, 200 in all": the pattern's number first, then the phrase; "joker canasta" is no "joker"
    assert say(["| 8000 | a canasta, 200 in all |", "| joker canasta | 7 |"], "hu") == [
        "| 8000 | egy kanaszta, összesen 200 |", "| dzsókerkanaszta | 7 |"]


def test_a_condition_is_said_whole_with_its_number_and_plural():
    english = ["- red threes count plus for: **a side with at least 2 canastas** (`x = y`: a side with at least "
               "1 canasta; `z = w`: the side went out)"]
    assert say(english, "fr") == [
        "- les triples rouges comptent en plus pour: **un camp ayant au moins 2 canastas** (`x = y`: un camp ayant "
        "au moins 1 canasta; `z = w`: le camp qui est sorti)"]
    assert say(english, "sv") == [
        "- röda treor räknas plus för: **ett lag med minst 2 canastor** (`x = y`: ett lag med minst 1 canasta; "
        "`z = w`: laget som gick ut)"]


def test_a_phrase_without_every_language_is_refused(tmp_path):
    book = tmp_path / "blocks.toml"
    book.write_text('[[phrase]]\nen = "target"\nhu = "cél"\nfr = "objectif"\n\n'
                    '[[phrase]]\nen = "points"\nhu = "pont"\nfr = "points"\nsv = "poäng"\n', "utf-8")
    with pytest.raises(PhrasebookError, match="'target' has no sv"):
        phrasebook("hu", book)


def test_the_hungarian_diszitett_blocks_regenerate_unchanged():
    path = RULES_REF / "diszitett.hu.md"
    assert path in TRANSLATED
    assert regenerate(path.read_text("utf-8"), get_variant("diszitett"), path.name, "hu") == path.read_text("utf-8")


def test_a_table_edit_makes_every_language_stale_and_write_fixes_them(tmp_path):
    folder = tmp_path / "rules_ref"
    shutil.copytree(RULES_REF, folder)
    english = folder / "diszitett.md"
    for lang in ("fr", "sv"):         # a translation just copied, its blocks still English (as translators do)
        shutil.copy(english, translated_path(english, lang))
    table = folder / "diszitett.toml"
    text = table.read_text("utf-8")
    assert text.count("bonus = 600") == 1
    table.write_text(text.replace("bonus = 600", "bonus = 650"), "utf-8")
    variant = _load_file(table)
    found = dict(stale(folder, [variant]))
    assert sorted(p.name for p in found) == ["diszitett.fr.md", "diszitett.hu.md", "diszitett.md", "diszitett.sv.md"]
    assert "| arany kanaszta | 8 | 650 | 650 |" in found[folder / "diszitett.hu.md"]
    assert "| canasta d'or | 8 | 650 | 650 |" in found[folder / "diszitett.fr.md"]
    assert "| guldcanasta | 8 | 650 | 650 |" in found[folder / "diszitett.sv.md"]
    for path, fresh in found.items():
        write_reference(path, fresh)
    assert stale(folder, [variant]) == []


def test_every_reference_and_translation_is_up_to_date():
    assert [str(p) for p, _fresh in stale(RULES_REF, registry().values())] == []
    for path in TRANSLATED:
        variant = get_variant(path.name.split(".")[0])
        assert regenerate(path.read_text("utf-8"), variant, path.name, lang_of(path)) == path.read_text("utf-8")


# The international letters a language writes otherwise (docs/glossary.md, "Card letters"): hu B/D/K/Á,
# fr V/D/R/A, sv Kn/D/K/E. Single letters are no "word" for the check above, so the card column is read here.
FOREIGN_LETTERS = {"hu": {"J", "Q", "A"}, "fr": {"J", "Q", "K"}, "sv": {"J", "Q", "A"}}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_card_values_block_names_the_cards_by_the_languages_letters(lang):
    for variant in registry().values():
        if variant.family != "canasta":
            continue
        rows = BLOCKS["canasta"]["card_values"](cases(variant))[2:]
        cards = {c.strip() for row in say(rows, lang) if row.startswith("| ")
                 for c in row.split("|")[1].split(",")}
        assert cards & FOREIGN_LETTERS[lang] == set(), (variant.id, lang, cards)
