"""Ming Dynasty (Robert F. Watson, 2007): princes, province spaces, cities and cloisters."""

from ...core.game import Game
from .choices import choices
from .game import MingState
from .notation import parse_action
from .render import render_text
from .setup import OPTIONS

GAME = Game(
    name="ming",
    title="Ming Dynasty",
    min_players=2,
    max_players=4,
    options=OPTIONS,
    state=MingState,
    parse_action=parse_action,
    board="ming",
    render_text=render_text,
    heuristic="dragontable.games.ming.heuristic",
    encoding="dragontable.games.ming.encoding",
    shared_targets=("district:", "province:", "display:", "dragon:", "player:"),
    announce=("ming.scoring.started", "ming.return.revealed"),
    describe_choices=choices,
)

__all__ = ["GAME", "MingState", "parse_action"]
