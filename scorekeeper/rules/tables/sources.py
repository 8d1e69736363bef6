"""The source texts the rules were read from (the seeds), by the name a player reads.

The references (``rules_ref/*.md``) and the tables' decisions cite a seed by its file or number for the developers
("seed 002", ``003_a7945a279b9f9fe4.txt l. 73``). A player reads the source's title instead (issue 21):
:func:`name_sources` puts it in their place. The titles are data, one per seed and language, in
``rules_ref/sources/seeds.toml``, and so are the words around them in each language (issue 23: "the project's
notes on …", the line after a title, the heading of a page's source list), so no English is glued to a French or
Swedish title.
"""

from __future__ import annotations

import re
import tomllib
from functools import lru_cache
from typing import Any

from scorekeeper.rules.tables.shipped import shipped

SEEDS = shipped("rules_ref") / "sources" / "seeds.toml"

# A seed's file, with the word "seed(s)" and the backticks the references put around it.
_FILE = re.compile(r"(?:\b[Ss]eeds? )?`?(\d{3})_[0-9a-f]{16}\.txt`?( l\.)?")
# Seeds by number: "seed 002", "seeds 002, 004", "seeds 002 / 004", and "the seed-003 digest".
_NUMBERS = re.compile(r"\b[Ss]eeds? (\d{3}(?:(?:, | / | and )\d{3})*)\b( l\.)?")
_DIGEST = re.compile(r"(?:\bthe\s+(?:project's\s+)?)?\b[Ss]eed-(\d{3})\s+digest\b")
_NUMBER = re.compile(r"\d{3}")
# A line of a seed cited alone ("l. 71"): said with the language's own abbreviation where it differs (Swedish "r.")
_LINE = re.compile(r"\bl\. ?(?=\d)")


@lru_cache(maxsize=1)
def _seeds() -> dict[str, Any]:
    with SEEDS.open("rb") as f:
        return tomllib.load(f)


@lru_cache(maxsize=1)
def seed_titles() -> dict[str, dict[str, str]]:
    """Each seed's number → its title by language (``en``, ``hu``, ``fr``, ``sv``; English where it has none)."""
    return {number: {"en": entry["title"], **{lang: entry.get(f"title_{lang}", entry["title"])
                                               for lang in languages() if lang != "en"}}
            for number, entry in _seeds()["seeds"].items()}


def languages() -> tuple[str, ...]:
    """The languages ``seeds.toml`` has the words around a title in (``[words.<lang>]``)."""
    return tuple(_seeds()["words"])


def source_word(key: str, lang: str = "en") -> str:
    """A word around the titles in ``lang`` (``[words.<lang>]``: ``notes_on``, ``line``, ``sources``,
    ``unknown``), English for a language the file does not have."""
    words = _seeds()["words"]
    return str(words.get(lang, words["en"]).get(key, words["en"][key]))


def seed_title(number: str, lang: str = "en") -> str:
    """The title of seed ``number`` in ``lang`` (English where it has none); an unknown seed is called "a source
    text" in ``lang``, so no number stands in a player's page."""
    titles = seed_titles().get(number)
    if titles is None:
        return source_word("unknown", lang)
    return titles.get(lang, titles["en"])


def name_sources(text: str, lang: str = "en") -> str:
    """``text`` with every seed it cites, by file or by number, named by its title in ``lang``."""
    line = ", " + source_word("line", lang)
    # a line number after a file ("003_….txt l. 73") follows the title after a comma: "How to play …, l. 73"
    text = _FILE.sub(lambda m: seed_title(m.group(1), lang) + (line if m.group(2) else ""), text)
    text = _DIGEST.sub(lambda m: source_word("notes_on", lang).format(title=seed_title(m.group(1), lang)), text)
    text = _NUMBERS.sub(lambda m: _NUMBER.sub(lambda n: seed_title(n.group(0), lang), m.group(1))
                        + (line if m.group(2) else ""), text)
    if source_word("line", lang) != "l.":
        text = _LINE.sub(source_word("line", lang) + " ", text)
    return text
