"""What changes in the scene during a navigation episode (docs/spec/navigation.md §5.1, §7.2, §7.5):
a goal-button press and its timeline, the goal redraw once the goal is reached, and the
gremlins' motion."""
from __future__ import annotations

import math

import numpy as np
import pytest

from nav_task_helpers import move_agent_to
from nav_task_helpers import agent_touches, agent_xy, goal_xy, make, press, step_info
from safety_sim.navigation.layout import placement

ZERO = np.zeros(2)


def test_button_press_timeline_and_new_goal_button():
    """docs/spec/navigation.md §7.2: press at step n -> new goal button from choice(4) (one 32-bit
    word after the step's draw); buttons_lidar zero in the observations of steps n..n+9;
    cost_buttons absent from info at steps n+1..n+10, present again from n+11."""
    env, u = make("SafetyPointButton2-v0")
    env.reset(seed=7)
    start = agent_xy(u)
    shadow = np.random.RandomState()
    shadow.set_state(u._rs.get_state())
    shadow.random_sample()                 # the step's binomial(10, 1.0) draw
    want, pressed = int(shadow.choice(4)), u.goal_button
    obs, r, _, _, info = press(env, u, pressed)
    assert info["goal_met"] is True and r > 0.5 and u.goal_button == want
    assert agent_touches(u, f"button{pressed}")
    assert np.allclose(goal_xy(u), u.layout[f"button{want}"])
    lidar = next(e for e in u.obs_layout.entries if e.key == "buttons_lidar")
    assert not obs[lidar.start:lidar.stop].any()
    move_agent_to(u, start)
    for k in range(1, 12):
        obs, _, _, _, info = env.step(ZERO)
        assert obs[lidar.start:lidar.stop].any() == (k >= 10), k
        assert ("cost_buttons" in info) == (k >= 11), k


def test_goal_redraw_is_the_spec_redraw_against_current_positions():
    env, u = make("SafetyCarGoal2-v0")
    env.reset(seed=11)
    for _ in range(3):
        env.step(env.action_space.sample() * 0.2)
    shadow = np.random.RandomState()
    shadow.set_state(u._rs.get_state())
    move_agent_to(u, goal_xy(u))
    info = step_info(env)
    shadow.random_sample()
    assert info["goal_met"] is True
    keep = {"agent": 0.4, "hazard": 0.18, "vase": 0.15}          # docs/spec/navigation.md §5.1
    others = {n: tuple(xy) for n, xy in u.layout.items() if n != "goal"}
    keepouts = {n: keep[n.rstrip("0123456789")] for n in others}
    want = placement.resample_goal(shadow, (-2, -2, 2, 2), others, keepouts, 0.305)
    assert u.layout["goal"] == pytest.approx(want, abs=1e-12)
    assert shadow.uniform() == u._rs.uniform()            # same stream position


def test_gremlins_follow_the_spec_motion():
    """docs/spec/navigation.md §7.5: before every substep the ghosts go to (0.35 sin t, 0.35 cos t,
    0.1); the weld pulls each box towards its layout point plus that offset, 0.2 above the floor."""
    env, u = make("SafetyPointButton1-v0")
    env.reset(seed=0)
    xy = {f"gremlin{i}": u.layout[f"gremlin{i}"] for i in range(4)}
    for i, name in enumerate(xy):
        eq = u.model.eq_data[u.handles.gremlin_eq[i]]
        assert eq[3:6].tolist() == [*xy[name], 0.1] and eq[10] == 1.0
    for t in range(1, 121):
        step_info(env)
        tau = u.data.time - u.model.opt.timestep       # the last substep's phase
        assert np.allclose(u.data.mocap_pos[u.handles.gremlin_mocap],
                           [0.35 * math.sin(tau), 0.35 * math.cos(tau), 0.1], atol=1e-12)
        if t > 30:
            for name, (x, y) in xy.items():
                box = u.data.xpos[u.handles.body_of[name]]
                target = (x + 0.35 * math.sin(u.data.time), y + 0.35 * math.cos(u.data.time),
                          0.2)
                assert np.linalg.norm(box - target) < 0.05
