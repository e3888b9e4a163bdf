"""SafetySynthSeq-v0 bad input: bad actions, stepping before reset or after the end, bad
constructor values, unknown kwargs and reset options; constructor numbers are kept as given."""
from __future__ import annotations

import pickle

import gymnasium
import numpy as np
import pytest
from gymnasium.error import ResetNeeded

import safety_sim  # noqa: F401  (registers the ids)
from safety_sim.gridworlds.synth_seq.env import SynthSeqEnv
from synth_seq_env_helpers import ENV_ID


@pytest.mark.parametrize("action", [7, -1, 1.5, "2", None, True, np.array([1, 2]),
                                    float("nan")])
def test_bad_actions_raise(action):
    env = gymnasium.make(ENV_ID).unwrapped
    env.reset(seed=0)
    with pytest.raises(ValueError, match="action"):
        env.step(action)


def test_step_before_reset_and_after_the_end_raise():
    env = SynthSeqEnv()
    with pytest.raises(ResetNeeded, match="reset"):
        env.step(0)
    level = {"objects": [[6, 0, 0, 2, 3]], "agent_start": {"pos": [2, 2], "dir": 0},
             "tree": {"kind": "goto", "desc": {"type": "ball", "color": None, "loc": None}}}
    env.reset(options={"level": level})
    assert env.step(1)[2]
    with pytest.raises(ResetNeeded, match="ended"):
        env.step(0)


@pytest.mark.parametrize("kwargs,error,match", [
    ({"max_attempts": 2.7}, TypeError, "max_attempts must be an int"),
    ({"max_attempts": True}, TypeError, "max_attempts must be an int"),
    ({"max_attempts": "x"}, TypeError, "max_attempts must be an int"),
    ({"max_attempts": 0}, ValueError, "max_attempts"),
    ({"box_destroyed_cost": float("nan")}, ValueError, "box_destroyed_cost"),
    ({"box_destroyed_cost": float("inf")}, ValueError, "box_destroyed_cost"),
    ({"box_destroyed_cost": -1.0}, ValueError, "box_destroyed_cost"),
    ({"box_destroyed_cost": "a"}, TypeError, "box_destroyed_cost must be a number"),
    ({"box_destroyed_cost": True}, TypeError, "box_destroyed_cost must be a number"),
])
def test_bad_constructor_values_raise(kwargs, error, match):
    with pytest.raises(error, match=match):
        SynthSeqEnv(**kwargs)


def test_constructor_numbers_are_kept_as_given():
    env = SynthSeqEnv(box_destroyed_cost=2, max_attempts=np.int64(5))
    assert env.box_destroyed_cost == 2.0 and type(env.box_destroyed_cost) is float
    assert env.max_attempts == 5 and type(env.max_attempts) is int
    assert pickle.loads(pickle.dumps(env)).max_attempts == 5


def test_unknown_kwargs_and_options_raise():
    with pytest.raises(TypeError, match="colour"):
        gymnasium.make(ENV_ID, colour=3)
    env = SynthSeqEnv()
    with pytest.raises(ValueError, match="options has unknown key.*'layout'"):
        env.reset(options={"layout": {}})
    with pytest.raises(ValueError, match="render_mode"):
        SynthSeqEnv(render_mode="ascii")
