"""The game-agnostic core contract, exercised through In the Year of the Dragon."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from string import Formatter
from typing import Any, NoReturn

import pytest

from dragontable import games
from dragontable.core import messages
from dragontable.core import record as core_record
from dragontable.core.errors import DragontableError, OptionError, RecordError
from dragontable.core.game import Game
from dragontable.core.play import apply_forced, random_playout
from dragontable.core.rng import Rng
from dragontable.core.state import State
from dragontable.games import load_record, replay, replay_steps, save_record
from dragontable.games.dragon import DragonState
from dragontable.games.dragon import data as D
from dragontable.games.dragon.flow import ENGINE

CATALOG = messages.catalog("dragontable.games.dragon", "en")


# -- the registry -----------------------------------------------------------------------
def test_names_lists_dragon_and_every_name_resolves() -> None:
    names = games.names()
    assert "dragon" in names
    for name in names:
        assert games.get(name).name == name


def test_get_unknown_game_names_the_known_ones() -> None:
    with pytest.raises(OptionError, match=r"unknown game 'chess'; games: dragon"):
        games.get("chess")
    assert games.get("ityotd") is games.get("dragon")


# -- options, players, seed ----------------------------------------------------------------
def test_defaults_fill_every_option() -> None:
    st = games.create("dragon", players=3, seed=5)
    assert st.options == {
        "edition": 2017,
        "great_wall": "off",
        "great_wall_final_timing": "after_event",
        "great_event": "off",
        "great_event_timing": "before_decay",
        "open_hands": False,
        "start_player": "random",
    }


def test_unknown_option_names_it_and_the_known_ones() -> None:
    with pytest.raises(OptionError) as info:
        games.create("dragon", players=3, seed=1, options={"greatwall": "off"})
    text = str(info.value)
    assert "'greatwall'" in text and "great_wall" in text and "edition" in text


@pytest.mark.parametrize(
    ("option", "value", "allowed"),
    [
        ("great_wall", "maybe", "'off', 'choose_tile', 'random_tile'"),
        ("edition", 2010, "2017, 2007"),
        ("great_wall_final_timing", "never", "'after_event', 'after_round_scoring'"),
        ("great_event", "bogus", "'hidden_random', 'lantern', 'buddha', 'earthquake'"),
        ("great_event_timing", 7, "'before_decay', 'after_decay'"),
        ("open_hands", "perhaps", "use on/off"),
        ("start_player", "oldest", "'random', 'seat_1'"),
    ],
)
def test_bad_option_value_names_option_and_allowed_values(
    option: str, value: object, allowed: str
) -> None:
    with pytest.raises(OptionError) as info:
        games.create("dragon", players=3, seed=1, options={option: value})
    text = str(info.value)
    assert f"option {option!r}" in text and repr(value) in text
    assert allowed in text


@pytest.mark.parametrize(
    ("option", "value", "normalised"),
    [
        ("edition", "2007", 2007),
        ("open_hands", "on", True),
        ("open_hands", "off", False),
        ("great_event", "chosen:flood", "flood"),
        ("great_event", "hidden_random", "hidden_random"),
        ("great_event", "sunrise", "sunrise"),
    ],
)
def test_option_values_are_normalised(option: str, value: object, normalised: object) -> None:
    st = games.create("dragon", players=2, seed=1, options={option: value})
    assert st.options[option] == normalised
    assert st.record()["options"][option] == normalised


@pytest.mark.parametrize("players", [1, 6, 0, "3", 3.0, True, None])
def test_bad_player_count(players: Any) -> None:  # not an int count, on purpose
    with pytest.raises(OptionError, match="players|2-5 players"):
        games.create("dragon", players=players, seed=1)


@pytest.mark.parametrize("seed", [-1, "7", 1.5, True])
def test_bad_seed(seed: Any) -> None:  # not a seed, on purpose
    with pytest.raises(OptionError, match="seed must be a non-negative integer"):
        games.create("dragon", players=2, seed=seed)


def test_no_seed_draws_one_and_records_it() -> None:
    st = games.create("dragon", players=2)
    assert isinstance(st.seed, int) and st.seed >= 0
    assert replay(st.record()).to_json() == st.to_json()


def test_same_seed_same_game_other_seed_other_game() -> None:
    a, b, c = (games.create("dragon", players=4, seed=s) for s in (9, 9, 10))
    assert a == b
    for st in (a, b, c):
        random_playout(st, Rng(1))
    assert a.to_json() == b.to_json()
    assert a.to_json() != c.to_json()


# -- records ----------------------------------------------------------------------------
def played_game(seed: int = 3, **options: object) -> State:
    st = games.create("dragon", players=3, seed=seed, options=dict(options))
    random_playout(st, Rng(seed))
    return st


def test_record_save_load_replay(tmp_path: Path) -> None:
    st = played_game(great_wall="choose_tile", great_event="random")
    path = save_record(st, tmp_path / "games" / "one.json")
    data = load_record(path)
    assert data == st.record() and data["format"] == "dragontable-record/1"
    assert data["game"] == "dragon" and data["players"] == 3
    again = replay(data)
    assert again.to_json() == st.to_json() and again.scores() == st.scores()
    steps = list(replay_steps(data))
    assert len(steps) == len(data["actions"]) + 1


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda r: [], "a record must be a JSON object"),
        (lambda r: {**r, "format": "other/2"}, "unknown record format"),
        (lambda r: {k: v for k, v in r.items() if k != "game"}, "'game' is missing"),
        (lambda r: {**r, "players": "3"}, "'players' is missing or not a int"),
        (lambda r: {**r, "seed": None}, "'seed' is missing"),
        (lambda r: {**r, "actions": "refill"}, "'actions' is missing or not a list"),
        (lambda r: {**r, "actions": [1, 2]}, "list of notation strings"),
        (lambda r: {**r, "options": []}, "'options' must be an object"),
        (lambda r: {**r, "actions": [*r["actions"][:5], "refill"]}, "record action 6"),
        (lambda r: {**r, "actions": [*r["actions"][:2], "nonsense!"]}, "record action 3"),
        (lambda r: {**r, "actions": [*r["actions"], "refill"]}, "the game is over"),
    ],
)
def test_broken_records_raise_record_error(
    mutate: Callable[[dict[str, Any]], Any], message: str
) -> None:
    record = played_game().record()
    with pytest.raises(RecordError) as info:
        replay(mutate(record))
    assert message in str(info.value)


def test_core_replay_takes_the_game_lookup_from_its_caller() -> None:
    """core.record knows no game registry; games.replay passes games.get."""
    st = played_game()
    asked: list[str] = []

    def lookup(name: str) -> Game:
        asked.append(name)
        return games.get(name)

    assert core_record.replay(st.record(), lookup).to_json() == st.to_json()
    assert asked == ["dragon"]

    def unknown(name: str) -> NoReturn:
        raise OptionError(f"no game {name!r} here")

    with pytest.raises(RecordError, match="record cannot start its game: no game 'dragon' here"):
        core_record.replay(st.record(), unknown)


def test_unreadable_record_files(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="cannot read record"):
        load_record(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(RecordError, match="cannot read record"):
        load_record(bad)
    bad.write_text(json.dumps({"game": "dragon"}), encoding="utf-8")
    with pytest.raises(RecordError, match="'players'"):
        load_record(bad)


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: "state", "not a dragontable state snapshot"),
        (lambda d: {**d, "format": "dragontable-record/1"}, "format dragontable-state/1"),
        (lambda d: {**d, "game": "ityotd"}, "snapshot is of game 'ityotd', not 'dragon'"),
        (lambda d: {k: v for k, v in d.items() if k != "state"}, "lacks 'state'"),
    ],
)
def test_broken_snapshots_raise_record_error(
    mutate: Callable[[dict[str, Any]], Any], message: str
) -> None:
    data = games.create("dragon", players=2, seed=1).to_json()
    with pytest.raises(RecordError, match=message):
        games.from_json(mutate(data))


def test_errors_share_one_base() -> None:
    for error in (OptionError, RecordError):
        assert issubclass(error, DragontableError)


# -- drivers ------------------------------------------------------------------------------
def forced_flood(yuan: int) -> DragonState:
    options = {"great_event": "flood"}
    st = games.create("dragon", players=2, seed=1, options=options)
    for p in st.seats:
        p.yuan, p.rice, p.fireworks = 0, 0, 0
    st.seats[0].yuan = yuan
    st.round = 7
    st.tasks = [("scoring",), ("great",)]
    st._legal = None
    ENGINE.advance(st)
    return st


def test_apply_forced_applies_single_option_decisions_only() -> None:
    st = forced_flood(7)
    assert st.legal_actions() == ["flood yuan"]
    assert apply_forced(st) == 3
    assert st.history == ["flood yuan"] * 3  # forced decisions still go into the record
    assert st.seats[0].yuan == 4 and st.is_over

    fresh = games.create("dragon", players=2, seed=1)
    assert len(fresh.legal_actions()) > 1
    assert apply_forced(fresh) == 0 and fresh.history == []


def test_apply_forced_can_leave_a_seat_its_forced_decisions() -> None:
    st = forced_flood(7)
    assert apply_forced(st, stop_for=lambda seat: seat == 0) == 0
    assert st.history == []
    assert apply_forced(st, stop_for=lambda seat: seat == 1) == 3


# -- messages -----------------------------------------------------------------------------
def fields(template: str) -> set[str]:
    """The parameters a template uses (``{n[floor|floors]}`` uses ``n``)."""
    return {name.partition("[")[0] for _, name, _, _ in Formatter().parse(template) if name}


def collected_keys() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Log entries and prompts of random games covering every Great Event and the wall."""
    logs: list[dict[str, Any]] = []
    prompts: list[dict[str, Any]] = []
    modes = ["off", "hidden_random", *D.GREAT_EVENTS]
    for i, great in enumerate(modes):
        options = {"great_event": great, "great_wall": ("off", "choose_tile", "random_tile")[i % 3]}
        st = games.create("dragon", players=2 + i % 4, seed=i, options=options)
        rng = Rng(i)
        while not st.is_over:
            prompts.append(st.prompt())
            legal = st.legal_actions()
            st.apply(legal[rng.below(len(legal))])
        prompts.append(st.prompt())
        logs.extend(st.log)
    return logs, prompts


