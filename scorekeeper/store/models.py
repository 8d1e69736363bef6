"""What was entered and the rules it was entered under, and nothing that cannot be recomputed from them.

A match is an append-only log: every save adds a :class:`HandEvent` (add, edit or undo); the current hands
and all totals are replayed from the log under the match's stored rules (``Match.rules_json``), so the totals
are part of the record, not of today's tables. ``Match.version`` counts saves and guards against lost updates.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from sqlalchemy import JSON, ForeignKey, Index, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship


class Base(DeclarativeBase):
    """The tables' metadata. Here, not in db.py: db wires the tables up and so imports this module, never the
    other way round."""


def _now() -> datetime:
    return datetime.now(timezone.utc).replace(tzinfo=None)


class Match(Base):
    __tablename__ = "matches"

    id: Mapped[int] = mapped_column(primary_key=True)
    edit_token: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    view_token: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    title: Mapped[str] = mapped_column(String(200), default="")
    variant: Mapped[str] = mapped_column(String(40))
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime] = mapped_column(default=_now)
    version: Mapped[int] = mapped_column(Integer, default=0)
    # The resolved rules the match is played under (rules/pinned.py: canonical JSON and its SHA-256), set at
    # creation; every replay uses them, never today's rules_ref. NULL only for a match the migration to 0003 could
    # not pin (its variant gone): it is read with today's tables (matches.rules_of).
    rules_json: Mapped[str | None] = mapped_column(Text, nullable=True)
    rules_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    # Who deals hand 1 (issue 22), one of the match's players; NULL (every match made before revision 0005): the
    # first player. The dealer of each later hand follows from the seats (rules/deal.py), never stored.
    first_dealer: Mapped[str | None] = mapped_column(String(80), nullable=True)


    sides: Mapped[list["MatchSide"]] = relationship(back_populates="match", order_by="MatchSide.position",
                                                    cascade="all, delete-orphan")
    events: Mapped[list["HandEvent"]] = relationship(back_populates="match", order_by="HandEvent.seq",
                                                     cascade="all, delete-orphan")


class MatchSide(Base):
    __tablename__ = "match_sides"
    __table_args__ = (UniqueConstraint("match_id", "position"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), index=True)
    position: Mapped[int]
    name: Mapped[str] = mapped_column(String(80))
    players: Mapped[list[str]] = mapped_column(JSON, default=list)

    match: Mapped[Match] = relationship(back_populates="sides")


class HandEvent(Base):
    __tablename__ = "hand_events"
    # (match_id, seq): one event per version, so two saves validated on one version cannot both be logged.
    # (match_id, save_key): a save repeated with its key (double tap, retry) cannot be logged twice, even when
    # both copies race; a unique index rather than a constraint so SQLite adds it without rebuilding the table.
    __table_args__ = (UniqueConstraint("match_id", "seq"),
                      Index("ix_hand_events_match_id_save_key", "match_id", "save_key", unique=True))

    id: Mapped[int] = mapped_column(primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), index=True)
    seq: Mapped[int]
    action: Mapped[str] = mapped_column(String(10))          # add | edit | undo
    hand_number: Mapped[int]                                  # 1-based
    entry: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    save_key: Mapped[str | None] = mapped_column(String(64), nullable=True)   # the client's idempotency key
    created_at: Mapped[datetime] = mapped_column(default=_now)
    # Issue 24: the side (its index in the match) whose phone entered or corrected the hand, when that phone
    # said which side it plays for; None: unknown (older logs, a phone that never chose). Beside the entry, never
    # in it: the entry's equality drives duplicate detection and idempotent retries (store/saves.py).
    entered_by: Mapped[int | None] = mapped_column(nullable=True)

    match: Mapped[Match] = relationship(back_populates="events")


class HousePreset(Base):
    """A named set of house rules (rules/house.py ``preset_document``), shared by its unguessable token.

    Immutable: a changed set is a new preset, so a link someone was sent never changes under them. ``document`` is
    the canonical JSON of the preset document, exactly what "Download as a file" hands out."""

    __tablename__ = "house_presets"

    id: Mapped[int] = mapped_column(primary_key=True)
    token: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    name: Mapped[str] = mapped_column(String(80), default="")
    variant: Mapped[str] = mapped_column(String(40))
    document: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(default=_now)


class Group(Base):
    """A family, a club or a regular table (issue 24): a roster and matches, shared by an edit link and a read-only
    link as a match is (two unguessable tokens, store/tokens.py)."""

    __tablename__ = "groups"

    id: Mapped[int] = mapped_column(primary_key=True)
    edit_token: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    view_token: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    name: Mapped[str] = mapped_column(String(200), default="")
    created_at: Mapped[datetime] = mapped_column(default=_now)

    players: Mapped[list["GroupPlayer"]] = relationship(back_populates="group", order_by="GroupPlayer.id",
                                                        cascade="all, delete-orphan")


class GroupPlayer(Base):
    """One spelling on a group's roster. ``key`` is the spelling with case, accents and spaces ignored
    (rules/roster.py), unique in the group, so "Bela" can never be a second player beside "Béla". A row with
    ``alias_of`` is not on the roster: it is a name merged into (or renamed to) another row, kept so that the
    matches that stored it still count for that player."""

    __tablename__ = "group_players"
    __table_args__ = (UniqueConstraint("group_id", "key"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("groups.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(80))
    key: Mapped[str] = mapped_column(String(240))
    alias_of: Mapped[int | None] = mapped_column(ForeignKey("group_players.id", ondelete="CASCADE"), nullable=True)

    group: Mapped[Group] = relationship(back_populates="players")


class GroupMatch(Base):
    """A match of a group (issue 24). A link table, not a column on matches: adding a column with a foreign key
    makes SQLite rebuild ``matches``, and dropping the old table cascades to every side and hand of every match
    (found by test_migrations' upgrade of a filled database). ``match_id`` is the key: a match is in at most one
    group, so its players are one roster's. Deleting either side deletes only the link."""

    __tablename__ = "group_matches"

    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("groups.id", ondelete="CASCADE"), index=True)
    added_at: Mapped[datetime] = mapped_column(default=_now)


