"""Bots play only legal moves, reproduce for a seed, and never read hidden facts."""

from __future__ import annotations

import pytest

from dragontable import games
from dragontable.bots import default_bot, make_bot
from dragontable.bots.mcts import parallel_search, search
from dragontable.core.errors import OptionError
from dragontable.core.play import random_playout
from dragontable.core.rng import Rng
from dragontable.core.state import State


def play(bot_names: list[str], seed: int, players: int) -> tuple[list[str], list[int]]:
    state = games.create("dragon", players=players, seed=seed)
    bots = [make_bot(bot_names[s % len(bot_names)], "dragon", seed + s) for s in range(players)]
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        action = bots[seat].choose(state)
        assert action in state.legal_actions()
        state.apply(action)
    return state.history, state.ranking()


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_greedy_finishes_every_player_count_with_legal_moves(players: int) -> None:
    history, ranking = play(["greedy", "random"], seed=players, players=players)
    assert sorted(ranking) == list(range(players)) and history


def test_greedy_is_deterministic_for_a_seed() -> None:
    assert play(["greedy"], seed=3, players=3) == play(["greedy"], seed=3, players=3)


def test_greedy_choice_does_not_depend_on_hidden_hands() -> None:
    """Re-drawing what seat 0 cannot see (other hands, played cards) leaves its choice."""
    state = games.create("dragon", players=4, seed=11)
    random_playout_until(state, steps=120)
    seat = state.current_player
    assert seat is not None
    choice = make_bot("greedy", "dragon", 5).choose(state)
    for k in range(5):
        other = state.determinize(seat, seed=k)
        assert other.view(seat) == state.view(seat)
        assert make_bot("greedy", "dragon", 5).choose(other) == choice


def random_playout_until(state: State, steps: int) -> None:
    rng = Rng(1)
    for _ in range(steps):
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])


def test_greedy_beats_random_most_of_the_time() -> None:
    wins = 0
    for seed in range(10):
        state = games.create("dragon", players=2, seed=seed)
        bots = {
            seed % 2: make_bot("greedy", "dragon", seed),
            1 - seed % 2: make_bot("random", "dragon", seed),
        }
        while not state.is_over:
            state.apply(bots[state.current_player].choose(state))  # type: ignore[index]
        wins += state.winners()[0] == seed % 2
    assert wins >= 8


def test_unknown_bot_and_missing_heuristic_are_clear_errors() -> None:
    with pytest.raises(OptionError, match="unknown bot 'genius'"):
        make_bot("genius", "dragon")
    with pytest.raises(OptionError, match="no greedy heuristic for 'chess'"):
        make_bot("greedy", "chess")
    assert default_bot("dragon") == "greedy"
    assert default_bot("no-such-game") == "random"


def test_play_out_asks_each_seat_only_its_own_bot_to_the_end() -> None:
    from dragontable.core.play import play_out

    asked: list[tuple[int, int | None]] = []

    class Seat:
        def __init__(self, seat: int) -> None:
            self.seat, self.bot = seat, make_bot("random", "ming", seat)

        def choose(self, state: State) -> str:
            asked.append((self.seat, state.current_player))
            return self.bot.choose(state)

    state = games.create("ming", players=3, seed=2)
    assert play_out(state, [Seat(s) for s in range(3)]) is state and state.is_over
    assert len(asked) == len(state.history) and all(s == mover for s, mover in asked)
    assert {s for s, _ in asked} == {0, 1, 2}


def test_random_playout_ends_the_game() -> None:
    state = games.create("dragon", players=5, seed=2)
    assert random_playout(state, Rng(3)) > 100 and state.is_over


def midgame(seed: int, players: int, steps: int) -> State:
    state = games.create("dragon", players=players, seed=seed)
    random_playout_until(state, steps)
    return state


def test_mcts_is_deterministic_for_a_seed_and_iteration_budget() -> None:
    state = midgame(seed=4, players=3, steps=60)
    first = search(state, iterations=60, seed=9)
    second = search(state, iterations=60, seed=9)
    assert first.stats == second.stats and first.iterations == 60
    assert first.best() in state.legal_actions()


