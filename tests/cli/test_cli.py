"""The dragontable command as a user meets it: play, replay, simulate, bench, errors."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console

from dragontable import games
from dragontable.bots import RandomBot, make_bot
from dragontable.cli import main
from dragontable.games import load_record, replay
from dragontable.terminal import TerminalGame, step_through


def run_cli(
    *args: str, stdin: str = "", cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "dragontable.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=120,
    )


def test_simulate_json_reports_games_scores_and_speed(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["simulate", "dragon", "--players", "4", "--games", "5", "--seed", "1", "--json"]) == 0
    )
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 5 and out["players"] == 4 and out["seed"] == 1
    assert out["score_min"] <= out["score_mean"] <= out["score_max"]
    assert sum(out["wins_by_seat"]) >= 5
    assert out["games_per_second"] > 0 and out["steps"] > 5 * 100


def test_simulate_is_reproducible_from_its_seed(capsys: pytest.CaptureFixture[str]) -> None:
    args = [
        "simulate",
        "dragon",
        "--players",
        "3",
        "--games",
        "3",
        "--seed",
        "9",
        "--json",
        "--options",
        '{"great_wall": "choose_tile", "great_event": "random"}',
    ]
    main(args)
    first = json.loads(capsys.readouterr().out)
    main(args)
    second = json.loads(capsys.readouterr().out)
    for key in ("score_mean", "score_min", "score_max", "wins_by_seat", "steps"):
        assert first[key] == second[key]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "dragon", "--players", "7"], "2-5 players, not 7"),
        (["simulate", "dragon", "--option", "great_wall=maybe"], "'great_wall'"),
        (["simulate", "dragon", "--options", "{not json"], "not valid JSON"),
        (["simulate", "dragon", "--option", "colour=red"], "unknown option 'colour'"),
        (["simulate", "chess"], "unknown game 'chess'"),
        (["replay", "/nonexistent/record.json"], "cannot read record"),
        (["serve", "--smtp", "mail.example.org"], "is not an SMTP URL: use smtp://"),
        (["serve", "--smtp", "smtp://h", "--public-url", "h:1"], "must start with http://"),
    ],
)
def test_bad_input_is_refused_with_a_clear_message(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize(
    ("games", "message"),
    [("32", "FROM-TO such as 32-63, not '32'"), ("63-32", "the last game number is below")],
)
def test_strength_refuses_a_bad_range_of_games(
    games: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as ended:
        main(["strength", "--games", games, "--results", str(tmp_path)])
    assert ended.value.code == 2 and message in capsys.readouterr().err
    assert not list(tmp_path.iterdir())


def test_strength_plays_a_share_of_a_matchup_and_writes_no_report(tmp_path: Path) -> None:
    """A lent machine plays its share of a matchup; the report waits for the joined file."""
    out = tmp_path / "strength.md"
    share = ["--games", "1-2", "--results", str(tmp_path), "--out", str(out), "--quiet"]
    assert main(["strength", "--only", "dragon-greedy-random-2p", *share]) == 0
    rows = [json.loads(x) for x in (tmp_path / "dragon-greedy-random-2p.jsonl").open()]
    assert sorted(r["g"] for r in rows) == [1, 2] and not out.exists()


def test_strength_writes_under_the_current_directory_by_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without --results and --out the games and the report go under the current
    directory, never into the package or a checkout's docs/strength.md."""
    shipped = Path(__file__).resolve().parents[2] / "docs" / "strength.md"
    before = shipped.read_bytes()
    monkeypatch.chdir(tmp_path)
    share = ["--only", "dragon-greedy-random-2p", "--games", "0-0", "--quiet"]
    assert main(["strength", *share]) == 0
    rows = (tmp_path / "results" / "strength" / "dragon-greedy-random-2p.jsonl").open()
    assert [json.loads(x)["g"] for x in rows] == [0]
    assert main(["strength", "--report-only"]) == 0
    report = (tmp_path / "results" / "strength.md").read_text(encoding="utf-8")
    assert "dragontable strength --workers 2 --out docs/strength.md" in report
    assert "| dragon-greedy-random-2p |" in report
    assert sorted(p.name for p in tmp_path.rglob("*")) == [
        "dragon-greedy-random-2p.jsonl",
        "results",
        "strength",
        "strength.md",
    ]
    assert shipped.read_bytes() == before


