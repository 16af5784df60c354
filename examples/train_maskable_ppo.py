"""Train sb3-contrib's MaskablePPO on one seat of a game through the Gymnasium env, then
evaluate it against random and greedy opponents.

Needs the ``train`` extra (torch, sb3-contrib, matplotlib; docs/research.md). Writes to
``--out``: ``curve.png`` (the mean final reward of the training episodes, in windows),
``curve.json`` (the same numbers) and ``evaluation.json`` (win rates of the trained
policy and, for comparison, of a uniformly random legal policy, with 95% Wilson
intervals; a win is first place).

    python examples/train_maskable_ppo.py --game dragon --players 2 --timesteps 200000 --out runs/dragon
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

from dragontable.adapters.gym import DragontableGymEnv
from dragontable.tournament import wilson


def parse(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", default="dragon")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--opponents", default="random", help="the bot spec of the other seats")
    p.add_argument("--timesteps", type=int, default=100_000, help="learner decisions to train")
    p.add_argument("--n-steps", type=int, default=1024, help="PPO's rollout length")
    p.add_argument("--eval-games", type=int, default=200, help="games per opponent")
    p.add_argument("--opponents-eval", default="random,greedy")
    p.add_argument("--full", action="store_true", help="the full observation, not the compact one")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--threads", type=int, default=1, help="torch threads")
    p.add_argument("--out", type=Path, default=Path("runs/maskable_ppo"))
    return p.parse_args(argv)


def make_env(args: argparse.Namespace, opponents: str) -> DragontableGymEnv:
    return DragontableGymEnv(
        args.game, players=args.players, opponents=opponents, seat="random",
        compact=not args.full,
    )  # fmt: skip


class Curve:
    """Collects each training episode's final reward (an SB3 callback's work)."""

    def __init__(self) -> None:
        self.rewards: list[float] = []
        self.illegal = 0

    def __call__(self, local: dict[str, Any], _: Any) -> bool:
        for i, (info, done) in enumerate(zip(local["infos"], local["dones"], strict=True)):
            if done:
                self.rewards.append(float(local["rewards"][i]))
                self.illegal += bool(info.get("illegal"))
        return True


def evaluate(model: Any, env: DragontableGymEnv, games: int, seed: int) -> dict[str, Any]:
    """``games`` games of ``model`` (None: a uniformly random legal policy)."""
    rng = np.random.default_rng(seed)
    wins, rewards = 0, []
    for g in range(games):
        obs, _ = env.reset(seed=seed + g)
        done, reward = False, 0.0
        while not done:
            mask = env.action_masks()
            if model is None:
                action = int(rng.choice(np.flatnonzero(mask)))
            else:
                action = int(model.predict(obs, action_masks=mask, deterministic=True)[0])
            obs, reward, done, _, _ = env.step(action)
        rewards.append(float(reward))
        wins += reward == 1.0
    low, high = wilson(wins, games)
    return {
        "games": games, "wins": wins, "win_rate": wins / games,
        "wilson95": [round(low, 4), round(high, 4)],
        "mean_reward": round(float(np.mean(rewards)), 4),
    }  # fmt: skip


def plot(rewards: list[float], path: Path, title: str) -> list[dict[str, float]]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    window = max(1, len(rewards) // 40)
    points = [
        {"episode": i + window, "mean_reward": float(np.mean(rewards[i : i + window]))}
        for i in range(0, len(rewards) - window + 1, window)
    ]
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot([p["episode"] for p in points], [p["mean_reward"] for p in points])
    ax.axhline(0.0, color="grey", linewidth=0.5)
    ax.set_xlabel("training episode")
    ax.set_ylabel(f"mean final reward ({window} episodes)")
    ax.set_title(title)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return points


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(args.threads)
    args.out.mkdir(parents=True, exist_ok=True)
    env = make_env(args, args.opponents)
    env.reset(seed=args.seed)
    model = MaskablePPO(
        "MlpPolicy", env, n_steps=args.n_steps, batch_size=min(256, args.n_steps),
        seed=args.seed, verbose=0, device="cpu",
    )  # fmt: skip
    curve = Curve()
    start = time.perf_counter()
    model.learn(total_timesteps=args.timesteps, callback=curve)
    seconds = time.perf_counter() - start
    title = f"MaskablePPO, {args.game} {args.players}p vs {args.opponents}"
    points = plot(curve.rewards, args.out / "curve.png", title)
    (args.out / "curve.json").write_text(json.dumps({"rewards": curve.rewards, "points": points}))
    result: dict[str, Any] = {
        "game": args.game, "players": args.players, "encoding": env.metadata["encoding"],
        "observation": "full" if args.full else "compact",
        "observation_size": env.table.size,
        "train_opponents": args.opponents, "timesteps": int(model.num_timesteps),
        "train_seconds": round(seconds, 1), "train_episodes": len(curve.rewards),
        "illegal_episodes": curve.illegal, "torch": torch.__version__, "seed": args.seed,
        "evaluation": {}, "random_policy": {},
    }  # fmt: skip
    for k, opponents in enumerate(args.opponents_eval.split(",")):
        seed = 1_000_000 * (k + 1) + args.seed
        judge = make_env(args, opponents)
        result["evaluation"][opponents] = evaluate(model, judge, args.eval_games, seed)
        result["random_policy"][opponents] = evaluate(None, judge, args.eval_games, seed)
    (args.out / "evaluation.json").write_text(json.dumps(result, indent=1))
    print(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