def test_mcts_never_peeks_at_hidden_facts() -> None:
    """Search over a state and over a copy with re-drawn hidden facts gives the same tree."""
    state = midgame(seed=6, players=4, steps=150)
    seat = state.current_player
    assert seat is not None
    other = state.determinize(seat, seed=123)
    assert other.view(seat) == state.view(seat)
    assert other.to_json() != state.to_json()  # the hidden hands really differ
    assert search(state, iterations=40, seed=2).stats == search(other, iterations=40, seed=2).stats


def test_mcts_plays_a_whole_game() -> None:
    state = games.create("dragon", players=2, seed=8)
    bots = [make_bot("mcts:8", "dragon", 1), make_bot("random", "dragon", 2)]
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        state.apply(bots[seat].choose(state))
    assert state.is_over


def test_mcts_budget_spec_errors() -> None:
    with pytest.raises(OptionError, match="bad mcts budget"):
        make_bot("mcts:fast", "dragon")
    for spec in ("mcts:0s", "mcts:-3", "mcts:infs", "mcts:nans"):
        with pytest.raises(OptionError, match="bad mcts budget"):
            make_bot(spec, "dragon")
    with pytest.raises(OptionError, match="bad process count"):
        make_bot("mcts:2s:many", "dragon")
    with pytest.raises(OptionError, match="bad process count"):
        make_bot("mcts:2s:0", "dragon")
    with pytest.raises(OptionError, match="takes no budget"):
        make_bot("greedy:2s", "dragon")


def test_mcts_spec_names_budget_and_processes() -> None:
    from dragontable.bots import BotSpec, parse_spec
    from dragontable.bots.mcts import MctsBot

    assert parse_spec("mcts") == BotSpec("mcts", iterations=1000)
    assert parse_spec("mcts:800") == BotSpec("mcts", iterations=800)
    assert parse_spec("mcts:2s:4") == BotSpec("mcts", seconds=2.0, processes=4)
    bot = make_bot("mcts:300:2", "changcheng", 1)
    assert isinstance(bot, MctsBot) and (bot.iterations, bot.workers) == (300, 2)


def test_an_mcts_bot_may_judge_its_leaves_its_own_way() -> None:
    from dragontable.bots.leaves import Leaf, leaf_for
    from dragontable.bots.mcts import MctsBot

    state = games.create("dragon", players=2, seed=3)
    asked: list[str] = []

    def same(game: str) -> Leaf | None:
        asked.append(game)
        return leaf_for(game)

    shipped = MctsBot(seed=5, iterations=60)
    own = MctsBot(seed=5, iterations=60, leaf_for=same)
    assert own.choose(state) == shipped.choose(state) and asked == ["dragon"]
    judged: list[int] = []

    def first_seat_wins(state: State, rng: Rng) -> list[float]:
        judged.append(len(state.history))
        return [1.0, 0.0]

    MctsBot(seed=5, iterations=60, leaf_for=lambda game: first_seat_wins).choose(state)
    assert len(judged) == 60
    with pytest.raises(ValueError, match="one process"):
        MctsBot(seed=5, iterations=60, workers=2, leaf_for=same).choose(state)


def test_a_search_kept_to_a_shortlist_searches_only_those_root_actions() -> None:
    from dragontable.bots.greedy import GreedyBot
    from dragontable.bots.mcts import MctsBot

    state = games.create("dragon", players=2, seed=3)
    legal = state.legal_actions()
    two = legal[-2:]
    found = search(state, iterations=80, seed=1, root_actions=two)
    assert set(found.stats) == set(two) and found.iterations == 80
    assert sum(n for n, _ in found.stats.values()) >= 80 - len(legal)
    for bad in ([], ["nonsense"], [*two, "nonsense"]):
        with pytest.raises(ValueError, match="root actions must be legal"):
            search(state, iterations=5, root_actions=bad)
    greedy = make_bot("greedy", "dragon", 2)
    assert isinstance(greedy, GreedyBot)
    best = greedy.best(state, 2)
    assert len(best) == 2 and set(best) <= set(legal)
    assert best[0] == make_bot("greedy", "dragon", 2).choose(state)
    asked: list[int] = []

    def shortlist(st: State) -> list[str]:
        asked.append(len(st.history))
        return two

    bot = MctsBot(seed=5, seconds=0.05, shortlist=shortlist)
    assert bot.choose(state) in two and asked == [len(state.history)]
    split = parallel_search(state, 2, iterations=40, seed=3, root_actions=two)
    assert set(split.stats) == set(two)  # every process keeps to the shortlist
    assert MctsBot(seed=5, iterations=40, workers=2, shortlist=shortlist).choose(state) in two


