"""Play any game in the terminal: humans and bots in any seat, hot-seat undo, records."""

from __future__ import annotations

import re
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.columns import Columns
from rich.console import Console
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from .bots import Bot
from .core.errors import DragontableError, Refusal
from .core.messages import default_seat_name, render, template
from .core.state import State
from .games import replay, replay_steps, save_record

RULE = re.compile(r"^\s*=+(\s+=+)*\s*$")
"""A reStructuredText table rule (``=====  =====``)."""
CELLS = re.compile(r"^(\S.*?)\s{2,}(\S.*)$")
"""A two-column table row: the cells are parted by two spaces or more."""
HELP = """Type the number of an action, or its notation. Other commands:
  help     this text and the game's notation
  log      the whole game log so far
  undo     take back your last decision (hot-seat games only)
  save     save the game record now
  quit     save the game record and leave"""


class TerminalGame:
    """One game at the terminal. ``humans`` are seats typed at the keyboard."""

    def __init__(
        self,
        state: State,
        humans: set[int],
        bots: dict[int, Bot],
        names: list[str],
        save_path: Path,
        console: Console | None = None,
        read: Callable[[str], str] | None = None,
    ) -> None:
        self.state = state
        self.humans = humans
        self.bots = bots
        self.names = names
        self.save_path = save_path
        self.console = console or Console()
        self.read = read or self.console.input
        self.hotseat = len(humans) > 1 and not bots
        self.checkpoints: list[int] = []
        self.shown = 0

    # -- output ------------------------------------------------------------------------
    def viewer(self) -> int | None:
        """Whose knowledge the screen shows: the current human in hot-seat, else the human."""
        if self.hotseat:
            return self.state.current_player
        return next(iter(self.humans)) if len(self.humans) == 1 else None

    def show_log(self) -> None:
        entries = self.state.log_for(self.viewer(), self.shown)
        self.shown = len(self.state.log)
        for entry in entries:
            self.console.print(Text("· " + render(entry, names=self.names), style="dim"))

    def show_table(self) -> None:
        draw = self.state.game.render_text
        self.console.print(Rule())
        if draw is None:
            self.console.print_json(data=self.state.view(self.viewer()))
        else:
            self.console.print(draw(self.state, self.viewer(), self.names))

    def show_actions(self, legal: list[str]) -> None:
        self.console.print(Text(render(self.state.prompt(), names=self.names), style="bold"))
        items = [f"[cyan]{i:>2}[/] {a}" for i, a in enumerate(legal, start=1)]
        self.console.print(Columns(items, padding=(0, 3)))

    def show_end(self) -> None:
        self.show_log()
        self.show_table()
        table = Table(title="Final scores")
        scores = self.state.scores()
        ranking = self.state.ranking()
        sources = sorted({k for s in scores for k in s["breakdown"]})
        table.add_column("")
        for place, seat in enumerate(ranking, start=1):
            table.add_column(f"{place}. {self.names[seat]}", justify="right")
        for src in sources:
            label = template(f"{self.state.game.name}.source.{src}") or src.replace("_", " ")
            table.add_row(label, *[str(scores[s]["breakdown"].get(src, 0)) for s in ranking])
        table.add_row("total", *[str(scores[s]["total"]) for s in ranking], style="bold")
        self.console.print(table)
        winners = ", ".join(self.names[s] for s in self.state.winners())
        self.console.print(Text(f"Winner: {winners}", style="bold green"))

    # -- input ---------------------------------------------------------------------------
    def command(self, text: str, legal: list[str]) -> str | None:
        """Handle a command; return an action to apply, or None to ask again."""
        word = text.strip()
        if word.isdigit():
            n = int(word)
            if 1 <= n <= len(legal):
                return legal[n - 1]
            self.console.print(f"[red]No action {n}: choose 1-{len(legal)}.[/]")
            return None
        lower = word.lower()
        if lower in ("help", "?", "h"):
            self.console.print(HELP, markup=False)
            module = sys.modules.get(self.state.game.parse_action.__module__)
            if module is not None and module.__doc__:
                self.console.print(plain_text(module.__doc__), markup=False)
            return None
        if lower == "log":
            for entry in self.state.log_for(self.viewer()):
                self.console.print("· " + render(entry, names=self.names))
            return None
        if lower == "undo":
            self.undo()
            return None
        if lower == "save":
            self.console.print(f"Saved to {save_record(self.state, self.save_path, self.names)}")
            return None
        if lower in ("quit", "exit", "q"):
            raise KeyboardInterrupt
        return word

    def undo(self) -> None:
        if not self.hotseat:
            self.console.print("[red]Undo is for hot-seat games only.[/]")
            return
        if not self.checkpoints:
            self.console.print("[red]Nothing to undo.[/]")
            return
        keep = self.checkpoints.pop()
        record = self.state.record()
        record["actions"] = record["actions"][:keep]
        self.state = replay(record)
        self.shown = len(self.state.log)
        self.console.print(f"[yellow]Undone: back to action {keep}.[/]")
        self.show_table()

    def human_turn(self) -> None:
        legal = self.state.legal_actions()
        if len(legal) == 1:
            self.state.apply(legal[0])
            return
        self.show_log()
        self.show_table()
        self.show_actions(legal)
        while True:
            try:
                text = self.read(f"{self.names[self.state.current_player or 0]}> ")
            except EOFError:
                raise KeyboardInterrupt from None
            undone = len(self.checkpoints)
            action = self.command(text, legal)
            if len(self.checkpoints) < undone:  # undo moved the game back
                return
            if action is None:
                continue
            try:
                before = len(self.state.history)
                self.state.apply(action)
            except DragontableError as exc:
                self.console.print(Text(self.reason(exc), style="red"))
                continue
            self.checkpoints.append(before)
            return

    def reason(self, exc: DragontableError) -> str:
        """Why an action was refused, seats by name."""
        if isinstance(exc, Refusal):
            return render(exc.message, names=self.names)
        return str(exc)

    def bot_turn(self, seat: int) -> None:
        bot = self.bots[seat]
        if getattr(bot, "name", "") == "mcts" and len(self.state.legal_actions()) > 1:
            with self.console.status(f"{self.names[seat]} is thinking…"):
                action = bot.choose(self.state)
        else:
            action = bot.choose(self.state)
        self.state.apply(action)

    def run(self) -> State:
        """Play to the end (or until quit); the record is saved either way."""
        try:
            while not self.state.is_over:
                seat = self.state.current_player
                assert seat is not None
                if seat in self.bots:
                    self.bot_turn(seat)
                else:
                    self.human_turn()
            self.show_end()
        except KeyboardInterrupt:
            self.console.print("\n[yellow]Game left.[/]")
        path = save_record(self.state, self.save_path, self.names)
        self.console.print(
            f"Game record saved to {path} (dragontable replay {path}; resume with --resume)."
        )
        return self.state


