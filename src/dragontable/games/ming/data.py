"""Ming Dynasty: the game's constants and the map, loaded from a versioned JSON file.

The board (provinces, districts, borders with their transport, province spaces), the
movement-card split, the return-card values and the 2-player neutral count are
RECONSTRUCTED in the rules reference (ming.md §2), so they live in ``maps/*.json``
and can be replaced. A map is chosen by name (``default`` or a file of an operator data
directory, see ``core.datafiles``); :func:`load_map` validates it (ming.md §2.5) and
raises :class:`DataError` naming the bad entry.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, fields
from functools import cached_property
from itertools import combinations
from pathlib import PurePath
from types import MappingProxyType
from typing import Any

from ...core import datafiles
from ...core.errors import DataError

MAP_FORMAT = "dragontable-ming-map"
GAME, MAPS, DEFAULT_MAP = "ming", "maps", "default"
MAP_VERSIONS = (1,)

ROUNDS = 6
SCORING_ROUNDS = (2, 4, 6)
MEMBERS = 30  # per player colour, besides the score marker (§1.2)
NEUTRAL_MEMBERS = 31  # the 2-player neutral colour has no score marker (§5.1)
PLACE_PER_ROUND = 5
HAND_LIMIT = 5
MAX_DEPLOY = 3
DRAGON = "dragon"
SET_POINTS = MappingProxyType({2: 28, 4: 24, 6: 20})  # a full set of 6 colours
CITY_POINTS = MappingProxyType({2: 4, 4: 3, 6: 0})  # per member kept in a city
CITY_BONUS = 4
CLOISTER_POINTS = 4
FINAL_SET_SIZE, FINAL_SET_POINTS = 5, 10
NEUTRAL_CAP = 3  # neutral members a district may hold when one is placed (§5.1)
NEUTRAL_ROUNDS = (3, 5)  # neutral placement before these rounds (§5.2)
PROVINCES, DISTRICTS_PER_PROVINCE = 6, 3
CITY_HOUSES, CLOISTER_CAPACITY = 3, 1
DECK_SIZE, DRAGON_CARDS = 54, 18


@dataclass(frozen=True, eq=False)
class MapData:
    """A validated board. Provinces and districts are referred to by index.

    District ``d`` belongs to province ``province_of[d]``; districts are numbered in
    province order, so ``districts_of[p]`` lists three consecutive indices.
    """

    name: str
    version: int
    reconstructed: bool
    provinces: tuple[str, ...]  # canonical scoring order
    spaces: tuple[str, ...]
    districts: tuple[str, ...]
    province_of: tuple[int, ...]
    districts_of: tuple[tuple[int, ...], ...]
    neighbours: tuple[tuple[tuple[int, str], ...], ...]  # (district, transport)
    transport_types: tuple[str, ...]
    movement_deck: tuple[tuple[str, int], ...]
    dragon_cards: int
    return_values: tuple[int, ...]
    tiles_per_colour: int
    neutral_per_player: int
    district_index: MappingProxyType[str, int]
    province_index: MappingProxyType[str, int]
    digest: str  # identifies the map's content (snapshots check it)

    @cached_property
    def cards(self) -> tuple[str, ...]:
        """Card names in display order: the transport types, then the dragon."""
        return self.transport_types + (DRAGON,)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickles by value, its index mappings as plain dicts (a mapping proxy does not
        pickle), so that a state holding the map pickles too."""
        values = {f.name: getattr(self, f.name) for f in fields(self)}
        for key in _INDEXES:
            values[key] = dict(values[key])
        return (_unpickled_map, (values,))

    def return_sums(self, limit: int) -> list[int]:
        """Sums of non-empty sets of return cards that do not exceed ``limit``."""
        sums = {
            sum(c)
            for k in range(1, len(self.return_values) + 1)
            for c in combinations(self.return_values, k)
        }
        return sorted(s for s in sums if s <= limit)

    def border(self, a: int, b: int) -> str | None:
        """The transport on the border between districts ``a`` and ``b`` (None: none)."""
        for n, t in self.neighbours[a]:
            if n == b:
                return t
        return None


_INDEXES = ("district_index", "province_index")


def _unpickled_map(values: dict[str, Any]) -> MapData:
    for key in _INDEXES:
        values[key] = MappingProxyType(values[key])
    return MapData(**values)


