"""Chang Cheng's flow of play in one table: every task kind and its rule.

``state.tasks`` is a stack (top = last); a task is a tuple ``(kind, seat, ...)``. An
automatic task (:class:`Auto`) runs at once and may push others; a decision
(:class:`Decision`) lists its legal actions (``opt_*``; ``has_*`` says whether there is
any where listing is costly) and carries one out (``apply_*``). The rules are in
``rules.py`` (turns, walls, cards laid, the neutral wall, new boards), ``scoring.py``
(completed provinces and their cards) and ``final.py`` (the Mongol attack, the end).
"""

from __future__ import annotations

from ...core.tasks import Auto, Decision, Flow, TaskEngine
from . import final as F
from . import rules as R
from . import scoring as S

FLOW: Flow = {
    # a turn (§4.3) and what follows a wall
    "begin": Auto(R.auto_begin),
    "act": Decision(R.opt_act, R.apply_act, R.has_act),
    "second": Decision(R.opt_second, R.apply_second),
    "card2": Decision(R.opt_card2, R.apply_card2),
    "cardwall": Decision(R.opt_cardwall, R.apply_cardwall),
    "reserve": Auto(R.auto_reserve),
    "reservechoice": Decision(R.opt_reservechoice, R.apply_reservechoice),
    "scout": Auto(R.auto_scout),
    "scoutchoice": Decision(R.opt_scoutchoice, R.apply_scoutchoice),
    "neutral": Decision(R.opt_neutral, R.apply_neutral, R.has_neutral),
    "extendq": Auto(R.auto_extendq),
    "extend": Decision(R.opt_extend, R.apply_extend),
    "endturn": Auto(R.auto_endturn),
    # a completed province (§5): its cards, then its award
    "complete": Auto(S.auto_complete),
    "resolve": Auto(S.auto_resolve),
    **S.CARD_DECISIONS,
    "award": Auto(S.auto_award),
    # the Mongol attack and the end (§6)
    "final": Auto(F.auto_final),
}
ENGINE = TaskEngine(FLOW)
