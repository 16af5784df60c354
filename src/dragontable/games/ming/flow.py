"""Ming Dynasty's flow of play in one table: every task kind and its rule.

``state.tasks`` is a stack (top = last). An automatic task (:class:`Auto`) runs at once
and may push others; a decision ``(kind, seat, ...)`` (:class:`Decision`) lists its
legal actions (``opt_*``) and carries one out (``apply_*``). The rules are in
``rules.py`` (setup, phases 1-3) and ``scoring.py`` (province scoring, the round's end).
"""

from __future__ import annotations

from ...core.tasks import Auto, Decision, Flow, TaskEngine
from . import rules as R
from . import scoring as S

FLOW: Flow = {
    # setup and the neutral colour (2 players)
    "prince": Decision(R.opt_prince, R.apply_prince),
    "neutrals": Auto(R.auto_neutrals),
    "neutral": Decision(R.opt_neutral, R.apply_neutral),
    # a round: phase 1 (spaces), 2 (cards), 3 (moves and deployment)
    "round": Auto(R.auto_round),
    "space": Decision(R.opt_space, R.apply_space),
    "draw": Auto(R.auto_draw),
    "card": Decision(R.opt_card, R.apply_card),
    "turns": Auto(R.auto_turns),
    "act": Decision(R.opt_act, R.apply_act),
    "moving": Decision(R.opt_moving, R.apply_moving),
    "deploy": Decision(R.opt_deploy, R.apply_deploy),
    # phase 4: province scoring with the secret returns; phase 5: the round's end
    "scoring": Auto(S.auto_scoring),
    "province": Auto(S.auto_province),
    "returns": Auto(S.auto_returns),
    "return": Decision(S.opt_return, S.apply_return),
    "reveal": Auto(S.auto_reveal),
    "back": Decision(S.opt_back, S.apply_back),
    "neutralcheck": Auto(S.auto_neutralcheck),
    "cityscore": Auto(S.auto_cityscore),
    "cloisters": Auto(S.auto_cloisters),
    "finaltiles": Auto(S.auto_finaltiles),
    "endround": Auto(S.auto_endround),
    "start": Decision(S.opt_start, S.apply_start),
}
ENGINE = TaskEngine(FLOW)
