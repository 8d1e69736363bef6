"""Issue 21: a player reads a source's title, never its file: rules_ref/sources/seeds.toml names each seed."""

from __future__ import annotations

import re
from pathlib import Path

from scorekeeper.rules.tables.sources import name_sources, seed_title, seed_titles, source_word

RULES_REF = Path(__file__).resolve().parents[2] / "rules_ref"


def test_issue21_every_seed_a_table_cites_has_a_title_in_every_language():
    cited = {re.match(r"\d{3}", line.split('"')[1]).group(0)
             for path in RULES_REF.glob("*.toml") for line in path.read_text(encoding="utf-8").splitlines()
             if line.startswith("seed = ")}
    assert cited <= seed_titles().keys()
    assert all(all(t.values()) and not re.search(r"\.txt|_[0-9a-f]{16}", "".join(t.values()))
               for t in seed_titles().values())


def test_issue21_a_seed_cited_by_file_or_number_is_named_by_its_title():
    text = ("003_a7945a279b9f9fe4.txt l. 47 (the deck); seed `002_7cd961f2d9c875a7.txt`; seeds 002, 004; "
            "decisions of the project's seed-003 digest")
    said = name_sources(text)
    french, hungarian, swedish = seed_title("003"), seed_title("002"), seed_title("004")
    assert said == (f"{french}, l. 47 (the deck); {hungarian}; {hungarian}, {swedish}; "
                    f"decisions of the project's notes on {french}")
    assert name_sources("seed `000_ffd5dc848dea5381.txt`", "hu") == seed_title("000", "hu") != seed_title("000")


def test_issue21_a_line_number_alone_is_no_seed():
    assert name_sources("l. 101, 103 and 172/173 (= l. 31/32)") == "l. 101, 103 and 172/173 (= l. 31/32)"


def test_issue23_every_seed_has_a_title_in_french_and_swedish_and_its_own_where_it_is_written_in_it():
    for titles in seed_titles().values():
        assert titles["fr"] and titles["sv"] and titles["fr"] != titles["en"] != titles["sv"]
    assert seed_title("003", "fr").startswith("Comment jouer à Canasta")
    assert seed_title("004", "sv").startswith("Canasta för fyra spelare")


def test_issue23_the_words_around_a_title_are_the_pages_language_not_english_glued_to_it():
    text = "003_a7945a279b9f9fe4.txt l. 47; the project's seed-003 digest; seed 009"
    assert name_sources(text, "fr") == (f"{seed_title('003', 'fr')}, l. 47; les notes du projet sur "
                                        f"{seed_title('003', 'fr')}; un texte source")
    assert name_sources(text, "sv") == (f"{seed_title('003', 'sv')}, r. 47; projektets anteckningar om "
                                        f"{seed_title('003', 'sv')}; en källtext")
    # a line cited alone is said with the Swedish abbreviation too; French keeps "l."
    assert name_sources("(l. 71 säger fem)", "sv") == "(r. 71 säger fem)"
    assert name_sources("(l. 71 dit cinq)", "fr") == "(l. 71 dit cinq)"
    assert [source_word("sources", lang) for lang in ("en", "hu", "fr", "sv")] == [
        "Sources", "Források", "Sources", "Källor"]
