"""A shipped tabula agent against a random Python policy, in PettingZoo.

    python bindings/python/examples/shipped_vs_random.py                 # Score 4, 20 games
    python bindings/python/examples/shipped_vs_random.py --game upright --games 50 --sims 32

The agent takes each seat in turn; the table gives its wins, draws and losses. Any player spec
works in place of the shipped model: --agent alphabeta:3, --agent runs/score4-<time>, ...
"""

from __future__ import annotations

import argparse

import numpy as np

import tabula


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="score4", help="a two-player game spec (default score4)")
    parser.add_argument("--agent", default="shipped", help="the agent: shipped, a run folder, alphabeta:3, ...")
    parser.add_argument("--sims", type=int, help="a model's simulations a move (default: its config's)")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    env = tabula.aec_env(args.game)
    agent = tabula.load_agent(args.agent, sims=args.sims, game=env.spec_string)
    rng = np.random.default_rng(args.seed)
    wins = draws = losses = 0
    for game in range(args.games):
        seat = env.possible_agents[game % 2]
        env.reset(seed=args.seed + game)
        for player in env.agent_iter():
            observation, reward, terminated, truncated, info = env.last()
            if terminated or truncated:
                env.step(None)
            elif player == seat:
                env.step(agent.act(env))
            else:
                legal = np.flatnonzero(observation["action_mask"])
                env.step(int(rng.choice(legal)))
        returns = env.native.returns()
        mine, theirs = returns[game % 2], returns[1 - game % 2]
        wins += mine > theirs
        draws += mine == theirs
        losses += mine < theirs
    print(f"{agent.spec} vs a random policy in {env.spec_string}, {args.games} games, seats alternated:")
    print(f"  wins {wins}  draws {draws}  losses {losses}  score {(wins + draws / 2) / args.games:.1%}")


if __name__ == "__main__":
    main()
