"""Undone actions kept apart from the live record; human seats handed over to a bot.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "undone_actions",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("idx", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("notation", sa.String(200), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("undone_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("undone_by", sa.Integer, nullable=False),
    )
    op.create_index("ix_undone_actions_table_id", "undone_actions", ["table_id"])
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("handed_to", sa.String(32), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("handed_to")
    op.drop_index("ix_undone_actions_table_id", "undone_actions")
    op.drop_table("undone_actions")
