"""Alembic environment: always online, on the connection :mod:`scorekeeper.store.migrate` hands over (it holds the
lock that serialises migrations between processes)."""

from alembic import context

from scorekeeper.store.models import Base       # with every table registered on it

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata,
                  # SQLite cannot alter a constraint in place: let batch operations rebuild the table.
                  render_as_batch=connection.dialect.name == "sqlite")
with context.begin_transaction():
    context.run_migrations()
