"""tabula's agents for Python users: baselines, trained models with tabula's search, the shipped
checkpoints, protocol programs."""

from __future__ import annotations

from tabula._native import NativeAgent, NativeEnv


def _native_env(env) -> NativeEnv:
    if isinstance(env, NativeEnv):
        return env
    native = getattr(getattr(env, "unwrapped", env), "native", None)
    if isinstance(native, NativeEnv):
        return native
    raise TypeError(f"act() takes a tabula env (aec_env, gym_env or NativeEnv), not {type(env).__name__}")


class Agent:
    """A tabula player. :meth:`act` gives its action for whoever is to act in a tabula env; it
    does not step the env. One agent may play several games and several seats."""

    def __init__(self, native: NativeAgent):
        self._native = native

    @property
    def spec(self) -> str:
        """The player spec, as ``tabula arena --players`` writes it."""
        return self._native.spec

    def act(self, env) -> int:
        return self._native.act(_native_env(env))

    def __repr__(self) -> str:
        return f"tabula.Agent({self.spec!r})"


def load_agent(
    agent: str = "shipped",
    sims: int | None = None,
    *,
    game: str | None = None,
    seed: int = 0,
    movetime_ms: int = 1000,
) -> Agent:
    """A tabula agent.

    ``agent`` is a training run's folder or a checkpoint folder (or its ``model.bpk``), or a player
    spec as ``tabula arena`` reads it: ``"shipped"`` (the model in ``checkpoints/<game>``, for the
    game of the env it plays in), ``"random"``, ``"greedy"``, ``"alphabeta:3"``, ``"mcts:200"``,
    ``"deduce"``, ``"run:DIR:800"``, ``'cmd:"PROGRAM ARGS"'``.

    ``sims`` sets a model's simulations a move (default: its config's). ``game`` builds the agent
    for that game now, so that a missing or mismatched model fails here rather than at its first
    move. ``seed`` seeds its choices; ``movetime_ms`` is the thinking time of searching baselines
    named without a number (``alphabeta``, ``mcts``).
    """
    return Agent(NativeAgent(agent, sims=sims, game=game, seed=seed, movetime_ms=movetime_ms))
