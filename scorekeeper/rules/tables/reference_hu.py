"""The generated number blocks of a Hungarian rules reference (``rules_ref/<id>.hu.md``) in Hungarian.

:mod:`.reference` writes each block from the variant table in English; a Hungarian reference gets the same
lines with their words said in Hungarian here: the labels, the closed vocabularies and the table heads the
blocks use. Code (option names and choices between backticks) and numbers stay as they are. A word this
module does not know stays English, and tests/core/test_reference_hu.py fails on it, so a table or block that
gains a label gains its Hungarian here too. Stdlib only, like the rest of the rules core.
"""

from __future__ import annotations

import re

# Longest first where one holds another ("going out concealed (from hand), extra" before "going out").
PHRASES: tuple[tuple[str, str], ...] = (
    # players
    # a side is a "fél" (a player alone or a partnership): "csapat" would be wrong for díszített's single players
    ("players at the table, all sides together", "játékosok az asztalnál összesen"),
    ("players in a side, at most", "egy félben legfeljebb ennyi játékos"),
    ("fewest sides", "legkevesebb fél"), ("most sides", "legtöbb fél"),
    ("scored", "pontozás"), ("by side", "felenként"), ("by player", "játékosonként"),
    # deck
    ("French packs", "francia csomag"), ("cards in all", "lap összesen"),
    # card values
    ("Melded cards count plus, cards left in hand minus.",
     "A lerakott lapok pluszt érnek, a kézben maradtak mínuszt."),
    ("black 3", "fekete 3-as"), ("red 3", "piros 3-as"), ("in hand", "kézben"),
    ("8, 9, 10, J, Q, K", "8, 9, 10, B, D, K"), ("J, Q, K, A", "B, D, K, Á"), ("A, 2", "Á, 2"),   # the keys' letters
    # canastas
    ("A meld's kind is the first kind (top down) it matches.",
     "Egy csoport fajtája az első (felülről számítva), amelynek megfelel."),
    ("red zsoli-canasta", "piros zsolikanaszta"), ("black zsoli-canasta", "fekete zsolikanaszta"),
    ("gold canasta", "arany kanaszta"), ("red canasta", "piros kanaszta"), ("black canasta", "fekete kanaszta"),
    # red threes
    ("red threes count plus for", "a piros hármasok pluszt érnek"), ("red threes held", "piros hármas"),
    ("each red three left in hand", "minden kézben maradt piros hármas"), ("total bonus", "jutalom összesen"),
    ("every side", "mindenkinek"),
    # twins
    ("twins count", "ikrek számítanak"), ("each twin", "egy iker"),
    # going out
    ("going out concealed needs no opening minimum", "kézből kimenéshez nem kell nyitó minimum"),
    ("going out concealed (from hand), extra", "kézből kimenés, ráadásul"),
    ("table clear needs a pile of at least", "asztaltörléshez a talonban legalább"),
    ("table clear, extra", "asztaltörlés, ráadásul"),
    ("canastas needed to go out", "kimenéshez szükséges kanaszta"),
    ("someone must go out to end a hand", "a leosztás csak kimenéssel ér véget"),
    ("going out", "kimenés"),
    # opening minimum and taxation
    ("total before the hand", "összpontszám a leosztás előtt"), ("hand score is", "a leosztás pontszáma"),
    ("a negative hand score is", "a negatív pontszám"),
    ("taxed on its size, sign kept", "a nagysága szerint adózik, előjele marad"),
    ("not taxed", "nem adózik"), ("unchanged", "változatlan"), ("halved", "felezve"),
    ("quartered", "negyedelve"), ("divided by 10", "tizedelve"), ("No taxation.", "Nincs adó."),
    ("minimum", "minimum"),
    # match
    ("a total wins when it", "az összpontszám nyer, ha"), ("exceeds the target", "átlépi a célt"),
    ("reaches the target", "eléri a célt"), ("an exact tie on top", "holtverseny az élen"),
    ("a shared win", "közös győzelem"), ("play on until one leads", "tovább játszanak, amíg egy vezet"),
    ("target", "cél"),
    # penalties
    ("This variant has no penalties.", "Ebben a változatban nincs büntetés."), ("offence", "szabálysértés"),
    # table heads and single words, last
    ("joker", "nagy zsoli (dzsóker)"), ("jokers", "dzsóker"), ("card", "lap"), ("cards", "lap"),
    ("points", "pont"), ("kind", "fajta"), ("bonus", "jutalom"), ("code", "kód"),
    ("yes", "igen"), ("no", "nem"),
)
PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\bbelow (\d+)"), r"\1 alatt"), (re.compile(r"(\d+) and more\b"), r"\1 és több"),
    (re.compile(r"(\d+) or more\b"), r"\1 vagy több"),
)
_WORDS = re.compile("|".join(rf"(?<![\w-]){re.escape(en)}(?![\w-])" for en, _hu in sorted(
    PHRASES, key=lambda pair: -len(pair[0]))))
_HUNGARIAN = dict(PHRASES)


def _plain(text: str) -> str:
    for pattern, replacement in PATTERNS:
        text = pattern.sub(replacement, text)
    return _WORDS.sub(lambda m: _HUNGARIAN[m.group(0)], text)


def hungarian(lines: list[str]) -> list[str]:
    """A generated block's lines in Hungarian; what stands between backticks (option names) is kept."""
    return ["`".join(part if i % 2 else _plain(part) for i, part in enumerate(line.split("`"))) for line in lines]
