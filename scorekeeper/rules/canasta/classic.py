"""What seed 003's classic family adds to checking a side (shared/SEED003_DIGEST.md §6–7), kept apart from
:mod:`.scoring` so the samba family's additions do not meet these in one function:

- the double ending (S7, l. 155 "le partenaire du joueur qui termine la partie peut mettre toutes ses cartes en
  main … la soi-disant fin double"): legal only for a side of two or more that went out with every hand empty;
- black threes taken with the pile and set aside (Cuban, S25): only where the table says so;
- no going out at all (escalera_sevens, S22 "Il est interdit de se défaire de votre dernière carte"): every
  player keeps at least one card;
- one meld of black threes per side where a side keeps one meld per rank (S6, S21).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorekeeper.rules.cards import Card
from scorekeeper.rules.phrases import named, phrase
from scorekeeper.rules.problems import Problem, Where, problem

if TYPE_CHECKING:
    from scorekeeper.rules.canasta.rules import Rules
    from scorekeeper.rules.melds.verdict import MeldVerdict
    from scorekeeper.rules.canasta.record import SideRecord

#: One black three, as the deck's conservation check counts a black three set aside (S25: taken ones still
#: count among the deck's black threes).
BLACK_THREE = Card("3")


def classic_side_problems(rules: "Rules", side: "SideRecord", i: int,
                          melds: "tuple[MeldVerdict, ...]") -> list[Problem]:
    out = []
    if side.double_out:
        out += _double_out_problems(rules, side, i)
    if side.black_threes_taken and not rules.black_threes_taken_allowed:
        out.append(problem("black_threes_taken_not_in_variant", phrase(
            "%(variant)s sets no black threes aside when the pile is taken; leave black threes taken at 0",
            variant=rules.name), head=named(side.name), field=f"sides[{i}].black_threes_taken", side=side.name))
    if not rules.going_out_allowed:
        out += _keeps_a_card_problems(rules, side, i)
    black = [m for m in melds if m.kind == "black_threes"]
    if rules.one_group_per_rank and len(black) > 1:
        out.append(problem("duplicate_rank_meld", phrase(
            "%(side)s has %(count)s melds of black threes; a side keeps one", side=side.name, count=len(black)),
            [c for m in black for c in m.cards], field=f"sides[{i}].melds", side=side.name))
    return out


def _double_out_problems(rules: "Rules", side: "SideRecord", i: int) -> list[Problem]:
    where: Where = {"side": side.name, "field": f"sides[{i}].double_out"}
    if rules.double_out_bonus is None:
        return [problem("double_out_not_in_variant", phrase("%(variant)s has no double ending", variant=rules.name),
                        head=named(side.name), **where)]
    if not side.went_out:
        return [problem("double_out_without_going_out", phrase(
            "%(side)s did not go out, so it has no double ending", side=side.name), **where)]
    if len(side.players) < 2 or rules.players_per_side < 2:
        return [problem("double_out_needs_partners", phrase(
            "a double ending needs the partner of the player who went out; %(side)s is one player",
            side=side.name), **where)]
    if side.summary is not None:
        held = side.summary.hand_points != 0
    else:
        held = bool(side.hand_cards)
    if held:
        return [problem("double_out_cards_in_hand", phrase(
            "a double ending means both partners melded every card; %(side)s still holds cards", side=side.name),
            side.hand_cards, **where)]
    return []


def _keeps_a_card_problems(rules: "Rules", side: "SideRecord", i: int) -> list[Problem]:
    if side.went_out:
        return [problem("going_out_not_in_variant", phrase(
            "nobody goes out in %(variant)s: every hand ends when the stock is used up", variant=rules.name),
            head=named(side.name), field=f"sides[{i}].out", side=side.name)]
    if side.summary is not None:
        return []
    hands = side.hand
    if "" in hands:               # one combined hand: a card for each player at least
        short = len(hands[""]) < len(side.players)
    else:                         # per player: a player left out holds nothing
        short = any(not hands.get(p) for p in side.players)
    if short:
        return [problem("last_card_kept", phrase(
            "in %(variant)s every player keeps at least one card; %(side)s's hands hold too few",
            variant=rules.name, side=side.name), field=f"sides[{i}].hand", side=side.name)]
    return []
