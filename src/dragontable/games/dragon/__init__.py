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
    new_state=DragonState.new,
    parse_action=parse_action,
    state_from_json=DragonState.from_snapshot,
    render_text=render_text,
    describe_choices=choices,
)
DragonState.game = GAME

__all__ = ["GAME", "DragonState", "parse_action"]
