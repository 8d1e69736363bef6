"""Option words of the tables are player text: the new-match form and the rules pages show an option's ``label``,
``help`` and choice ``_label``. The developers' brief puts sources (seed lines, seed files, public rule sets) in
code, TOML comments and footnotes, never in what a player reads: a decision's sources are its footnotes on the rules
page (``options.<name>.decision.source<n>``, issue 23), its summary cites nothing."""

import re

from scorekeeper.rules.tables import variants as variants_module
from scorekeeper.rules.tables.words import folder_words

CITATION = re.compile(r"\bl\. ?\d|\b\d{3}_[0-9a-f]{16}\.txt\b|\bseeds?\b|\bpublic\b|\bliteral\b|howstuffworks|"
                      r"rummy-games|pagat", re.IGNORECASE)


def test_no_option_word_of_any_table_cites_a_source():
    cited = [f"{name}: {key} = {word!r}"
             for name, words in folder_words(variants_module.RULES_REF).items()
             for key, word in words.items()
             if key.startswith("options.") and ".decision.source" not in key and CITATION.search(word)]
    assert cited == []


def test_the_citation_pattern_catches_each_kind_of_source():
    for word in ("(l. 79)", "the literal l. 77", "(public Brazilian rules)", "as in seed 003",
                 "003_a7945a279b9f9fe4.txt", "(howstuffworks)", "(rummy-games)"):
        assert CITATION.search(word), word
    for word in ("Game to 5000", "at most 3 (international)", "100 as in the traditional game"):
        assert not CITATION.search(word), word


def test_a_decision_is_split_into_its_summary_and_its_sources():
    from scorekeeper.rules.tables.words import decision_parts
    assert decision_parts("S38: the set of red threes (l. 71 says five; public Samba says all six)") == (
        "S38", "the set of red threes", ["l. 71 says five; public Samba says all six"])
    assert decision_parts("wild cards per meld (seed 004 'at most half')") == (
        "", "wild cards per meld", ["seed 004 'at most half'"])
    assert decision_parts("our reading of the ban on splitting groups (szétszakítás)") == (
        "", "our reading of the ban on splitting groups (szétszakítás)", [])
    assert decision_parts("K1") == ("K1", "", [])
    assert decision_parts("S45, S50: 2s are wild (l. 73 'Parmi les deux'; the seed rewards seven)")[0] == "S45, S50"
