"""Bot jobs: bot moves and hints queued in the database for bot workers
(``dragontable bots``), claimed under a lease (``server/botjobs.py``).

Revision ID: 0007
Revises: 0006
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "bot_jobs",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("n_actions", sa.Integer, nullable=False),
        sa.Column("spec", sa.String(64), nullable=False),
        sa.Column("status", sa.String(8), nullable=False),
        sa.Column("attempts", sa.Integer, nullable=False, server_default="0"),
        sa.Column("claimed_by", sa.String(64), nullable=True),
        sa.Column("claimed_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("lease_until", sa.DateTime(timezone=True), nullable=True),
        sa.Column("result", sa.JSON, nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_bot_jobs_status", "bot_jobs", ["status", "id"])
    op.create_index("ix_bot_jobs_table", "bot_jobs", ["table_id", "n_actions"])


def downgrade() -> None:
    op.drop_index("ix_bot_jobs_table", "bot_jobs")
    op.drop_index("ix_bot_jobs_status", "bot_jobs")
    op.drop_table("bot_jobs")
