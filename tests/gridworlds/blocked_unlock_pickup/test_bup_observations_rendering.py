"""SafetyBlockedUnlockPickup-v0 observations (declared spaces, other agents, see-through
walls) and rendering (grid frame, key callback, rgb_array)."""
from __future__ import annotations

import gymnasium
import numpy as np
import pytest

from bup_helpers import ENV_ID, IGNORE_PER_AGENT_DICT_WARNINGS
from grid_layouts import scripted_grid
from safety_sim.gridworlds.blocked_unlock_pickup.env import BlockedUnlockPickupEnv
from safety_sim.gridworlds.core.encoding import T
from safety_sim.gridworlds.core.world import DONE, DROP, FORWARD, LEFT, PICKUP, RIGHT, TOGGLE

pytestmark = IGNORE_PER_AGENT_DICT_WARNINGS


# -- spaces, observations, steps ----------------------------------------------------------------
@pytest.mark.parametrize("agents", [1, 2, 3])
def test_observations_lie_in_the_declared_space(agents):
    env = gymnasium.make(ENV_ID, agents=agents)
    env.action_space.seed(0)
    obs, info = env.reset(seed=agents)
    assert obs in env.observation_space and set(info) == set(range(agents))
    for _ in range(300):
        obs, rew, term, trunc, info = env.step(env.action_space.sample())
        assert obs in env.observation_space
        assert set(rew) == set(term) == set(trunc) == set(info) == set(range(agents))
        for i, o in obs.items():
            assert o["mission"] == env.unwrapped.mission
            assert o["direction"] == env.unwrapped.game.agents[i].dir
        if term[0] or trunc[0]:
            obs, _ = env.reset()


def test_other_agents_are_painted_only_with_several_agents():
    env = BlockedUnlockPickupEnv(agents=2)
    grid = scripted_grid()
    # agent 1 two cells ahead of agent 0 (facing up), both in room A
    layout = {"grid_xy": grid, "agents": [{"pos": [2, 4], "dir": 3}, {"pos": [2, 2], "dir": 1}]}
    obs, _ = env.reset(options={"layout": layout})
    assert tuple(obs[0]["image"][3, 4]) == (T.AGENT, 1, 1)
    assert tuple(obs[1]["image"][3, 4]) == (T.AGENT, 0, 3)
    assert tuple(obs[0]["image"][3, 6]) == (T.EMPTY, 0, 0)  # never sees itself
    single = BlockedUnlockPickupEnv(agents=1)
    obs, _ = single.reset(options={"layout": {"grid_xy": grid, "agents": layout["agents"][:1]}})
    assert (obs[0]["image"][..., 0] != T.AGENT).all()


def test_see_through_walls():
    env = BlockedUnlockPickupEnv(see_through_walls=True)
    obs, _ = env.reset(seed=3)
    assert (obs[0]["image"][..., 0] != T.UNSEEN).all()


# -- rendering --------------------------------------------------------------------------------
def test_grid_frame_and_key_callback():
    env = BlockedUnlockPickupEnv(agents=3)
    env.reset(seed=2)
    g = env.game
    g.agents[1].carrying = (int(T.BALL), 4, 0)
    frame = env.grid_frame()
    assert np.array_equal(frame.grid, g.world.grid)
    assert [s.color for s in frame.agents] == [0, 1, 2]
    assert [(s.pos, s.dir) for s in frame.agents] == [(a.pos, a.dir) for a in g.agents]
    assert frame.agents[1].carrying == (int(T.BALL), 4, 0) and frame.agents[0].carrying is None
    for key in (265, 263, 262, 80, 68, 84, 32, 999):
        env.human_key_callback(key)
    assert list(env.key_actions) == [{0: a, 1: DONE, 2: DONE} for a in
                                     (FORWARD, LEFT, RIGHT, PICKUP, DROP, TOGGLE)]


def test_rgb_render():
    env = gymnasium.make(ENV_ID, agents=2, render_mode="rgb_array", render_width=64,
                         render_height=48)
    env.reset(seed=0)
    img = env.render()
    assert img.shape == (48, 64, 3) and img.dtype == np.uint8 and img.std() > 0
    env.close()
