"""Alembic migrations of the server's schema, applied at start (``meeple.server.db.migrate``)."""
