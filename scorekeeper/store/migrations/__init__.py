"""Alembic migrations of the scorekeeper database, run by :mod:`scorekeeper.store.migrate` (no alembic.ini needed)."""
