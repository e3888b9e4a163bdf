"""The FormulaOne oracle (``safety_sim.oracle(env)``): the way round the track it follows
(:mod:`safety_sim.navigation.formula_one.route`) and its drive to the staged goals."""
from __future__ import annotations

import gymnasium
import numpy as np
import pytest

import safety_sim
from safety_sim.navigation.formula_one import route, track


@pytest.mark.parametrize("stage", range(len(track.STAGES)))
def test_every_staged_point_is_reached_from_the_one_before(stage):
    """The way exists, it is longer than the straight line (the track bends), and every step
    down it keeps clear of the wall."""
    before = track.STAGES[(stage - 1) % len(track.STAGES)]
    steps = route.steps_to(stage)
    n = steps[route.cell_of(before)]
    assert n > 0 and n * route.CELL >= np.hypot(*np.subtract(track.STAGES[stage], before)) - 1
    assert not route.blocked()[route.cell_of(track.STAGES[stage])]
    assert not route.blocked()[steps >= 0].any()


def test_the_straight_line_crosses_the_wall_on_some_legs():
    """Why the oracle needs the way: four legs' straight lines cross a wall outline."""
    blocked = route.blocked()
    crossing = 0
    for i, a in enumerate(track.STAGES):
        b = np.array(track.STAGES[(i + 1) % len(track.STAGES)])
        points = np.array(a) + np.linspace(0, 1, 400)[:, None] * (b - np.array(a))
        crossing += any(blocked[route.cell_of(p)] for p in points)
    assert crossing >= 4


@pytest.mark.parametrize("agent", ["Point", "Car"])
def test_the_oracle_drives_round_the_track_without_touching_the_wall(agent):
    """Seed 0 starts at (32, -7) with the goal 38 m of track away: in 1000 steps the Point
    reaches it and the Car gets at least a third of the way (measured: 46%); neither touches
    the wall (level 1 charges it; level 0 is used here for speed, so the wall contacts are
    counted directly)."""
    env = gymnasium.make(f"Safety{agent}FormulaOne0-v0")
    policy = safety_sim.oracle(env)
    obs, _ = env.reset(seed=0)
    u = env.unwrapped
    start = route.steps_to(u.stage)[route.cell_of(track.STAGES[3])]
    wall = u.model.body("wall").id
    met, touched = 0, 0
    for _ in range(1000):
        action = policy(obs)
        assert env.action_space.contains(action)
        obs, _, terminated, truncated, info = env.step(action)
        met += bool(info.get("goal_met"))
        touched += any(wall in (u.model.geom_bodyid[c.geom1], u.model.geom_bodyid[c.geom2])
                       for c in u.data.contact[:u.data.ncon])
        if terminated or truncated:
            break
    left = route.steps_to(4)[route.cell_of(u.data.xpos[u.handles.agent_body, :2])]
    assert touched == 0
    if agent == "Point":
        assert met >= 1
    else:
        assert met >= 1 or left <= 2 * start / 3


def test_no_oracle_for_the_other_agents():
    with pytest.raises(TypeError, match="oracle"):
        safety_sim.oracle(gymnasium.make("SafetyDoggoFormulaOne0-v0"))
