"""Undo offers in the database: any server worker may hold the table, so the offer and
its acceptances are one row every worker reads (``server/undo_offers.py``).

Revision ID: 0008
Revises: 0007
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "undo_offers",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("keep", sa.Integer, nullable=False),
        sa.Column("n_actions", sa.Integer, nullable=False),
        sa.Column("waiting", sa.String(64), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("undo_offers")
