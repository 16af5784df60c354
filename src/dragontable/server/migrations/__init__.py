"""Alembic migration environment of the table server's database (applied at start-up)."""
