"""Judging one meld, or an opening of several, for a front (the API's check-meld, the checker pages, the CLI and
the offline scorer on a phone: rules/offline.py). Malformed input raises ``RecordError``; rule breaks come back
inside the verdict."""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from scorekeeper.rules.canasta.limits import opening_melds
from scorekeeper.rules import card_words
from scorekeeper.rules.cards import format_cards, language, written
from scorekeeper.rules.errors import RecordError
from scorekeeper.rules.melds.verdict import MeldContext, check_meld, check_opening
from scorekeeper.rules.tables.variants import get_variant

#: What a result's ``next_opening_canasta`` may say (besides null), and check-meld's ``opening_canasta`` takes.
OPENING_CANASTAS = ("any", "natural")


def check(variant: str, cards: str | Iterable[str], *, options: Mapping[str, Any] | None = None,
          opening_minimum: int | None = None, going_out: bool = False,
          opening_canasta: str | None = None, lang: str = "en") -> dict[str, Any]:
    """Verdict for one meld, or for an opening of several melds separated by ``|``, under a variant of today's
    tables with ``options``. ``opening_canasta`` (``"any"``, ``"natural"``): the opening must hold such a canasta
    (a result's ``next_opening_canasta``). ``lang``: the language whose card letters and words the cards are
    read in (issue 23); the answer's ``understood`` says the cards read, in the notation."""
    if not isinstance(variant, str):
        raise RecordError("the variant must be a name such as \"diszitett\"", field="variant")
    _check_situation(opening_minimum, opening_canasta)
    return check_by(get_variant(variant).rules(options), cards, opening_minimum=opening_minimum,
                    going_out=going_out, opening_canasta=opening_canasta, lang=lang)


def _check_situation(opening_minimum: Any, opening_canasta: Any) -> None:
    if opening_minimum is not None and (isinstance(opening_minimum, bool) or not isinstance(opening_minimum, int)):
        raise RecordError(f"expected a whole number, got {opening_minimum!r}", field="opening_minimum")
    if opening_canasta is not None and opening_canasta not in OPENING_CANASTAS:
        raise RecordError(f"expected one of {', '.join(OPENING_CANASTAS)}, got {opening_canasta!r}",
                          field="opening_canasta")


def check_by(rules: Any, cards: str | Iterable[str], *, opening_minimum: int | None = None,
             going_out: bool = False, opening_canasta: str | None = None, lang: str = "en") -> dict[str, Any]:
    """:func:`check` under a rules object already built: a match's pinned rules (``matches.rules_of``), house
    rules included, judge its melds, not the variant's of today's tables."""
    _check_situation(opening_minimum, opening_canasta)
    if not isinstance(cards, str):
        cards = list(cards)
        if not all(isinstance(c, str) for c in cards):
            raise RecordError("cards must be text such as \"K K 2\"", field="cards")
    if not getattr(rules, "shapes", None):       # a family without meld shapes (Keltis) has no melds to judge
        raise RecordError(f"{rules.name} has no melds; check-meld judges canasta melds, `score` checks a "
                          f"{rules.name} record", field="variant")
    context = MeldContext(opening_minimum=opening_minimum, going_out=bool(going_out), opening_canasta=opening_canasta)
    # Bounded before the text is split (the API, the checker pages and the CLI all come here): see opening_melds.
    try:
        lang = language(lang)
    except ValueError as exc:
        raise RecordError(str(exc), field="lang") from None
    melds = opening_melds(rules, cards, lang=lang)
    if not melds:
        raise RecordError("no cards were given; type or tap the cards of the meld, e.g. \"K K 2\"", field="cards")
    if len(melds) > 1:
        verdict = check_opening(rules, melds, context).to_dict()
    else:
        verdict = check_meld(rules, melds[0], context).to_dict()
    # What was read, melds apart by " | ", in the notation as the page's language writes it (a Swedish jack is Kn):
    # the live verdict shows it, so a dictated "trois rois et un joker" is seen as K K K JK (issue 23).
    understood = " | ".join(format_cards(meld, lang) for meld in melds)
    return {"variant": rules.id, "options": dict(rules.options), **_written(verdict, lang), "understood": understood}


def _written(verdict: dict[str, Any], lang: str) -> dict[str, Any]:
    """The verdict's cards as ``lang`` writes them (a Swedish jack is ``Kn``, its ``J`` being the joker), so what
    the answer writes reads back as the same cards on the page that asked; unchanged in every other language."""
    if not card_words.WRITTEN[lang]:
        return verdict
    out = {**verdict}
    if isinstance(out.get("cards"), str):
        out["cards"] = written(out["cards"], lang)
    out["problems"] = [{**p, "cards": [written(c, lang) for c in p["cards"]]} if isinstance(p.get("cards"), list)
                       else p for p in out.get("problems", [])]
    if isinstance(out.get("melds"), list):
        out["melds"] = [_written(m, lang) if isinstance(m, dict) else m for m in out["melds"]]
    return out
