"""The schema: the shipped migrations build exactly the models' tables, on both databases."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from meeple.server.db import Base, migrate, open_engine
from meeple.server.settings import Settings


def test_the_migrations_build_the_schema_the_models_declare(settings: Settings) -> None:
    engine = open_engine(settings.database_url())
    migrate(engine)
    migrate(engine)  # applied at every start: a second run changes nothing
    with engine.connect() as conn:
        assert compare_metadata(MigrationContext.configure(conn), Base.metadata) == []
    engine.dispose()


def test_the_embedded_database_is_in_wal_mode_with_full_sync(tmp_path) -> None:
    engine = open_engine(Settings(data_dir=tmp_path).database_url())
    with engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL
        assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() == 10_000
    engine.dispose()