def test_heuristic_leaf_rewards_the_leader_and_ends_with_the_true_result() -> None:
    from dragontable.bots.heuristics import evaluator
    from dragontable.bots.leaves import heuristic_leaf, rewards

    leaf = heuristic_leaf(lambda st, seat: [30.0, 10.0, 10.0][seat], scale=10.0)
    state = games.create("dragon", players=3, seed=1)
    lead, *rest = leaf(state, Rng(1))
    assert lead > 0.85 and all(r < 0.15 for r in rest) and rest[0] == rest[1]
    random_playout(state, Rng(1))
    assert heuristic_leaf(evaluator("dragon"), 10.0)(state, Rng(1)) == rewards(state)


def test_a_truncated_playout_plays_random_moves_before_the_heuristic_judges() -> None:
    from dragontable.bots.leaves import heuristic_leaf, leaf_for, rewards

    judged: list[list[str]] = []

    def evaluate(st: State, seat: int) -> float:
        judged.append(list(st.history))
        return float(seat)

    state, expected = (games.create("dragon", players=2, seed=4) for _ in range(2))
    heuristic_leaf(evaluate, 10.0, plies=12)(state, Rng(5))
    rng = Rng(5)
    for _ in range(12):  # the same moves a random playout with that generator plays
        legal = expected.legal_actions()
        expected.apply(legal[rng.below(len(legal))])
    assert len(expected.history) == 12 and state.history == expected.history
    assert judged == [expected.history] * 2
    # Where the game ends first, the leaf stops there and gives its result.
    random_playout(expected, Rng(6))
    state = games.create("dragon", players=2, seed=4)
    for action in expected.history[:-3]:
        state.apply(action)
    got = heuristic_leaf(evaluate, 10.0, plies=12)(state, Rng(7))
    assert state.is_over and got == rewards(state) and len(judged) == 2
    # Dragon's search asks for a truncated playout (leaf_playout) at 5 players and for
    # playouts to the end at 2 to 4 (leaf_to_end); Ming's judges at once.
    for game, players, played in (("dragon", 5, 12), ("ming", 2, 0)):
        start: State = games.create(game, players=players, seed=1)
        leaf = leaf_for(game)
        assert leaf is not None
        leaf(start, Rng(1))
        assert len(start.history) == played
    dragon_leaf = leaf_for("dragon")
    assert dragon_leaf is not None
    for players in (2, 3, 4):
        table: State = games.create("dragon", players=players, seed=1)
        got = dragon_leaf(table, Rng(1))
        assert table.is_over and got == rewards(table)


def test_a_leaf_judging_by_other_values_keeps_the_games_leaf_settings() -> None:
    """``leaf_judging`` builds the game's own leaf around other values: with the game's
    values it judges as the shipped leaf does; its plies and playouts are the game's."""
    from dragontable.bots.leaves import leaf_for, leaf_judging

    for game, players in (("changcheng", 2), ("ming", 3), ("dragon", 5)):
        own = games.bot_settings(game).evaluate_all
        assert own is not None
        shipped, rebuilt = leaf_for(game), leaf_judging(game, own)
        assert shipped is not None
        for seed in (1, 2):
            a, b = (games.create(game, players=players, seed=seed) for _ in range(2))
            assert rebuilt(a, Rng(seed)) == shipped(b, Rng(seed)) and a.history == b.history
    flat = leaf_judging("ming", lambda state: [0.0] * state.players)
    assert flat(games.create("ming", players=2, seed=1), Rng(1)) == [0.5, 0.5]
    # Dragon at 2 players plays out to the end: the values are never asked.
    asked: list[int] = []

    def counting(state: State) -> list[float]:
        asked.append(1)
        return [0.0] * state.players

    table: State = games.create("dragon", players=2, seed=1)
    leaf_judging("dragon", counting)(table, Rng(1))
    assert table.is_over and not asked


