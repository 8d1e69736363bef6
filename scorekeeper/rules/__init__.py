"""The pure rules core: cards, variants, melds, scoring, taxation, match state; Keltis. Standard library only."""

from .cards import Card, format_cards, parse_card, parse_cards
from .errors import NotationError, RecordError, ScorekeeperError, VariantError
from .keltis import KeltisRecord, KeltisResult, KeltisRules, RowVerdict, check_row
from .match import score_match
from .outcome import match_outcome
from .melds import MeldContext, MeldVerdict, OpeningVerdict, check_meld, check_opening
from .problems import Problem
from .record import HandRecord, SideRecord, parse_record
from .scoring import HandResult, SideResult, score_hand
from .taxation import tax
from .canasta_rules import Rules
from .variants import Variant, describe_variants, get_rules, get_variant, registry
from . import canasta, keltis
from .families import FAMILIES, Family, register

# The families this package ships; registered here, above every module their hooks come from (see .families).
register(canasta.FAMILY, keltis.FAMILY)

__all__ = [
    "Card", "format_cards", "parse_card", "parse_cards", "NotationError", "RecordError", "ScorekeeperError",
    "VariantError", "match_outcome", "score_match", "MeldContext", "MeldVerdict", "OpeningVerdict", "check_meld", "check_opening", "Problem",
    "HandRecord", "SideRecord", "parse_record", "HandResult", "SideResult", "score_hand", "tax", "Rules",
    "Variant", "describe_variants", "get_rules", "get_variant", "registry", "FAMILIES", "Family", "KeltisRecord",
    "KeltisResult", "KeltisRules", "RowVerdict", "check_row",
]
