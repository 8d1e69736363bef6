"""Alembic environment: always online, on the connection :mod:`scorekeeper.store.migrate` hands over (it holds the
lock that serialises migrations between processes).

Migrations import nothing of the application: a revision must run the same against every later release of the
code it sits in. What one needs of the application arrives through ``context.config.attributes`` from
:mod:`scorekeeper.store.migrate`: the connection, the models' metadata (only autogenerate compares against it;
absent, a revision is written by hand) and, for revision 0003, the rules to pin existing matches to.
"""

from alembic import context

attributes = context.config.attributes
connection = attributes["connection"]
context.configure(connection=connection, target_metadata=attributes.get("target_metadata"),
                  # SQLite cannot alter a constraint in place: let batch operations rebuild the table.
                  render_as_batch=connection.dialect.name == "sqlite")
with context.begin_transaction():
    context.run_migrations()
