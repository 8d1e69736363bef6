"""The toy rummy's registration line: import this module (``SCOREKEEPER_PLUGINS=tests.toy_rummy.plugin``)."""

from scorekeeper.rules.tables.families import register
from tests.toy_rummy.family import FAMILY

register(FAMILY)
