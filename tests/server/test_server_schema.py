"""The schema: the shipped migrations build exactly the models' tables, on both databases."""

from __future__ import annotations

import threading

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import text
from sqlalchemy.orm import Session

from meeple.server.db import Base, GroupWriter, migrate, open_engine
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


def test_a_write_its_waiter_gave_up_on_still_commits_and_the_writer_goes_on(tmp_path) -> None:
    # a cancelled waiter (a server stopping, a client gone) must not stop the writer thread
    engine = open_engine(Settings(data_dir=tmp_path).database_url())
    migrate(engine)
    writer = GroupWriter(engine)
    running, release = threading.Event(), threading.Event()

    def slow(s: Session) -> None:
        running.set()
        release.wait(10)

    def mark(name: str):
        def fn(s: Session) -> None:
            s.execute(text("CREATE TABLE IF NOT EXISTS marks (name TEXT)"))
            s.execute(text("INSERT INTO marks VALUES (:n)"), {"n": name})

        return fn

    first = writer.submit(slow)
    assert running.wait(10)
    given_up = writer.submit(mark("given up"))
    assert given_up.cancel()
    release.set()
    first.result(10)
    writer.submit(mark("later")).result(10)  # the thread still answers
    writer.close()
    with engine.connect() as conn:
        assert sorted(conn.scalars(text("SELECT name FROM marks"))) == ["given up", "later"]
    engine.dispose()
