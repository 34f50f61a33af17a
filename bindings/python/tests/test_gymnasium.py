"""Superball against Gymnasium's own environment checker, and the one-player env's contract."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import tabula

ONE_PLAYER = [g["spec"] for g in tabula.games() if g["players"] == 1]


def test_superball_is_the_one_player_game():
    assert any(spec.startswith("superball") for spec in ONE_PLAYER)


@pytest.mark.parametrize("spec", ONE_PLAYER + ["superball(rows=6,cols=6,mss=4,colors=pbyr)"])
@pytest.mark.parametrize("render_mode", [None, "ansi"])
def test_gymnasium_check_env(spec, render_mode):
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the checker's warnings are failures here
        check_env(tabula.gym_env(spec, render_mode=render_mode))


def test_a_masked_random_episode_scores_what_the_game_says():
    env = tabula.gym_env("superball")
    observation, info = env.reset(seed=4)
    assert observation.dtype == np.float32 and observation.shape == env.observation_space.shape
    rng = np.random.default_rng(4)
    total, steps, terminated, truncated = 0.0, 0, False, False
    while not (terminated or truncated):
        assert np.array_equal(env.action_masks(), info["action_mask"].astype(bool))
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        observation, reward, terminated, truncated, info = env.step(action)
        assert env.observation_space.contains(observation)
        total += reward
        steps += 1
    assert steps > 10
    assert total == env.native.returns()[0]
    with pytest.raises(tabula.TabulaError, match="the episode is over; call reset"):
        env.step(0)


def test_an_illegal_action_ends_the_episode_or_raises():
    ending = tabula.gym_env("superball")
    ending.reset(seed=1)
    illegal = int(np.flatnonzero(ending.action_masks() == 0)[0])
    _, reward, terminated, truncated, info = ending.step(illegal)
    assert (reward, terminated, truncated) == (0.0, True, False)
    assert "illegal action" in info["illegal_action"] and not info["action_mask"].any()

    raising = tabula.gym_env("superball", illegal_action="raise")
    raising.reset(seed=1)
    before = raising.native.state_json()
    with pytest.raises(tabula.IllegalActionError, match=f"illegal action {illegal}"):
        raising.step(illegal)
    assert raising.native.state_json() == before
    with pytest.raises(ValueError, match="illegal_action"):
        tabula.gym_env("superball", illegal_action="ignore")


def test_two_player_specs_point_to_pettingzoo():
    with pytest.raises(tabula.SpecError, match="2-player game: use tabula.aec_env"):
        tabula.gym_env("score4")
    with pytest.raises(tabula.SpecError, match="Duplicate color"):
        tabula.gym_env("superball(colors=pbp)")


def test_registered_with_gymnasium():
    import gymnasium

    env = gymnasium.make("tabula/superball-v0", spec="superball(rows=6,cols=6,mss=4,colors=pbyr)")
    observation, info = env.reset(seed=0)
    assert observation.shape == (6, 6, 6) and info["action_mask"].any()
    remade = tabula.gym_env("superball").spec.make(render_mode="ansi")
    remade.reset(seed=0)
    assert "superball" in remade.unwrapped.spec_string and remade.render().strip()
