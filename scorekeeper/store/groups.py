"""Groups (issue 24): a family, a club or a regular table, with a roster of players and the matches it played.

A group is shared like a match: an unguessable edit link and a read-only link (store/tokens.py). A match started
in the group names its players from the roster: a name the roster knows by its key, or by one typo, becomes the
roster's spelling ("Bela" becomes "Béla", rules/roster.py), and a new name joins the roster. An existing match
joins a group by its edit link; its stored names are never rewritten, but each is read as its roster player
(:func:`canonical_players`), which is what the statistics count.

Plain functions over a SQLAlchemy session, like store/matches.py, for the pages, the JSON API and the statistics.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Mapping, Sequence

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import Session

from scorekeeper.rules import RecordError, bounds
from scorekeeper.rules.phrases import phrase
from scorekeeper.rules.roster import canonical, key_of, matched_key
from scorekeeper.store import matches as match_store, quota
from scorekeeper.store.models import Group, GroupMatch, GroupPlayer, Match
from scorekeeper.store.saves import Unavailable
from scorekeeper.store.tokens import could_be_token

NAME_MOST = 200          # a group's name, as long as a match's title
PLAYER_MOST = 80         # a player's name, as long as in a match
MAX_ROSTER = 200         # players (and merged spellings) on one roster: a club's members with room to spare
MAX_MATCHES = 1000       # matches in one group: a family's weekly evening for twenty years
LIST_MOST = 50           # matches a group's page and GET answer list with their winners (each is a replay)

_LINK = re.compile(r"(?:^|/)(?:m|api/v1/matches)/([A-Za-z0-9_-]{1,128})(?:[/?#]|$)")


def create_group(session: Session, name: str) -> Group:
    if not isinstance(name, str):
        raise RecordError(phrase("the name must be text"), field="name")
    name = bounds.text(name, "name", most=bounds.TEXT_MAX, single_line=True).strip()[:NAME_MOST]
    if not name:
        raise RecordError(phrase("a group needs a name"), field="name")
    group = Group(edit_token=match_store.new_token(), view_token=match_store.new_token(), name=name)
    stored = quota.size(group.name, group.edit_token, group.view_token, quota.ROW_BYTES)
    quota.admit(stored)
    session.add(group)
    _commit(session)
    quota.spent(stored)
    return group


def find_group(session: Session, token: str, *, editable: bool) -> Group | None:
    if not could_be_token(token):
        return None
    column = Group.edit_token if editable else Group.view_token
    return session.scalars(select(Group).where(column == token)).one_or_none()


def roster(group: Group) -> list[GroupPlayer]:
    """The group's players (merged spellings left out), alphabetically as a person reads them."""
    return sorted((p for p in group.players if p.alias_of is None), key=lambda p: (p.key, p.name))


def names_by_key(group: Group) -> dict[str, str]:
    """Every known key (merged spellings too) → the roster's spelling of that player."""
    by_id = {p.id: p for p in group.players}
    return {p.key: by_id[p.alias_of].name if p.alias_of is not None and p.alias_of in by_id else p.name
            for p in group.players}


def canonical_players(group: Group, match: Match) -> list[list[str]]:
    """Each side's players as the roster names them (for the statistics: "Bela" and "Béla" are one person)."""
    known = names_by_key(group)
    return [[canonical(p, known) for p in (side.players or [side.name])] for side in match.sides]


def name_reader(group: Group) -> Callable[[str], str]:
    """The roster's name of any stored player name, as one function (``stats.stored.group_stats``'s
    ``canonical``): ``group_stats(matches_of(session, group), canonical=name_reader(group))``."""
    known = names_by_key(group)
    return lambda name: canonical(name, known)


def matches_of(session: Session, group: Group) -> list[Match]:
    """The group's matches, oldest first (the statistics' order)."""
    return list(session.scalars(_of(group).order_by(Match.created_at, Match.id)))


def _of(group: Group) -> Any:
    return select(Match).join(GroupMatch, GroupMatch.match_id == Match.id).where(GroupMatch.group_id == group.id)


def _count(session: Session, group: Group) -> int:
    return session.scalar(select(func.count()).select_from(GroupMatch).where(GroupMatch.group_id == group.id)) or 0


def group_id_of(session: Session, match: Match) -> int | None:
    """The id of the group ``match`` is in, or None."""
    return session.scalar(select(GroupMatch.group_id).where(GroupMatch.match_id == match.id))


