"""The toy rummy's registration: import this module (``SCOREKEEPER_PLUGINS=tests.toy_rummy.plugin``). The family
(its rules core) and its front (forms, sheet cells, PDF, partials) register here, one line each."""

from scorekeeper.fronts.registry import register_front
from scorekeeper.rules.tables.families import register
from tests.toy_rummy.family import FAMILY
from tests.toy_rummy.front import FRONT

register(FAMILY)
register_front(FRONT)
