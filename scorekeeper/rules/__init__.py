"""The pure rules core: cards, variants, melds, scoring, taxation, match state; Keltis. Standard library only."""

import os

from scorekeeper.rules.cards import Card, format_cards, parse_card, parse_cards
from scorekeeper.rules.errors import NotationError, RecordError, ScorekeeperError, VariantError
from scorekeeper.rules.keltis import KeltisRecord, KeltisResult, KeltisRules, RowVerdict, check_row
from scorekeeper.rules.match import score_match
from scorekeeper.rules.outcome import match_outcome
from scorekeeper.rules.melds.verdict import MeldContext, MeldVerdict, OpeningVerdict, check_meld, check_opening
from scorekeeper.rules.problems import Problem
from scorekeeper.rules.canasta.record import HandRecord, SideRecord
from scorekeeper.rules.records import parse_record, score_hand
from scorekeeper.rules.canasta.scoring import HandResult, SideResult
from scorekeeper.rules.canasta.taxation import tax
from scorekeeper.rules.canasta.rules import Rules
from scorekeeper.rules.tables.variants import Variant, describe_variants, get_rules, get_variant, registry
from scorekeeper.rules.canasta import family as canasta
from scorekeeper.rules import keltis
from scorekeeper.rules.tables.families import FAMILIES, Family, load_plugins, register

# The families this package ships; registered here, above every module their hooks come from (see .families).
register(canasta.FAMILY, keltis.FAMILY)
# Families from outside the package: modules named in SCOREKEEPER_PLUGINS (comma-separated), each registering its
# own when imported (README, "A family of your own"). Here, so every front (CLI, web, API) knows them.
load_plugins(os.environ.get("SCOREKEEPER_PLUGINS", ""))

__all__ = [
    "Card", "format_cards", "parse_card", "parse_cards", "NotationError", "RecordError", "ScorekeeperError",
    "VariantError", "match_outcome", "score_match", "MeldContext", "MeldVerdict", "OpeningVerdict", "check_meld", "check_opening", "Problem",
    "HandRecord", "SideRecord", "parse_record", "HandResult", "SideResult", "score_hand", "tax", "Rules",
    "Variant", "describe_variants", "get_rules", "get_variant", "registry", "FAMILIES", "Family", "KeltisRecord",
    "KeltisResult", "KeltisRules", "RowVerdict", "check_row",
]
