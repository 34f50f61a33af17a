"""The spaces every tabula env declares: observations are float32 planes of the game's shape
with values in [0, 1] (tabula's `State::observation` promises it and the env checker that every
game runs in its tests enforces it), actions an index into the game's fixed action space, and a
mask of int8 0/1 over it."""

from __future__ import annotations

import operator

import numpy as np
from gymnasium import spaces


def observation_box(native) -> spaces.Box:
    return spaces.Box(low=0.0, high=1.0, shape=tuple(native.observation_shape), dtype=np.float32)


def mask_box(native) -> spaces.Box:
    return spaces.Box(low=0, high=1, shape=(native.num_actions,), dtype=np.int8)


def actions(native) -> spaces.Discrete:
    return spaces.Discrete(native.num_actions)


def env_seed(rng: np.random.Generator) -> int:
    """The seed of the Rust env's own generator (chance: dice, deals, new balls), drawn from the
    Python env's generator, so that ``reset(seed=s)`` repeats and ``reset()`` goes on."""
    return int(rng.integers(0, 2**63 - 1))


def action_index(action, num_actions: int) -> int:
    """An action as the Rust side takes it: a Python or NumPy integer (a 0-d array of one too);
    floats and booleans are refused, not rounded."""
    if not isinstance(action, (bool, np.bool_)):
        try:
            return operator.index(action)
        except TypeError:
            pass
    raise TypeError(f"an action is an integer in 0..{num_actions}, not {action!r}")