def plain_text(doc: str) -> str:
    """A notation docstring (reStructuredText) as plain text: no ````code```` marks and no
    table rules, the table's columns kept aligned."""
    out, column = [], 0
    for line in textwrap.dedent(doc).splitlines():
        if RULE.match(line):
            column = len(line.split()[0]) + 2 if not column else 0  # a table opens or closes
            continue
        line = line.replace("``", "")
        if column and (cells := CELLS.match(line)):
            line = f"{cells.group(1):<{column - 2}}  {cells.group(2)}"
        out.append(line)
    return "\n".join(out).strip()


def record_names(data: dict[str, Any], lang: str = "en") -> list[str]:
    """The players' names of a record: its own, else "Player N" in ``lang``."""
    names = data.get("names")
    if isinstance(names, list) and all(isinstance(n, str) and n for n in names):
        return list(names)
    return [default_seat_name(s, lang=lang) for s in range(data["players"])]


def step_through(
    data: dict[str, Any], console: Console, read: Callable[[str], str], viewer: int | None = None
) -> None:
    """Step through a record: Enter = next, b = back, a number = go to that action, q = quit."""
    states = [s.clone() for s in replay_steps(data)]
    names = record_names(data)
    i = 0
    while True:
        state = states[i]
        console.print(Rule(f"action {i} of {len(states) - 1}" + moved(states, data, i, names)))
        draw = state.game.render_text
        console.print(draw(state, viewer, names) if draw else state.view(viewer))
        if state.is_over:
            totals = state.scores()
            ranking = ", ".join(f"{names[s]}: {totals[s]['total']}" for s in state.ranking())
            console.print(Text(f"Final scores: {ranking}"))
        try:
            cmd = read("[Enter] next, b back, N go to, q quit> ").strip().lower()
        except EOFError:
            return
        if cmd in ("q", "quit"):
            return
        if cmd == "b":
            i = max(0, i - 1)
        elif cmd.isdigit():
            i = min(int(cmd), len(states) - 1)
        elif i < len(states) - 1:
            i += 1
        else:
            return


def moved(states: list[State], data: dict[str, Any], i: int, names: list[str]) -> str:
    """ ": Ann — Take an old monk" for action ``i`` (its label among its seat's choices)."""
    if i == 0:
        return ""
    before, action = states[i - 1], data["actions"][i - 1]
    seat = before.current_player
    if seat is None:
        return f": {action}"
    labels = {c["action"]: c["label"] for c in before.choices(seat, "en", names)}
    return f": {names[seat]} — {labels.get(action, action)}"
