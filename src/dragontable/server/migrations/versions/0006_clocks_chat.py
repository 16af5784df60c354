"""Clocks (a table's settings, each seat's deadline and time left, zombie seats and the
actions their bot played) and the table chat with its mutes.

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

CLOCK_COLUMNS = ("clock_base_s", "clock_increment_s", "clock_per_move_s", "clock_bank_s")


def _zombie() -> sa.Column[bool]:
    return sa.Column("zombie", sa.Boolean, nullable=False, server_default=sa.false())


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("clock_kind", sa.String(8), nullable=True))
        for name in CLOCK_COLUMNS:
            batch.add_column(sa.Column(name, sa.Integer, nullable=True))
        batch.add_column(sa.Column("zombie_bot", sa.String(32), nullable=True))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("deadline", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("clock_left_ms", sa.BigInteger, nullable=True))
        batch.add_column(_zombie())
    op.create_index("ix_seats_deadline", "seats", ["deadline"])
    for table in ("actions", "undone_actions"):
        with op.batch_alter_table(table) as batch:
            batch.add_column(_zombie())
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("author", sa.String(64), nullable=True),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_chat_table_id", "chat", ["table_id", "id"])
    op.create_table(
        "mutes",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("muted_seat", sa.Integer, primary_key=True),
    )


def downgrade() -> None:
    op.drop_table("mutes")
    op.drop_index("ix_chat_table_id", "chat")
    op.drop_table("chat")
    for table in ("undone_actions", "actions"):
        with op.batch_alter_table(table) as batch:
            batch.drop_column("zombie")
    op.drop_index("ix_seats_deadline", "seats")
    with op.batch_alter_table("seats") as batch:
        for name in ("zombie", "clock_left_ms", "deadline"):
            batch.drop_column(name)
    with op.batch_alter_table("tables") as batch:
        for name in ("zombie_bot", *reversed(CLOCK_COLUMNS), "clock_kind"):
            batch.drop_column(name)
