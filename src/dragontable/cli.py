"""The ``dragontable`` command: play, replay, simulate, bench, review, games."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from . import games
from .argtypes import game_range, positive_int
from .bots import default_bot, make_bot
from .core.datafiles import configure_data_dirs
from .core.errors import DragontableError, OptionError
from .core.state import State
from .games import load_record, replay
from .review import DEFAULT_ITERATIONS as DEFAULT_REVIEW_ITERATIONS
from .strength import REPORT as STRENGTH_REPORT
from .strength import RESULTS as STRENGTH_RESULTS


def _options(args: argparse.Namespace) -> dict[str, Any]:
    opts: dict[str, Any] = {}
    if getattr(args, "options", None):
        try:
            loaded = json.loads(args.options)
        except json.JSONDecodeError as exc:
            raise OptionError(f"--options is not valid JSON: {exc}") from None
        if not isinstance(loaded, dict):
            raise OptionError(
                '--options must be a JSON object like \'{"great_wall": "choose_tile"}\''
            )
        opts.update(loaded)
    for item in getattr(args, "option", None) or []:
        key, sep, value = item.partition("=")
        if not sep:
            raise OptionError(f"--option takes key=value, not {item!r}")
        opts[key] = int(value) if value.isdigit() else value
    return opts


def cmd_play(args: argparse.Namespace) -> int:
    from rich.console import Console

    from .terminal import TerminalGame

    console = Console(no_color=args.no_color)
    if args.resume:
        record = load_record(args.resume)
        state = replay(record)
        players = state.players
    else:
        state = games.create(
            args.game, players=args.players, seed=args.seed, options=_options(args)
        )
        players = args.players
    if args.hotseat:
        humans = set(range(players))
    else:
        if not 1 <= args.seat <= players:
            raise OptionError(f"--seat must be between 1 and {players}, not {args.seat}")
        humans = {args.seat - 1}
    bot_seats = [s for s in range(players) if s not in humans]
    specs = [args.bot or default_bot(state.game.name)] * len(bot_seats)
    if args.bots:
        specs = [b.strip() for b in args.bots.split(",")]
        if len(specs) != len(bot_seats):
            raise OptionError(f"--bots names {len(specs)} bots for {len(bot_seats)} bot seats")
    bots = {
        s: make_bot(spec, state.game.name, seed=state.seed + 1000 * s)
        for s, spec in zip(bot_seats, specs, strict=True)
    }
    names = [
        (args.name or f"Player {s + 1}")
        if s in humans and not args.hotseat
        else (f"Player {s + 1}" if s in humans else f"Bot {s + 1} ({bots[s].name})")
        for s in range(players)
    ]
    stamp = time.strftime("%Y%m%d-%H%M%S")
    save = Path(args.save) if args.save else Path("records") / f"{state.game.name}-{stamp}.json"
    TerminalGame(state, humans, bots, names, save, console).run()
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    from rich.console import Console

    from .terminal import record_names, step_through

    console = Console(no_color=args.no_color)
    data = load_record(args.file)
    if args.final or not sys.stdin.isatty():
        state = replay(data)
        draw = state.game.render_text
        console.print(draw(state, None, record_names(data)) if draw else state.view(None))
        summary = {
            "actions": len(data["actions"]),
            "over": state.is_over,
            "scores": state.scores(),
            "ranking": state.ranking(),
        }
        print(json.dumps(summary), flush=True)
        return 0
    step_through(data, console, console.input)
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    from .simulate import simulate

    result = simulate(
        args.game,
        players=args.players,
        games_=args.games,
        seed=args.seed,
        options=_options(args),
        progress=not args.quiet,  # on stderr: the JSON on stdout stays clean
        ray=args.ray,
    )
    if args.json:
        print(json.dumps(result, indent=1))
    else:
        for key, value in result.items():
            print(f"{key:>16}: {value}")
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    from .simulate import bench

    names = [args.game] if args.game else games.names()
    print(json.dumps(bench(names, seconds=args.seconds, seed=args.seed), indent=1))
    return 0


def cmd_tournament(args: argparse.Namespace) -> int:
    from .tournament import markdown, tournament

    specs = [b.strip() for b in args.bots.split(",")]
    result = tournament(
        args.game,
        args.players,
        specs,
        args.games,
        seed=args.seed,
        workers=args.workers,
        options=_options(args),
        progress=not args.quiet,  # on stderr: the JSON on stdout stays clean
        ray=args.ray,
    )
    if args.json:
        print(json.dumps(result, indent=1))
    else:
        print(markdown(result))
    return 0


def cmd_strength(args: argparse.Namespace) -> int:
    from pathlib import Path

    from .strength import SHIPPED_COMMAND, report, run, select

    matchups = select(args.only)
    results = Path(args.results)
    if not args.report_only:
        run(matchups, results, workers=args.workers, progress=not args.quiet, games=args.games)
    if args.games is not None:
        # a share of a matchup: its file is joined with the others' before a report
        print(
            f"dragontable: games {args.games.start}-{args.games.stop - 1} in {results}",
            file=sys.stderr,
        )
        return 0
    # the figures do not depend on the number of workers (seats and seeds are fixed)
    text = report(select(None), results, SHIPPED_COMMAND)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text, encoding="utf-8")
    print(f"dragontable: wrote {args.out}", file=sys.stderr)
    return 0


def cmd_hint(args: argparse.Namespace) -> int:
    from .bots.mcts import parallel_search
    from .core.messages import LANGUAGES, format_key, render
    from .terminal import record_names

    if args.iterations <= 0 or (args.seconds is not None and not args.seconds > 0):
        raise OptionError("the search budget must be positive: --iterations N or --seconds S")
    if args.processes <= 0:
        raise OptionError("--processes must be at least 1")
    if args.lang not in LANGUAGES:
        raise OptionError(f"--lang must be one of {', '.join(LANGUAGES)}, not {args.lang!r}")
    data = load_record(args.file)
    state, names = replay(data), record_names(data, args.lang)
    if state.is_over:
        raise OptionError("the game in this record is over: there is no move to hint")
    budget = args.iterations if args.seconds is None else None
    settings = games.bot_settings(state.game.name)
    if settings.rollout is not None:
        return _rollout_hint(state, args, budget, names)
    reuse = settings.world_reuse
    result = parallel_search(
        state, args.processes, budget, args.seconds, seed=args.seed, reuse=reuse
    )
    print(render(state.prompt(), args.lang, names))
    seat = (state.current_player or 0) + 1
    print(format_key("core.hint.search", args.lang, iterations=result.iterations, n=seat))
    _print_hints(state, result.top(args.top), "core.hint.visits", args.lang, names)
    return 0


def _print_hints(
    state: State, ranked: list[tuple[str, int, float]], unit: str, lang: str, names: list[str]
) -> None:
    """The searched actions, best first by the seat's win chance after each, the figure a
    game review gives the move if played (as the table's Hint button shows them), each
    with its label in ``lang`` and the search's figures (``unit``: their message key)."""
    from .core.messages import format_key
    from .review import chance_after

    labels = {c["action"]: c["label"] for c in state.choices(state.current_player, lang, names)}
    judged = [chance_after(state, action, DEFAULT_REVIEW_ITERATIONS) for action, _, _ in ranked]
    print(format_key("core.hint.heading", lang))
    for i in sorted(range(len(ranked)), key=lambda i: -judged[i]):
        action, n, value = ranked[i]
        chance = format_key("core.hint.chance", lang, chance=f"{judged[i]:>4.0%}")
        figures = format_key(unit, lang, value=f"{value:.3f}", n=n)
        print(f"  {action:<24} {chance}  {labels.get(action, action)}  ({figures})")


def _rollout_hint(
    state: State, args: argparse.Namespace, iterations: int | None, names: list[str]
) -> int:
    """``dragontable hint`` where the game's bot searches by rollouts (Ming Dynasty)."""
    from .bots.rollout import RolloutBot
    from .core.messages import format_key, render

    budget = f"{args.seconds}s" if iterations is None else str(iterations)
    bot = make_bot(f"mcts:{budget}:{args.processes}", state.game.name, args.seed)
    assert isinstance(bot, RolloutBot)
    ranked = bot.ranked(state)[: args.top]
    print(render(state.prompt(), args.lang, names))
    print(
        format_key(
            "core.hint.rollouts",
            args.lang,
            candidates=bot.candidates,
            horizon=bot.horizon,
            worlds=ranked[0][1],
            n=(state.current_player or 0) + 1,
        )
    )
    _print_hints(state, ranked, "core.hint.rollout_count", args.lang, names)
    return 0


def cmd_review(args: argparse.Namespace) -> int:
    from .core.messages import LANGUAGES
    from .review import describe, review_record, text_lines
    from .terminal import record_names

    data = load_record(args.file)
    players = data["players"]
    if args.seat is not None and not 1 <= args.seat <= players:
        raise OptionError(f"--seat must be between 1 and {players}, not {args.seat}")
    if args.lang not in LANGUAGES:
        raise OptionError(f"--lang must be one of {', '.join(LANGUAGES)}, not {args.lang!r}")
    seats = range(players) if args.seat is None else [args.seat - 1]
    names = record_names(data, args.lang)
    reviews = []
    for seat in seats:
        with _review_bar(not args.json and not args.quiet, names[seat]) as tick:
            review = review_record(data, seat, args.iterations, tick)
        reviews.append(describe(data, review, args.lang, names))
    if args.json:
        print(json.dumps(reviews[0] if args.seat is not None else reviews, indent=1))
    else:
        for review in reviews:
            print("\n".join(text_lines(review, names, args.lang)))
    return 0


@contextlib.contextmanager
def _review_bar(enabled: bool, name: str) -> Iterator[Callable[[int, int], None] | None]:
    """A progress bar on stderr while one seat is reviewed; yields its ``progress`` callback."""
    if not enabled:
        yield None
        return
    from rich.console import Console
    from rich.progress import Progress

    with Progress(console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(f"reviewing {name}", total=None)

        def tick(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield tick


def cmd_games(args: argparse.Namespace) -> int:
    for name in games.names():
        game = games.get(name)
        print(f"{name}: {game.title} ({game.min_players}-{game.max_players} players)")
        for spec in game.options:
            print(f"  {spec.name} = {spec.default!r}  ({spec.allowed()})")
    return 0


DATA_DIR_COMMANDS = ("play", "replay", "review", "serve", "games", "bots")
DATA_DIR_HELP = (
    "a folder of more maps and boards, offered by file name (repeatable): "
    "DIR/ming/maps/NAME.json for the Ming Dynasty option map=NAME, "
    "DIR/changcheng/boards/NAME.json for the Chang Cheng option boards_file=NAME"
)


def ray_arg(p: argparse.ArgumentParser) -> None:
    """``--ray [ADDRESS]``: the games as Ray tasks (``dragontable.distributed``)."""
    p.add_argument(
        "--ray",
        nargs="?",
        const="",
        default=None,
        metavar="ADDRESS",
        help="play the games as Ray tasks on the cluster at ADDRESS (without one: this "
        "machine's cluster, else a new local one); same results as a local run",
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="dragontable", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)

    def game_args(p: argparse.ArgumentParser, players: int | None = 4) -> None:
        p.add_argument("game", help="dragon, ming or changcheng")
        p.add_argument("--players", type=int, default=players, help="number of players")
        p.add_argument("--seed", type=int, default=None, help="random seed (reproducible games)")
        p.add_argument("--options", help="game options as a JSON object")
        p.add_argument(
            "--option", action="append", metavar="KEY=VALUE", help="one game option (repeatable)"
        )

    p = sub.add_parser("play", help="play in the terminal against bots or hot-seat")
    game_args(p)
    p.add_argument("--hotseat", action="store_true", help="every seat is a human at this keyboard")
    p.add_argument("--seat", type=int, default=1, help="your seat (1-based) against bots")
    p.add_argument(
        "--bot",
        help="bot for the other seats: random, greedy, mcts, mcts:2s, mcts:800 "
        "(default: greedy where the game has one, else random)",
    )
    p.add_argument("--bots", help="one bot per other seat, comma-separated: greedy,mcts:2s,random")
    p.add_argument("--name", help="your name (default: Player N)")
    p.add_argument("--save", help="where to save the game record")
    p.add_argument("--resume", help="continue a saved game record")
    p.add_argument("--no-color", action="store_true")
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("replay", help="step through a saved game record")
    p.add_argument("file")
    p.add_argument("--final", action="store_true", help="print only the final position")
    p.add_argument("--no-color", action="store_true")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("simulate", help="play random-legal games and report statistics")
    game_args(p)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    ray_arg(p)
    p.set_defaults(func=cmd_simulate, seed=None)

    p = sub.add_parser("bench", help="benchmark apply()/s and random games/s (JSON)")
    p.add_argument("--game", help="one game only (default: all)")
    p.add_argument(
        "--seconds",
        type=float,
        default=2.0,
        help="CPU seconds per measurement (this thread's: the figures are what one core does)",
    )
    p.add_argument("--seed", type=int, default=1)
    p.set_defaults(func=cmd_bench)

    p = sub.add_parser("tournament", help="bots against each other, seats rotated")
    p.add_argument("--game", required=True)
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--bots", required=True, help="one bot per seat: mcts:1s,greedy,greedy,greedy")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--workers", type=int, default=1, help="processes to play games in parallel")
    p.add_argument("--options", help="game options as a JSON object")
    p.add_argument("--option", action="append", metavar="KEY=VALUE")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--markdown", action="store_true", help="print a Markdown table (default)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    ray_arg(p)
    p.set_defaults(func=cmd_tournament)

    p = sub.add_parser("strength", help="play the bot-strength plan and write its report")
    p.add_argument("--workers", type=int, default=1, help="processes to play games in parallel")
    p.add_argument("--only", action="append", metavar="MATCHUP", help="run only this matchup")
    p.add_argument(
        "--results",
        default=str(STRENGTH_RESULTS),
        help=f"folder of game results (default: {STRENGTH_RESULTS} under the current directory)",
    )
    p.add_argument(
        "--out",
        default=str(STRENGTH_REPORT),
        help=f"where to write the report (default: {STRENGTH_REPORT} under the current "
        "directory; docs/strength.md at a checkout's root for the shipped one)",
    )
    p.add_argument("--report-only", action="store_true", help="write the report, play nothing")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument(
        "--games",
        type=game_range,
        metavar="FROM-TO",
        help="play only these game numbers and write no report (split a matchup between machines, join the files, then --report-only)",
    )
    p.set_defaults(func=cmd_strength)

    p = sub.add_parser("hint", help="the search bot's best actions at a record's last position")
    p.add_argument("file")
    p.add_argument("--iterations", type=int, default=2000)
    p.add_argument("--seconds", type=float, help="CPU seconds of search instead of iterations")
    p.add_argument("--processes", type=int, default=1, help="search trees in parallel processes")
    p.add_argument("--top", type=int, default=5)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--lang", default="en", help="language of the prompt and moves: en, pl, uk, zh")
    p.set_defaults(func=cmd_hint)

    p = sub.add_parser(
        "review",
        help="judge each decision of a record's seats by the search: win chance before and "
        "after, the better move, inaccuracies, mistakes and blunders",
    )
    p.add_argument("file")
    p.add_argument("--seat", type=int, help="the seat to review (1-based; default: every seat)")
    p.add_argument(
        "--iterations",
        type=positive_int,
        default=DEFAULT_REVIEW_ITERATIONS,
        help=f"search iterations per decision (default {DEFAULT_REVIEW_ITERATIONS})",
    )
    p.add_argument(
        "--json", action="store_true", help="print JSON (one review; a list without --seat)"
    )
    p.add_argument(
        "--lang", default="en", help="language of the review and the moves: en, pl, uk, zh"
    )
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=cmd_review)

    from .server.commands import add_parsers as add_server_parsers

    add_server_parsers(sub)  # dragontable serve, dragontable bots
    p = sub.add_parser("games", help="list the games and their options")
    p.set_defaults(func=cmd_games)
    from .rules_cli import add_parser as add_rules_parser

    add_rules_parser(sub)  # dragontable rules
    for command in DATA_DIR_COMMANDS:
        sub.choices[command].add_argument(
            "--data-dir", action="append", type=Path, metavar="DIR", help=DATA_DIR_HELP
        )
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        configure_data_dirs(getattr(args, "data_dir", None) or [])
        return int(args.func(args))
    except DragontableError as exc:
        print(f"dragontable: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader went away (``dragontable games | head``)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141  # as a shell reports a command ended by SIGPIPE


if __name__ == "__main__":
    sys.exit(main())
