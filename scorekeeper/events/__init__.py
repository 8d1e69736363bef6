"""The pure core of a club night (issue 24): settings, seating, victory points and standings.

Standard library only and checked by ``mypy --strict`` like :mod:`scorekeeper.rules`; storage, pages, PDFs and
the API build on it later. Problems are values (:class:`EventProblem`: a code, a field, numbers), never sentences.
"""

from scorekeeper.events.seating import RoundSeating, TableSeat, first_order, fixed, meetings, mitchell, swiss
from scorekeeper.events.settings import (Entrants, EventError, EventProblem, EventSettings, FirstRound, ScaleRow,
                                         Seating, VictoryScale, burraco_scale, preset)
from scorekeeper.events.standings import (StandingLine, Standings, TableResult, TableScore, next_round,
                                          score_tables, standings)

__all__ = ["Entrants", "EventError", "EventProblem", "EventSettings", "FirstRound", "RoundSeating", "ScaleRow",
           "Seating", "StandingLine", "Standings", "TableResult", "TableScore", "TableSeat", "VictoryScale",
           "burraco_scale", "first_order", "fixed", "meetings", "mitchell", "next_round", "preset",
           "score_tables", "standings", "swiss"]