def _chang_cheng_turn_with_many_options() -> State:
    state = games.create("changcheng", players=2, seed=3)
    rng = Rng(3)
    while len(state.legal_actions()) < 40:  # past the first turns: two-item actions open
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    return state


def test_greedy_beam_follows_only_the_best_options_of_each_family() -> None:
    from dragontable.bots.greedy import GreedyBot
    from dragontable.bots.heuristics import evaluator

    state = _chang_cheng_turn_with_many_options()
    seat = state.current_player
    assert seat is not None
    legal = state.legal_actions()
    bot = GreedyBot(evaluator("changcheng"), seed=1, beam=1)
    world = state.determinize(seat, 5)
    shortlist = bot._shortlist(world, seat, legal, 1)
    families = {a.split(" ", 1)[0] for a in legal}
    assert len(shortlist) == len(families) < len(legal)
    for kept in shortlist:
        family = kept.split(" ", 1)[0]
        rivals = [a for a in legal if a.split(" ", 1)[0] == family]
        assert bot._step(world, seat, kept) == max(bot._step(world, seat, a) for a in rivals)
    # a beam wider than every family keeps every option: the same choice as no beam
    wide = GreedyBot(evaluator("changcheng"), seed=1, beam=len(legal) - 1)
    full = GreedyBot(evaluator("changcheng"), seed=1)
    assert wide.choose(state) == full.choose(state)
    assert bot.choose(state) in legal


def test_mcts_overrules_its_default_move_only_by_the_margin() -> None:
    from dragontable.bots.greedy import GreedyBot
    from dragontable.bots.heuristics import evaluator
    from dragontable.bots.mcts import MctsBot

    def greedy() -> GreedyBot:
        return GreedyBot(evaluator("ming"), seed=9)

    state = games.create("ming", players=2, seed=5)
    rng = Rng(5)
    while True:  # a decision where the search and greedy disagree
        legal = state.legal_actions()
        if len(legal) > 2:
            greedy_move = greedy().choose(state)
            own = MctsBot(seed=2, iterations=200).choose(state)
            if own != greedy_move:
                break
        state.apply(legal[rng.below(len(legal))])
    deferring = MctsBot(seed=2, iterations=200, default=greedy(), margin=2.0)
    assert deferring.choose(state) == greedy_move  # rewards lie in [0, 1]: never sure enough
    trusting = MctsBot(seed=2, iterations=200, default=greedy(), margin=-2.0)
    assert trusting.choose(state) == own


def test_ming_mcts_is_rollouts_over_greedy_with_the_games_settings() -> None:
    """Ming Dynasty's heuristic asks for the rollout search: ``mcts`` there is the
    rollout bot with the game's candidates and depth, an iteration budget priced at
    ``rollout.iterations`` iterations a rollout, and one process."""
    from dragontable.bots.mcts import MctsBot
    from dragontable.bots.rollout import RolloutBot
    from dragontable.games.ming import heuristic

    found = games.bot_settings("ming").rollout
    assert found is not None and found is heuristic.SETTINGS.rollout
    assert (found.candidates, found.horizon, found.iterations) == (3, 16, 250)
    bot = make_bot(f"mcts:{found.iterations * 2 + 1}", "ming", 1)
    assert isinstance(bot, RolloutBot) and bot.rollouts == 3
    assert (bot.candidates, bot.horizon) == (found.candidates, found.horizon)
    timed = make_bot("mcts:2s", "ming", 1, max_seconds=0.5)
    assert isinstance(timed, RolloutBot) and timed.rollouts is None and timed.limit == 0.5
    with pytest.raises(OptionError, match="one process"):
        make_bot("mcts:2s:2", "ming", 1)
    assert games.bot_settings("dragon").rollout is None
    assert games.bot_settings("changcheng").rollout is None
    assert isinstance(make_bot("mcts:50", "dragon", 1), MctsBot)


def test_a_rollout_search_must_say_how_with_positive_whole_numbers() -> None:
    from dragontable.core.botsettings import RolloutSearch

    with pytest.raises(OptionError, match="horizon must be a positive whole number, not 0"):
        RolloutSearch(candidates=3, horizon=0, iterations=250)
    with pytest.raises(OptionError, match="candidates must be a positive whole number"):
        RolloutSearch(candidates=True, horizon=16, iterations=250)
