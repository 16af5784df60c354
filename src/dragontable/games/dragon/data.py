"""In the Year of the Dragon: the game's data (rules reference §2), as frozen tables.

Codes are the notation's: person types are one letter, levels ``y``/``o``, a tile is
type + level (``"Fo"`` = old farmer), the joker card is ``J``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from types import MappingProxyType

YOUNG, OLD = "y", "o"


@dataclass(frozen=True)
class PersonType:
    """A person type: value (PT spaces) and symbols per level."""

    code: str
    name: str
    symbol: str
    young: tuple[int, int]  # (value, symbols)
    old: tuple[int, int] | None  # None: young-only type

    @property
    def levels(self) -> tuple[str, ...]:
        return (YOUNG, OLD) if self.old else (YOUNG,)

    def level(self, lvl: str) -> tuple[int, int]:
        """(value, symbols) of this type's tile of level ``lvl``."""
        return self.old if lvl == OLD and self.old is not None else self.young


PERSON_TYPES: tuple[PersonType, ...] = (
    PersonType("C", "craftsman", "hammer", (2, 1), None),
    PersonType("L", "court_lady", "fan", (1, 1), None),
    PersonType("P", "pyrotechnist", "rocket", (5, 1), (3, 2)),
    PersonType("T", "tax_collector", "coin", (3, 3), None),
    PersonType("W", "warrior", "helmet", (5, 1), (3, 2)),
    PersonType("M", "monk", "buddha", (6, 1), (2, 2)),
    PersonType("H", "healer", "mortar", (4, 1), (1, 2)),
    PersonType("F", "farmer", "rice_bag", (4, 1), (1, 2)),
    PersonType("S", "scholar", "book", (4, 2), (2, 3)),
)
TYPES = MappingProxyType({t.code: t for t in PERSON_TYPES})
TYPE_ORDER = tuple(t.code for t in PERSON_TYPES)
TYPE_BY_NAME = MappingProxyType({t.name: t.code for t in PERSON_TYPES})

TILES: tuple[str, ...] = tuple(t.code + lvl for t in PERSON_TYPES for lvl in t.levels)
VALUE = MappingProxyType({t.code + lvl: t.level(lvl)[0] for t in PERSON_TYPES for lvl in t.levels})
SYMBOLS = MappingProxyType(
    {t.code + lvl: t.level(lvl)[1] for t in PERSON_TYPES for lvl in t.levels}
)
JOKER = "J"
CARDS: tuple[str, ...] = TYPE_ORDER + (JOKER,)
HAND: tuple[str, ...] = TYPE_ORDER + (JOKER, JOKER)
"""Each player's 11 person cards: one per type and two jokers (§2.3)."""
TILES_FOR_CARD = MappingProxyType(
    {JOKER: TILES, **{code: tuple(t for t in TILES if t[0] == code) for code in TYPE_ORDER}}
)
"""The tiles a person card can take: its type's, or any for the joker."""

TILES_PER_TYPE_FULL = 10


def supply_for(players: int) -> dict[str, int]:
    """Person tiles in play per tile code for ``players`` players (§2.2)."""
    return dict(_supply(players))


def box_for(players: int) -> dict[str, int]:
    """Tiles left in the box at setup (the full set minus the supply)."""
    return dict(_box(players))


@cache
def _supply(players: int) -> dict[str, int]:
    """:func:`supply_for`, made once per player count (every game's setup asks)."""
    missing = 5 - players
    out: dict[str, int] = {}
    for t in PERSON_TYPES:
        if t.old:
            out[t.code + YOUNG] = 6 - missing
            out[t.code + OLD] = 4 - missing
        else:
            out[t.code + YOUNG] = 10 - 2 * missing
    return out


@cache
def _box(players: int) -> dict[str, int]:
    """:func:`box_for`, made once per player count."""
    full = _supply(5)
    return {tile: full[tile] - n for tile, n in _supply(players).items()}


# Action cards (§2.4): code -> (name, base symbols).
ACTION_CARDS: tuple[str, ...] = (
    "tax",
    "build",
    "harvest",
    "fireworks",
    "parade",
    "research",
    "privilege",
)
WALL_CARD = "wall"
ACTION_BASE = MappingProxyType(
    {"tax": 2, "build": 1, "harvest": 1, "fireworks": 1, "parade": 1, "research": 1}
)
GROUP_SIZES = MappingProxyType(
    {
        (2, 7): (4, 3),
        (3, 7): (3, 2, 2),
        (4, 7): (2, 2, 2, 1),
        (5, 7): (2, 2, 1, 1, 1),
        (2, 8): (4, 4),
        (3, 8): (3, 3, 2),
        (4, 8): (2, 2, 2, 2),
        (5, 8): (2, 2, 2, 1, 1),
    }
)
OCCUPIED_FEE = 3
REFILL_TO = 3
SMALL_PRIVILEGE_COST = 2
LARGE_PRIVILEGE_COST = MappingProxyType({2017: 7, 2007: 6})
"""Large privilege cost by edition (§2.6, D1): the only rules difference of the editions."""

# Events (§2.5).
PEACE, TRIBUTE, DROUGHT, FESTIVAL, MONGOL, CONTAGION = (
    "peace",
    "tribute",
    "drought",
    "festival",
    "mongol",
    "contagion",
)
EVENTS = (PEACE, TRIBUTE, DROUGHT, FESTIVAL, MONGOL, CONTAGION)
SHUFFLED_EVENTS = (TRIBUTE, DROUGHT, FESTIVAL, MONGOL, CONTAGION)
TRIBUTE_YUAN = 4
CONTAGION_RELEASES = 3
FESTIVAL_VP = (6, 3)
ROUNDS = 12
GREAT_EVENT_ROUND = 7

# Great Wall (§2.7).
WALL_TILES: tuple[str, ...] = ("rice", "fireworks", "floor", "yuan", "pt", "vp")
WALL_LENGTH = 12
WALL_BONUS = MappingProxyType({"rice": 1, "fireworks": 1, "floor": 1, "yuan": 2, "pt": 3, "vp": 3})

# Great Events (§2.8).
GREAT_EVENTS: tuple[str, ...] = (
    "lantern",
    "buddha",
    "earthquake",
    "flood",
    "eclipse",
    "volcano",
    "tornado",
    "sunrise",
    "assassination",
    "edict",
)
EARTHQUAKE_FLOORS = 2
TORNADO_DISCARDS = 2

# Palaces (§3.3, §4.2.2).
MAX_FLOORS = 3
START_PALACES = (2, 2)
START_YUAN = 6

# Final scoring (§4.6).
VP_PER_PERSON = 2
GOODS_PRICE = 2
YUAN_PER_VP = 3
