"""In the Year of the Dragon's flow of play in one table: every task kind and its rule.

An automatic task (:class:`Auto`) runs and may push others; a decision (:class:`Decision`)
lists its legal actions (``opt_*``) and carries one out (``apply_*``). The rules are in
``rules.py`` (rounds, actions, placing persons), ``persons.py`` (the person phase),
``events.py`` (events, decay, scoring, the end) and ``great_events.py`` (the Great Events
expansion).
"""

from __future__ import annotations

from ...core.tasks import Auto, Decision, Flow, TaskEngine
from . import events as E
from . import great_events as G
from . import persons as P
from . import rules as R

FLOW: Flow = {
    # rounds (§3) and the action phase (§4.1-4.2)
    "round": Auto(R.auto_round),
    "endround": Auto(R.auto_endround),
    "init": Decision(R.opt_init, R.apply_init),
    "actions": Auto(R.auto_actions),
    "move": Auto(R.auto_move),
    "action": Decision(R.opt_action, R.apply_action),
    "floor": Decision(R.opt_floor, R.apply_floor),
    "privilege": Decision(R.opt_privilege, R.apply_privilege),
    "walltile": Decision(R.opt_walltile, R.apply_walltile),
    # the person phase (§4.3)
    "persons": Auto(P.auto_persons),
    "card": Decision(P.opt_card, P.apply_card),
    "take": Decision(P.opt_take, P.apply_take),
    "place": Decision(R.opt_place, R.apply_place),
    "full": Decision(R.opt_full, R.apply_full),
    # events, decay, scoring and the end (§4.4-4.6, §5)
    "events": Auto(E.auto_events),
    "event": Auto(E.auto_event),
    "owe": Auto(E.auto_owe),
    "release": Decision(E.opt_release, E.apply_release),
    "drought": Decision(E.opt_drought, E.apply_drought),
    "wallcheck": Auto(E.auto_wallcheck),
    "decay": Auto(E.auto_decay),
    "scoring": Auto(E.auto_scoring),
    "final": Auto(E.auto_final),
    # the Great Events (expansion)
    "great": Auto(G.auto_great),
    "quake": Decision(G.opt_quake, G.apply_quake),
    "quakefix": Decision(G.opt_quakefix, G.apply_quakefix),
    "flood": Decision(G.opt_flood, G.apply_flood),
    "tornado": Decision(G.opt_tornado, G.apply_tornado),
    "sunrise": Decision(G.opt_sunrise, G.apply_sunrise),
    "edict": Decision(G.opt_edict, G.apply_edict),
}
ENGINE = TaskEngine(FLOW)
