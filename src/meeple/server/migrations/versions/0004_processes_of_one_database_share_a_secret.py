"""the processes of one database share a random secret that signs forwarded requests

Revision ID: 0004
Revises: 0003
"""

import secrets

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    table = op.create_table(
        "server_secrets",
        sa.Column("name", sa.String(length=32), nullable=False),
        sa.Column("value", sa.LargeBinary(), nullable=False),
        sa.PrimaryKeyConstraint("name"),
    )
    # made once, here: every process of the database reads the same one
    op.bulk_insert(table, [{"name": "forward", "value": secrets.token_bytes(32)}])


def downgrade() -> None:
    op.drop_table("server_secrets")
