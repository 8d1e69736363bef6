"""One word per idea (issue 23): a phrase of the rules pages' phrasebook (rules_ref/phrasebook/blocks.toml) that is
also a msgid of the UI catalogues (a table word: a canasta kind, a penalty, an option label, a variant name, a
table head) is said in each language exactly as that language's catalogue says it, so the generated number block
of a rules page and the sheet, the checker and the new-match form name a thing alike. Compared case-insensitively
(a block may start a phrase with a capital where a form does not); no-break spaces count, as French writes them
before ":" and inside « ». Where the two disagreed the catalogue's word won unless it contradicted
docs/glossary.md (then both were fixed).

Stdlib and babel's pofile reader only: the phrasebook is read as TOML, not through the rules core, so the check
does not depend on how the pages apply it."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
PHRASEBOOK = ROOT / "rules_ref" / "phrasebook" / "blocks.toml"
LANGUAGES = ("hu", "fr", "sv")


def catalogue(lang: str) -> dict[str, str]:
    """The translated entries without a context of ``lang``'s catalogue (a plural entry by its singular)."""
    with (ROOT / "scorekeeper" / "translations" / lang / "LC_MESSAGES" / "messages.po").open("rb") as fh:
        found = {}
        for message in read_po(fh, locale=lang):
            if not message.id or message.context or message.fuzzy:
                continue
            msgid = message.id if isinstance(message.id, str) else message.id[0]
            string = message.string if isinstance(message.string, str) else message.string[0]
            if string:
                found[msgid] = string
        return found


def phrases() -> list[dict[str, str]]:
    with PHRASEBOOK.open("rb") as fh:
        return list(tomllib.load(fh)["phrase"])


def disagreements(lang: str) -> list[str]:
    """Every phrasebook phrase that is a msgid and is said otherwise than the catalogue says it, one line each."""
    said = catalogue(lang)
    return [f"{entry['en']!r}: phrasebook {entry[lang]!r}, catalogue {said[entry['en']]!r}"
            for entry in phrases()
            if entry["en"] in said and entry[lang].casefold() != said[entry["en"]].casefold()]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_table_word_in_the_phrasebook_is_said_as_the_catalogue_says_it(lang):
    found = disagreements(lang)
    assert not found, f"{len(found)} phrase(s) said otherwise in {lang}:\n" + "\n".join(found)


def test_the_check_compares_the_table_words_the_phrasebook_and_catalogues_share():
    # the check is only worth something while the two share the table words: the canasta kinds, the penalties,
    # the single words of the blocks' heads
    shared = {entry["en"] for entry in phrases()} & set(catalogue("hu"))
    assert {"natural canasta", "wild canasta", "red zsoli-canasta", "going out", "bonus",
            "asked to go out and then could not"} <= shared


TRANSLATED = sorted(p for lang in LANGUAGES for p in (ROOT / "rules_ref").glob(f"*.{lang}.md"))


@pytest.mark.parametrize("path", TRANSLATED, ids=lambda p: p.name)
def test_a_translated_pages_title_names_the_variant_and_the_page_as_the_catalogue_does(path):
    # "<variant name> — <Rules reference>": the variant chooser, the match pages and the rules page's own <h1> name
    # a variant alike, and the page is what the match page's "Rules reference" button leads to
    variant_id, lang = path.name.split(".")[:2]
    with (ROOT / "rules_ref" / f"{variant_id}.toml").open("rb") as fh:
        name = tomllib.load(fh)["name"]
    said = catalogue(lang)
    title = path.read_text("utf-8").split("\n", 1)[0]
    assert title == f"# {said[name]} — {said['Rules reference'].lower()}"
