"""The database's tables (SQLAlchemy Core); Alembic's revisions under ``migrations/``
create them. Queries live in ``db.py`` and the modules it names."""

from __future__ import annotations

import sqlalchemy as sa

metadata = sa.MetaData()

tables_t = sa.Table(
    "tables",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(32), nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("options", sa.JSON, nullable=False),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("n_actions", sa.Integer, nullable=False),
    sa.Column("result", sa.JSON, nullable=True),
    sa.Column("to_move", sa.Integer, nullable=True),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    # the clock chosen at creation (revision 0006); all null: no clock
    sa.Column("clock_kind", sa.String(8), nullable=True),
    sa.Column("clock_base_s", sa.Integer, nullable=True),
    sa.Column("clock_increment_s", sa.Integer, nullable=True),
    sa.Column("clock_per_move_s", sa.Integer, nullable=True),
    sa.Column("clock_bank_s", sa.Integer, nullable=True),
    sa.Column("zombie_bot", sa.String(32), nullable=True),
)
sa.Index("ix_tables_status", tables_t.c.status)
seats_t = sa.Table(
    "seats",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(32), nullable=False),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("token_hash", sa.String(64), nullable=True),
    sa.Column("joined_at", sa.DateTime(timezone=True), nullable=True),
    sa.Column("handed_to", sa.String(32), nullable=True),
    # revision 0006: the seat's running deadline (UTC), its time left (live) or bank
    # (turn-based) in ms, and whether the zombie bot plays it because its time ran out
    sa.Column("deadline", sa.DateTime(timezone=True), nullable=True),
    sa.Column("clock_left_ms", sa.BigInteger, nullable=True),
    sa.Column("zombie", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=True),
    # revision 0009: the seat that handed this seat to a bot (null: nobody, or itself)
    sa.Column("handed_by", sa.Integer, nullable=True),
)
sa.Index("ix_seats_deadline", seats_t.c.deadline)
sa.Index("ix_seats_user_id", seats_t.c.user_id)
actions_t = sa.Table(
    "actions",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("idx", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("notation", sa.String(200), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("zombie", sa.Boolean, nullable=False, server_default=sa.false()),
)
# -- undo (revision 0002): undone actions are moved here, never deleted -------------
undone_t = sa.Table(
    "undone_actions",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False),
    sa.Column("idx", sa.Integer, nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("notation", sa.String(200), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("undone_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("undone_by", sa.Integer, nullable=False),
    sa.Column("zombie", sa.Boolean, nullable=False, server_default=sa.false()),
)
sa.Index("ix_undone_actions_table_id", undone_t.c.table_id)
# -- table chat (revision 0006): messages are kept raw; pages show them as text ---------
chat_t = sa.Table(
    "chat",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False),
    sa.Column("seat", sa.Integer, nullable=True),
    sa.Column("author", sa.String(64), nullable=True),
    sa.Column("text", sa.Text, nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
)
sa.Index("ix_chat_table_id", chat_t.c.table_id, chat_t.c.id)
mutes_t = sa.Table(
    "mutes",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("muted_seat", sa.Integer, primary_key=True),
)
# -- game reviews (revision 0004): one per finished table and seat (server/reviews.py) ---
reviews_t = sa.Table(
    "reviews",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("iterations", sa.Integer, nullable=False),
    sa.Column("review", sa.JSON, nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
)

# -- accounts, sessions, ratings, mail (revision 0005; queries in accounts_db.py) ------
users_t = sa.Table(
    "users",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("name", sa.String(32), nullable=False),
    sa.Column("name_key", sa.String(32), nullable=False, unique=True),  # casefolded name
    sa.Column("password_hash", sa.String(200), nullable=False),
    sa.Column("email", sa.String(254), nullable=True),
    sa.Column("lang", sa.String(8), nullable=False),
    sa.Column("email_opt_out", sa.Boolean, nullable=False),
    sa.Column("unsubscribe", sa.String(64), nullable=False, unique=True),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    # revision 0009: when the owner confirmed ``email`` (null: not confirmed, no mail),
    # the name's confusable skeleton (TR39) and how a hand-over by others is rated
    sa.Column("email_verified_at", sa.DateTime(timezone=True), nullable=True),
    sa.Column("name_skeleton", sa.String(128), nullable=True),
    sa.Column("handover_rating", sa.String(16), nullable=True),
)
sa.Index("ix_users_name_skeleton", users_t.c.name_skeleton)
sessions_t = sa.Table(
    "sessions",
    metadata,
    sa.Column("token_hash", sa.String(64), primary_key=True),
    sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
    sa.Column("csrf", sa.String(64), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
)
sa.Index("ix_sessions_user_id", sessions_t.c.user_id)
ratings_t = sa.Table(
    "ratings",
    metadata,
    sa.Column("player", sa.String(64), primary_key=True),  # user:<id> or bot:<spec>
    sa.Column("game", sa.String(32), primary_key=True),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("games", sa.Integer, nullable=False),
    sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
)
rating_changes_t = sa.Table(
    "rating_changes",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("player", sa.String(64), nullable=False),
    sa.Column("mu_before", sa.Float, nullable=False),
    sa.Column("sigma_before", sa.Float, nullable=False),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("zombie_loss", sa.Boolean, nullable=False),
)
sa.Index("ix_rating_changes_player", rating_changes_t.c.player)
mail_log_t = sa.Table(
    "mail_log",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False),
    sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
    sa.Column("sent_at", sa.DateTime(timezone=True), nullable=False),
)
sa.Index("ix_mail_log_table_user", mail_log_t.c.table_id, mail_log_t.c.user_id)
# -- account trust (revision 0009) --------------------------------------------------
account_tokens_t = sa.Table(
    "account_tokens",
    metadata,
    sa.Column("token_hash", sa.String(64), primary_key=True),  # SHA-256 of the link's token
    sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
    sa.Column("purpose", sa.String(16), nullable=False),  # "verify" or "reset"
    sa.Column("email", sa.String(254), nullable=True),  # the address a "verify" confirms
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("used_at", sa.DateTime(timezone=True), nullable=True),
)
sa.Index("ix_account_tokens_user_id", account_tokens_t.c.user_id)
sa.Index("ix_account_tokens_email", account_tokens_t.c.email)
email_suppressed_t = sa.Table(
    "email_suppressed",
    metadata,
    sa.Column("email_key", sa.String(254), primary_key=True),  # an address that unsubscribed
    sa.Column("since", sa.DateTime(timezone=True), nullable=False),
)
devices_t = sa.Table(
    "devices",
    metadata,
    sa.Column("token_hash", sa.String(64), primary_key=True),  # a browser that signed in
    sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("last_seen_at", sa.DateTime(timezone=True), nullable=False),
)
sa.Index("ix_devices_user_id", devices_t.c.user_id)
