"""Issue 21: a player reads a source's title, never its file: rules_ref/sources/seeds.toml names each seed."""

from __future__ import annotations

import re
from pathlib import Path

from scorekeeper.rules.tables.sources import name_sources, seed_title, seed_titles

RULES_REF = Path(__file__).resolve().parents[2] / "rules_ref"


def test_issue21_every_seed_a_table_cites_has_a_title_in_english_and_hungarian():
    cited = {re.match(r"\d{3}", line.split('"')[1]).group(0)
             for path in RULES_REF.glob("*.toml") for line in path.read_text(encoding="utf-8").splitlines()
             if line.startswith("seed = ")}
    assert cited <= seed_titles().keys()
    assert all(t["en"] and t["hu"] and not re.search(r"\.txt|_[0-9a-f]{16}", t["en"] + t["hu"])
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


def test_issue23_every_seed_has_a_title_in_each_page_language_and_the_words_around_it_too():
    assert all(t.keys() >= {"en", "hu", "fr", "sv"} and len(set(t.values())) >= 3 for t in seed_titles().values())
    assert seed_title("003", "fr").startswith("Comment jouer à Canasta")         # the seed's own French title
    assert seed_title("004", "sv").startswith("Canasta för fyra spelare")        # and its own Swedish one
    assert [seed_title("999", lang) for lang in ("en", "hu", "fr", "sv")] == [
        "a source text", "forrásszöveg", "un texte source", "en källtext"]
    assert name_sources("the seed-003 digest", "sv") == "projektets anteckningar om " + seed_title("003", "sv")
