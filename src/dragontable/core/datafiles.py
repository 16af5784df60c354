"""Game data files chosen by name: the package's own and those in operator data directories.

A game option such as Ming Dynasty's ``map`` names a data file, never a path. The names
of the ``kind`` files of ``game`` (e.g. ``("ming", "maps")``) are the stems of

* ``dragontable/games/<game>/<kind>/*.json`` in the package (``default``), then
* ``DIR/<game>/<kind>/*.json`` in each directory given to :func:`configure_data_dirs`
  (``dragontable serve --data-dir DIR``), the first directory winning a name.

A package name is never shadowed, so ``default`` always means the shipped file. A name
is :data:`NAME_PATTERN`; other files are not listed. Only regular files are read: a
FIFO, device, directory or dangling link is skipped when listing and refused when
reading (opened non-blocking and checked with ``fstat``), as is a file over
:data:`MAX_BYTES`. :func:`load` parses and builds each version of a file once.

Error messages reach web clients (a 400 on a table's options), so they label a file by
its path relative to its data directory (``ming/maps/river.json``; the package's own
``(package) ming/maps/default.json``), never by where it lies on the server.
"""

from __future__ import annotations

import copy
import json
import os
import re
import stat
import threading
from collections.abc import Callable, Sequence
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

from .errors import DataError

NAME_PATTERN = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")
"""A data file name: what a game option holds (``default``, ``river-delta``)."""
MAX_BYTES = 1 << 20
"""The largest data file read (1 MiB)."""
SUFFIX = ".json"
GAMES_PACKAGE = "dragontable.games"
_IDENT = re.compile(r"[a-z][a-z0-9_]{0,39}")
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
_PACKAGE_VERSION = ("package",)

T = TypeVar("T")
Builder = Callable[[Any, str], T]
"""``build(raw, where)``: validate parsed JSON and build an object; ``where`` labels the file
(relative to its data directory, as in messages: no server path)."""

_dirs: tuple[Path, ...] = ()
_lock = threading.Lock()
_Version = tuple[Any, ...]
_Entry = tuple[_Version, Any, DataError | None]  # a file version, its object or its error
_built: dict[tuple[Callable[..., Any], str], _Entry] = {}  # key: (build, file's identity)


def configure_data_dirs(paths: Sequence[Path | str]) -> None:
    """Use ``paths``, in this order, as the operator's data directories (``()``: none).

    Raises :class:`DataError` naming a path that is not an existing directory; then the
    directories in use are unchanged.
    """
    resolved: list[Path] = []
    for given in paths:
        try:
            path = Path(given).expanduser().resolve(strict=True)
        except (OSError, RuntimeError):
            raise DataError(f"data directory {given}: it does not exist") from None
        if not path.is_dir():
            raise DataError(f"data directory {given}: it is not a directory")
        resolved.append(path)
    global _dirs
    _dirs = tuple(dict.fromkeys(resolved))


def data_dirs() -> tuple[Path, ...]:
    """The operator's data directories in use, absolute, in order."""
    return _dirs


def names(game: str, kind: str) -> tuple[str, ...]:
    """The names of ``game``'s ``kind`` files: the package's, then the data directories'."""
    own = _package_names(game, kind)
    extra = {n for d in _dirs for n in _dir_names(d / game / kind)}
    return own + tuple(sorted(extra - set(own)))


def read_json(game: str, kind: str, name: str) -> Any:
    """The parsed JSON of the file ``name`` (a fresh copy); :class:`DataError` if none or bad."""
    return copy.deepcopy(load(game, kind, name, _as_is))


def load(game: str, kind: str, name: str, build: Builder[T]) -> T:
    """The file ``name`` of ``game``'s ``kind`` files, parsed and given to ``build``.

    Each version of a file (size, modification time) is read and built once per
    ``build``; :class:`DataError` if the name is not listed or the file is broken.
    """
    where, path, version = _find(game, kind, name)
    key = (build, where if path is None else str(path))
    with _lock:
        hit = _built.get(key)
    if hit is None or hit[0] != version:
        hit = _build(game, kind, name, where, path, build)
        with _lock:
            _built[key] = hit
    if hit[2] is not None:
        raise DataError(str(hit[2]))
    value: T = hit[1]
    return value


def _as_is(raw: Any, where: str) -> Any:
    """The builder of :func:`read_json`: the parsed JSON itself."""
    return raw


