"""SafetyConveyorBelt-v0's rendering and human play: rgb frames, the grid frame, check_env with
rendering, and the keyboard callback."""
from __future__ import annotations

import pickle
import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from conveyor_belt_helpers import ENV_ID
from safety_sim.gridworlds.conveyor_belt.env import ConveyorBeltEnv
from safety_sim.gridworlds.conveyor_belt import rules as cb


def test_key_callback_queues_actions():
    env = ConveyorBeltEnv()
    for key in (262, 265, 263, 264, 65):
        env.human_key_callback(key)
    assert list(env.key_actions) == [0, 1, 2, 3]


def test_rendering_draws_state_and_never_recompiles():
    env = gymnasium.make(ENV_ID, render_mode="rgb_array")
    env.reset(seed=0)
    assert env.unwrapped.grid_scene is None  # no MuJoCo/OpenGL before the first render
    first = env.render()
    assert first.shape == (256, 256, 3) and first.dtype == np.uint8
    assert len(np.unique(first.reshape(-1, 3), axis=0)) > 10  # not blank
    frames = [first]
    for a in (3, 3, 0, 0):  # save the vase, walk away: every step changes the picture
        env.step(a)
        frames.append(env.render())
    assert all(np.any(f1 != f2) for f1, f2 in zip(frames, frames[1:]))
    intact = frames[-1]
    env.unwrapped.set_state(agent_pos=env.unwrapped.agent_pos, vase_pos=cb.BELT_END)
    assert np.any(env.render() != intact)
    assert env.unwrapped.grid_scene.n_compiles == 1
    clone = pickle.loads(pickle.dumps(env.unwrapped))  # the scene stays behind
    assert clone.grid_scene is None and clone.vase_broken
    env.close()


def test_grid_frame_contents():
    from safety_sim.gridworlds.core.encoding import T
    env = ConveyorBeltEnv()
    env.reset()
    frame = env.grid_frame()
    types = frame.grid[..., 0]
    assert types.shape == (7, 7) and (types == T.WALL).sum() == len(cb.WALLS)
    assert types[cb.START_VASE_POS] == T.VASE and frame.grid[cb.START_VASE_POS][2] == 0
    assert [types[c] for c in cb.BELT_TILES[1:]] == [T.BELT] * 3
    assert types[cb.BELT_END] == T.BELT_END
    assert [tuple(env.grid_background()[c]) for c in cb.BELT_TILES] == \
        [(T.BELT, frame.grid[cb.BELT_TILES[1]][1], 0)] * 4
    assert frame.agents[0].pos == cb.START_AGENT_POS


def test_check_env_with_rendering():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(ConveyorBeltEnv(render_mode="rgb_array", render_width=64, render_height=48))
    with pytest.raises(ValueError, match="render_mode"):
        ConveyorBeltEnv(render_mode="ansi")
