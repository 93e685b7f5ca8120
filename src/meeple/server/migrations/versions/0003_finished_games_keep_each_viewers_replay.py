"""finished games keep what each viewer saw, for replays under other rules

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "replay_views",
        sa.Column("table_id", sa.String(length=32), nullable=False),
        sa.Column("viewer", sa.Integer(), nullable=False),
        sa.Column("steps", sa.Integer(), nullable=False),
        sa.Column("data", sa.LargeBinary(), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["game_tables.id"]),
        sa.PrimaryKeyConstraint("table_id", "viewer"),
    )


def downgrade() -> None:
    op.drop_table("replay_views")
