"""Rule problems as values: a stable code, the cards concerned and a sentence a player understands.

The sentence is kept in two forms. ``message`` is the English sentence, what the CLI and the JSON API print.
``heads`` and ``phrases`` are that sentence before its values were filled in (phrases.py), so a front that
speaks another language translates the templates and fills in the same values. The message reads
``head: head: phrase; phrase`` (a side's name and a Keltis row's colour are heads).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, TypedDict, Unpack

from scorekeeper.rules.cards import Card
from scorekeeper.rules.phrases import Phrase, compose, named


@dataclass(frozen=True, kw_only=True, slots=True)
class Problem:
    code: str
    message: str
    cards: tuple[str, ...] = ()
    side: str | None = None
    #: Where in the record the problem sits (``sides[0].melds[1]``), so a form can show it next to the field.
    field: str | None = None
    #: The fields a problem of the whole table involves (two sides out: each side's going out), shown there too.
    fields: tuple[str, ...] = ()
    heads: tuple[Phrase, ...] = ()
    phrases: tuple[Phrase, ...] = ()

    def located(self, *, side: str, field: str) -> "Problem":
        return Problem(code=self.code, message=f"{side}: {self.message}", cards=self.cards, side=side,
                       field=field, heads=(named(side), *self.heads), phrases=self.phrases)

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "side": self.side, "cards": list(self.cards), "message": self.message,
                "field": self.field, "fields": list(self.fields), "sentence": {"heads": [h.to_dict() for h in self.heads],
                                                  "phrases": [p.to_dict() for p in self.phrases]}}


class Where(TypedDict, total=False):
    """Where a :class:`Problem` sits: the fields it has besides its words."""

    side: str | None
    field: str | None
    fields: tuple[str, ...]


def problem(code: str, says: Phrase | Iterable[Phrase], cards: Iterable[Card | str] = (), *,
            head: Phrase | None = None, **where: Unpack[Where]) -> Problem:
    """A problem whose sentence is ``says`` (one phrase, or several joined by "; "), after an optional head."""
    phrases = (says,) if isinstance(says, Phrase) else tuple(says)
    heads = (head,) if head else ()
    return Problem(code=code, message=compose((h.render() for h in heads), (p.render() for p in phrases)),
                   cards=tuple(str(c) for c in cards), heads=heads, phrases=phrases, **where)
