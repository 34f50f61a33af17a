"""Plays random games of every tabula game from Python and prints steps per second.

    python bindings/python/examples/random_games.py            # 1,000 games of each
    python bindings/python/examples/random_games.py --games 200 --json

Two loops per game: through the PettingZoo / Gymnasium env (``last()`` observes and masks every
step, as a learner would), and through the bare ``NativeEnv`` (legal actions and a step, what
``cargo run --release --example random_steps`` times in Rust). Compare them with that example's
steps/s for the cost of crossing into Python.
"""

from __future__ import annotations

import argparse
import json
import random
import time

import numpy as np

import tabula


def pettingzoo_loop(spec: str, games: int, seed: int) -> int:
    env = tabula.aec_env(spec)
    rng = np.random.default_rng(seed)
    steps = 0
    for game in range(games):
        env.reset(seed=seed + game)
        for agent in env.agent_iter():
            observation, reward, terminated, truncated, info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
    return steps


def gymnasium_loop(spec: str, games: int, seed: int) -> int:
    env = tabula.gym_env(spec)
    rng = np.random.default_rng(seed)
    steps = 0
    for game in range(games):
        observation, info = env.reset(seed=seed + game)
        done = False
        while not done:
            legal = np.flatnonzero(info["action_mask"])
            observation, reward, terminated, truncated, info = env.step(int(legal[rng.integers(len(legal))]))
            done = terminated or truncated
            steps += 1
    return steps


def native_loop(spec: str, games: int, seed: int) -> int:
    env = tabula.NativeEnv(spec)
    pick = random.Random(seed).choice
    steps = 0
    for game in range(games):
        env.reset(seed + game)
        while not env.is_done():
            env.step(pick(env.legal_actions()))
            steps += 1
    return steps


def timed(loop, spec: str, games: int, seed: int) -> dict:
    start = time.perf_counter()
    steps = loop(spec, games, seed)
    seconds = time.perf_counter() - start
    return {"steps": steps, "seconds": round(seconds, 3), "steps_per_s": round(steps / seconds)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000, help="games of each game (default 1000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", help="one game name, e.g. score4")
    parser.add_argument("--json", action="store_true", help="one JSON object per game instead of the table")
    args = parser.parse_args()

    if not args.json:
        print(f"{'game':<10} {'games':>6} {'steps':>9} {'env steps/s':>12} {'native steps/s':>15}")
    for info in tabula.games():
        if args.only and info["name"] != args.only:
            continue
        spec = info["spec"]
        env_loop = pettingzoo_loop if info["players"] >= 2 else gymnasium_loop
        wrapped = timed(env_loop, spec, args.games, args.seed)
        native = timed(native_loop, spec, args.games, args.seed)
        if args.json:
            print(json.dumps({"game": info["name"], "spec": spec, "games": args.games, "env": wrapped, "native": native}))
        else:
            print(
                f"{info['name']:<10} {args.games:>6} {wrapped['steps']:>9} {wrapped['steps_per_s']:>12,} "
                f"{native['steps_per_s']:>15,}"
            )


if __name__ == "__main__":
    main()
