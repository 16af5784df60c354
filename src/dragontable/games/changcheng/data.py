"""Chang Cheng: the rulebook's fixed tables (rules reference §1.2, §2.8-§2.11).

Board layouts and token values are RECONSTRUCTED data and live in a replaceable,
versioned data file (``boards/default.json``, loaded by ``boards.py``).
"""

from __future__ import annotations

from types import MappingProxyType

COLOURS: tuple[str, ...] = ("red", "green", "blue", "purple")
NEUTRAL = -1
"""The owner of a neutral wall (two-player variant, §5)."""
OWNER_NAMES = MappingProxyType({**dict(enumerate(COLOURS)), NEUTRAL: "neutral"})
OWNER_BY_NAME = MappingProxyType({v: k for k, v in OWNER_NAMES.items()})

SINGLES = 14
"""Single walls per player; plus one double wall and one tower (§1.2)."""
NEUTRAL_POOL = 12
START_BOARDS = 2
MAX_EXTENSIONS = MappingProxyType({2: 1, 3: 1, 4: 2})
EMPEROR_CARDS = 3

# Segment kinds: a single wall, one half of a double wall, a tower.
SINGLE, DOUBLE, TOWER = "s", "d", "t"
KIND_NAMES = MappingProxyType({SINGLE: "single", DOUBLE: "double", TOWER: "tower"})

WARRIOR, TRAITOR, FLOOD, BUILDER, MASTER, MANDARIN = (
    "warrior",
    "traitor",
    "flood",
    "builder",
    "master",
    "mandarin",
)
CARDS: tuple[str, ...] = (WARRIOR, TRAITOR, FLOOD, BUILDER, MASTER, MANDARIN)
"""The six action cards of every player, in priority order (lower resolves first)."""
PRIORITY = MappingProxyType({c: i + 1 for i, c in enumerate(CARDS)})
CARD_ALIASES = MappingProxyType(
    {"master_builder": MASTER, "master-builder": MASTER, "masterbuilder": MASTER}
)
FLOOD_A_DELTA = 2
BUILDER_A_DELTA = 2
BUILDER_B_WALLS = 1
MASTER_WALLS = 2

DIPLOMACY, DOMINANCE, IMPERIAL_REWARD, OBSERVATION = (
    "diplomacy",
    "dominance",
    "imperial_reward",
    "observation",
)
EVENTS: tuple[str, ...] = (DIPLOMACY, DOMINANCE, IMPERIAL_REWARD, OBSERVATION)
MAX_EVENTS = 2
DIPLOMACY_BONUS = 4
DOMINANCE_PER_SPACE = 1
IMPERIAL_PER_CARD = 2

WEST, EAST = "west", "east"
