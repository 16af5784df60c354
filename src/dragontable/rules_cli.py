"""``dragontable rules GAME [--lang pl|uk|zh] [--section ID]``: the rules in the terminal.

The same sections as the rules page (``rulebook``); with ``--section`` only that section,
and each of its examples drawn as the terminal draws a table (the game's ``render_text``).
"""

from __future__ import annotations

import argparse

from rich.console import Console, Group, RenderableType
from rich.padding import Padding
from rich.rule import Rule
from rich.text import Text

from . import games, rulebook


def _blocks(section: rulebook.Section) -> list[RenderableType]:
    out: list[RenderableType] = []
    for block in section.body:
        if "p" in block:
            out.append(Text(block["p"]))
        else:
            numbered = "steps" in block
            for i, item in enumerate(block["steps"] if numbered else block["list"], 1):
                mark = f"{i}. " if numbered else "• "
                out.append(Padding(Text(mark + item), (0, 0, 0, 2)))
        out.append(Text(""))
    return out


def _example(game: str, ex: dict[str, str], board: bool) -> list[RenderableType]:
    out: list[RenderableType] = [Text(ex["caption"], style="italic")]
    render = games.get(game).render_text
    if board and render is not None:
        example = rulebook.example(game, ex["id"])
        state = rulebook.replay_example(example)
        out.append(render(state, None, list(example.names)))
    out.append(Text(""))
    return out


def render_rules(game: str, lang: str = "en", section: str | None = None) -> Group:
    """The rules of ``game`` (one ``section`` with its example boards, or all) for rich."""
    book = rulebook.load(rulebook.check_game(game), lang)
    parts: list[RenderableType] = [Text(book.title, style="bold")]
    sections = [book.section(section)] if section else list(book.sections)
    if not section:
        parts.append(Text(book.intro))
    for s in sections:
        parts.append(Rule(Text(f"{s.title}  #{s.id}"), align="left"))
        parts.extend(_blocks(s))
        for ex in s.examples:
            parts.extend(_example(game, ex, board=section is not None))
    return Group(*parts)


def cmd_rules(args: argparse.Namespace) -> int:
    console = Console(no_color=args.no_color)
    console.print(render_rules(games.get(args.game).name, args.lang, args.section))
    return 0


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("rules", help="print a game's rules (the rules page's text)")
    p.add_argument("game", help=", ".join(rulebook.RULEBOOK_GAMES))
    p.add_argument("--lang", choices=rulebook.LANGUAGES, default="en", help="language (en)")
    p.add_argument("--section", metavar="ID", help="only this section, with its example boards")
    p.add_argument("--no-color", action="store_true", help="plain text")
    p.set_defaults(func=cmd_rules)
