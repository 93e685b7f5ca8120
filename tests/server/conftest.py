"""Server fixtures: the same suite on the embedded SQLite and on a real PostgreSQL.

The PostgreSQL server is started by the test session itself (Debian's ``postgresql``: initdb and
pg_ctl under ``/usr/lib/postgresql/<version>/bin``, run as the ``postgres`` user when the tests
run as root), on a free port with a private socket directory, and stopped at the end. Where it
is not installed the PostgreSQL tests skip with a message, except in CI (``CI=true``), where
they fail.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from server_helpers import ROOMY, free_port

from meeple.server import Settings, create_app


def _pg_bin() -> Path | None:
    base = Path("/usr/lib/postgresql")
    if not base.is_dir():
        return None
    versions = sorted((p for p in base.iterdir() if (p / "bin" / "pg_ctl").exists()), reverse=True)
    return versions[0] / "bin" if versions else None


def _missing(why: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(f"PostgreSQL tests cannot run in CI: {why}")
    pytest.skip(f"PostgreSQL tests skipped: {why} (apt-get install postgresql)")


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """A PostgreSQL server of this session: its base URL ``postgresql+psycopg://postgres@...``."""
    binaries = _pg_bin()
    if binaries is None:
        _missing("Debian's postgresql server binaries are not installed")
    root = Path(tempfile.mkdtemp(prefix="meeple-pg-"))
    data, sockets, log = root / "data", root / "sock", root / "log"
    sockets.mkdir()
    as_user: list[str] = []
    if os.geteuid() == 0:  # pg_ctl refuses to run as root
        as_user = ["runuser", "-u", "postgres", "--"]
        shutil.chown(root, "postgres")
        shutil.chown(sockets, "postgres")
    port = free_port()
    subprocess.run(
        [
            *as_user,
            str(binaries / "initdb"),
            "-D",
            str(data),
            "-U",
            "postgres",
            "--auth=trust",
            "-E",
            "UTF8",
        ],
        check=True,
        capture_output=True,
    )
    options = f"-p {port} -k {sockets} -c listen_addresses=127.0.0.1 -c fsync=off"
    subprocess.run(
        [
            *as_user,
            str(binaries / "pg_ctl"),
            "-D",
            str(data),
            "-w",
            "-l",
            str(log),
            "-o",
            options,
            "start",
        ],
        check=True,
        capture_output=True,
    )
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}"
    finally:
        subprocess.run(
            [*as_user, str(binaries / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"],
            capture_output=True,
        )
        shutil.rmtree(root, ignore_errors=True)


def new_postgres_db(base: str) -> str:
    """A new empty database on the session's server; its URL."""
    import psycopg

    name = "t_" + uuid.uuid4().hex[:12]
    dsn = base.replace("postgresql+psycopg://", "postgresql://") + "/postgres"
    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return f"{base}/{name}"


@pytest.fixture(params=["sqlite", "postgresql"])
def settings(request: pytest.FixtureRequest, tmp_path: Path) -> Settings:
    """Settings of a fresh database of each kind; bots in a thread (no process pool)."""
    url = None
    if request.param == "postgresql":
        url = new_postgres_db(request.getfixturevalue("postgres_server"))
    return Settings(db_url=url, data_dir=tmp_path / "data", bot_workers=0, **ROOMY)


@pytest.fixture
def client(settings: Settings) -> Iterator[TestClient]:
    """A client of a started server (its lifespan runs)."""
    with TestClient(create_app(settings)) as c:
        yield c