# -- loading ---------------------------------------------------------------------------
def map_names() -> tuple[str, ...]:
    """The names of the maps there are: ``default``, then the operator's (``core.datafiles``)."""
    return datafiles.names(GAME, MAPS)


def load_map(ref: str = DEFAULT_MAP) -> MapData:
    """The validated map named ``ref`` (read once per file version); ``DataError`` if none."""
    return datafiles.load(GAME, MAPS, ref, parse_map)


def parse_map(raw: Any, where: str = "map") -> MapData:
    """Validate map data (ming.md §2.5) and build a :class:`MapData`."""
    c = _Checker(where)
    c.require(isinstance(raw, dict), "the file must hold a JSON object")
    c.require(raw.get("format") == MAP_FORMAT, f"'format' must be {MAP_FORMAT!r}")
    version = raw.get("version")
    c.require(
        version in MAP_VERSIONS,
        f"'version' {version!r} is not supported (supported: {', '.join(map(str, MAP_VERSIONS))})",
    )
    transports = c.names(raw, "transport_types")
    c.require(
        DRAGON not in transports, f"transport type {DRAGON!r} is reserved for the dragon card"
    )
    provinces, spaces, districts, province_of = _provinces(c, raw)
    district_index = {d: i for i, d in enumerate(districts)}
    table = c.field(raw, "districts", dict)
    neighbours = _districts(c, table, districts, district_index, transports)
    _check_graph(c, districts, neighbours)
    deck = _deck(c, raw, transports, neighbours)
    returns = c.field(raw, "return_card_values", list)
    c.require(
        returns and all(_is_int(v) and v >= 0 for v in returns),
        "'return_card_values' must be a non-empty list of integers >= 0",
    )
    tiles = c.field(raw, "province_tiles_per_colour", int)
    c.require(tiles >= 1, "'province_tiles_per_colour' must be at least 1")
    neutral = c.field(raw, "neutral_members_per_player", int)
    c.require(neutral >= 0, "'neutral_members_per_player' must be >= 0")
    return MapData(
        name=str(raw.get("name", PurePath(where).stem)),
        version=int(version),
        reconstructed=bool(raw.get("reconstructed", False)),
        provinces=provinces,
        spaces=spaces,
        districts=districts,
        province_of=province_of,
        districts_of=tuple(tuple(range(3 * p, 3 * p + 3)) for p in range(len(provinces))),
        neighbours=neighbours,
        transport_types=transports,
        movement_deck=deck,
        dragon_cards=int(raw["dragon_cards"]),
        return_values=tuple(int(v) for v in returns),
        tiles_per_colour=tiles,
        neutral_per_player=neutral,
        district_index=MappingProxyType(district_index),
        province_index=MappingProxyType({p: i for i, p in enumerate(provinces)}),
        digest=hashlib.sha256(json.dumps(raw, sort_keys=True).encode()).hexdigest()[:16],
    )


_KIND_NAMES = {int: "an integer", list: "a list", dict: "an object"}


class _Checker:
    """Raises :class:`DataError` prefixed with the map's name."""

    def __init__(self, where: str) -> None:
        self.where = where

    def fail(self, message: str) -> None:
        raise DataError(f"map {self.where}: {message}")

    def require(self, ok: Any, message: str) -> None:
        if not ok:
            self.fail(message)

    def field(self, raw: dict[str, Any], key: str, kind: type) -> Any:
        value = raw.get(key)
        ok = _is_int(value) if kind is int else isinstance(value, kind)
        self.require(ok, f"{key!r} is missing or not {_KIND_NAMES[kind]}")
        return value

    def names(self, raw: dict[str, Any], key: str) -> tuple[str, ...]:
        items = self.field(raw, key, list)
        self.require(
            items and all(isinstance(x, str) and x for x in items),
            f"{key!r} must be a non-empty list of names",
        )
        dup = next((x for x in items if items.count(x) > 1), None)
        self.require(dup is None, f"{key!r} names {dup!r} twice")
        return tuple(items)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _provinces(c: _Checker, raw: dict[str, Any]) -> tuple[Any, ...]:
    items = c.field(raw, "provinces", list)
    c.require(len(items) == PROVINCES, f"there must be {PROVINCES} provinces, not {len(items)}")
    ids: list[str] = []
    spaces: list[str] = []
    districts: list[str] = []
    province_of: list[int] = []
    for i, prov in enumerate(items):
        c.require(
            isinstance(prov, dict) and isinstance(prov.get("id"), str) and prov["id"],
            f"province #{i + 1} needs an 'id'",
        )
        pid = prov["id"]
        c.require(pid not in ids, f"province {pid!r} is listed twice")
        space = prov.get("space")
        c.require(isinstance(space, str) and space, f"province {pid!r} needs a 'space'")
        c.require(space not in spaces, f"province space {space!r} belongs to two provinces")
        own = prov.get("districts")
        c.require(
            isinstance(own, list)
            and len(own) == DISTRICTS_PER_PROVINCE
            and all(isinstance(d, str) and d for d in own),
            f"province {pid!r} must list exactly {DISTRICTS_PER_PROVINCE} districts",
        )
        for d in own:
            c.require(d not in districts, f"district {d!r} belongs to more than one province")
            districts.append(d)
            province_of.append(i)
        ids.append(pid)
        spaces.append(space)
    return tuple(ids), tuple(spaces), tuple(districts), tuple(province_of)


