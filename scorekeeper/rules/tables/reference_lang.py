"""The generated number blocks of a translated rules reference (``rules_ref/<id>.<lang>.md``) in its language.

:mod:`.reference` writes each block from the variant table in English; a translated reference gets the same lines
with their phrases said in its language, by one phrasebook for every language (issue 23): the data file
``rules_ref/phrasebook/blocks.toml`` holds each English phrase of the blocks (the labels, the closed
vocabularies, the table heads, the tables' own canasta kinds and penalties) with its Hungarian, French and
Swedish, and the few phrases with a number in them as patterns. A language is a key of its entries, not a module:
the languages the phrasebook names are the languages a reference may be translated into
(:data:`.reference.TRANSLATIONS`).

Code (option names and choices between backticks) and numbers stay as they are. A phrase is matched as whole
words, the longest first where one holds another ("going out concealed (from hand), extra" before "going out"),
the patterns before the phrases, all in one pass, so what one entry wrote is never read again by another. A word no
entry covers stays English and :func:`leftover` names it: tests/core/test_reference_lang.py fails on it for every
block of every shipped variant in every language, so a table or block that gains a label gains its translations
in the phrasebook. Stdlib only, like the rest of the rules core.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from scorekeeper.rules.tables.shipped import shipped

PHRASEBOOK = shipped("rules_ref") / "phrasebook" / "blocks.toml"
# A word of a block (the test's notion of "an English word left"): two letters or more, accents included.
WORD = re.compile(r"[A-Za-zÀ-ž]{2,}")


class PhrasebookError(ValueError):
    """A phrasebook entry without a language the others have, or a pattern that is not a regular expression."""


@dataclass(frozen=True)
class Phrasebook:
    """The phrasebook read for one language: ``said`` maps each alternative of ``regex`` (named ``p<i>`` for a
    pattern, ``w<i>`` for a phrase) to what it becomes."""

    lang: str
    regex: re.Pattern[str]
    patterns: tuple[tuple[re.Pattern[str], str], ...]
    phrases: tuple[tuple[str, str], ...]

    def _said(self, match: re.Match[str]) -> str:
        name = match.lastgroup or ""
        if name.startswith("p"):
            pattern, template = self.patterns[int(name[1:])]
            found = pattern.fullmatch(match.group(0))
            return found.expand(template) if found else match.group(0)
        return self.phrases[int(name[1:])][1]

    def plain(self, text: str) -> str:
        """``text`` (no code spans in it) with every phrase and pattern said in the language."""
        return self.regex.sub(self._said, text)

    def uncovered(self, text: str) -> str:
        """``text`` with every phrase and pattern taken out: what the phrasebook does not know."""
        return self.regex.sub(" ", text)


def _entries(data: dict[str, Any], kind: str, path: Path) -> list[dict[str, str]]:
    entries = data.get(kind, [])
    if not isinstance(entries, list) or not all(isinstance(e, dict) and isinstance(e.get("en"), str)
                                                for e in entries):
        raise PhrasebookError(f"{path.name}: every [[{kind}]] needs an en = \"...\"")
    return entries


@lru_cache(maxsize=4)
def _read(path: Path = PHRASEBOOK) -> tuple[tuple[str, ...], list[dict[str, str]], list[dict[str, str]]]:
    with path.open("rb") as fh:
        data = tomllib.load(fh)
    phrases, patterns = _entries(data, "phrase", path), _entries(data, "pattern", path)
    # in the order the entries name them (hu, fr, sv): rules-ref lists a reference's translations so
    languages = tuple(key for key in dict.fromkeys(k for entry in phrases + patterns for k in entry) if key != "en")
    for entry in phrases + patterns:
        missing = [lang for lang in languages if not isinstance(entry.get(lang), str)]
        if missing:
            raise PhrasebookError(f"{path.name}: {entry['en']!r} has no {', '.join(missing)}")
    return languages, phrases, patterns


def languages(path: Path = PHRASEBOOK) -> tuple[str, ...]:
    """The languages the phrasebook says every phrase in, in the order its entries name them (``hu``, ``fr``,
    ``sv``)."""
    return _read(path)[0]


@lru_cache(maxsize=8)
def phrasebook(lang: str, path: Path = PHRASEBOOK) -> Phrasebook:
    """The phrasebook for ``lang`` (one of :func:`languages`)."""
    known, phrases, patterns = _read(path)
    if lang not in known:
        raise PhrasebookError(f"{path.name} has no language {lang!r}; it has {', '.join(known)}")
    compiled = []
    for entry in patterns:
        try:
            compiled.append((re.compile(entry["en"]), entry[lang]))
        except re.error as exc:
            raise PhrasebookError(f"{path.name}: pattern {entry['en']!r}: {exc}") from exc
    said = tuple((entry["en"], entry[lang]) for entry in phrases)
    # the patterns first (they held the numbers' phrases before the words were read, reference_hu.py's order);
    # then the phrases, longest first, whole words only
    longest = sorted(range(len(said)), key=lambda i: -len(said[i][0]))
    regex = re.compile("|".join([f"(?P<p{i}>{pattern.pattern})" for i, (pattern, _t) in enumerate(compiled)]
                                + [rf"(?P<w{i}>(?<![\w-]){re.escape(said[i][0])}(?![\w-]))" for i in longest]))
    return Phrasebook(lang, regex, tuple(compiled), said)


def _outside_code(line: str, said: Any) -> str:
    """``line`` with ``said`` applied to what stands outside backticks (option names and choices are code)."""
    return "`".join(part if i % 2 else said(part) for i, part in enumerate(line.split("`")))


def say(lines: list[str], lang: str) -> list[str]:
    """A generated block's lines in ``lang``; what stands between backticks is kept."""
    book = phrasebook(lang)
    return [_outside_code(line, book.plain) for line in lines]


def leftover(lines: list[str], lang: str) -> set[str]:
    """The words of ``lines`` (outside code) that no entry of ``lang``'s phrasebook covers: each stays English."""
    book = phrasebook(lang)
    text = " ".join(re.sub(r"`[^`]*`", " ", _outside_code(line, book.uncovered)) for line in lines)
    return set(WORD.findall(text))