def newest(session: Session, group: Group, most: int = LIST_MOST) -> tuple[list[Match], int]:
    """The newest ``most`` matches of the group, newest first, and how many it has in all."""
    found = session.scalars(_of(group).order_by(Match.created_at.desc(), Match.id.desc()).limit(most))
    return list(found), _count(session, group)


def _join(group: Group, name: str) -> str:
    """The roster's spelling of ``name``; a new name joins the roster (not committed). Past MAX_ROSTER a
    RecordError."""
    known = names_by_key(group)
    found = matched_key(name, known)
    if found is not None:
        return known[found]
    if len(group.players) >= MAX_ROSTER:
        raise RecordError(phrase("this group's roster already has %(count)s names, the most it can hold",
                                 count=MAX_ROSTER), field="roster")
    group.players.append(GroupPlayer(name=name, key=key_of(name)[:240]))
    return name


def named_sides(group: Group, sides: Any) -> tuple[Any, list[tuple[str, str]]]:
    """``sides`` (create_match's argument) with each player named as the roster names them, and the names that
    changed as ``(typed, roster's)``. New names join the roster (in the session, committed with the match).
    Anything create_match would refuse is left for it to say."""
    if not isinstance(sides, list):
        return sides, []
    changed: list[tuple[str, str]] = []
    out = []
    for side in sides:
        if not isinstance(side, Mapping) or not isinstance(side.get("name"), str):
            out.append(side)
            continue
        players = side.get("players")
        alone = not players or players == [side["name"]]
        names = [side["name"]] if alone else players
        if not isinstance(names, list) or not all(isinstance(p, str) and p.strip() for p in names):
            out.append(side)
            continue
        renamed = []
        for typed in names:
            typed = typed.strip()[:PLAYER_MOST]
            bounds.text(typed, "sides", most=bounds.TEXT_MAX, single_line=True)
            became = _join(group, typed)
            if became != typed:
                changed.append((typed, became))
            renamed.append(became)
        new = dict(side)
        if alone:
            new["name"] = renamed[0]
            new.pop("players", None)
        else:
            new["players"] = renamed
        out.append(new)
    return out, changed


def _room(session: Session, group: Group) -> None:
    if _count(session, group) >= MAX_MATCHES:
        raise RecordError(phrase("this group already has %(count)s matches, the most one group can hold",
                                 count=MAX_MATCHES), field="match")


def start_match(session: Session, group: Group, *, commit: bool = True,
                **args: Any) -> tuple[Match, list[tuple[str, str]]]:
    """A new match in the group (``args`` as for ``matches.create_match``), its players named from the roster;
    returns the match and the names the roster changed. ``commit=False``: flushed, not committed, so a club
    night's round commits all its tables at once (store/events.py); a refused match still rolls back the
    session."""
    _room(session, group)
    sides, changed = named_sides(group, args.pop("sides", None))
    dealer = args.get("first_dealer")
    if isinstance(dealer, str):      # the first dealer as typed in a player field: named as that field now is
        args["first_dealer"] = dict(changed).get(dealer.strip()[:PLAYER_MOST], dealer)
    try:
        match = match_store.create_match(session, sides=sides, commit=commit, **args)
    except BaseException:
        session.rollback()           # the roster's new names go with the match that was not made
        raise
    session.add(GroupMatch(match_id=match.id, group_id=group.id))
    if commit:
        _commit(session)
    return match, changed


def token_of(link: str) -> str:
    """The token in a match's edit link (``…/m/<token>``, an API link) or the bare token."""
    text = link.strip() if isinstance(link, str) else ""
    found = _LINK.search(text)
    return found.group(1) if found else text


def add_match(session: Session, group: Group, link: str) -> Match:
    """Add an existing match to the group by its edit link or token; its players join the roster (a typo of a
    roster name counts as that player). LookupError: no match has that edit link (a read-only link is not
    enough: adding a match changes it). A match of another group stays there (RecordError)."""
    match = match_store.find_match(session, token_of(link), editable=True)
    if match is None:
        raise LookupError("no match has this edit link")
    in_group = group_id_of(session, match)
    if in_group == group.id:
        return match
    if in_group is not None:
        raise RecordError(phrase("this match is already in another group"), field="match")
    _room(session, group)
    try:
        for side in match.sides:
            for player in side.players or [side.name]:
                _join(group, player)
    except BaseException:
        session.rollback()
        raise
    session.add(GroupMatch(match_id=match.id, group_id=group.id))
    try:
        _commit(session)
    except IntegrityError:           # added to another group at the same moment: the link's key refused it
        raise RecordError(phrase("this match is already in another group"), field="match") from None
    return match


