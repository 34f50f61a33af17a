"""Whatever Python sends, the Rust side answers with a Python exception carrying a message, or
does what was asked: never a panic (PanicException) or a crash."""

from __future__ import annotations

import random

import numpy as np
import pytest

import tabula

EXPECTED = (tabula.TabulaError, tabula.AgentError, TypeError, OverflowError, ValueError)


def hostile_value(rng: random.Random):
    return rng.choice(
        [
            rng.randrange(-5, 5000),
            -(2**70),
            2**64,
            1.5,
            float("nan"),
            None,
            "B3",
            b"\xff\x00",
            True,
            np.int64(rng.randrange(0, 100)),
            np.array([1, 2]),
            "",
        ]
    )


@pytest.mark.parametrize("spec", [g["spec"] for g in tabula.games()])
def test_random_calls_with_hostile_arguments(spec):
    rng = random.Random(7)
    env = tabula.NativeEnv(spec)
    env.reset(1)
    calls = [
        lambda v: env.step(v),
        lambda v: env.observe(v),
        lambda v: env.player_name(v),
        lambda v: env.action_to_string(v),
        lambda v: env.string_to_action(v),
        lambda v: env.reset(v),
        lambda v: tabula.load_agent("random").act(env),
    ]
    for _ in range(3000):
        value = hostile_value(rng)
        call = rng.choice(calls)
        try:
            call(value)
        except EXPECTED as error:
            assert str(error), f"{type(error).__name__} without a message"
        if env.is_done():
            env.reset(rng.randrange(100))
        elif rng.random() < 0.5:
            env.step(rng.choice(env.legal_actions()))


@pytest.mark.parametrize(
    "spec",
    ["", "score4(", "score4(size=3)", "superball(rows=-1)", "clue(players=1000)", "\x00", "é" * 300, "upright(size=99)"],
)
def test_hostile_specs_are_spec_errors(spec):
    with pytest.raises(tabula.SpecError) as error:
        tabula.NativeEnv(spec)
    assert str(error.value)


@pytest.mark.parametrize("agent", ["", "cmd:", "run:", "shipped:0", "alphabeta:-1", "\x00", "ckpt:'unclosed"])
def test_hostile_agent_specs_are_spec_errors(agent):
    with pytest.raises(tabula.SpecError) as error:
        tabula.load_agent(agent)
    assert str(error.value)
