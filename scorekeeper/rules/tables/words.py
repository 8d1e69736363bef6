"""The words of a variant table that the pages show, and a Babel extraction method that makes them msgids.

A table names things in English: the variant (``name``), its canasta kinds (``canastas.<kind>.label``), its
penalties and own bonuses (``penalties.<code>.label``, ``bonuses.<id>.label``), its options
(``options.<name>.label`` and ``.help``, a choice's ``_label``, and the summary of its ``decision`` and each of that
decision's sources, issue 23) and, for Keltis, its colours (the keys of ``colours``). The table is the one place these words are written: ``babel.cfg`` maps ``rules_ref/*.toml`` to
:func:`extract`, so ``pybabel extract`` puts them in the catalogue, and the fronts translate them at render time (``gettext(word)``, scorekeeper/web/words.py). The
core imports nothing from Babel: an extraction method is a plain function Babel calls by its dotted name.

Each file is read as it is written (no ``extends`` merge): a base table's words are extracted from its own file.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any, BinaryIO, Collection, Iterable, Iterator, Mapping


def table_words(table: Mapping[str, Any]) -> Iterator[tuple[str, str]]:
    """(dotted key, English word) for every word of ``table`` a page may show, in table order."""
    if isinstance(table.get("name"), str):
        yield "name", table["name"]
    for section in ("canastas", "penalties", "bonuses"):
        for key, entry in _tables(table.get(section)):
            if isinstance(entry.get("label"), str):
                yield f"{section}.{key}.label", entry["label"]
    for colour, _entry in _tables(table.get("colours")):
        yield f"colours.{colour}", colour
    for name, option in _tables(table.get("options")):
        for key in ("label", "help"):
            if isinstance(option.get(key), str):
                yield f"options.{name}.{key}", option[key]
        if isinstance(option.get("decision"), str):
            # the rules page shows the summary and, as footnotes, its sources, each in the page's language
            _ids, summary, sources = decision_parts(option["decision"])
            if summary:
                yield f"options.{name}.decision", summary
            for i, source in enumerate(sources, 1):
                yield f"options.{name}.decision.source{i}", source
        for choice, patch in _tables(option.get("choices")):
            if isinstance(patch.get("_label"), str):
                yield f"options.{name}.choices.{choice}._label", patch["_label"]
            yield from _patched_labels(patch, f"options.{name}.choices.{choice}")


# Where a decision came from, in its summary's brackets: seed lines ("l. 71 says five"), seeds, public sources.
_DECISION_SOURCE = re.compile(r"\s*\(([^()]*(?:\bl\. ?\d|\b(?:seeds?|public|unstated|rummy-games|howstuffworks)\b)[^()]*)\)",
                              re.I)
# A decision's ids: S39 (a seed-003 decision), D2 (díszített), K1 (Keltis); "S45, S50" for two.
_DECISION_IDS = re.compile(r"[SDK]\d+(?:, [SDK]\d+)*")


def decision_parts(decision: str) -> tuple[str, str, list[str]]:
    """An option's ``decision`` as its ids, its summary and its sources, in the table's English (a player reads the
    game, not the file it came from: the pages show the sources as footnotes): "S39: when red threes count plus
    (l. 71 …)" → ("S39", "when red threes count plus", ["l. 71 …"]); "K1" → ("K1", "", [])."""
    ids, sep, summary = decision.partition(": ")
    if not (sep and _DECISION_IDS.fullmatch(ids)):
        ids, summary = ("", decision) if not _DECISION_IDS.fullmatch(decision.strip()) else (decision.strip(), "")
    sources = _DECISION_SOURCE.findall(summary)
    return ids, _DECISION_SOURCE.sub("", summary).strip(), [source.strip() for source in sources]


def _patched_labels(patch: Mapping[str, Any], where: str) -> Iterator[tuple[str, str]]:
    """Labels an option choice brings: a canasta kind, penalty or bonus the choice adds (``"canastas.joker_canasta" =
    { label = ... }``) or relabels (``"canastas.mixed_canasta.label" = ...``)."""
    for dotted, value in patch.items():
        parts = dotted.split(".")
        if parts[0] not in ("canastas", "penalties", "bonuses"):
            continue
        if len(parts) == 2 and isinstance(value, Mapping) and isinstance(value.get("label"), str):
            yield f"{where}.{dotted}.label", value["label"]
        elif len(parts) == 3 and parts[2] == "label" and isinstance(value, str):
            yield f"{where}.{dotted}", value


def _tables(value: Any) -> Iterator[tuple[str, Mapping[str, Any]]]:
    if isinstance(value, Mapping):
        for key, entry in value.items():
            if isinstance(entry, Mapping):
                yield str(key), entry


def folder_words(folder: Path) -> dict[str, dict[str, str]]:
    """Every table word of the ``*.toml`` files in ``folder``: file name -> dotted key -> word."""
    out = {}
    for path in sorted(folder.glob("*.toml")):
        with path.open("rb") as fh:
            out[path.name] = dict(table_words(tomllib.load(fh)))
    return out


def extract(fileobj: BinaryIO, keywords: Collection[str], comment_tags: Collection[str],
            options: Mapping[str, Any]) -> Iterable[tuple[int, str | None, str, list[str]]]:
    """Babel extraction method for a variant table: each word with the line it is on and, as the translator's
    comment, the dotted key it is the value of (which says what it names)."""
    text = fileobj.read().decode(options.get("encoding", "utf-8"))
    lines = text.splitlines()
    for key, word in table_words(tomllib.loads(text)):
        yield _line_of(lines, word), None, word, [f"rules table: {key}"]


def _line_of(lines: list[str], word: str) -> int:
    """The first line that holds ``word`` (a colour's key is on its ``[colours.<name>]`` line); 1 if none does."""
    return next((n for n, line in enumerate(lines, 1) if word in line), 1)
