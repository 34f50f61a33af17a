"""Every multi-player game against PettingZoo's own test suites, and the AEC env's contract."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import tabula

MULTI_PLAYER = [g["spec"] for g in tabula.games() if g["players"] >= 2]
# Variants beyond each game's full default spec: other sizes and player counts.
VARIANTS = ["clue(players=3,items=19,hidden=4)", "superply(mode=deterministic)", "score4"]


def test_every_multi_player_game_is_covered():
    names = {g["name"] for g in tabula.games() if g["players"] >= 2}
    assert {"score4", "superply", "clue", "upright"} <= names


@pytest.mark.parametrize("spec", MULTI_PLAYER + VARIANTS)
def test_pettingzoo_api_test(spec):
    api_test(tabula.aec_env(spec), num_cycles=200)


@pytest.mark.parametrize("spec", MULTI_PLAYER)
def test_pettingzoo_seed_test(spec):
    seed_test(lambda: tabula.aec_env(spec), num_cycles=200)


def play_random(env, seed):
    """One game with uniformly random legal actions; returns the moves and the final returns."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    moves, returns = [], {agent: 0.0 for agent in env.possible_agents}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        returns[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        assert info["action_mask"].dtype == np.int8
        assert np.array_equal(observation["action_mask"], info["action_mask"])
        legal = np.flatnonzero(info["action_mask"])
        action = int(rng.choice(legal))
        moves.append((agent, action))
        env.step(action)
    return moves, returns


@pytest.mark.parametrize("spec", MULTI_PLAYER)
def test_a_random_game_ends_with_the_games_returns(spec):
    env = tabula.aec_env(spec)
    _, returns = play_random(env, seed=3)
    native = env.native
    assert native.is_done()
    assert returns == pytest.approx(dict(zip(env.possible_agents, native.returns())))
    assert env.agents == []


def test_same_seed_same_game_other_seed_other_deal():
    env = tabula.aec_env("clue")
    first, _ = play_random(env, seed=11)
    again, _ = play_random(env, seed=11)
    assert first == again
    env.reset(seed=11)
    deal_11 = env.native.state_json()
    env.reset(seed=12)
    assert env.native.state_json() != deal_11


def test_score4_rewards_are_win_and_loss():
    env = tabula.aec_env("score4")
    env.reset(seed=0)
    # White fills column A1 and black B1 until white has four in a column.
    for cell in ["A1", "B1", "A1", "B1", "A1", "B1", "A1"]:
        env.step(env.native.string_to_action(cell))
    assert all(env.terminations.values())
    assert env.rewards == {"player_0": 1.0, "player_1": -1.0}
    assert "A1" in env.native.action_to_string(env.native.string_to_action("a1"))


def test_hidden_information_stays_hidden():
    env = tabula.aec_env("clue")
    env.reset(seed=5)
    views = [env.observe(agent)["observation"] for agent in env.possible_agents]
    assert views[0].shape == tuple(env.native.observation_shape)
    assert not np.array_equal(views[0], views[1]), "two Clue players know different hands"


def test_only_the_player_to_act_has_legal_actions():
    env = tabula.aec_env("upright")
    env.reset(seed=0)
    acting = env.agent_selection
    for agent in env.possible_agents:
        mask = env.observe(agent)["action_mask"]
        assert mask.any() == (agent == acting)
        assert env.infos[agent]["action_mask"].any() == (agent == acting)


def test_illegal_actions_raise_the_games_message_and_change_nothing():
    env = tabula.aec_env("score4")
    env.reset(seed=0)
    before = env.native.state_json()
    with pytest.raises(tabula.IllegalActionError, match="illegal action 99"):
        env.step(99)
    with pytest.raises(tabula.IllegalActionError, match="illegal action -1"):
        env.step(-1)
    with pytest.raises(TypeError, match="an action is an integer"):
        env.step(1.5)
    with pytest.raises(TypeError, match="None is only for agents whose game is over"):
        env.step(None)
    assert env.native.state_json() == before
    # A full column refuses a fifth peg.
    for _ in range(4):
        env.step(env.native.string_to_action("C3"))
    with pytest.raises(tabula.IllegalActionError) as error:
        env.step(env.native.string_to_action("C3"))
    assert "illegal action" in str(error.value)
    with pytest.raises(tabula.IllegalActionError, match="cannot read"):
        env.native.string_to_action("Z9")


def test_bad_specs_are_spec_errors_with_the_games_message():
    with pytest.raises(tabula.SpecError, match="unknown game \"chess\"; known games: score4"):
        tabula.aec_env("chess")
    with pytest.raises(tabula.SpecError, match="clue"):
        tabula.aec_env("clue(players=0)")
    with pytest.raises(tabula.SpecError, match="one-player game: use tabula.gym_env"):
        tabula.aec_env("superball")
    with pytest.raises(ValueError, match="render_mode"):
        tabula.aec_env("score4", render_mode="rgb_array")
    assert issubclass(tabula.SpecError, ValueError)


def test_render_gives_the_games_text_board(capsys):
    env = tabula.aec_env("score4", render_mode="ansi")
    env.reset(seed=0)
    env.step(env.native.string_to_action("B3"))
    board = env.render()
    assert isinstance(board, str) and board.strip()
    human = tabula.aec_env("score4", render_mode="human")
    human.reset(seed=0)
    assert capsys.readouterr().out.strip()
