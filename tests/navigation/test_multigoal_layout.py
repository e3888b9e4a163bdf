"""The groundwork of MultiGoal (``safety_sim.navigation.multigoal``, not registered yet): the
layout draw is the reference's, body for body, for every recorded MultiGoal id
(``tests/data/sg_head_golden.json``: Point and Ant, levels 0-2, seed 0), and agent 1 keeps the
reference's quirks."""
from __future__ import annotations

import numpy as np
import pytest
from sg_head_refs import GOLDEN

from safety_sim.navigation.layout.placement import draw_xy
from safety_sim.navigation.multigoal.layout import (
    AGENT1_TRIES,
    AGENT_KEEPOUT,
    LEVELS,
    place_agent1,
    sample_multigoal_layout,
)

RECORDED = sorted(k for k in GOLDEN["golden_seed0"] if "MultiGoal" in k)


@pytest.mark.parametrize("env_id", RECORDED)
def test_layout_is_the_references(env_id):
    ref = GOLDEN["golden_seed0"][env_id]["body_xy"]
    level = LEVELS[int(env_id.split("MultiGoal")[1][0])]
    layout = sample_multigoal_layout(np.random.RandomState(0), level)
    assert {"agent", "agent1", "goal_red", "goal_blue"} <= set(layout)
    assert len(layout) == 4 + level.hazards + level.vases
    for name, xy in layout.items():
        assert tuple(ref[name]) == xy, name


def test_agent1_takes_the_last_draw_when_no_draw_fits():
    """Nothing fits (a body in the middle of a small area keeps everything away): after 100
    draws the last one stands, and no more is drawn (the layout is not redrawn)."""
    extents = (-1.0, -1.0, 1.0, 1.0)
    rs = np.random.RandomState(3)
    xy = place_agent1(rs, extents, {"goal_red": (0.0, 0.0)}, {"goal_red": 5.0}, 0.305)
    replay = np.random.RandomState(3)
    draws = [draw_xy(replay, extents, AGENT_KEEPOUT) for _ in range(AGENT1_TRIES)]
    assert xy == draws[-1] and rs.random_sample() == replay.random_sample()


def test_agent1_keeps_the_last_objects_keep_out_not_its_own():
    """A draw 0.5 from a hazard (keep-out 0.18) is taken when the last object's keep-out is
    0.15 (0.5 >= 0.33), though the agent's own 0.4 would refuse it (0.5 < 0.58)."""
    extents = (-0.9, -0.9, 0.9, 0.9)
    first = draw_xy(np.random.RandomState(8), extents, AGENT_KEEPOUT)
    hazard = (first[0] + 0.5, first[1])
    keepouts = {"hazard0": 0.18}
    xy = place_agent1(np.random.RandomState(8), extents, {"hazard0": hazard}, keepouts, 0.15)
    assert xy == first
    other = place_agent1(np.random.RandomState(8), extents, {"hazard0": hazard}, keepouts, 0.4)
    assert other != first


@pytest.mark.parametrize("env_id", RECORDED)
def test_world_and_first_observation_are_the_references(env_id):
    """The two-agent world (body and geom counts) and the observation both agents receive
    after ``reset(seed=0)`` (to 1e-14: the lidar's sums round in another order), for Point and
    for the reference's Ant after 1.0.0 (its Ant's joint noise is drawn after the goals'
    redraw, so the noise bits check the redraw's draws too)."""
    import mujoco

    from safety_sim.navigation.agents import head_agent
    from safety_sim.navigation.multigoal import scene

    ref = GOLDEN["golden_seed0"][env_id]
    agent = head_agent(env_id[len("Safety"):].split("MultiGoal")[0])
    level = LEVELS[int(env_id.split("MultiGoal")[1][0])]
    model = scene.build(agent, level)
    data = mujoco.MjData(model)
    scene.reset(model, data, agent, level, 0)
    assert (model.nbody, model.ngeom) == (ref["nbody"], ref["ngeom"])
    obs = scene.first_observation(model, data, agent, level)
    assert np.max(np.abs(obs - np.array(ref["first_obs"]))) < 1e-14


@pytest.mark.parametrize("env_id", RECORDED)
def test_first_step_is_the_references(env_id):
    """The first step of the recorded random actions: costs, cost terms and flags as
    recorded; the Point's rewards too (to 1e-12) once the actions are mixed as the reference's
    actuator order mixes them (x, x1, z, z1: ``MultiGoalWorld``'s docstring) -- safety_sim lets
    each agent drive its own actuators. The Ant's rewards are left out: its steps differ
    across MuJoCo versions (as the single-agent golden tests say)."""
    from safety_sim.navigation.multigoal.world import AGENTS, MultiGoalWorld

    ref = GOLDEN["golden_seed0"][env_id]
    agent = env_id[len("Safety"):].split("MultiGoal")[0]
    world = MultiGoalWorld(agent, int(env_id.split("MultiGoal")[1][0]))
    world.reset(0)
    actions = {a: np.array(ref["first_action"][a]) for a in AGENTS}
    if agent == "Point":
        (f0, t0), (f1, t1) = actions["agent_0"], actions["agent_1"]
        actions = {"agent_0": np.array([f0, f1]), "agent_1": np.array([t0, t1])}
    obs, rewards, costs, terminated, truncated, infos = world.step(actions)
    assert costs == ref["first_cost"]
    assert {a: infos[a][a] for a in AGENTS} == ref["first_info_costs"]
    assert terminated == ref["first_terminated"] and truncated == ref["first_truncated"]
    assert np.array_equal(obs["agent_0"], obs["agent_1"])
    if agent == "Point":
        for a in AGENTS:
            assert rewards[a] == pytest.approx(ref["first_reward"][a], abs=1e-12)
