"""The source texts the rules were read from (the seeds), by the name a player reads.

The references (``rules_ref/*.md``) and the tables' decisions cite a seed by its file or number for the developers
("seed 002", ``003_a7945a279b9f9fe4.txt l. 73``). A player reads the source's title instead (issue 21):
:func:`name_sources` puts it in their place. The titles are data, one per seed and language, in
``rules_ref/sources/seeds.toml``.
"""

from __future__ import annotations

import re
import tomllib
from functools import lru_cache

from scorekeeper.rules.tables.shipped import shipped

SEEDS = shipped("rules_ref") / "sources" / "seeds.toml"

# A seed's file, with the word "seed(s)" and the backticks the references put around it.
_FILE = re.compile(r"(?:\b[Ss]eeds? )?`?(\d{3})_[0-9a-f]{16}\.txt`?( l\.)?")
# Seeds by number: "seed 002", "seeds 002, 004", "seeds 002 / 004", and "the seed-003 digest".
_NUMBERS = re.compile(r"\b[Ss]eeds? (\d{3}(?:(?:, | / | and )\d{3})*)\b( l\.)?")
_DIGEST = re.compile(r"(?:\bthe\s+(?:project's\s+)?)?\b[Ss]eed-(\d{3})\s+digest\b")
_NUMBER = re.compile(r"\d{3}")


# The words a cited source is named with, by page language (the rules core has no catalogue: issue 23 adds French
# and Swedish): an unknown seed, and the project's digest of a seed.
UNKNOWN_SOURCE = {"en": "a source text", "hu": "forrásszöveg", "fr": "un texte source", "sv": "en källtext"}
DIGEST_OF = {"en": "the project's notes on ", "hu": "a projekt jegyzetei: ", "fr": "les notes du projet : ",
             "sv": "projektets anteckningar om "}


@lru_cache(maxsize=1)
def seed_titles() -> dict[str, dict[str, str]]:
    """Each seed's number → its title by language (``en``; ``hu``, ``fr``, ``sv`` from ``title_<lang>``)."""
    with SEEDS.open("rb") as f:
        seeds = tomllib.load(f)["seeds"]
    return {number: {"en": entry["title"], **{key[len("title_"):]: title for key, title in entry.items()
                                             if key.startswith("title_")}}
            for number, entry in seeds.items()}


def seed_title(number: str, lang: str = "en") -> str:
    """The title of seed ``number`` in ``lang`` (English where it has none); an unknown seed is called "a source
    text", so no number stands in a player's page."""
    titles = seed_titles().get(number)
    if titles is None:
        return UNKNOWN_SOURCE.get(lang, UNKNOWN_SOURCE["en"])
    return titles.get(lang, titles["en"])


def name_sources(text: str, lang: str = "en") -> str:
    """``text`` with every seed it cites, by file or by number, named by its title in ``lang``."""
    # a line number after a file ("003_….txt l. 73") follows the title after a comma: "How to play …, l. 73"
    text = _FILE.sub(lambda m: seed_title(m.group(1), lang) + (", l." if m.group(2) else ""), text)
    text = _DIGEST.sub(lambda m: DIGEST_OF.get(lang, DIGEST_OF["en"]) + seed_title(m.group(1), lang), text)
    return _NUMBERS.sub(lambda m: _NUMBER.sub(lambda n: seed_title(n.group(0), lang), m.group(1))
                        + (", l." if m.group(2) else ""), text)
