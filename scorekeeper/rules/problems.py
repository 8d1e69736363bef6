"""Rule problems as values: a stable code, the cards concerned and a sentence a player understands."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from .cards import Card


@dataclass(frozen=True, kw_only=True, slots=True)
class Problem:
    code: str
    message: str
    cards: tuple[str, ...] = ()
    side: str | None = None
    #: Where in the record the problem sits (``sides[0].melds[1]``), so a form can show it next to the field.
    field: str | None = None

    def located(self, *, side: str, field: str) -> "Problem":
        return Problem(code=self.code, message=f"{side}: {self.message}", cards=self.cards, side=side,
                       field=field)

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "side": self.side, "cards": list(self.cards), "message": self.message,
                "field": self.field}


def problem(code: str, message: str, cards: Iterable[Card | str] = (), **where: Any) -> Problem:
    return Problem(code=code, message=message, cards=tuple(str(c) for c in cards), **where)
