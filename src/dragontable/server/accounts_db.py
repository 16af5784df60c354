"""Queries of accounts, sessions, seats held by accounts, ratings and the mail log.

Mailed links (confirmations, password resets) and unsubscribed addresses are in
:mod:`mail_db`.

The tables are declared with the others in :mod:`db` (revision 0005); this module only
reads and writes them, through the :class:`db.Store` it is given.
"""

from __future__ import annotations

import datetime as dt
import unicodedata
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from .db import Store, TableRow, _aware
from .mail_db import email_key, suppress
from .names import name_skeleton, name_skeletons
from .schema import mail_log_t, rating_changes_t, ratings_t, seats_t, sessions_t, tables_t, users_t

RECENT_TABLES = 20
"""How many of a player's tables a profile lists."""
MY_TABLES = 200
"""How many of a player's tables the "My tables" page lists at most."""


class NameTaken(Exception):
    """Another account has this name (names are compared without case)."""


class NameConfusable(NameTaken):
    """Another account's name looks the same (equal skeletons); ``args[1]`` is its name."""


class CannotAttach(Exception):
    """A seat cannot be attached to the account; the message says why."""


@dataclass
class User:
    """An account as the server uses it (the password hash stays in the database)."""

    id: int
    name: str
    email: str | None
    lang: str
    email_opt_out: bool
    unsubscribe: str
    created_at: dt.datetime | None = None
    email_verified_at: dt.datetime | None = None
    """When the address's owner followed a confirmation link; None: no mail goes there."""
    handover_rating: str | None = None
    """How a game where another seat handed this player's seat to a bot counts for
    their rating (``ratings.HANDOVER_RATINGS``); None: the default, ``unrated``."""

    @property
    def email_verified(self) -> bool:
        return self.email is not None and self.email_verified_at is not None

    def public(self) -> dict[str, Any]:
        """What anyone may know of the account."""
        return {"name": self.name, "created_at": _iso(self.created_at)}


@dataclass
class RatingChange:
    """One seat's rating before and after a rated game."""

    seat: int
    player: str
    mu_before: float
    sigma_before: float
    mu: float
    sigma: float
    zombie_loss: bool = False


def name_key(name: str) -> str:
    """The form names are looked up in: NFKC, case-folded."""
    return unicodedata.normalize("NFKC", name).casefold()


def _iso(moment: dt.datetime | None) -> str | None:
    aware = _aware(moment)
    return aware.isoformat() if aware else None


def _user(r: sa.RowMapping) -> User:
    return User(
        r["id"],
        r["name"],
        r["email"],
        r["lang"],
        bool(r["email_opt_out"]),
        r["unsubscribe"],
        _aware(r["created_at"]),
        _aware(r["email_verified_at"]),
        r["handover_rating"],
    )


