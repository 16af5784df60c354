"""A throwaway PostgreSQL cluster for tests: Debian's ``initdb``/``pg_ctl`` in a temp dir.

The cluster listens on 127.0.0.1 at a free port (password login) and on a unix socket
inside its own directory; it is stopped and deleted by :meth:`Cluster.stop`. As root
the server runs as the ``postgres`` user (PostgreSQL refuses to run as root).
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import secrets
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

import psycopg

INSTALL_HINT = (
    "PostgreSQL server binaries (initdb, pg_ctl) were not found under "
    "/usr/lib/postgresql/*/bin: install them with `sudo apt-get install -y postgresql` "
    "(scripts/system-deps.sh does it), or set DRAGONTABLE_PG_BIN to their directory"
)


def find_bin() -> Path | None:
    """The directory holding ``initdb`` and ``pg_ctl`` (newest version), or None."""
    given = os.environ.get("DRAGONTABLE_PG_BIN")
    candidates = [given] if given else sorted(glob.glob("/usr/lib/postgresql/*/bin"))
    found = [Path(c) for c in candidates if (Path(c) / "initdb").exists()]
    found = [p for p in found if (p / "pg_ctl").exists()]
    return max(found, key=lambda p: _version(p.parent.name)) if found else None


def _version(name: str) -> tuple[int, ...]:
    return tuple(int(part) for part in name.split(".") if part.isdigit())


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Cluster:
    """One running PostgreSQL server with a superuser ``dragontable`` and a password."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.dir = Path(tempfile.mkdtemp(prefix="dragontable-pg-"))
        self.data = self.dir / "data"
        self.port = free_port()
        self.password = secrets.token_urlsafe(16)
        self.user = "postgres" if os.geteuid() == 0 else None
        self._databases = 0

    def _run(self, *args: str) -> None:
        prefix = ["runuser", "-u", self.user, "--"] if self.user else []
        done = subprocess.run(
            [*prefix, *args], capture_output=True, text=True, timeout=120, cwd=self.dir
        )
        if done.returncode != 0:
            log = self.dir / "server.log"
            tail = log.read_text()[-2000:] if log.exists() else ""
            raise RuntimeError(f"{' '.join(args)} failed:\n{done.stdout}{done.stderr}{tail}")

    def start(self) -> None:
        """Create and start the cluster; on failure delete it and raise."""
        try:
            if self.user:
                try:
                    entry = pwd.getpwnam(self.user)
                except KeyError:
                    raise RuntimeError(
                        "PostgreSQL refuses to run as root and there is no 'postgres' user "
                        "to run it as: " + INSTALL_HINT
                    ) from None
                os.chown(self.dir, entry.pw_uid, entry.pw_gid)
            pwfile = self.dir / "pw"
            pwfile.write_text(self.password + "\n")
            if self.user:
                os.chown(pwfile, entry.pw_uid, entry.pw_gid)
            self._run(
                str(self.bindir / "initdb"), "-D", str(self.data), "-U", "dragontable",
                "--pwfile", str(pwfile), "--auth-local=trust", "--auth-host=scram-sha-256",
                "-E", "UTF8", "--locale=C",
            )  # fmt: skip
            pwfile.unlink()
            options = (
                f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 "
                "-c fsync=off -c full_page_writes=off -c max_connections=200"
            )
            self._run(
                str(self.bindir / "pg_ctl"), "-D", str(self.data), "-l",
                str(self.dir / "server.log"), "-o", options, "-w", "-t", "60", "start",
            )  # fmt: skip
        except BaseException:
            self.stop()
            raise

    def url(self, database: str = "postgres") -> str:
        """A SQLAlchemy URL (psycopg 3, over TCP with the password) to ``database``."""
        return f"postgresql+psycopg://dragontable:{self.password}@127.0.0.1:{self.port}/{database}"

    def _admin(self) -> psycopg.Connection[tuple[object, ...]]:
        return psycopg.connect(
            host="127.0.0.1",
            port=self.port,
            user="dragontable",
            password=self.password,
            dbname="postgres",
            autocommit=True,
        )

    def create_database(self) -> str:
        """A new empty database; returns its name."""
        self._databases += 1
        name = f"test_{self._databases}"
        with self._admin() as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return name

    def drop_database(self, name: str) -> None:
        with self._admin() as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def stop(self) -> None:
        """Stop the server (if it runs) and delete its directory."""
        if (self.data / "postmaster.pid").exists():
            with contextlib.suppress(RuntimeError, subprocess.TimeoutExpired):
                self._run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", "fast", "stop")
        shutil.rmtree(self.dir, ignore_errors=True)
