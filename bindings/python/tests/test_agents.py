"""tabula's agents, played from Python."""

from __future__ import annotations

import numpy as np
import pytest

import tabula


def play(env, seats, seed):
    """One game of `seats` (agent name -> tabula.Agent or None for random); returns the returns."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for agent in env.agent_iter():
        _, _, terminated, truncated, info = env.last()
        if terminated or truncated:
            env.step(None)
        elif seats[agent] is None:
            env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        else:
            env.step(seats[agent].act(env))
    return env.native.returns()


def test_alphabeta_beats_random_from_both_seats():
    env = tabula.aec_env("score4")
    alphabeta = tabula.load_agent("alphabeta:2")
    assert alphabeta.spec == "alphabeta:2"
    scores = []
    for seed in range(6):
        seat = seed % 2
        seats = {"player_0": None, "player_1": None}
        seats[f"player_{seat}"] = alphabeta
        scores.append(play(env, seats, seed)[seat])
    assert sum(s > 0 for s in scores) >= 5, scores


def test_the_shipped_agent_plays_every_game_it_has_a_model_for():
    shipped = tabula.load_agent("shipped", sims=4)
    for spec in ["score4", "upright"]:
        env = tabula.aec_env(spec)
        seats = {"player_0": shipped, "player_1": None}
        returns = play(env, seats, seed=1)
        assert len(returns) == 2
    # Superball's shipped agent is an n-tuple player: it takes no simulations.
    shipped = tabula.load_agent("shipped")
    env = tabula.gym_env("superball")
    env.reset(seed=2)
    for _ in range(5):
        action = shipped.act(env)
        assert env.action_masks()[action]
        env.step(action)


def test_an_agent_is_built_for_a_game_up_front_when_asked():
    agent = tabula.load_agent("greedy", game="superball")
    env = tabula.gym_env("superball")
    env.reset(seed=0)
    assert env.action_masks()[agent.act(env)]


def test_bad_agents_fail_with_the_reason():
    with pytest.raises(tabula.SpecError, match="bad player spec"):
        tabula.load_agent("my bot")
    with pytest.raises(tabula.SpecError, match="sims is for trained models"):
        tabula.load_agent("greedy", sims=10)
    with pytest.raises(tabula.AgentError, match="unknown agent \"deep-blue\""):
        tabula.load_agent("deep-blue", game="score4")
    with pytest.raises(tabula.AgentError, match="no such model"):
        tabula.load_agent("run:/nonexistent/run", game="score4")
    deduce = tabula.load_agent("deduce")
    env = tabula.aec_env("score4")
    env.reset(seed=0)
    with pytest.raises(tabula.AgentError, match="unknown agent \"deduce\"; Score 4 offers"):
        deduce.act(env)
    with pytest.raises(TypeError, match="takes a tabula env"):
        deduce.act("score4")


def test_an_agent_refuses_a_finished_game():
    env = tabula.aec_env("score4")
    env.reset(seed=0)
    for cell in ["A1", "B1", "A1", "B1", "A1", "B1", "A1"]:
        env.step(env.native.string_to_action(cell))
    with pytest.raises(tabula.AgentError, match="the episode is over"):
        tabula.load_agent("random").act(env)
