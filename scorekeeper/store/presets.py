"""Named house-rules presets: stored once, found by their unguessable token, never changed.

The document is the one ``rules.house.preset_document`` / ``read_preset`` return (format, name, variant, options,
the partial ``rules``), stored as canonical JSON so the file a phone downloads is byte for byte what was stored,
and importing it back gives the identical document.
"""

from __future__ import annotations

import json
from typing import Any, Mapping

from sqlalchemy import select
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import Session

from scorekeeper.store import quota
from scorekeeper.store.matches import new_token
from scorekeeper.store.models import HousePreset
from scorekeeper.store.tokens import could_be_token
from scorekeeper.rules.tables import house
from scorekeeper.rules.tables.pinned import canonical
from scorekeeper.store.saves import Unavailable


def store_preset(session: Session, document: Mapping[str, Any]) -> HousePreset:
    """Store a checked preset document (``preset_document``/``read_preset`` made it) under a fresh token."""
    preset = HousePreset(token=new_token(), name=str(document.get("name", ""))[:house.MAX_NAME],
                         variant=str(document["variant"]), document=canonical(document))
    stored_bytes = quota.size(preset.token, preset.name, preset.variant, preset.document)
    quota.admit(stored_bytes)            # the client's storage quota (store/quota.py)
    session.add(preset)
    try:
        session.commit()
    except OperationalError as exc:
        session.rollback()
        raise Unavailable() from exc
    quota.spent(stored_bytes)
    return preset


def find_preset(session: Session, token: str) -> HousePreset | None:
    if not could_be_token(token):
        return None
    return session.scalars(select(HousePreset).where(HousePreset.token == token)).one_or_none()


def find_presets(session: Session, tokens: list[str]) -> dict[str, HousePreset]:
    """The presets behind ``tokens`` (one query: the home page lists up to a dozen), by token."""
    tokens = [t for t in tokens if could_be_token(t)]
    if not tokens:
        return {}
    return {p.token: p for p in session.scalars(select(HousePreset).where(HousePreset.token.in_(tokens)))}


def document_of(preset: HousePreset) -> dict[str, Any]:
    return json.loads(preset.document)