LOGS, PROMPTS = collected_keys()


@pytest.mark.parametrize("kind", ["log", "prompt"])
def test_every_emitted_key_has_an_english_template(kind: str) -> None:
    items = LOGS if kind == "log" else PROMPTS
    keys = {entry["key"] for entry in items}
    missing = sorted(k for k in keys if k not in CATALOG)
    assert not missing, f"no English template for {missing}"


@pytest.mark.parametrize("kind", ["log", "prompt"])
def test_every_entry_renders_from_its_template(kind: str) -> None:
    items = LOGS if kind == "log" else PROMPTS
    done: set[str] = set()
    for entry in items:
        if entry["key"] in done:
            continue
        done.add(entry["key"])
        template = CATALOG[entry["key"]]
        params = set(entry) - {"key", "to"}
        assert fields(template) <= params, (entry["key"], fields(template) - params)
        text = messages.render(entry, "en", names=["Ann", "Bo", "Cy", "Di", "Ed"])
        assert not text.startswith(entry["key"]), text
        if "seat" in fields(template):
            assert ["Ann", "Bo", "Cy", "Di", "Ed"][entry["seat"]] in text


def test_the_catalog_covers_every_decision_kind() -> None:
    for kind in ENGINE.options:
        assert f"dragon.prompt.{kind}" in CATALOG


def test_render_falls_back_to_the_key() -> None:
    assert messages.render({"key": "dragon.no.such", "n": 2}) == "dragon.no.such(n=2)"
    assert messages.render({"key": "dragon.gain.yuan", "seat": 1, "n": 3}) == "Seat 2 gains 3 yuan."


def test_random_playout_stops_where_asked_and_says_when_that_never_came() -> None:
    st = games.create("dragon", players=3, seed=4)
    steps = random_playout(st, Rng(4), until=lambda s: len(s.history) >= 25)
    assert steps == 25 and len(st.history) == 25 and not st.is_over
    with pytest.raises(RuntimeError, match="ended before the position"):
        random_playout(st, Rng(4), until=lambda s: False)
    assert st.is_over


@pytest.mark.parametrize("game", games.names())
def test_a_view_for_a_seat_the_game_has_not_is_refused_alike_in_every_game(game: str) -> None:
    st = games.create(game, players=2, seed=1)
    not_seats: tuple[Any, ...] = (2, -1, True, "0", 1.0)  # refused, whatever their type
    for seat in not_seats:
        with pytest.raises(OptionError, match="no seat"):
            st.view(seat)
    assert st.view(None) and st.view(1)