class Event(Base):
    """A club night of a group (issue 24, "Club night"): its settings as the API received them (JSON, read back
    through scorekeeper.events.EventSettings), an unguessable ``token`` for its standings page (shown on a screen,
    so it only reads) and an ``edit_token`` that seats rounds and reads the tables' edit links. Deleting
    the group deletes its events; the tables' matches stay (they are ordinary matches of the group)."""

    __tablename__ = "events"

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("groups.id", ondelete="CASCADE"), index=True)
    token: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    edit_token: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    name: Mapped[str] = mapped_column(String(200), default="")
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(default=_now)

    entrants: Mapped[list["EventEntrant"]] = relationship(order_by="EventEntrant.number",
                                                          cascade="all, delete-orphan")
    tables: Mapped[list["EventTable"]] = relationship(order_by=lambda: [EventTable.round, EventTable.table],
                                                      cascade="all, delete-orphan")
    rounds: Mapped[list["EventRound"]] = relationship(order_by="EventRound.round", cascade="all, delete-orphan")


class EventEntrant(Base):
    """Entrant ``number`` (1..M, seed order, as scorekeeper.events numbers them): a pair's two roster names or an
    individual's one."""

    __tablename__ = "event_entrants"

    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    players: Mapped[list[str]] = mapped_column(JSON)


class EventRound(Base):
    """A seated round, and the entrant sitting it out (an odd count), if any; when it was seated, when the
    organiser called time and when the round was closed (UTC; scorekeeper/events/clock.py, migration 0008)."""

    __tablename__ = "event_rounds"

    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"), primary_key=True)
    round: Mapped[int] = mapped_column(Integer, primary_key=True)
    bye: Mapped[int | None] = mapped_column(Integer, nullable=True)
    started_at: Mapped[datetime | None] = mapped_column(nullable=True)
    called_at: Mapped[datetime | None] = mapped_column(nullable=True)
    closed_at: Mapped[datetime | None] = mapped_column(nullable=True)


class EventTable(Base):
    """Table ``table`` of round ``round``: who sits NS and EW, and the ordinary match of the group it plays (a
    link to matches, never a column on it: see GroupMatch)."""

    __tablename__ = "event_tables"

    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"), primary_key=True)
    round: Mapped[int] = mapped_column(Integer, primary_key=True)
    table: Mapped[int] = mapped_column(Integer, primary_key=True)
    ns: Mapped[int] = mapped_column(Integer)
    ew: Mapped[int] = mapped_column(Integer)
    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), unique=True)
    # the hands entered when time was called, and the hands that count once the round is closed (events/clock.py)
    hands_at_call: Mapped[int | None] = mapped_column(Integer, nullable=True)
    hands_counted: Mapped[int | None] = mapped_column(Integer, nullable=True)

    match: Mapped[Match] = relationship()
