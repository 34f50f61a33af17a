"""Multi-player games as PettingZoo ``AECEnv``s (agent-environment cycle: one agent acts at a
time; in games where a turn is several sub-actions, such as a Clue question, the same agent acts
several times in a row)."""

from __future__ import annotations

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv

from tabula import render as tabula_render
from tabula import spaces as tabula_spaces
from tabula._native import NativeEnv, SpecError


class TabulaAECEnv(AECEnv):
    """A tabula game with two or more players.

    Agents are ``player_0`` ... ``player_{n-1}`` (the game's seats, ``player_0`` moving first).
    ``observe(agent)`` is a dict: ``"observation"``, the float32 planes of what that agent may
    know (in Clue, its own cards and what was shown to it: two agents' observations differ), and
    ``"action_mask"``, int8 1 where an action is legal for it now (all 0 when it is not its turn).
    ``infos[agent]["action_mask"]`` holds the same mask. Rewards are the game's: in Score 4 +1 for
    a win and -1 for a loss at the end; in Clue the rank-based utility. An illegal action raises
    :class:`tabula.IllegalActionError` and changes nothing.
    """

    metadata = {"render_modes": tabula_render.RENDER_MODES, "name": "tabula", "is_parallelizable": False}

    def __init__(self, spec: str, render_mode: str | None = None):
        super().__init__()
        self._native = NativeEnv(spec)
        n = self._native.num_players
        if n < 2:
            raise SpecError(
                f"{self._native.spec} is a one-player game: use tabula.gym_env({spec!r}) for a Gymnasium env"
            )
        self.render_mode = tabula_render.check_mode(render_mode)
        self.metadata = dict(self.metadata, name=f"tabula_{self._native.name}")
        self.spec_string = self._native.spec
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._index = {agent: i for i, agent in enumerate(self.possible_agents)}
        self._observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": tabula_spaces.observation_box(self._native),
                    "action_mask": tabula_spaces.mask_box(self._native),
                }
            )
            for agent in self.possible_agents
        }
        self._action_spaces = {agent: tabula_spaces.actions(self._native) for agent in self.possible_agents}
        self._np_random = None
        self._masked = None  # the agent whose info holds a mask with legal actions
        self.agents = []

    def observation_space(self, agent):
        return self._observation_spaces[agent]

    def action_space(self, agent):
        return self._action_spaces[agent]

    @property
    def native(self) -> NativeEnv:
        """The Rust env: notation, the state as JSON, legal actions as a list."""
        return self._native

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None or self._np_random is None:
            self._np_random, _ = seeding.np_random(seed)
        self._native.reset(tabula_spaces.env_seed(self._np_random))
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {"action_mask": self._no_actions()} for agent in self.agents}
        self._masked = None
        self._select_player()
        if self.render_mode == "human":
            self.render()

    def observe(self, agent):
        i = self._index[agent]
        acting = self._native.current_player() == i
        return {
            "observation": self._native.observe(i),
            "action_mask": self._native.action_mask() if acting else self._no_actions(),
        }

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise TypeError(f"{agent} is to act: None is only for agents whose game is over")
        index = tabula_spaces.action_index(action, self._native.num_actions)
        rewards, terminated, truncated = self._native.step(index)
        self._cumulative_rewards[agent] = 0.0
        for a, r in zip(self.possible_agents, rewards):
            if a in self.rewards:
                self.rewards[a] = float(r)
        if terminated or truncated:
            for a in self.agents:
                self.terminations[a] = bool(terminated)
                self.truncations[a] = bool(truncated)
            if self._masked is not None:
                self.infos[self._masked] = {"action_mask": self._no_actions()}
                self._masked = None
        else:
            self._select_player()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self):
        return tabula_render.render(self._native, self.render_mode)

    def close(self) -> None:
        pass

    def _no_actions(self) -> np.ndarray:
        return np.zeros(self._native.num_actions, dtype=np.int8)

    def _select_player(self) -> None:
        """Points agent_selection at the player to act and gives it the only non-empty mask."""
        agent = self.possible_agents[self._native.current_player()]
        if self._masked is not None and self._masked != agent:
            self.infos[self._masked] = {"action_mask": self._no_actions()}
        self.infos[agent] = {"action_mask": self._native.action_mask()}
        self._masked = agent
        self.agent_selection = agent

    def __str__(self) -> str:
        return f"tabula_{self._native.name}"


def aec_env(spec: str, render_mode: str | None = None) -> TabulaAECEnv:
    """The PettingZoo AEC env of a multi-player game spec (``score4``, ``clue(players=3)``, ...)."""
    return TabulaAECEnv(spec, render_mode=render_mode)