def _districts(
    c: _Checker,
    table: dict[str, Any],
    districts: tuple[str, ...],
    index: dict[str, int],
    transports: tuple[str, ...],
) -> tuple[tuple[tuple[int, str], ...], ...]:
    """Each district's borders; every entry is checked before the borders' symmetry."""
    for name in table:
        c.require(name in index, f"district {name!r} is in no province (unknown district)")
    for d in districts:
        _check_entry(c, d, table.get(d), index, transports)
    out = []
    for d in districts:
        row = []
        for other, transport in table[d]["borders"].items():
            back = table[other]["borders"]
            c.require(
                d in back,
                f"district {d!r}: one-way border to {other!r} ({other!r} does not list {d!r})",
            )
            c.require(
                back[d] == transport,
                f"district {d!r}: border to {other!r} is {transport!r} on one side "
                f"and {back[d]!r} on the other",
            )
            row.append((index[other], transport))
        c.require(len(row) >= 2, f"district {d!r} has {len(row)} neighbour(s); at least 2 needed")
        out.append(tuple(row))
    return tuple(out)


def _check_entry(
    c: _Checker, d: str, entry: Any, index: dict[str, int], transports: tuple[str, ...]
) -> None:
    c.require(isinstance(entry, dict), f"district {d!r} has no entry under 'districts'")
    c.require(
        entry.get("city_houses") == CITY_HOUSES,
        f"district {d!r}: 'city_houses' must be {CITY_HOUSES}",
    )
    c.require(
        entry.get("cloisters") == CLOISTER_CAPACITY,
        f"district {d!r}: 'cloisters' must be {CLOISTER_CAPACITY}",
    )
    borders = entry.get("borders")
    c.require(isinstance(borders, dict), f"district {d!r}: 'borders' must be an object")
    for other, transport in borders.items():
        c.require(other in index, f"district {d!r}: border to unknown district {other!r}")
        c.require(other != d, f"district {d!r}: border to itself")
        c.require(
            transport in transports,
            f"district {d!r}: border to {other!r} has unknown transport {transport!r}",
        )


def _check_graph(c: _Checker, districts: tuple[str, ...], neighbours: tuple[Any, ...]) -> None:
    seen = {0}
    todo = [0]
    while todo:
        for n, _ in neighbours[todo.pop()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    lost = next((d for i, d in enumerate(districts) if i not in seen), None)
    c.require(lost is None, f"district {lost!r} is unreachable from {districts[0]!r}")


def _deck(
    c: _Checker, raw: dict[str, Any], transports: tuple[str, ...], neighbours: tuple[Any, ...]
) -> tuple[tuple[str, int], ...]:
    deck = c.field(raw, "movement_deck", dict)
    for t, n in deck.items():
        c.require(t in transports, f"movement_deck: card type {t!r} is not a transport type")
        c.require(_is_int(n) and n >= 0, f"movement_deck: count of {t!r} must be an integer >= 0")
    used = {t for row in neighbours for _, t in row}
    for t in transports:
        c.require(t in used, f"transport type {t!r} is on no border")
        c.require(deck.get(t, 0) > 0, f"movement_deck: no cards for transport type {t!r}")
    total = sum(deck.values())
    c.require(total == DECK_SIZE, f"movement_deck: card counts add up to {total}, not {DECK_SIZE}")
    dragons = c.field(raw, "dragon_cards", int)
    c.require(dragons == DRAGON_CARDS, f"'dragon_cards' is {dragons}, not {DRAGON_CARDS}")
    return tuple((t, deck[t]) for t in transports)
