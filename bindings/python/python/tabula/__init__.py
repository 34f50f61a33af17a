"""tabula's games and agents in Python.

Every multi-player game is a PettingZoo ``AECEnv``, every one-player game a Gymnasium ``Env``;
both run the games' Rust rules (the same code as tabula's referees and bots)::

    import tabula
    tabula.games()                      # the registered games and their spec strings
    env = tabula.aec_env("score4")      # PettingZoo, players "player_0", "player_1"
    env.reset(seed=1)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        action = None if terminated or truncated else env.action_space(agent).sample(info["action_mask"])
        env.step(action)

    env = tabula.gym_env("superball")   # Gymnasium
    alphabeta = tabula.load_agent("alphabeta:3")   # or "shipped", a run folder, ...

Errors are Python exceptions carrying the game's message: :class:`SpecError` (a bad game or
player spec), :class:`IllegalActionError` (nothing changed), :class:`AgentError`.
"""

from __future__ import annotations

from tabula._native import (
    AgentError,
    IllegalActionError,
    NativeEnv,
    SpecError,
    TabulaError,
)
from tabula._native import games as _games
from tabula.agent import Agent, load_agent
from tabula.aec import TabulaAECEnv, aec_env
from tabula.gym import TabulaGymEnv, gym_env, register_all

register_all()

__all__ = [
    "Agent",
    "AgentError",
    "IllegalActionError",
    "NativeEnv",
    "SpecError",
    "TabulaAECEnv",
    "TabulaError",
    "TabulaGymEnv",
    "aec_env",
    "games",
    "gym_env",
    "load_agent",
]


def games() -> list[dict]:
    """The registered games: ``name``, ``spec`` (a full spec string with every parameter, which
    ``aec_env`` / ``gym_env`` take, parameters changed as you like), ``players``,
    ``perfect_information`` and ``about``."""
    return _games()
