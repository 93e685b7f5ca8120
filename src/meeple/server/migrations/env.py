"""Alembic environment: migrations run on the connection the server hands over."""

from alembic import context

from meeple.server.db import Base


def run() -> None:
    """Apply the migrations on the connection :func:`meeple.server.db.migrate` passes."""
    connection = context.config.attributes["connection"]
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        # SQLite alters tables by copying them
        render_as_batch=connection.dialect.name == "sqlite",
    )
    with context.begin_transaction():
        context.run_migrations()


# Alembic runs this file as a script; imported on its own (no migration running) it does nothing
if hasattr(context, "config"):
    run()
