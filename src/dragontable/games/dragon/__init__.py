"""In the Year of the Dragon (Stefan Feld): 2007 and 2017 editions, Great Wall, Great Events."""

from ...core.game import Game
from .choices import choices
from .game import DragonState
from .notation import parse_action
from .render import render_text
from .setup import OPTIONS

GAME = Game(
    name="dragon",
    title="In the Year of the Dragon",
    min_players=2,
    max_players=5,
    options=OPTIONS,
    state=DragonState,
    parse_action=parse_action,
    board="dragon",
    render_text=render_text,
    heuristic="dragontable.games.dragon.heuristic",
    value="dragontable.games.dragon.features",
    encoding="dragontable.games.dragon.encoding",
    shared_targets=("group:", "supply:", "privilege:"),
    announce=(
        "dragon.event.resolved",
        "dragon.great.revealed",
        "dragon.wall.checked",
        "dragon.round.scored",
    ),
    describe_choices=choices,
)

__all__ = ["GAME", "DragonState", "parse_action"]
