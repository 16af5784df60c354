"""Chang Cheng — The Great Chinese Wall (Walter Obert, 2007), for 2-4 players."""

from ...core.game import Game
from .choices import choices
from .game import ChangChengState
from .notation import parse_action
from .render import render_text
from .setup import OPTIONS

GAME = Game(
    name="changcheng",
    title="Chang Cheng",
    min_players=2,
    max_players=4,
    options=OPTIONS,
    state=ChangChengState,
    parse_action=parse_action,
    board="changcheng",
    render_text=render_text,
    heuristic="dragontable.games.changcheng.heuristic",
    encoding="dragontable.games.changcheng.encoding",
    value="dragontable.games.changcheng.features",
    shared_targets=("space:", "province:", "region:", "extend:", "pending:"),
    announce=(
        "changcheng.province.scored",
        "changcheng.mongols.attack",
        "changcheng.cards.revealed",
    ),
    describe_choices=choices,
)

__all__ = ["GAME", "ChangChengState", "parse_action"]
