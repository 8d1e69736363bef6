"""Alembic migrations of the scorekeeper database, run by :mod:`scorekeeper.migrate` (no alembic.ini needed)."""
