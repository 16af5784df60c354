"""Today's ``mcts`` with one of its settings changed, against the frozen ``mcts-v1`` at the
same CPU time a move: which settings make the search stronger, at which budget?

One seat (rotated game by game) is today's ``mcts`` bot with the settings given (each
left out keeps the game's own): ``--plies`` random moves at each new leaf before the
heuristic judges it (``end``: a random playout to the end, no heuristic), ``--scale``
the lead at which that heuristic's leaf says 73%, ``--reuse`` consecutive iterations
sharing a sampled world, ``--keep-tree on|off`` (the tree kept from one of the seat's
decisions to the next), ``--exploration`` UCB1's constant, ``--playout`` the leaf's
playout (``mast:T``, ``mast-eps:E``: ``bots/playouts.py``; ``prior``: the game's
playout prior, ``bots/prior.py``), ``--margin`` rewards with
0.2 of a score lead at that scale instead of the rank, ``--mix`` a share of the
heuristic's judgement of the leaf beside a playout's result. Every other seat is
``mcts-v1``, or with ``--against mcts`` today's search as shipped (the same code but the
setting changed: a finer comparison), each at ``--seconds`` of CPU time a move or, with
``--iterations``, that many iterations (strength per iteration, the same on every
machine). ``--root-top K`` keeps the root to greedy's K best actions (with
``--open-after F`` only for the share F of the budget: then the same tree opens to
every action; ``--widen PER`` widens it step by step instead: greedy's K best, or ten,
then twice as many each time the root has had PER iterations for every action open,
until all are); ``--value``
judges the leaf by the game's value function (``bench/fit/train_value.py``, at its fitted
scales, or ``--scale``); ``--defer M`` plays the game's greedy move unless the search
values its own best at least M higher (Ming Dynasty's ``search_margin``, for any game);
``--v1-leaf`` judges the leaf as ``mcts-v1`` does (its frozen heuristic); ``--history W``
adds progressive history to selection (``mcts.HISTORY``); ``--centre S`` judges the leaf
by the heuristic's lead less the mean lead of the search's leaves so far, a logistic at
scale S. Prints one
JSON line a game on stderr as it ends (a run stopped early still tells what it played),
then the share of games the variant seat won (a tie shared), with a 95% interval, as
JSON on stdout. Seeded: the same command gives the same games (a CPU-time budget makes each
search's length depend on the machine, as in ``dragontable tournament``).

Dragon's ``leaf_playout`` was chosen from 40-game runs at 0.1 s on seeds 2 and 3 (an
earlier form of this script, whose leaf seeded its moves from the position): 0 moves
42.5% of 80, 12 moves 52.5% of 80, 30 moves 55.0% of 40, to the end 53.8% of 80; then
confirmed with the shipped setting by ``dragontable tournament --game dragon --players 2
--bots mcts:0.1s,mcts-v1:0.1s --games 200 --seed 10`` (57.5%). Ming Dynasty and Chang
Cheng gained nothing from it (40 games, seed 2, 2 players): Ming 52.5% with 12 moves as
with none, Chang Cheng 42.5% with 12 (51.2% of 40 judged at once earlier), so they judge
at once.

At longer budgets the 12 moves lose their edge (2-player Dragon, 2026-11-27; "VM" is the
2-core development machine with Python 3.11, "16-core" a lent Xeon with Python 3.12):

==========================  ==========  ==============  ===================================
setting                     budget      machine         won against mcts-v1 (games, seed)
==========================  ==========  ==============  ===================================
12 moves (shipped then)     0.3 s       VM              42.5% (40, 30)
12 moves, ``--reuse 1``     0.3 s       VM              45.0% (40, 30)
12 moves, fresh chance      0.3 s       VM              41.9% (31, 30)
12 moves, tree not kept     0.3 s       VM              50.0% (80, 30)
12 moves, exploration 0.35  0.3 s       VM              50.0% (80, 30)
to the end                  0.3 s       VM              61.2% (80, 30 and 31)
to the end, fresh chance    0.3 s       VM              73.3% (15, 30)
to the end                  0.3 s       16-core         58.1% (74, 60)
to the end, tree not kept   0.3 s       16-core         54.8% (73, 60)
12 moves (shipped then)     1 s         VM              46.2% (26, 40)
to the end                  1 s         VM              60.0% (40, 40)
to the end, fresh chance    1 s         VM              42.9% (14, 40)
12 moves (shipped then)     1 s         16-core         44.4% (81, ``dragontable strength``)
to the end                  1 s         16-core         31.2% (32, 40)
12 moves (shipped then)     1 s         16-core         31.7% (41, 50)
to the end                  1 s         16-core         47.5% (40, 50)
==========================  ==========  ==============  ===================================

On the 16-core machine (seed 50, 8 workers a variant side by side) a 1 s search made
4,537 iterations a decision with 12 moves and 2,934 to the end, ``mcts-v1`` 1,757 and
1,851: both leaves won about 40% there over all their games (49 of 122 and 29 of 72),
so at 1 s neither leaf makes today's search the stronger one, whatever its iterations.

So sharing sampled worlds (``--reuse``) and their futures (``--fresh-chance``), and
searching every decision afresh, showed no clear gain at 0.3 s, nor did a smaller
exploration constant. Playouts to the end are the better leaf of the two from 0.3 s on:
59.7% of 154 games at 0.3 s over both machines (12 moves 42.5% of 40, and about 50%
with the tree not kept or a smaller exploration constant), 47% of 112 at 1 s (12 moves
41% of 148); at 0.1 s 53.8% of 80 against 57.5% of 200. So 2-player Dragon's search
plays to the end (``leaf_to_end`` in ``games/dragon/heuristic.py``); 3 to 5 players
keep the 12 moves, untested at longer budgets. At 1 s neither leaf beats ``mcts-v1``:
what a longer search needs is more than iterations.

At 4 players the same holds: one seat against three ``mcts-v1`` at 0.3 s (VM, the same
40 games for each leaf, seeds 80 and 81: ``--players 4 --games 24 --seed 80`` and
``--games 16 --seed 81``), playouts to the end won 40.0% (16 of 40; 95% interval
26.3-55.4%) at 1.7 times ``mcts-v1``'s iterations, the 12 moves 17.5% (7 of 40;
8.7-32.0%) at 3.1 times; fair share 25%. So 4-player Dragon's search plays to the end
too. At 3 players (0.3 s, seed 90, stopped after the same 26 games each) playouts to the
end won 12 of 26 (46.2%), the 12 moves 5 of 26 (19.2%); fair share 33%: so
``leaf_to_end=frozenset((2, 3, 4))``. At 5 players neither leaf was ahead: one seat against four
``mcts-v1`` at 0.3 s (seed 100, the same 16 games each, stopped there) each won 3 of 16
(18.8%; fair share 20%), playouts to the end at 1.6 times ``mcts-v1``'s iterations, the
12 moves at 3.5 times; so 5 players keep the 12 moves.

Chang Cheng at 0.3 s (VM, seed 70, 60 games each, side by side): the shipped search
(16 iterations a world, 1.4 times ``mcts-v1``'s iterations) 55.0%, ``--reuse 1`` (a
world each, as many iterations as ``mcts-v1``) 55.0%: sharing worlds costs nothing there
either, and gains nothing at this budget.

Playouts that learn, and rewards that count the score (2-player Dragon, VM, against
``mcts-v1``; ``bots/playouts.py``): ``--playout mast:0.1`` (each playout move drawn by
a Gibbs distribution over the move's mean reward so far in this search, at temperature
0.1) and ``--playout mast-eps:0.1`` (the best-valued move but for 10% random ones) each
won 57.5% of 40 at 0.3 s (seed 30; the shipped random playouts 62.5% of the same 40),
at 1.3 to 1.5 times ``mcts-v1``'s iterations: no gain at that budget. At 1 s (seed 40,
stopped after 22 games each) ``--playout mast:0.1`` and ``--margin 10`` (rewards of 0.8
for the win plus 0.2 of a logistic of the score lead at scale 10) each won 13 of 22
(59.1%), at 1.6 times ``mcts-v1``'s iterations; the shipped random playouts had won 17 of
the same 22 games in an earlier run (60.0% of its 40): no gain either.

A leaf that mixes the heuristic with the playout (``--mix 0.5``: half the heuristic's
judgement of the leaf, half the playout's result) against today's search as shipped
(``--against mcts``, random playouts to the end) at 1 s (VM, seed 40, stopped after 12
games): 3 of 12 (25.0%; 8.9-53.2%), at about the same iterations. The heuristic's
judgement does not help a 1 s search of 2-player Dragon; it is not a setting.
On the same seed a larger exploration constant (``--exploration 1.0`` against the
shipped 0.7) won 13 of 33 (39.4%; 24.7-56.3%): no gain either.

A root kept to greedy's three best actions (``--root-top 3``: the game's greedy ranks the
legal actions on one sampled world, by the chain value it plays by, and the search tries
only those at its root; the ranking's CPU time comes out of the move's budget) against
the shipped search at 0.3 s (VM, seed 41, 40 games): 16 of 40 (40.0%; 26.3-55.4%), at
1.1 times the iterations a search. A decision of 2-player Dragon has about six legal
actions on average (36 for the first pick): greedy's ranking leaves out moves the
search would have played. Not a setting.

A rival's secret move chosen by a bandit (2-player Dragon: which card a rival plays is
secret, so the tree keeps one node for it and picks the card at random in each world;
tried: UCB1 over the rival's actual cards at that node on the rival's own rewards, so
the tree models a rival that plays its hidden cards well), against ``mcts-v1`` at 0.3 s
(VM, seed 30, the same 40 games each, side by side): 19 of 40 (47.5%; 32.9-62.5%)
against 27 of 40 (67.5%; 52.0-79.9%) for the shipped random pick; of the games where
the two differ, the bandit won 3 and the random pick 11. Removed again (commit
``45e2db1`` has it).

Chang Cheng's leaf, 2-player, against ``mcts-v1`` at 0.3 s (VM, seed 70, the same 60
games each): the shipped heuristic at ``leaf_scale`` 4 won 55.0%; at ``--scale 2`` 51.7%,
at ``--scale 9.5`` (the scale at which the heuristic best predicts greedy self-play's
winners) 45.0%; the value function fitted to greedy self-play (``--value``, its fitted
scale 4.5) 41.7% (30.1-54.3%). None is a setting. The value function fitted to the
search's own games instead (``bench/fit/train_value.py --players 2 --bot mcts:300 --games
400``, its 2-player fit in the shipped file), at 300 iterations a move (seed 72, the same
100 games): 40.5% (31.4-50.3%), where the shipped leaf won 52.0%.

Greedy's move by default in Chang Cheng (``--defer 0.015``: the search overrules the
game's greedy only when it values its own best 0.015 higher, as Ming Dynasty's
``search_margin`` does), 2-player, against ``mcts-v1`` at 0.3 s (VM, seed 70, the same
60 games): 24 of 60 (40.0%; 28.6-52.6%) against 33 of 60 for the shipped search.
Chang Cheng's greedy is the weaker player there (it won 10 of 40 against ``mcts-v1`` at
0.3 s: ``dragontable tournament --game changcheng --players 2 --bots
greedy,mcts-v1:0.3s --games 40 --seed 5``), and its close calls are no better than the
search's. Not a setting.

Chang Cheng at equal iterations (``--iterations 300``, 2-player, against ``mcts-v1`` at
300, VM, 100 games a run, the same games for each setting of a seed): the shipped
search (16 iterations a world) won 45.5% (seed 71) and 52.0% (seed 72), a world each
(``--reuse 1``) 57.0% and 50.5%, 4 a world 52.0% (seed 72): over 200 games 48.8%
against 53.8%, within chance of each other and of an even match. A rival's secret card
chosen by a bandit instead of at random (the ``SECRET_BANDIT`` of commit ``45e2db1``,
run from that code) won 46.0% of seed 71's games. So at equal iterations today's search
and ``mcts-v1`` play Chang Cheng about equally well: sharing worlds neither costs nor
gains strength an iteration, and what the search gains is its iterations' number, which
at 1 s no longer turns into wins (48.5% of 200). Nor do random playouts to the end
help there (``--plies end`` at 0.3 s, seed 70, stopped after 22 games: 3 won, where the
shipped heuristic leaf won 8 of the same 22).

Ming Dynasty at equal iterations (``--iterations 300``, 2-player, against ``mcts-v1`` at
300, VM, seed 72, the same 100 games for each setting): the shipped search won 45.0%;
``--reuse 1`` (a world each) 54.5% (better in 28 of the games where the two differ,
worse in 18: a hint, not a proof); ``--keep-tree off`` 45.5%; ``--v1-leaf`` (``mcts-v1``'s
frozen heuristic as the leaf) 21 of the first 50, as many as the shipped search; the
bandit for a rival's secret of commit ``45e2db1`` 18 of the first 47, the shipped search
20 of them. So Ming Dynasty's leaf is not what holds the search back at equal
iterations; sharing worlds may be, and it buys 1.5 times the iterations: a world each
has to be measured at equal time (0.3 s, then 1 s) before it can be a setting.

Measured at equal time (0.3 s, 2-player, VM, seed 70, side by side, stopped after 27
games): ``--reuse 1`` won 10 of 27 (37.0%), the shipped search 16 of the same 27 (it went
on to 21 of 37, 56.8%). In these games the shipped search made 2,230 iterations a
decision, a world each 2,049, ``mcts-v1`` 1,717 and 1,707: in play sharing worlds buys
only a tenth more iterations (1.5 times from move 40 of ``dragontable bench``), and at
equal time a world each is no gain. Not a setting: Ming Dynasty keeps 16 a world.

Ming Dynasty's greedy default, measured again (2026-11-28, VM, 2-player): the shipped
search plays greedy's move in some nine decisions of ten (it agrees with greedy in about
55% of its searched decisions and defers to it within ``search_margin`` in 35%, in three
self-play games at 300 and at 3,000 iterations alike), and greedy alone won 57 of 100
games against ``mcts-v1`` at 300 iterations (``dragontable tournament --game ming
--players 2 --bots greedy,mcts-v1:300 --games 100 --seed 72``) where the shipped search
had won 45.0% of this script's games: at 300 iterations its overrulings seemed to cost
it games. A wider margin, ``--defer 0.04`` (against the shipped 0.015), at
``--iterations 300`` on seed 72 won 63.0% (53.2-71.8%); ``--exploration 0.25`` on the
same 100 games 47.5%, the wider margin better in 33 of the games where the two differ
and worse in 17. At equal time, though, the margin's gain is gone: ``--defer 0.04
--against mcts --seconds 0.3 --seed 70`` (the wider margin against the search as
shipped, some 2,780 iterations a search each; stopped after 43 games) won 22 of 43
(51.2%; 36.8-65.4%). A margin that widens as the search shortens (the larger of 0.015
and 0.693 over the square root of the iterations: 0.04 at 300, 0.015 from some 2,100 on:
only the tables' ``mcts:300`` and ``mcts:1000`` levels would change) was then played
through ``dragontable tournament --game ming --players 2 --bots mcts:300,mcts-v1:300
--games 100 --seed 72``: 52 of 100, where the shipped search won 50 of the same games.
The variant runs' gain did not carry over; not a setting.

Playouts led by greedy's choices (``--playout prior``: Dragon's playout prior,
``bots/prior.py``, fitted by ``bench/fit/fit_prior.py`` to 200 greedy self-play games; each
move drawn with chance proportional to ``exp(weight / temperature)`` of its token),
2-player Dragon against ``mcts-v1`` at 0.3 s (VM, run from an earlier form of the same
playout that read its weights from a file given on the command line; the same 40 games
a seed for each setting, the shipped random playouts beside it): seed 30, temperature 2
won 27 of 40 (better than the random playouts in 11 of the games where the two differ,
worse in 4), temperature 1 20, temperature 0.5 21, random playouts 20; seed 31,
temperature 2 won 25 of 40 (6 better, 7 worse), random playouts 26; seed 32, temperature
2 won 27 of 40 (12 better, 8 worse), random playouts 23. Over the 120 games at
temperature 2: 79 won (65.8%) against 69 (57.5%), better in 29 of the games where the
two differ and worse in 19 (a sign test's two-sided p about 0.19), at about 0.9 times
the random playouts' iterations (1,356 against 1,476 a search on seed 31, 1,259 against
1,381 on seed 32). Ahead, but within chance, and gains at 0.3 s have faded by 1 s
before (see the table above), so it waited for a run at 1 s: ``dragontable strength
--only dragon-mcts1s-mctsv1-2p`` run with the file marked for the search (VM, the 200
games of the matchup, which random playouts had played) won 133 (66.5%) where random
playouts had won 109 of the same 200 (54.5%), better in 50 of the games where the two
differ and worse in 26 (sign test p about 0.008; with the 0.3 s runs 79 better and 45
worse, p about 0.003). So the file marks 2 players for the search
(``"search": [2]``): 2-player Dragon's search plays its playouts by the prior, and
``--plies end`` plays them at random.

At 4 players (2026-11-28, a lent 16-core machine with Python 3.12, one seat against three
``mcts-v1`` at 0.3 s, seed 80, 8 workers a setting side by side, both stopped after the
same 64 games): the 4-player weights won 25 of 64 (39.1%; 28.1-51.3%), random playouts
to the end 11 of the same 64 (17.2%; 9.9-28.2%; on the VM they had won 40.0% of 40 on
seeds 80 and 81); the prior was better in 20 of the games where the two differ and
worse in 6 (sign test p about 0.009), at 0.88 times the random playouts' iterations
(440 against 502 a search, ``mcts-v1`` 276). So the file marks 4 players too
(``"search": [2, 4]``). At 3 players (VM, one seat against two ``mcts-v1`` at 0.3 s,
seed 90, one worker a setting side by side beside a strength run, both stopped after the
same 66 games) the 3-player weights won 24 (36.4%; 25.8-48.4%), random playouts 25
(37.9%; 27.1-49.9%), better in 19 of the games where the two differ and worse in 20, at
0.88 times the iterations (998 against 1,135 a search, ``mcts-v1`` 599): no gain, so 3
players play out at random.

Chang Cheng's root kept to greedy's best (``--root-top K``; 2026-11-28, VM, 2-player,
``--iterations 300`` against ``mcts-v1:300``, 100 games a run, the same games for each
setting of a seed; every action searched won 52.0% of seed 72 and 45.5% of seed 71): ten
won 59.5% (seed 72; better in 30 of the games where it and every action differ, worse in
21) and 65.5% (seed 71; better in 37, worse in 18: sign test p about 0.01); six 54.5%
and sixteen 59.0% of seed 72, sixteen 54.2% of the first 83 of seed 71 (ten 64.5% of
those). Greedy's ranking costs about 7 ms a decision (90th percentile 26 ms). But at
1 s a move the gain turns round: the ten as Chang Cheng's setting (commit ``60e2823``),
played through ``dragontable strength --only changcheng-mcts1s-mctsv1-2p --workers 2`` (VM),
won 42 of the first 105 games (40.0%) where every action searched had won 51 of the same
105, better in 18 of the games where the two differ and worse in 30 (commit
``de32f58`` has the games): a short search cannot try a hundred options and gains from
greedy's pruning, a longer one loses the good moves greedy ranks low. The turn comes by
1,000 iterations already (2026-11-29, VM, ``--iterations 1000`` against ``mcts-v1:1000``,
seed 72, the same 100 games, one worker each side by side): greedy's ten won 44.5%
(35.1-54.3%), every action 52.5% (42.8-62.0%), better in 21 of the games where the two
differ and worse in 28; so only the tables' ``mcts:300`` level would gain from it. Not a
setting. Nor is a root widened as its visits grow (``--widen 100``: greedy's ten best, twice as many
each time every open action has had 100 iterations; 2026-11-29, the same strength games
at 1 s, VM, from a throwaway worktree that made it Chang Cheng's mcts): 13 of the first
41 games (31.7%) where every action searched had won 18 of the same 41, better in 7 and
worse in 13; stopped there. On seed 72 also: ten with ``--leaf-weights '{"double_held": 4.2}'`` (the
leaf weight the tuner preferred) 50.5%; ``--exploration 0.3`` 55.0%, ``0.15`` 52.0%:
none a setting.

Progressive history (Nijssen and Winands: a child's UCB1 score gains ``W * h / ((1 -
mean) * visits + 1)``, ``h`` its key's mean reward for its player anywhere in the search
so far, so a rival's reply that did well after one move is tried first after the others),
Chang Cheng, 2-player, against ``mcts-v1`` at 0.3 s (VM, seed 70, 60 games, the 2026-11-29
code; about 0.88 times the iterations of the search without it): ``--history 1`` 44.2%,
``--history 5`` 49.2%, where the shipped search had won 55.0% of the same games on
2026-11-27 (not replayed beside them: see docs/bots.md on comparing with a replay). Not a
setting (``HISTORY`` stays 0).

Four more tries at Chang Cheng's search, 2-player, against ``mcts-v1`` at 0.3 s
(2026-11-29, VM, an Intel Xeon this time, each beside the shipped search on the same
games, one worker a run; seed 70 for the two leaves, 71 for the other two, where the
shipped search won 27.5 of the first 61): a leaf that first completes the turn of the
seat to move (its second wall, second card, wall beside a card, reserved space and
neutral wall, each the option its heuristic values highest) won 10 of the first 38 games (at half the iterations: 1,141
a search against 2,358), where the shipped search won 17.5 of them; stopped there (from
a throwaway script, not kept). ``--centre 2``, a reward relative to the search's own
leaves (at 1 s a Chang Cheng search's root visits are nearly flat: in a lopsided game
every option's reward lies near 0.93, where the logistic hardly tells a point apart),
won 31.5 of 60 (52.5%; 40.1-64.6%), 20.5 of the 39 games the shipped search played
beside it (18.5 won; better in 13, worse in 12): no gain. Neither is a setting. Nor is
a value that looks ahead through the seat's own turn: a child whose decisions below are
the same player's judged half by its mean and half by the best of its children with at
least 5 visits (mixmax, recomputed bottom-up along each iteration's path; from a
throwaway worktree, not kept), 0.3 s, seed 71, one worker beside the shipped search on
the same games, stopped after 61: 26.5 won against 27.5, better in 7 of the games where
the two differ and worse in 9 (``bench/experiments/pairs.py``; 2,149 iterations a search against
2,200). In only 16 of those 61 games did the outcome differ at all: most of Chang
Cheng's games between these searches are decided by the deal and ``mcts-v1``'s play,
whatever the variant seat's search does. A rival modelled by the heuristic (at a rival's
decision visited 10 times, its options ranked once by the rival's heuristic value one move
on, and only the best 8 searched there from then on; about 20 such rankings a 1 s search,
a tenth of its time; throwaway worktree, seed 71, the same 61 games): 28.5 against 27.5,
better in 19 of the games where the two differ and worse in 17 (1,949 iterations a search
against 2,200). It changed more games than the others, and won as many as it lost.

How much is there to win? A search that sees every hidden fact (the same 0.3 s, from a
throwaway worktree: ``sampled_worlds`` drew the true state with a future of its own,
``state.clone()`` and ``reseed``, instead of a world sampled from the seat's view, and
the heuristic read every face-down card and threat token as known): on seed 71's 61
games 37 won (60.7%) where the shipped search won 27.5 (better in 22 of the games where
the two differ, worse in 14); on seed 72's first 50 games 30 won where the shipped search
won 30.5 (14 better, 15 worse). Over the 111 games: 67 (60.4%) against 58 (52.3%). So
against ``mcts-v1`` at 0.3 s knowing everything the seat cannot see is worth some 8
points, and only just reaches the 60% the issue asks of an honest search at 1 s.

To run one line::

    PYTHONPATH=src .venv/bin/python bench/experiments/search_variant.py --game dragon --plies 12 \\
        --seconds 0.1 --games 40 --seed 2 --workers 2
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import json
import math
import statistics
import sys
import time
from collections.abc import Callable, Collection
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass
from typing import Any

from dragontable import games
from dragontable.bots import leaves, make_bot, mcts, playouts, prior, value
from dragontable.bots.baseline import mcts as baseline_mcts
from dragontable.bots.greedy import GreedyBot
from dragontable.bots.heuristics import evaluator
from dragontable.core.errors import DataError
from dragontable.core.play import Chooser
from dragontable.core.rng import Rng, derive_seed
from dragontable.core.state import State
from dragontable.strength import where_played
from dragontable.tournament import one_seat_share, won_share


@dataclass(frozen=True)
class Variant:
    """The settings changed (None: the game's own)."""

    plies: str | None = None
    reuse: int | None = None
    keep_tree: bool | None = None
    fresh_chance: bool | None = None
    exploration: float | None = None
    scale: float | None = None
    playout: str | None = None
    margin: float | None = None
    mix: float | None = None
    root_top: int | None = None
    value: bool = False
    defer: float | None = None
    v1_leaf: bool = False
    leaf_weights: str | None = None
    open_after: float | None = None
    widen: int | None = None
    history: float | None = None
    centre: float | None = None


Job = tuple[str, int, Variant, str, str, int, int]
"""Game, players, the variant, the budget (``0.3s`` or iterations), the field's bot, seed, index."""


def leaf(game: str, plies: str | None, scale: float | None) -> leaves.Leaf | None:
    """The leaf with ``plies`` random moves first (``end``: random playouts at every player
    count; None: the game's setting) judged at ``scale`` (None: the game's
    ``leaf_scale``)."""
    settings = games.bot_settings(game)
    scale = settings.leaf_scale if scale is None else scale
    if plies == "end" or scale is None:
        return None
    if plies is None:  # the game's moves, and its player counts played to the end
        moves, to_end = settings.leaf_playout, settings.leaf_to_end
    else:
        moves, to_end = int(plies), frozenset()
    return leaves.heuristic_leaf(evaluator(game), scale, settings.evaluate_all, moves, to_end)


def judge_all(game: str) -> Callable[[State], list[float]]:
    """Every seat's heuristic value at once: the game's ``evaluate_all``, or its
    ``evaluate`` seat by seat where it has none."""
    judge = games.bot_settings(game).evaluate_all
    if judge is not None:
        return judge
    one = evaluator(game)
    return lambda state: [one(state, s) for s in range(state.players)]


def mixed(game: str, weight: float, scale: float | None) -> leaves.Leaf:
    """The leaf that mixes ``weight`` of the heuristic's judgement (at ``scale``, None:
    the game's ``leaf_scale``) with a random playout's result."""
    scale = games.bot_settings(game).leaf_scale if scale is None else scale
    if scale is None:
        raise ValueError(f"{game}'s settings give no leaf_scale: give --scale")
    return playouts.mixed_leaf(judge_all(game), scale, weight)


def valued(game: str, scale: float | None) -> leaves.Leaf:
    """The leaf judged by the game's value function (``value.json``, whether or not it is
    marked for the search), at its fitted scales or at ``scale``."""
    model, predict = value.load(game), value.predictor(game)
    if model is None or predict is None:
        raise ValueError(f"{game} ships no value function: bench/fit/train_value.py makes one")
    scales = {n: fit.scale if scale is None else scale for n, fit in model.fits.items()}
    return leaves.value_leaf(predict, scales)


def prior_leaf(game: str) -> leaves.Leaf:
    """A playout to the end led by ``game``'s prior (``bots/prior.py``), whether or not
    it is marked for the search."""
    led = prior.playout_for(game)
    if led is None:
        raise ValueError(f"{game} ships no playout prior: bench/fit/fit_prior.py makes one")

    def leaf(state: State, rng: Rng) -> list[float]:
        led(state, rng)
        return leaves.rewards(state)

    return leaf


def centred(game: str, scale: float) -> Callable[[], leaves.Leaf]:
    """A maker of leaves (one a search) that judge a position by each seat's heuristic
    lead over the best rival minus the mean lead of the search's leaves so far, a
    logistic at ``scale``: a reward relative to the search's own positions, which does
    not flatten in a lopsided game as a logistic of the lead itself does. A finished
    game is judged by the heuristic too (Chang Cheng's reads its final scores)."""
    judge = judge_all(game)

    def make() -> leaves.Leaf:
        sums: list[float] = []
        count = 0

        def leaf(state: State, rng: Rng) -> list[float]:
            nonlocal count
            values = judge(state)
            leads = [
                v - max(w for t, w in enumerate(values) if t != s) for s, v in enumerate(values)
            ]
            if not sums:
                sums.extend([0.0] * len(leads))
            count += 1
            out = []
            for s, lead in enumerate(leads):
                sums[s] += lead
                x = (lead - sums[s] / count) / scale
                out.append(1.0 / (1.0 + math.exp(max(-60.0, min(60.0, -x)))))
            return out

        return leaf

    return make


def playout(spec: str) -> Any:
    """A maker of the playout leaf ``spec`` names: ``mast:T`` (Gibbs at temperature T),
    ``mast-eps:E`` (best-valued but a share E of random moves)."""
    kind, _, value = spec.partition(":")
    if kind == "mast":
        return lambda: playouts.MastPlayout(temperature=float(value))
    if kind == "mast-eps":
        return lambda: playouts.MastPlayout(epsilon=float(value))
    raise ValueError(f"unknown playout {spec!r}: mast:T, mast-eps:E or prior")


LEAF_OPTIONS = (
    "--plies",
    "--playout",
    "--mix",
    "--value",
    "--v1-leaf",
    "--leaf-weights",
    "--centre",
)
"""The options that each choose the variant's leaf: at most one a run."""

SEARCHES = {"variant": [0, 0], "field": [0, 0]}
"""Per side, this process's searches and their iterations in the game being played."""
SEARCHING = ["variant"]
"""The side whose move is being searched."""


def _counted(module: Any) -> None:
    """Make ``module.search`` count its searches and iterations under the side searching."""
    original = module.search

    def search(*args: Any, **kwargs: Any) -> Any:
        found = original(*args, **kwargs)
        counts = SEARCHES[SEARCHING[0]]
        counts[0] += 1
        counts[1] += found.iterations
        return found

    module.search = search  # this script's processes only


_counted(mcts)
_counted(baseline_mcts)


@dataclass
class Counted:
    """A bot whose searches count under ``side``."""

    bot: Chooser
    side: str

    def choose(self, state: State) -> str:
        SEARCHING[0] = self.side
        return self.bot.choose(state)


def play(job: Job) -> dict[str, Any]:
    """One game: the variant seat's share of the win, and each side's mean iterations a
    search (what a CPU-time budget bought on this machine)."""
    for counts in SEARCHES.values():
        counts[:] = [0, 0]
    won = _play(job)
    mean = {side: round(n / max(1, searches)) for side, (searches, n) in SEARCHES.items()}
    return {"won": won, "iterations": mean}


def leaf_maker(game: str, changed: Variant) -> mcts.LeafFor | None:
    """What makes each of the variant's searches' leaf, or None for the game's own."""
    if changed.playout == "prior":
        led = prior_leaf(game)
        return lambda _: led
    if changed.playout is not None:
        make = playout(changed.playout)
        return lambda _: make()  # a new one a search: its averages are the search's own
    if changed.centre is not None:
        make_centred = centred(game, changed.centre)
        return lambda _: make_centred()  # a new one a search: its mean is the search's own
    if changed.mix is not None:
        both = mixed(game, changed.mix, changed.scale)
        return lambda _: both
    if changed.value:
        fitted = valued(game, changed.scale)
        return lambda _: fitted
    if changed.v1_leaf:
        frozen = baseline_mcts.leaf_for(game)
        if frozen is None:
            raise ValueError(f"mcts-v1 plays {game}'s leaves out at random: no leaf to borrow")
        return lambda _: lambda state, rng: frozen(state)
    if changed.leaf_weights is not None:
        weighed = weighted_leaf(game, json.loads(changed.leaf_weights), changed.scale)
        return lambda _: weighed
    if changed.plies is not None or changed.scale is not None:
        judged = leaf(game, changed.plies, changed.scale)
        return lambda _: judged
    return None


def weighted_leaf(game: str, changes: dict[str, float], scale: float | None) -> leaves.Leaf:
    """The game's leaf judged under its search weights with ``changes`` (a heuristic
    with ``evaluate_all_with`` and ``SEARCH_WEIGHTS``: Chang Cheng's)."""
    module = importlib.import_module(f"dragontable.games.{game}.heuristic")
    base = getattr(module, "SEARCH_WEIGHTS", None)
    if base is None or not hasattr(module, "evaluate_all_with"):
        raise ValueError(f"{game}'s search has no leaf weights to change")
    if not isinstance(changes, dict) or not all(
        isinstance(v, (int, float)) and not isinstance(v, bool) for v in changes.values()
    ):
        raise ValueError('--leaf-weights takes an object of numbers, e.g. {"double_held": 4.2}')
    unknown = sorted(set(changes) - {f.name for f in dataclasses.fields(base)})
    if unknown:
        raise ValueError(f"{game}'s search weights have no {', '.join(unknown)}")
    w = dataclasses.replace(base, **changes)

    def judge_all(state: State) -> list[float]:
        values: list[float] = module.evaluate_all_with(state, w)
        return values

    return leaves.leaf_judging(game, judge_all, scale)


def greedy_shortlist(game: str, k: int, seed: int) -> mcts.Shortlist:
    """The game's greedy ``k`` best actions, as the only ones a search tries at its root."""
    greedy = make_bot("greedy", game, seed)
    assert isinstance(greedy, GreedyBot)
    return lambda state: greedy.best(state, k)


@dataclass
class OpenedLater:
    """The search kept to its shortlist for the first ``share`` of its budget, then the
    same tree opened to every legal action for the rest (a root widened once)."""

    bot: mcts.MctsBot
    share: float
    name = "mcts"

    def choose(self, state: State) -> str:
        found, legal = self.bot, state.legal_actions()
        if len(legal) == 1 or found.shortlist is None:
            return found.choose(state)
        started = time.thread_time()
        only = found.shortlist(state)
        first_n = rest_n = None
        first_s = rest_s = None
        if found.seconds is not None:
            left = max(0.002, found.seconds - (time.thread_time() - started))
            first_s, rest_s = left * self.share, left * (1.0 - self.share)
        else:
            total = found.iterations or 1000
            first_n = max(1, round(total * self.share))
            rest_n = total - first_n
        result = search_on(found, state, first_n, first_s, None, only)
        if (rest_n or 0) > 0 or (rest_s or 0.0) > 0.0:
            result = search_on(found, state, rest_n, rest_s, result.root, None)
        return found.decide(state, result) if result.stats else legal[0]


def search_on(
    found: mcts.MctsBot,
    state: State,
    iterations: int | None,
    seconds: float | None,
    root: mcts.Node | None,
    only: Collection[str] | None,
) -> mcts.SearchResult:
    """One step of a staged root search with ``found``'s settings, in one process: on
    from ``root`` (None: a new tree), kept to ``only`` at the root (None: every action)."""
    return mcts.parallel_search(
        state,
        1,
        iterations,
        seconds,
        found.rng.next64(),
        max_seconds=found.max_seconds,
        root=root,
        reuse=found.reuse,
        exploration=found.exploration,
        leaf_for=found.leaf_for,
        root_actions=only,
    )


WIDEN_FIRST = 10
"""The actions a widened root opens with where ``--root-top`` does not say."""


def greedy_order(game: str, seed: int) -> Callable[[State], list[str]]:
    """Every legal action, greedy's ranking first (its beam's survivors, best first), the
    rest in the order the game lists them."""
    greedy = make_bot("greedy", game, seed)
    assert isinstance(greedy, GreedyBot)

    def order(state: State) -> list[str]:
        legal = state.legal_actions()
        ranked = greedy.best(state, len(legal))
        kept = set(ranked)
        return ranked + [a for a in legal if a not in kept]

    return order


@dataclass
class Widened:
    """A root widened as its visits grow: greedy's ``first`` best actions, twice as many
    once the root has ``per`` iterations for each action open, and so on until every
    action is open (progressive widening by greedy's ranking); one tree throughout."""

    bot: mcts.MctsBot
    first: int
    per: int
    order: Callable[[State], list[str]]
    name = "mcts"

    def choose(self, state: State) -> str:
        found, legal = self.bot, state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        started = time.thread_time()
        ranked = self.order(state)
        total = None if found.seconds is not None else (found.iterations or 1000)
        done, k, root = 0, self.first, None
        result = None
        while True:
            opened = k >= len(ranked)
            limits = [] if total is None else [total - done]
            if not opened:
                limits.append(k * self.per - done)
            want = min(limits, default=None)
            left = None
            if found.seconds is not None:
                left = found.seconds - (time.thread_time() - started)
            if (want is not None and want <= 0) or (left is not None and left <= 0):
                break
            result = search_on(found, state, want, left, root, None if opened else ranked[:k])
            done, root = done + result.iterations, result.root
            if opened or result.iterations < (want or 0):
                break
            k *= 2
        if result is None or not result.stats:
            return legal[0]
        whole = mcts.SearchResult(result.stats, done, root)
        return found.decide(state, whole)


def configure(
    found: mcts.MctsBot, game: str, changed: Variant, made: mcts.LeafFor | None, seed: int
) -> None:
    """Give the variant seat's search the settings ``changed`` names (``made``: its leaf)."""
    found.leaf_for = made
    if changed.reuse is not None:
        found.reuse = changed.reuse
    if changed.keep_tree is not None:
        found.keep_tree = changed.keep_tree
    if changed.exploration is not None:
        found.exploration = changed.exploration
    if changed.defer is not None:
        found.default = make_bot("greedy", game, derive_seed(seed, "default"))
        found.margin = changed.defer
    if changed.root_top is not None:
        found.shortlist = greedy_shortlist(game, changed.root_top, derive_seed(seed, "top"))


def _play(job: Job) -> float:
    game, players, changed, budget, against, seed, index = job
    if changed.margin is not None:
        judge = playouts.margin_rewards(changed.margin)
        leaves.rewards = judge  # type: ignore[assignment]  # this worker's leaves and searches
    if changed.fresh_chance is not None:
        mcts.FRESH_CHANCE = changed.fresh_chance  # this worker's mcts only
    if changed.history is not None:
        mcts.HISTORY = changed.history  # this worker's mcts only
    made = leaf_maker(game, changed)

    def bot(seat: int, variant: bool) -> Chooser:
        found = make_bot(
            f"{against if not variant else 'mcts'}:{budget}", game, derive_seed(seed, index, seat)
        )
        if not variant:
            return Counted(found, "field")
        assert isinstance(found, mcts.MctsBot)
        configure(found, game, changed, made, derive_seed(seed, index, seat, "variant"))
        if changed.open_after is not None:
            return Counted(OpenedLater(found, changed.open_after), "variant")
        if changed.widen is not None:
            order = greedy_order(game, derive_seed(seed, index, seat, "order"))
            widened = Widened(found, changed.root_top or WIDEN_FIRST, changed.widen, order)
            return Counted(widened, "variant")
        return Counted(found, "variant")

    return one_seat_share(game, players, seed, index, bot)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", required=True, choices=games.names())
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--plies", help="random moves at a leaf, or 'end' (default: the game's)")
    parser.add_argument("--reuse", type=int, help="iterations a world (default: the game's)")
    parser.add_argument("--keep-tree", choices=("on", "off"), help="(default: the game's)")
    parser.add_argument("--fresh-chance", choices=("on", "off"), help="(default: the search's)")
    parser.add_argument("--exploration", type=float, help="UCB1's constant (default: 0.7)")
    parser.add_argument(
        "--history", type=float, help="progressive history's weight W (default: 0, none)"
    )
    parser.add_argument(
        "--scale", type=float, help="the leaf's scale (default: the game's leaf_scale)"
    )
    parser.add_argument("--playout", help="mast:T, mast-eps:E or prior (default: the game's leaf)")
    parser.add_argument("--margin", type=float, help="reward 0.2 of a score lead at this scale")
    parser.add_argument("--mix", type=float, help="weight of the heuristic beside a playout")
    parser.add_argument("--root-top", type=int, help="search only greedy's K best at the root")
    parser.add_argument(
        "--open-after", type=float, help="with --root-top: open the root to all after this share"
    )
    parser.add_argument(
        "--widen",
        type=int,
        help="widen the root by greedy's ranking: twice the actions every PER iterations each",
    )
    parser.add_argument(
        "--value", action="store_true", help="the leaf: the game's value function (value.json)"
    )
    parser.add_argument(
        "--v1-leaf", action="store_true", help="the leaf: mcts-v1's, its frozen heuristic"
    )
    parser.add_argument(
        "--defer", type=float, help="play greedy's move unless the search is this much surer"
    )
    parser.add_argument(
        "--leaf-weights", help='search leaf weights changed, as JSON: {"double_held": 4.2}'
    )
    parser.add_argument(
        "--centre",
        type=float,
        help="the leaf: the heuristic's lead less the search's mean lead, a logistic at SCALE",
    )
    parser.add_argument("--seconds", type=float, default=0.1)
    parser.add_argument("--iterations", type=int, help="a budget of iterations instead")
    parser.add_argument(
        "--against", choices=("mcts-v1", "mcts"), default="mcts-v1", help="the field's bot"
    )
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args(argv)
    if args.plies is not None and args.plies != "end" and not args.plies.isdigit():
        parser.error(f"--plies must be a number of moves or 'end', not {args.plies!r}")
    if args.reuse is not None and args.reuse < 1:
        parser.error(f"--reuse must be at least 1, not {args.reuse}")
    if args.open_after is not None and (args.root_top is None or not 0 < args.open_after < 1):
        parser.error("--open-after needs --root-top and a share between 0 and 1")
    if args.widen is not None and (args.widen < 1 or args.open_after is not None):
        parser.error("--widen takes iterations an action (at least 1), and not with --open-after")
    if args.iterations is not None and args.iterations < 1:
        parser.error(f"--iterations must be at least 1, not {args.iterations}")
    given = [
        o
        for o in LEAF_OPTIONS
        if getattr(args, o.lstrip("-").replace("-", "_")) not in (None, False)
    ]
    if len(given) > 1:
        parser.error(f"{' and '.join(given)} each choose the leaf: give one of them")
    if args.against == "mcts" and (
        args.margin is not None or args.fresh_chance is not None or args.history is not None
    ):
        parser.error(
            "--margin, --fresh-chance and --history change every search of a process:"
            " not with --against mcts"
        )
    if args.centre is not None and not args.centre > 0:
        parser.error(f"--centre takes a positive scale, not {args.centre}")
    if args.history is not None and args.history < 0:
        parser.error(f"--history must be 0 or more, not {args.history}")
    budget = f"{args.seconds}s" if args.iterations is None else str(args.iterations)
    keep = None if args.keep_tree is None else args.keep_tree == "on"
    fresh = None if args.fresh_chance is None else args.fresh_chance == "on"
    changed = Variant(
        args.plies,
        args.reuse,
        keep,
        fresh,
        args.exploration,
        args.scale,
        args.playout,
        args.margin,
        args.mix,
        args.root_top,
        args.value,
        args.defer,
        args.v1_leaf,
        args.leaf_weights,
        args.open_after,
        args.widen,
        args.history,
        args.centre,
    )
    try:  # a leaf that cannot be built (a missing or broken data file) stops here, not in a worker
        leaf_maker(args.game, changed)
    except (ValueError, DataError) as e:
        parser.error(str(e))
    jobs = [
        (args.game, args.players, changed, budget, args.against, args.seed, i)
        for i in range(args.games)
    ]
    shares, iterations = [], []
    with ProcessPoolExecutor(args.workers) as pool:
        futures = {pool.submit(play, job): job[-1] for job in jobs}
        for future in as_completed(futures):
            game = future.result()
            shares.append(game["won"])
            iterations.append(game["iterations"])
            print(json.dumps({"g": futures[future], **game}), file=sys.stderr)
    setting = {"game": args.game, "players": args.players, **asdict(changed)}
    mean = {bot: round(statistics.mean(i[bot] for i in iterations)) for bot in SEARCHES}
    result = {**setting, "budget": budget, "against": args.against, "seed": args.seed}
    result |= won_share(shares)
    print(json.dumps({**result, "iterations_per_search": mean, **where_played()}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