def rematch_joins(session: Session, old: Match, new: Match) -> None:
    """A rematch of a group's match is the group's too (the same players, already the roster's names); past the
    group's most matches, or on any failure, the rematch just stays on its own: it exists either way."""
    group_id = group_id_of(session, old)
    group = session.get(Group, group_id) if group_id is not None else None
    if group is None or _count(session, group) >= MAX_MATCHES:
        return
    session.add(GroupMatch(match_id=new.id, group_id=group.id))
    try:
        _commit(session)
    except (IntegrityError, Unavailable):
        pass


def _player(group: Group, player_id: Any) -> GroupPlayer:
    for p in group.players:
        if str(p.id) == str(player_id) and p.alias_of is None:
            return p
    raise LookupError("no such player on this roster")


def merge(session: Session, group: Group, merged: Any, into: Any) -> GroupPlayer:
    """Merge a spelling into another player (a typo): ``merged`` leaves the roster, and every match that names
    it counts for ``into`` from now on."""
    gone, kept = _player(group, merged), _player(group, into)
    if gone is kept:
        raise RecordError(phrase("choose two different names to merge"), field="into")
    for p in group.players:
        if p.alias_of == gone.id:
            p.alias_of = kept.id
    gone.alias_of = kept.id
    _commit(session)
    return kept


def rename(session: Session, group: Group, player_id: Any, name: Any) -> GroupPlayer:
    """Give a roster player another spelling; the old one stays known (as a merged spelling), so matches that
    stored it still count for the player. A name that is another player's key: merge them instead."""
    player = _player(group, player_id)
    if not isinstance(name, str) or not name.strip():
        raise RecordError(phrase("a player needs a name"), field="name")
    name = bounds.text(name, "name", most=bounds.TEXT_MAX, single_line=True).strip()[:PLAYER_MOST]
    key = key_of(name)[:240]
    old_name, old_key = player.name, player.key
    if key == player.key:
        player.name = name
        _commit(session)
        return player
    owner = next((p for p in group.players if p.key == key), None)
    if owner is not None and owner is not player and owner.alias_of != player.id:
        raise RecordError(phrase("%(name)s is already on the roster; merge the two names instead", name=name),
                          field="name")
    if len(group.players) >= MAX_ROSTER and owner is None:
        raise RecordError(phrase("this group's roster already has %(count)s names, the most it can hold",
                                 count=MAX_ROSTER), field="roster")
    if owner is not None:            # renamed back to one of its own old spellings: that row is the player again
        owner.alias_of, owner.name = None, name
        for p in group.players:
            if p.alias_of == player.id:
                p.alias_of = owner.id
        player.alias_of = owner.id
        _commit(session)
        return owner
    player.name, player.key = name, key
    session.flush()                  # the new key first, so the old spelling's row does not clash with it
    group.players.append(GroupPlayer(name=old_name, key=old_key, alias_of=player.id))
    _commit(session)
    return player


def _commit(session: Session) -> None:
    try:
        session.commit()
    except IntegrityError:
        session.rollback()
        raise
    except OperationalError as exc:
        session.rollback()
        raise Unavailable() from exc


def winner_of(match: Match) -> str | None:
    """The match's winner as the sheet names it, or None while it is being played."""
    winner = match_store.scoresheet(match).get("winner")
    return winner if isinstance(winner, str) else None


def summary(match: Match, group: Group) -> dict[str, Any]:
    """What a group's list says of one match: its title, date, players (the roster's names) and winner."""
    return {"title": match.title, "created": match.created_at.isoformat(timespec="seconds") + "Z",
            "variant": match.variant, "players": canonical_players(group, match), "winner": winner_of(match),
            "sides": [s.name for s in match.sides]}


__all__: Sequence[str] = ("create_group", "find_group", "roster", "names_by_key", "canonical_players", "matches_of",
                          "newest", "name_reader", "named_sides", "start_match", "add_match", "token_of", "merge", "rename",
                          "summary", "MAX_ROSTER", "MAX_MATCHES", "LIST_MOST")
