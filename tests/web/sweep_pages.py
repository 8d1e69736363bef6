"""The pages and forms a player sees, rendered in Hungarian, French or Swedish, and the English of the catalogue they
must not show (issue 11, item 9; issue 23: one sweep per language). Shared by tests/web/test_language_sweep.py
(every page through the test client) and the other tests that check a page for English."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

from babel.messages.pofile import read_po

TRANSLATIONS = Path(__file__).resolve().parents[2] / "scorekeeper" / "translations"
SWEPT = ("hu", "fr", "sv")      # every page language but English


def catalogue_path(lang: str) -> Path:
    return TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po"


PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|%[sd]|\{\w*\}")
# Attributes a player sees or hears (a screen reader says aria-label) besides the text.
QUOTED = re.compile(r"„[^”<>]*”|“[^”<>]*”|«[^»<>]*»|&quot;[^<>]*?&quot;|\"[^\"<>]*\"")
SHOWN_ATTRIBUTES = re.compile(r'\b(?:aria-label|placeholder|title|alt)="([^"]*)"')


def _leaves(value) -> list[str]:
    if isinstance(value, dict):
        return [leaf for v in value.values() for leaf in _leaves(v)]
    if isinstance(value, list):
        return [leaf for v in value for leaf in _leaves(v)]
    return [value] if isinstance(value, str) else []


def visible_text(page: str) -> str:
    """What a player reads or hears: the text outside <script>/<style>, the shown attributes, and the strings a
    page hands its script to show (``data-…strings`` JSON), one line per element. An element marked
    ``lang="en"`` on a page in another language (a rules text not translated yet) is left out: it says it is
    English. Nothing else is: a page's own text is never exempt for being a rules page."""
    scripted = [leaf for raw in re.findall(r"data-[\w-]*strings='([^']*)'", page)
                for leaf in _leaves(json.loads(html.unescape(raw)))]
    scripted = [re.sub(r"\{\w+\}", " ", leaf) for leaf in scripted]     # a script fills in {points}
    page = re.sub(r'<(\w+)\b[^>]*\blang="en"[^>]*>.*?</\1>', " ", page, flags=re.S) \
        if re.search(r'<html lang="(?!en")', page) else page
    # a rules page quotes its sources in their own words (a French seed on a Hungarian page, a public English
    # rule on a Swedish one: „…”, “…”, «…», "…"); the page's own sentences around a quotation are swept
    page = re.sub(r'<article class="card rules-body".*?</article>', lambda m: QUOTED.sub(" ", m.group(0)), page,
                  flags=re.S)
    page = re.sub(r"<(script|style|code)\b.*?</\1>", " ", page, flags=re.S | re.I)     # <code>: notation, ids
    page = re.sub(r"<head\b.*?</head>", lambda m: " ".join(re.findall(r"<title>(.*?)</title>", m.group(0), re.S)),
                  page, flags=re.S | re.I)
    shown = SHOWN_ATTRIBUTES.findall(page)
    text = re.sub(r"<[^>]+>", "\n", page)
    return html.unescape("\n".join([text, *shown])) + "\n" + "\n".join(scripted)


def english_fragments(lang: str = "hu") -> dict[str, str]:
    """Each msgid's literal parts a player could recognise as English (of at least two words, or one word of 5+
    letters), mapped to the msgid. Parts equal in both languages (the msgstr of ``lang`` holds them) are left out.
    A msgid not translated yet (or fuzzy) counts whole: the page would show its English."""
    with catalogue_path(lang).open("rb") as f:
        catalog = read_po(f)
    found: dict[str, str] = {}
    # a word the language writes itself (French "points", "total", Swedish "bonus", Hungarian "minimum"): a single
    # word found whole in any of its translations is not English on its pages
    own = {w for m in catalog if m.id and not m.fuzzy
           for s in ([m.string] if isinstance(m.string, str) else m.string) for w in re.findall(r"\w+", s or "")}
    for message in catalog:
        if not message.id:
            continue
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        msgstr = message.string if isinstance(message.string, str) else message.string[0]
        if message.fuzzy or not msgstr:
            msgstr = ""
        if msgstr == msgid:
            continue
        for part in PLACEHOLDER.split(msgid):
            part = part.strip(" .,:;()–-—·|\"'“”!?")
            words = re.findall(r"[A-Za-z]+", part)
            if not words or part in msgstr:
                continue
            if len(words) >= 2 or (len(words) == 1 and len(words[0]) >= 5 and part == words[0] and part not in own):
                found.setdefault(part, msgid)
    return found


def english_on(page: str, fragments: dict[str, str], allowed: frozenset[str] = frozenset()) -> list[str]:
    text = visible_text(page)
    # `part in text` first: the pattern holds the part literally, and a few hundred patterns compiled per page
    # would overflow re's cache (each compiled again on every page).
    return sorted(f"{part!r} (msgid {msgid!r})" for part, msgid in fragments.items()
                  if part not in allowed and part in text
                  and re.search(r"(?<![\w-])" + re.escape(part) + r"(?![\w-])", text))