class AccountStore:
    """Accounts and what hangs on them, in the server's database."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.engine = store.engine

    # -- users ----------------------------------------------------------------------
    def create_user(
        self, name: str, password_hash: str, email: str | None, lang: str, unsubscribe: str
    ) -> User:
        """Store a new account; :class:`NameTaken` if the name is in use,
        :class:`NameConfusable` if another name has the same skeleton."""
        created, key, skeleton = dt.datetime.now(dt.UTC), name_key(name), name_skeleton(name)
        values: dict[str, Any] = {
            "name": name,
            "name_key": key,
            "name_skeleton": skeleton,
            "password_hash": password_hash,
            "email": email,
            "lang": lang,
            "email_opt_out": False,
            "unsubscribe": unsubscribe,
            "created_at": created,
        }
        try:
            with self.store.writing() as conn:
                if self._by_key(conn, key) is not None:
                    raise NameTaken(name)
                if (other := self._by_skeleton(conn, name_skeletons(name))) is not None:
                    raise NameConfusable(name, other)
                new_id = conn.execute(users_t.insert().values(**values)).inserted_primary_key
        except sa.exc.IntegrityError:
            raise NameTaken(name) from None
        assert new_id is not None
        return User(new_id[0], name, email, lang, False, unsubscribe, created, None)

    @staticmethod
    def _by_key(conn: sa.Connection, key: str) -> sa.RowMapping | None:
        query = users_t.select().where(users_t.c.name_key == key)
        return conn.execute(query).mappings().first()

    @staticmethod
    def _by_skeleton(conn: sa.Connection, skeletons: frozenset[str]) -> str | None:
        """The name of an account whose name has one of these skeletons, or None."""
        found = users_t.c.name_skeleton.in_(sorted(skeletons))
        query = sa.select(users_t.c.name).where(found).order_by(users_t.c.id).limit(1)
        return conn.execute(query).scalar()

    def credentials(self, name: str) -> tuple[User, str] | None:
        """The account of ``name`` (any case) with its password hash, or None. The name as
        typed is looked up first (before revision 0009 names were kept as typed, so an
        old "ＡＮＮ" and an "Ann" may both exist), then its NFKC form."""
        with self.engine.connect() as conn:
            r = self._by_key(conn, name.casefold())
            if r is None and name.casefold() != name_key(name):
                r = self._by_key(conn, name_key(name))
        return None if r is None else (_user(r), r["password_hash"])

    def user(self, name: str) -> User | None:
        """The account of ``name`` (any case), or None."""
        found = self.credentials(name)
        return None if found is None else found[0]

    def user_by_id(self, user_id: int) -> User | None:
        with self.engine.connect() as conn:
            r = conn.execute(users_t.select().where(users_t.c.id == user_id)).mappings().first()
        return None if r is None else _user(r)

    def set_password_hash(self, user_id: int, password_hash: str) -> None:
        """Store a re-hashed password (argon2 parameters changed, or the password was
        hashed before it was normalised)."""
        with self.store.writing() as conn:
            conn.execute(
                users_t.update().where(users_t.c.id == user_id).values(password_hash=password_hash)
            )

    def with_confirmed_address(self, name_or_address: str, most: int) -> list[User]:
        """The accounts named so (any case) or, given an address, having it confirmed."""
        if "@" in name_or_address:
            where = sa.func.lower(users_t.c.email) == email_key(name_or_address)
        else:
            where = users_t.c.name_key == name_key(name_or_address)
        query = (
            users_t.select()
            .where(where, users_t.c.email_verified_at.is_not(None))
            .order_by(users_t.c.id)
            .limit(most)
        )
        with self.engine.connect() as conn:
            return [_user(r) for r in conn.execute(query).mappings()]

    def set_password_and_end_sessions(
        self, user_id: int, password_hash: str, keep: str | None = None
    ) -> int:
        """Store a new password and end every session of the account but ``keep`` (the
        hash of the session to keep; None ends them all), in one transaction; return
        how many sessions ended."""
        theirs = sessions_t.c.user_id == user_id
        if keep is not None:
            theirs &= sessions_t.c.token_hash != keep
        with self.store.writing() as conn:
            conn.execute(
                users_t.update().where(users_t.c.id == user_id).values(password_hash=password_hash)
            )
            done = conn.execute(sessions_t.delete().where(theirs))
        return int(done.rowcount)

    def update_user(self, user_id: int, **values: Any) -> None:
        """Change ``email``, ``lang``, ``email_opt_out`` or ``handover_rating`` of an
        account; a new ``email`` is unconfirmed (give only a changed address)."""
        assert set(values) <= {"email", "lang", "email_opt_out", "handover_rating"}, values
        if "email" in values:
            values["email_verified_at"] = None
        with self.store.writing() as conn:
            conn.execute(users_t.update().where(users_t.c.id == user_id).values(**values))

    def unsubscribe(self, token: str, now: dt.datetime) -> User | None:
        """Stop the e-mails of the account whose unsubscribe token this is, and suppress
        its address for every account (:func:`mail_db.suppress`); None if no such token."""
        with self.store.writing() as conn:
            query = users_t.select().where(users_t.c.unsubscribe == token)
            r = conn.execute(query).mappings().first()
            if r is None:
                return None
            conn.execute(users_t.update().where(users_t.c.id == r["id"]).values(email_opt_out=True))
            if r["email"] is not None:
                suppress(conn, r["email"], now)
        user = _user(r)
        user.email_opt_out, user.email_verified_at = True, None
        return user

    # -- sessions -------------------------------------------------------------------
    def create_session(
        self, token_hash: str, user_id: int, csrf: str, now: dt.datetime, expires: dt.datetime
    ) -> None:
        with self.store.writing() as conn:
            conn.execute(
                sessions_t.insert().values(
                    token_hash=token_hash,
                    user_id=user_id,
                    csrf=csrf,
                    created_at=now,
                    expires_at=expires,
                )
            )

    def session(self, token_hash: str, now: dt.datetime) -> tuple[User, str] | None:
        """The account and CSRF token of an unexpired session, or None."""
        query = (
            sa.select(users_t, sessions_t.c.csrf, sessions_t.c.expires_at)
            .select_from(sessions_t.join(users_t, sessions_t.c.user_id == users_t.c.id))
            .where(sessions_t.c.token_hash == token_hash)
        )
        with self.engine.connect() as conn:
            r = conn.execute(query).mappings().first()
        if r is None or (_aware(r["expires_at"]) or now) <= now:
            return None
        return _user(r), r["csrf"]

    def end_session(self, token_hash: str) -> None:
        with self.store.writing() as conn:
            conn.execute(sessions_t.delete().where(sessions_t.c.token_hash == token_hash))

    def end_expired(self, now: dt.datetime) -> int:
        """Forget sessions past their expiry; return how many."""
        with self.store.writing() as conn:
            done = conn.execute(sessions_t.delete().where(sessions_t.c.expires_at <= now))
        return int(done.rowcount)

    # -- seats held by accounts ----------------------------------------------------------
    def attach(self, table_id: str, seat: int, user_id: int) -> None:
        """Attach a seat to an account; :class:`CannotAttach` if it is another's or the
        account already holds a seat at this table."""
        mine = (seats_t.c.table_id == table_id) & (seats_t.c.user_id == user_id)
        with self.store.writing() as conn:
            held = conn.execute(sa.select(seats_t.c.seat).where(mine)).first()
            if held is not None:
                if held.seat == seat:
                    return
                raise CannotAttach(f"your account already holds seat {held.seat + 1} here")
            done = conn.execute(
                seats_t.update()
                .where(
                    seats_t.c.table_id == table_id,
                    seats_t.c.seat == seat,
                    seats_t.c.user_id.is_(None),
                )
                .values(user_id=user_id)
            )
            if done.rowcount != 1:
                raise CannotAttach("this seat belongs to another account")

    def tables_of(self, user_id: int, limit: int = MY_TABLES) -> list[tuple[str, int]]:
        """``(table id, seat)`` of every table where the account holds a seat, newest first."""
        query = (
            sa.select(seats_t.c.table_id, seats_t.c.seat)
            .select_from(seats_t.join(tables_t, seats_t.c.table_id == tables_t.c.id))
            .where(seats_t.c.user_id == user_id)
            .order_by(tables_t.c.updated_at.desc())
            .limit(limit)
        )
        with self.engine.connect() as conn:
            return [(r.table_id, r.seat) for r in conn.execute(query)]

    def rows(self, table_ids: list[str]) -> dict[str, TableRow]:
        """The stored rows (seats, no actions) of these tables, by id."""
        if not table_ids:
            return {}
        query = tables_t.select().where(tables_t.c.id.in_(table_ids))
        with self.engine.connect() as conn:
            found = list(conn.execute(query).mappings())
            seats = self.store._seats(conn, [r["id"] for r in found])
        return {r["id"]: self.store._row(r, seats[r["id"]]) for r in found}

    def games_played(self, user_id: int) -> dict[str, int]:
        """Finished tables per game where the account held a seat."""
        query = (
            sa.select(tables_t.c.game, sa.func.count())
            .select_from(seats_t.join(tables_t, seats_t.c.table_id == tables_t.c.id))
            .where(seats_t.c.user_id == user_id, tables_t.c.status == "finished")
            .group_by(tables_t.c.game)
        )
        with self.engine.connect() as conn:
            return {r[0]: int(r[1]) for r in conn.execute(query)}

    # -- ratings ----------------------------------------------------------------------
    def ratings(self, keys: set[tuple[str, str]]) -> dict[tuple[str, str], dict[str, Any]]:
        """Stored ratings by ``(player, game)``: ``{"mu", "sigma", "games"}``."""
        if not keys:
            return {}
        players = {p for p, _ in keys}
        query = ratings_t.select().where(ratings_t.c.player.in_(players))
        with self.engine.connect() as conn:
            rows = conn.execute(query).mappings()
            found = {
                (r["player"], r["game"]): {"mu": r["mu"], "sigma": r["sigma"], "games": r["games"]}
                for r in rows
            }
        return {k: v for k, v in found.items() if k in keys}

    def ratings_of(self, player: str) -> dict[str, dict[str, Any]]:
        """One player's ratings by game."""
        query = ratings_t.select().where(ratings_t.c.player == player)
        with self.engine.connect() as conn:
            return {
                r["game"]: {"mu": r["mu"], "sigma": r["sigma"], "games": r["games"]}
                for r in conn.execute(query).mappings()
            }

    def save_ratings(self, table_id: str, game: str, changes: list[RatingChange]) -> bool:
        """Store a rated game's changes and the players' new ratings in one transaction;
        False (nothing changed) if this table was rated already."""
        now = dt.datetime.now(dt.UTC)
        with self.store.writing() as conn:
            done = select_changes(conn, table_id)
            if done:
                return False
            if changes:  # none: every seat's rating stays (a seat handed over, unrated)
                conn.execute(
                    rating_changes_t.insert(),
                    [{"table_id": table_id, **vars(c)} for c in changes],
                )
            for player, (mu, sigma) in merged(changes).items():
                key = (ratings_t.c.player == player) & (ratings_t.c.game == game)
                values = {"mu": mu, "sigma": sigma, "updated_at": now}
                updated = conn.execute(
                    ratings_t.update().where(key).values(games=ratings_t.c.games + 1, **values)
                )
                if updated.rowcount == 0:
                    conn.execute(
                        ratings_t.insert().values(player=player, game=game, games=1, **values)
                    )
        return True

    def changes(self, table_id: str) -> list[RatingChange]:
        """The rating changes of a rated table, by seat (empty if it was not rated)."""
        with self.engine.connect() as conn:
            return select_changes(conn, table_id)

    def changes_of(self, table_ids: list[str]) -> dict[str, list[RatingChange]]:
        """The rating changes of several tables, by table id (rated ones only)."""
        out: dict[str, list[RatingChange]] = {}
        if not table_ids:
            return out
        query = (
            rating_changes_t.select()
            .where(rating_changes_t.c.table_id.in_(table_ids))
            .order_by(rating_changes_t.c.seat)
        )
        with self.engine.connect() as conn:
            for r in conn.execute(query).mappings():
                out.setdefault(r["table_id"], []).append(_change(r))
        return out

    # -- the mail log ---------------------------------------------------------------------
    def claim_mail(self, table_id: str, user_id: int, now: dt.datetime, gap: dt.timedelta) -> bool:
        """Log a mail to ``user_id`` about ``table_id`` unless one was logged less than
        ``gap`` before ``now``; True if this one may go."""
        mine = (mail_log_t.c.table_id == table_id) & (mail_log_t.c.user_id == user_id)
        with self.store.writing() as conn:
            last = conn.execute(sa.select(sa.func.max(mail_log_t.c.sent_at)).where(mine)).scalar()
            last = _aware(last)
            if last is not None and now - last < gap:
                return False
            conn.execute(
                mail_log_t.insert().values(table_id=table_id, user_id=user_id, sent_at=now)
            )
        return True

    def mails(self, table_id: str) -> list[tuple[int, dt.datetime]]:
        """``(user id, sent at)`` of the mails logged for a table, oldest first."""
        query = (
            sa.select(mail_log_t.c.user_id, mail_log_t.c.sent_at)
            .where(mail_log_t.c.table_id == table_id)
            .order_by(mail_log_t.c.id)
        )
        with self.engine.connect() as conn:
            return [(r.user_id, _aware(r.sent_at) or r.sent_at) for r in conn.execute(query)]


def _change(r: sa.RowMapping) -> RatingChange:
    return RatingChange(
        r["seat"],
        r["player"],
        r["mu_before"],
        r["sigma_before"],
        r["mu"],
        r["sigma"],
        bool(r["zombie_loss"]),
    )


def select_changes(conn: sa.Connection, table_id: str) -> list[RatingChange]:
    query = (
        rating_changes_t.select()
        .where(rating_changes_t.c.table_id == table_id)
        .order_by(rating_changes_t.c.seat)
    )
    return [_change(r) for r in conn.execute(query).mappings()]


def merged(changes: list[RatingChange]) -> dict[str, tuple[float, float]]:
    """Each player's new rating: the mean over its seats (a bot may fill several)."""
    seats: dict[str, list[RatingChange]] = {}
    for c in changes:
        seats.setdefault(c.player, []).append(c)
    return {
        p: (sum(c.mu for c in cs) / len(cs), sum(c.sigma for c in cs) / len(cs))
        for p, cs in seats.items()
    }
