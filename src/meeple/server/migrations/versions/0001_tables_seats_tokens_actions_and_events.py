"""tables, seats, tokens, actions and events

Revision ID: 0001
Revises: nothing (the first revision)
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "game_tables",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("game", sa.String(length=64), nullable=False),
        sa.Column("rules_version", sa.String(length=32), nullable=False),
        sa.Column("config", sa.JSON(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("clock", sa.JSON(), nullable=True),
        sa.Column("owner_hash", sa.String(length=64), nullable=True),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("game_tables", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_game_tables_owner_hash"), ["owner_hash"], unique=False)

    op.create_table(
        "actions",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("table_id", sa.String(length=32), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("move", sa.String(length=200), nullable=False),
        sa.Column("client_id", sa.String(length=64), nullable=True),
        sa.Column("source", sa.String(length=8), nullable=False),
        sa.Column("clock_s", sa.Double(), nullable=True),
        sa.Column("undone", sa.Boolean(), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["game_tables.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("table_id", "client_id", name="uq_actions_client_id"),
    )
    with op.batch_alter_table("actions", schema=None) as batch_op:
        batch_op.create_index("ix_actions_table", ["table_id", "id"], unique=False)

    op.create_table(
        "seats",
        sa.Column("table_id", sa.String(length=32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=8), nullable=False),
        sa.Column("level", sa.String(length=16), nullable=True),
        sa.Column("name", sa.String(length=64), nullable=False),
        sa.Column("joined", sa.Boolean(), nullable=False),
        sa.Column("taken_over", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["game_tables.id"],
        ),
        sa.PrimaryKeyConstraint("table_id", "seat"),
    )
    op.create_table(
        "table_events",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("table_id", sa.String(length=32), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("detail", sa.JSON(), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["game_tables.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("table_events", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_table_events_table_id"), ["table_id"], unique=False)

    op.create_table(
        "tokens",
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("table_id", sa.String(length=32), nullable=False),
        sa.Column("seats", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["game_tables.id"],
        ),
        sa.PrimaryKeyConstraint("token_hash"),
    )
    with op.batch_alter_table("tokens", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_tokens_table_id"), ["table_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("tokens", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_tokens_table_id"))

    op.drop_table("tokens")
    with op.batch_alter_table("table_events", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_table_events_table_id"))

    op.drop_table("table_events")
    op.drop_table("seats")
    with op.batch_alter_table("actions", schema=None) as batch_op:
        batch_op.drop_index("ix_actions_table")

    op.drop_table("actions")
    with op.batch_alter_table("game_tables", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_game_tables_owner_hash"))

    op.drop_table("game_tables")