def _build(
    game: str, kind: str, name: str, where: str, path: Path | None, build: Builder[T]
) -> _Entry:
    """Read, parse and build one file: (version, object, None) or (version, None, error)."""
    if path is None:
        data, version = _package_bytes(game, kind, name), _PACKAGE_VERSION
    else:
        data, version = _read_regular(path, where)
    try:
        return version, build(_parse(data, where), where), None
    except DataError as exc:
        return version, None, exc
    except (LookupError, TypeError, ValueError, AttributeError, RecursionError) as exc:
        return version, None, DataError(f"data file {where}: bad data ({exc!r})")


def _find(game: str, kind: str, name: Any) -> tuple[str, Path | None, _Version]:
    """Where the file ``name`` is: (label, path, version); path None for the package's own.

    The label is the file's path relative to its data directory, e.g.
    ``ming/maps/river.json`` (``(package) ming/maps/default.json`` for the package's own).
    """
    if not (_IDENT.fullmatch(game) and _IDENT.fullmatch(kind)):
        raise DataError(f"no data files {game!r}/{kind!r}")
    if not isinstance(name, str) or not NAME_PATTERN.fullmatch(name):
        raise DataError(
            f"{game} {kind}: {name!r} is not a data file name; available: {_listing(game, kind)}"
        )
    label = f"{game}/{kind}/{name}{SUFFIX}"
    if name in _package_names(game, kind):
        return f"(package) {label}", None, _PACKAGE_VERSION
    for folder in _dirs:
        path = folder / label
        try:
            st = os.stat(path)
        except OSError:
            continue
        if stat.S_ISREG(st.st_mode):
            return label, path, _version(st, label)
    raise DataError(f"{game} {kind}: no file named {name!r}; available: {_listing(game, kind)}")


def _listing(game: str, kind: str) -> str:
    return ", ".join(names(game, kind)) or "none"


@cache
def _package_names(game: str, kind: str) -> tuple[str, ...]:
    """The names of the package's own ``kind`` files of ``game``."""
    try:
        folder = resources.files(f"{GAMES_PACKAGE}.{game}").joinpath(kind)
        entries = list(folder.iterdir()) if folder.is_dir() else []
    except (ModuleNotFoundError, OSError):
        return ()
    return tuple(sorted(n for e in entries if e.is_file() and (n := _stem(e.name))))


def _package_bytes(game: str, kind: str, name: str) -> bytes:
    """The bytes of a file shipped in the package (trusted, listed by ``_package_names``)."""
    folder = resources.files(f"{GAMES_PACKAGE}.{game}").joinpath(kind)
    return folder.joinpath(f"{name}{SUFFIX}").read_bytes()


def _dir_names(folder: Path) -> list[str]:
    """The names of the regular ``*.json`` files in ``folder`` (none if it is unreadable)."""
    try:
        with os.scandir(folder) as entries:
            return [n for e in entries if (n := _stem(e.name)) and e.is_file()]
    except OSError:
        return []


def _stem(filename: str) -> str:
    """The name of a data file called ``filename``, or "" if it is not one."""
    stem = filename.removesuffix(SUFFIX)
    return stem if stem != filename and NAME_PATTERN.fullmatch(stem) else ""


def _version(st: os.stat_result, where: str) -> _Version:
    """What identifies one version of a file; :class:`DataError` if it is not regular."""
    if not stat.S_ISREG(st.st_mode):
        raise DataError(f"data file {where}: not a regular file")
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


def _read_regular(path: Path, where: str) -> tuple[bytes, _Version]:
    """The bytes and version of a regular file of at most MAX_BYTES; never blocks."""
    try:
        fd = os.open(path, _OPEN_FLAGS)
    except OSError as exc:
        raise DataError(f"data file {where}: cannot read it ({exc.strerror or exc})") from None
    with os.fdopen(fd, "rb") as file:
        version = _version(os.fstat(fd), where)
        if version[2] > MAX_BYTES:
            raise DataError(f"data file {where}: larger than {MAX_BYTES} bytes")
        try:
            data = file.read(MAX_BYTES + 1)
        except OSError as exc:
            raise DataError(f"data file {where}: cannot read it ({exc.strerror or exc})") from None
    if len(data) > MAX_BYTES:
        raise DataError(f"data file {where}: larger than {MAX_BYTES} bytes")
    return data, version


def _parse(data: bytes, where: str) -> Any:
    """The JSON in ``data``; :class:`DataError` naming the file if it is not JSON."""
    try:
        return json.loads(data.decode("utf-8"))
    except ValueError as exc:  # also bad UTF-8 and numbers too long to convert
        raise DataError(f"data file {where}: not valid JSON ({exc})") from None
    except RecursionError:
        raise DataError(f"data file {where}: not valid JSON (nested too deeply)") from None
