"""Accounts a stranger cannot forge: confirmed e-mail addresses, single-use links
(confirming an address, resetting a password), addresses that unsubscribed, browsers
that signed in before (device cookies), names compared by their confusable skeleton,
and who handed a seat to a bot (fair hand-over at rated tables).

Revision ID: 0009
Revises: 0008
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("users") as batch:
        batch.add_column(sa.Column("email_verified_at", sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column("name_skeleton", sa.String(128), nullable=True))
        batch.add_column(sa.Column("handover_rating", sa.String(16), nullable=True))
        batch.create_index("ix_users_name_skeleton", ["name_skeleton"])
    _fill_name_skeletons()
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("handed_by", sa.Integer, nullable=True))
    op.create_table(
        "account_tokens",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("purpose", sa.String(16), nullable=False),
        sa.Column("email", sa.String(254), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("used_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_account_tokens_user_id", "account_tokens", ["user_id"])
    op.create_index("ix_account_tokens_email", "account_tokens", ["email"])
    op.create_table(
        "email_suppressed",
        sa.Column("email_key", sa.String(254), primary_key=True),
        sa.Column("since", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "devices",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_seen_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_devices_user_id", "devices", ["user_id"])


def _fill_name_skeletons() -> None:
    """Give every account its name's skeleton. Accounts whose names collide already keep
    working (the column is not unique); only new names are compared."""
    from dragontable.server.names import MAX_SKELETON, name_skeleton

    users = sa.table(
        "users",
        sa.column("id", sa.Integer),
        sa.column("name", sa.String),
        sa.column("name_skeleton", sa.String),
    )
    conn = op.get_bind()
    rows = conn.execute(sa.select(users.c.id, users.c.name)).all()
    if rows:
        conn.execute(
            users.update().where(users.c.id == sa.bindparam("user_id")),
            [
                {"user_id": r.id, "name_skeleton": name_skeleton(r.name)[:MAX_SKELETON]}
                for r in rows
            ],
        )


def downgrade() -> None:
    op.drop_table("devices")
    op.drop_table("email_suppressed")
    op.drop_table("account_tokens")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("handed_by")
    with op.batch_alter_table("users") as batch:
        batch.drop_index("ix_users_name_skeleton")
        batch.drop_column("handover_rating")
        batch.drop_column("name_skeleton")
        batch.drop_column("email_verified_at")