def test_bench_prints_json_per_player_count(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--game", "dragon", "--seconds", "0.05"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [r["players"] for r in out["results"]] == [2, 3, 4, 5]
    for r in out["results"]:
        assert r["games_per_second"] > 0 and r["apply_per_second"] > 0
        assert r["mcts_iterations_per_second"] > 0 and r["greedy_ms_per_move"] > 0


def test_play_against_bots_to_the_end_saves_a_record_that_replays(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    proc = run_cli(
        "play",
        "dragon",
        "--players",
        "3",
        "--seed",
        "5",
        "--save",
        str(save),
        "--no-color",
        stdin="1\n" * 400,
    )
    assert proc.returncode == 0, proc.stderr
    assert "Winner:" in proc.stdout and "Final scores" in proc.stdout
    record = load_record(save)
    final = replay(record)
    assert final.is_over
    again = run_cli("replay", str(save), "--final", "--no-color")
    assert again.returncode == 0
    assert json.loads(again.stdout.strip().splitlines()[-1])["ranking"] == final.ranking()


def test_leaving_early_saves_the_game_and_resume_continues_it(tmp_path: Path) -> None:
    save = tmp_path / "left.json"
    proc = run_cli(
        "play",
        "dragon",
        "--players",
        "2",
        "--seed",
        "2",
        "--save",
        str(save),
        "--no-color",
        stdin="1\n1\nquit\n",
    )
    assert proc.returncode == 0
    record = load_record(save)
    assert len(record["actions"]) > 0 and not replay(record).is_over
    proc = run_cli(
        "play",
        "dragon",
        "--resume",
        str(save),
        "--save",
        str(save),
        "--no-color",
        stdin="1\n" * 400,
    )
    assert proc.returncode == 0 and "Winner:" in proc.stdout
    resumed = load_record(save)
    assert resumed["actions"][: len(record["actions"])] == record["actions"]


def test_terminal_refuses_bad_input_and_keeps_asking(tmp_path: Path) -> None:
    state = games.create("dragon", players=2, seed=4)
    answers = iter(["999", "tax@9", "nonsense words", "help", "1", "quit"])
    console = Console(record=True, width=120)
    game = TerminalGame(
        state,
        {0, 1},
        {},
        ["Ann", "Bo"],
        tmp_path / "r.json",
        console,
        read=lambda _prompt: next(answers),
    )
    game.run()
    text = console.export_text()
    assert "No action 999" in text
    assert "cannot play tax@9 now: another decision is due:" in text
    assert "“nonsense words”: nonsense is not an action; expected one of" in text
    assert "seat 0" not in text.lower() and "Seat 1" not in text  # seats by name
    assert "Type the number of an action" in text
    assert "take Fo" in text and "``" not in text and "=====" not in text  # help as plain text
    assert "\ntax@2, refill          action card from group 2" in text  # its columns aligned
    assert len(game.state.history) == 1
    assert load_record(tmp_path / "r.json")["names"] == ["Ann", "Bo"]


def test_replay_names_the_players_from_the_record_or_by_default(tmp_path: Path) -> None:
    state = games.create("dragon", players=2, seed=4, options={"start_player": "seat_1"})
    while not state.is_over and len(state.history) < 3:
        state.apply(state.legal_actions()[0])
    record = state.record()
    for names, shown in ((["Ann", "Bo"], "Ann"), (None, "Player 1")):
        console = Console(record=True, width=160)
        data = record | ({"names": names} if names else {})
        answers = iter(["", "", "q"])

        def read(_prompt: str, a: Iterator[str] = answers) -> str:
            return next(a)

        step_through(data, console, read=read)
        text = console.export_text()
        assert f"action 1 of 3: {shown} — Take " in text
        assert "Seat 1" not in text and "Seat 2" not in text


def test_hotseat_undo_takes_back_the_last_decision(tmp_path: Path) -> None:
    state = games.create("dragon", players=2, seed=4)
    first_prompt = state.prompt()
    answers = iter(["1", "undo", "quit"])
    console = Console(record=True, width=120)
    game = TerminalGame(
        state,
        {0, 1},
        {},
        ["Ann", "Bo"],
        tmp_path / "r.json",
        console,
        read=lambda _prompt: next(answers),
    )
    game.run()
    assert game.state.history == []
    assert game.state.prompt() == first_prompt
    assert "Undone" in console.export_text()


def test_undo_is_refused_against_bots(tmp_path: Path) -> None:
    state = games.create("dragon", players=2, seed=4)
    answers = iter(["undo", "quit"])
    console = Console(record=True, width=120)
    game = TerminalGame(
        state,
        {0},
        {1: RandomBot(1)},
        ["Ann", "Bot"],
        tmp_path / "r.json",
        console,
        read=lambda _prompt: next(answers),
    )
    game.run()
    assert "hot-seat games only" in console.export_text()


def test_hint_ranks_legal_actions_at_the_records_last_position(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from dragontable.games import save_record

    state = games.create("dragon", players=3, seed=5)
    for _ in range(40):
        state.apply(state.legal_actions()[-1])
    path = save_record(state, tmp_path / "mid.json")
    assert main(["hint", str(path), "--iterations", "60", "--top", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    hinted = [line.split(" to win")[0].rsplit(None, 1) for line in lines if "visits" in line]
    assert 1 <= len(hinted) <= 3
    assert {action.strip() for action, _ in hinted} <= set(state.legal_actions())
    shown = [int(chance.rstrip("%")) for _, chance in hinted]
    assert shown == sorted(shown, reverse=True)  # best first by the chance shown, as the page


@pytest.mark.parametrize("lang", ["pl", "uk", "zh"])
def test_hint_speaks_the_language_asked_for(
    lang: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The prompt, the lines around the hints and each hinted move's label in ``lang``;
    the notation to type stays as it is."""
    from dragontable.core.messages import default_seat_name, render, template
    from dragontable.games import save_record

    state = games.create("dragon", players=2, seed=5)
    for _ in range(30):
        state.apply(state.legal_actions()[-1])
    path = save_record(state, tmp_path / "mid.json")
    assert main(["hint", str(path), "--iterations", "60", "--top", "2", "--lang", lang]) == 0
    out = capsys.readouterr().out.splitlines()
    names = [default_seat_name(seat, lang=lang) for seat in range(2)]
    assert out[0] == render(state.prompt(), lang, names)
    assert out[2] == template("core.hint.heading", lang)
    labels = {c["action"]: c["label"] for c in state.choices(state.current_player, lang)}
    hinted = out[3:]
    assert 1 <= len(hinted) <= 2
    for line in hinted:
        action = next(a for a in labels if line.strip().startswith(f"{a} "))
        assert labels[action] in line
        assert " to win" not in line
    assert main(["hint", str(path), "--lang", "xx"]) == 2
    assert "--lang must be one of en, pl, uk, zh" in capsys.readouterr().err


def test_hint_searches_in_parallel_processes_and_refuses_a_bad_budget(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from dragontable.games import save_record

    state = games.create("changcheng", players=2, seed=2)
    for _ in range(30):
        state.apply(state.legal_actions()[0])
    path = save_record(state, tmp_path / "changcheng.json")
    assert main(["hint", str(path), "--iterations", "80", "--processes", "2"]) == 0
    out = capsys.readouterr().out
    assert "iterations" in out
    hinted = [line.split()[0] for line in out.splitlines() if "visits" in line]
    assert hinted and {h.split()[0] for h in hinted} <= {
        a.split()[0] for a in state.legal_actions()
    }
    assert main(["hint", str(path), "--iterations", "0"]) == 2
    assert "budget must be positive" in capsys.readouterr().err


def test_a_ming_hint_is_the_bots_rollout_search(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ming Dynasty's bot searches by rollouts over greedy, and so does its hint: greedy's
    best options with their mean reward, the bot's move at that budget among them."""
    from dragontable.games import save_record

    found = games.bot_settings("ming").rollout
    assert found is not None
    state = games.create("ming", players=2, seed=2)
    while len(state.legal_actions()) < 4:
        state.apply(state.legal_actions()[0])
    path = save_record(state, tmp_path / "ming.json")
    budget = str(2 * found.candidates * found.iterations)
    assert main(["hint", str(path), "--iterations", budget, "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert f"rollouts over greedy's {found.candidates} best options" in out
    hinted = [
        line.split(" to win")[0].rsplit(None, 1)[0].strip()
        for line in out.splitlines()
        if line.endswith(", 2 rollouts)")
    ]
    assert len(hinted) == found.candidates and set(hinted) <= set(state.legal_actions())
    assert make_bot(f"mcts:{budget}", "ming", 3).choose(state.clone()) in hinted
    assert main(["hint", str(path), "--seconds", "1", "--processes", "2"]) == 2
    assert "runs in one process" in capsys.readouterr().err


def test_tournament_command_prints_a_markdown_table(capsys: pytest.CaptureFixture[str]) -> None:
    args = [
        "tournament",
        "--game",
        "dragon",
        "--players",
        "2",
        "--bots",
        "greedy,random",
        "--games",
        "2",
        "--seed",
        "1",
    ]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "| greedy |" in out and "| random |" in out


def test_a_reader_that_goes_away_ends_the_command_quietly() -> None:
    # `dragontable games | head -0`: the pipe's reading end is closed before any output
    read, write = os.pipe()
    os.close(read)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "dragontable.cli", "games"],
            stdout=write,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
        )
    finally:
        os.close(write)
    assert done.returncode == 141
    assert done.stderr == ""


SERVER_STACK = ("fastapi", "starlette", "sqlalchemy", "uvicorn", "pydantic", "psycopg")
WITHOUT_SERVER = f"""
import sys
class Absent:
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in {SERVER_STACK!r}:
            raise ModuleNotFoundError(f"No module named {{name!r}}")
sys.meta_path.insert(0, Absent())
from dragontable.cli import main
sys.exit(main(sys.argv[1:]))
"""


def test_offline_commands_run_without_the_server_stack() -> None:
    """A machine with only the game's own dependencies (a lent many-core machine playing
    the strength plan) runs the offline commands: only ``serve`` and ``bots`` load the
    server's stack."""
    command = ["--games", "2", "--seed", "1", "--json"]
    command = ["tournament", "--game", "dragon", "--bots", "random,greedy", *command]
    done = subprocess.run(
        [sys.executable, "-c", WITHOUT_SERVER, *command], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["games"] == 2
    for offline in ("strength", "bench", "review", "simulate"):
        helped = subprocess.run(
            [sys.executable, "-c", WITHOUT_SERVER, offline, "--help"],
            capture_output=True,
            text=True,
        )
        assert helped.returncode == 0 and "usage" in helped.stdout, helped.stderr
    served = subprocess.run(
        [sys.executable, "-c", WITHOUT_SERVER, "serve", "--port", "0"],
        capture_output=True,
        text=True,
    )
    assert served.returncode != 0 and "No module named 'fastapi'" in served.stderr


@pytest.mark.parametrize(
    "argv",
    [
        ["tournament", "--game", "dragon", "--bots", "random,random", "--json"],
        ["simulate", "dragon", "--json"],
    ],
)
def test_json_runs_keep_their_progress_bar_unless_quiet(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    """A long run printing JSON still shows its progress (the bar is on stderr, the JSON
    on stdout); ``--quiet`` turns the bar off."""
    import importlib

    asked: list[bool] = []

    def fake(*args: object, progress: bool = False, **kwargs: object) -> dict[str, int]:
        asked.append(progress)
        return {"games": 1}

    monkeypatch.setattr(importlib.import_module(f"dragontable.{argv[0]}"), argv[0], fake)
    assert main(argv) == 0
    assert json.loads(capsys.readouterr().out) == {"games": 1}
    assert main([*argv, "--quiet"]) == 0
    assert asked == [True, False]


@pytest.fixture
def taken_port() -> Iterator[int]:
    """A loopback port another program is listening on."""
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        yield int(other.getsockname()[1])


def test_serve_says_when_its_port_is_taken(
    taken_port: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = f"sqlite:///{tmp_path / 't.sqlite3'}"
    assert main(["serve", "--port", str(taken_port), "--db", db]) == 2
    err = capsys.readouterr().err
    assert f"port {taken_port} on 127.0.0.1 is already in use" in err
    assert "PORT=N make run" in err


def test_serve_listens_where_port_and_host_say(
    taken_port: int,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``make run`` passes PORT and HOST through the environment to ``serve``."""
    monkeypatch.setenv("PORT", str(taken_port))
    monkeypatch.setenv("HOST", "127.0.0.1")
    assert main(["serve", "--db", f"sqlite:///{tmp_path / 't.sqlite3'}"]) == 2
    assert f"port {taken_port} on 127.0.0.1 is already in use" in capsys.readouterr().err
    monkeypatch.setenv("PORT", "eighty")
    with pytest.raises(SystemExit):
        main(["serve"])
    assert "a port is a number 0-65535, not 'eighty'" in capsys.readouterr().err
