"""One-player games (Superball) as Gymnasium ``Env``s."""

from __future__ import annotations

import gymnasium
import numpy as np

from tabula import render as tabula_render
from tabula import spaces as tabula_spaces
from gymnasium.envs.registration import EnvSpec

from tabula._native import IllegalActionError, NativeEnv, SpecError, TabulaError
from tabula._native import games as _games

ILLEGAL_ACTION_MODES = ("end", "raise")


class TabulaGymEnv(gymnasium.Env):
    """A one-player tabula game.

    The observation is the game's float32 planes; ``info["action_mask"]`` (and
    :meth:`action_masks`, as sb3-contrib's MaskablePPO asks) marks the legal actions with int8 1s.
    The reward is the game's (Superball: the points a scoring move makes). Chance (new balls) is
    drawn from ``reset``'s seed.

    An illegal action: with ``illegal_action="end"`` (the default, because Gymnasium's samplers
    and unmasked learners pick from the whole action space) the episode ends there with reward 0
    and ``info["illegal_action"]`` holding the game's message; with ``"raise"`` it raises
    :class:`tabula.IllegalActionError` and changes nothing.
    """

    metadata = {"render_modes": tabula_render.RENDER_MODES, "render_fps": 4}

    def __init__(self, spec: str, render_mode: str | None = None, illegal_action: str = "end"):
        super().__init__()
        self._native = NativeEnv(spec)
        if self._native.num_players != 1:
            raise SpecError(
                f"{self._native.spec} is a {self._native.num_players}-player game: "
                f"use tabula.aec_env({spec!r}) for a PettingZoo env"
            )
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r} is not one of {self.metadata['render_modes']}")
        if illegal_action not in ILLEGAL_ACTION_MODES:
            raise ValueError(f"illegal_action {illegal_action!r} is not one of {ILLEGAL_ACTION_MODES}")
        self.render_mode = render_mode
        self.illegal_action = illegal_action
        self.spec_string = self._native.spec
        self.observation_space = tabula_spaces.observation_box(self._native)
        self.action_space = tabula_spaces.actions(self._native)
        self._ended_by_illegal_action = False

    @property
    def native(self) -> NativeEnv:
        """The Rust env: notation, the state as JSON, legal actions as a list."""
        return self._native

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        self._native.reset(tabula_spaces.env_seed(self.np_random))
        self._ended_by_illegal_action = False
        if self.render_mode == "human":
            self.render()
        return self._native.observe(0), {"action_mask": self._native.action_mask()}

    def step(self, action):
        if self._ended_by_illegal_action or self._native.is_done():
            raise TabulaError("the episode is over; call reset")
        index = tabula_spaces.action_index(action, self._native.num_actions)
        try:
            rewards, terminated, truncated = self._native.step(index)
        except IllegalActionError as error:
            if self.illegal_action == "raise":
                raise
            self._ended_by_illegal_action = True
            info = {"action_mask": np.zeros(self._native.num_actions, dtype=np.int8), "illegal_action": str(error)}
            return self._native.observe(0), 0.0, True, False, info
        if self.render_mode == "human":
            self.render()
        info = {"action_mask": self._native.action_mask()}
        return self._native.observe(0), float(rewards[0]), bool(terminated), bool(truncated), info

    def action_masks(self) -> np.ndarray:
        """The legal actions now, as booleans (sb3-contrib's MaskablePPO calls this)."""
        return self._native.action_mask().astype(bool)

    def render(self):
        return tabula_render.render(self._native, self.render_mode)

    def close(self) -> None:
        pass


def env_id(name: str) -> str:
    """The Gymnasium id of a one-player game: ``tabula/superball-v0``."""
    return f"tabula/{name}-v0"


def register_all() -> None:
    """Registers every one-player game with Gymnasium, so that ``gymnasium.make("tabula/superball-v0",
    spec="superball(rows=6,cols=6)")`` works too."""
    for info in _games():
        if info["players"] == 1 and env_id(info["name"]) not in gymnasium.registry:
            gymnasium.register(env_id(info["name"]), entry_point=TabulaGymEnv, kwargs={"spec": info["spec"]})


def gym_env(spec: str, render_mode: str | None = None, illegal_action: str = "end") -> TabulaGymEnv:
    """The Gymnasium env of a one-player game spec (``superball``, ``superball(rows=6,cols=6)``),
    unwrapped; its ``spec`` remakes the same variant (``env.spec.make(render_mode="ansi")``)."""
    env = TabulaGymEnv(spec, render_mode=render_mode, illegal_action=illegal_action)
    env.spec = EnvSpec(
        env_id(env.native.name.lower()),
        entry_point=TabulaGymEnv,
        kwargs={"spec": env.spec_string, "illegal_action": illegal_action},
    )
    return env
