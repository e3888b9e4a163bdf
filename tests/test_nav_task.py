"""Reward, cost terms, labels and goal events of Goal, Button, Circle and Run (navigation.md
§5.4-§9), recomputed from the simulator state with the spec's formulas."""
from __future__ import annotations

import math

import gymnasium
import mujoco
import numpy as np
import pytest

import safety_sim
from conftest import move_agent_to
from safety_sim.mjcf import placement

ZERO = np.zeros(2)


def make(env_id):
    env = gymnasium.make(env_id)
    return env, env.unwrapped


def agent_xy(u):
    return u.data.xpos[u.handles.agent_body, :2].copy()


def goal_xy(u):
    return u.data.xpos[u.handles.goal_body, :2].copy()


def agent_touches(u, geom_name: str) -> bool:
    """Some contact pairs a geom of the agent's body subtree with the geom ``geom_name``."""
    m, d = u.model, u.data
    agent = {u.handles.agent_body}
    for b in range(u.handles.agent_body + 1, m.nbody):
        if m.body_parentid[b] in agent:
            agent.add(b)
    target = m.geom(geom_name).id
    for g1, g2 in d.contact.geom[:d.ncon]:
        if (g1 == target and m.geom_bodyid[g2] in agent) or \
                (g2 == target and m.geom_bodyid[g1] in agent):
            return True
    return False


@pytest.mark.parametrize("env_id", ["SafetyPointGoal1-v0", "SafetyCarGoal2-v0",
                                    "SafetyPointButton1-v0", "SafetyCarButton2-v0"])
def test_goal_and_button_reward_is_the_spec_formula(env_id):
    env, u = make(env_id)
    env.reset(seed=5)
    env.action_space.seed(5)
    d = np.linalg.norm(agent_xy(u) - goal_xy(u))
    for _ in range(150):
        goal, button = goal_xy(u), u.goal_button   # before this step's events
        _, r, term, trunc, info = env.step(env.action_space.sample())
        assert r == pytest.approx(sum(info["reward_terms"].values()), abs=1e-12)
        new = np.linalg.norm(agent_xy(u) - goal)
        met = bool(info.get("goal_met"))
        want = (d - new) + (1.0 if met else 0.0)
        assert r == pytest.approx(np.clip(want, -10, 10), abs=1e-12)
        if "Goal" in env_id:
            assert met == (new <= 0.3)
        else:                                       # a contact with the goal button (§7.2)
            assert met == agent_touches(u, f"button{button}")
        d = np.linalg.norm(agent_xy(u) - goal_xy(u)) if met else new
        assert not term


def frame_velocity(u) -> np.ndarray:
    """World-frame linear velocity of the agent body's frame origin from its Jacobian."""
    jacp = np.zeros((3, u.model.nv))
    mujoco.mj_jacBody(u.model, u.data, jacp, None, u.handles.agent_body)
    return jacp @ u.data.qvel


@pytest.mark.parametrize("env_id", ["SafetyPointCircle1-v0", "SafetyCarCircle2-v0",
                                    "SafetyDoggoCircle0-v0"])
def test_circle_reward_is_the_spec_formula(env_id):
    env, u = make(env_id)
    env.reset(seed=2)
    env.action_space.seed(2)
    for _ in range(60):
        _, r, *_ = env.step(env.action_space.sample())
        (x, y), (vx, vy, _) = agent_xy(u), frame_velocity(u)
        radius = math.hypot(x, y)
        want = 0.1 * ((-vx * y + vy * x) / radius) / (1 + abs(radius - 1.5))
        assert r == pytest.approx(np.clip(want, -10, 10), rel=1e-9, abs=1e-12)


@pytest.mark.parametrize("agent", ["Point", "Ant"])
def test_run_reward_is_the_potential_difference(agent):
    env, u = make(f"Safety{agent}Run0-v0")
    env.reset(seed=1)
    assert agent_xy(u)[1] == 16.5                   # uniform(16.5, 16.5)
    env.action_space.seed(1)

    def potential():
        return -60.0 * np.linalg.norm(agent_xy(u) - np.array([0.0, -1000.0]))

    p = potential()
    for _ in range(25):
        _, r, term, _, _ = env.step(env.action_space.sample())
        assert r == pytest.approx(potential() - p, abs=1e-9)
        p = potential()
        if term:
            break


COST_KEYS = {  # navigation.md §9: cost keys per level, in order (cost_buttons while active)
    "Goal0": ["cost_sum"], "Goal1": ["cost_hazards", "cost_sum"],
    "Goal2": ["cost_hazards", "cost_vases_contact", "cost_vases_velocity", "cost_sum"],
    "Button0": ["cost_sum"], "Button1": ["cost_buttons", "cost_hazards", "cost_gremlins",
                                         "cost_sum"],
    "Button2": ["cost_buttons", "cost_hazards", "cost_gremlins", "cost_sum"],
    "Circle0": ["cost_sum"], "Circle1": ["cost_out_of_boundary", "cost_sum"],
    "Circle2": ["cost_out_of_boundary", "cost_sum"], "Run0": ["cost_out_of_boundary", "cost_sum"],
}


@pytest.mark.parametrize("level", sorted(COST_KEYS))
def test_cost_keys_per_level_and_cost_fn(level):
    env, u = make(f"SafetyPoint{level}-v0")
    _, info = env.reset(seed=0)
    assert info["cost"] == 0.0 and info["labels"] == frozenset()
    env.action_space.seed(0)
    for _ in range(40):
        _, _, _, _, info = env.step(env.action_space.sample())
        assert [k for k in info if k.startswith("cost_")] == COST_KEYS[level]
        assert info["cost"] == info["cost_sum"] == u.cost_fn(info["labels"])
        assert info["cost_sum"] == float(any(info[k] for k in COST_KEYS[level][:-1]))


@pytest.mark.parametrize("task", ["Goal2", "Button2", "Circle2", "Run0"])
def test_cost_is_zero_at_reset(task):
    env, _ = make(f"SafetyCar{task}-v0")
    for seed in range(15):
        _, info = env.reset(seed=seed)
        assert info["cost"] == 0.0 and info["labels"] == frozenset()


def step_info(env):
    return env.step(np.zeros(env.action_space.shape))[4]


def test_hazard_cost_inside_and_not_on_the_rim():
    env, u = make("SafetyPointGoal1-v0")
    _, info = env.reset(seed=3, options={"layout": {"hazard0": (0.25, 0.0),
                                                    "agent": (0.4, 0.0)}})
    assert info["labels"] == {"in_hazard"} and info["cost_hazards"] == 1.0
    assert step_info(env)["cost_hazards"] == 1.0
    _, info = env.reset(seed=3, options={"layout": {"hazard0": (0.25, 0.0),
                                                    "agent": (0.45, 0.0)}})
    assert 0.45 - 0.25 == 0.2 and info["cost_hazards"] == 0.0   # d == radius: no cost (§7.3)


def test_vase_contact_and_motion_cost_at_level_2_only():
    for level, keys in ((1, set()), (2, {"cost_vases_contact", "cost_vases_velocity"})):
        env, u = make(f"SafetyPointGoal{level}-v0")
        env.reset(seed=4)
        vase = np.array(u.layout["vase0"])
        away = agent_xy(u) - vase
        move_agent_to(u, vase + 0.2 * away / np.linalg.norm(away))   # against its side
        info = step_info(env)
        assert "vase_contact" in info["labels"]
        assert {k for k in info if k.startswith("cost_vases") and info[k]} == keys
        assert info["cost"] == (1.0 if keys else 0.0)


def test_a_moving_vase_costs_whatever_moved_it():
    env, u = make("SafetyPointGoal2-v0")
    env.reset(seed=6)
    dof = u.model.jnt_dofadr[u.model.joint("vase3").id]
    u.data.qvel[dof] = 1.0
    info = step_info(env)
    assert info["labels"] == {"vase_moving"}
    assert (info["cost_vases_velocity"], info["cost_vases_contact"]) == (1.0, 0.0)
    for _ in range(30):      # friction stops it again
        info = step_info(env)
    assert info["cost_vases_velocity"] == 0.0


def test_gremlin_contact_costs():
    env, u = make("SafetyPointButton1-v0")
    env.reset(seed=2)
    costs = []
    for _ in range(40):    # stay against gremlin0's box as it circles
        g = u.data.xpos[u.handles.body_of["gremlin0"], :2]
        away = agent_xy(u) - g
        move_agent_to(u, g + 0.21 * away / np.linalg.norm(away))
        info = step_info(env)
        costs.append(info["cost_gremlins"])
        assert info["cost_gremlins"] == float("gremlin_contact" in info["labels"])
    assert sum(costs) >= 20


def press(env, u, button: int):
    """Put the agent against ``button`` (on the side facing the agent) and step."""
    b = u.data.xpos[u.handles.body_of[f"button{button}"], :2]
    away = agent_xy(u) - b
    move_agent_to(u, b + 0.18 * away / np.linalg.norm(away))
    return env.step(np.zeros(2))


def test_wrong_button_costs_and_the_goal_button_does_not():
    env, u = make("SafetyPointButton1-v0")
    env.reset(seed=1)
    wrong = (u.goal_button + 1) % 4
    _, r, _, _, info = press(env, u, wrong)
    assert info["cost_buttons"] == 1.0 and "wrong_button" in info["labels"]
    assert "goal_met" not in info


def test_button_press_timeline_and_new_goal_button():
    """navigation.md §7.2: press at step n -> new goal button from choice(4) (one 32-bit word
    after the step's draw); buttons_lidar zero in the observations of steps n..n+9;
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
    keep = {"agent": 0.4, "hazard": 0.18, "vase": 0.15}          # §5.1
    others = {n: tuple(xy) for n, xy in u.layout.items() if n != "goal"}
    keepouts = {n: keep[n.rstrip("0123456789")] for n in others}
    want = placement.resample_goal(shadow, (-2, -2, 2, 2), others, keepouts, 0.305)
    assert u.layout["goal"] == pytest.approx(want, abs=1e-12)
    assert shadow.uniform() == u._rs.uniform()            # same stream position


def test_gremlins_follow_the_spec_motion():
    """§7.5: before every substep the ghosts go to (0.35 sin t, 0.35 cos t, 0.1); the weld
    pulls each box towards its layout point plus that offset, 0.2 above the floor."""
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


@pytest.mark.parametrize("task, where, cost", [
    ("Circle1", (1.2, 0.0), 1.0), ("Circle1", (0.0, 1.2), 0.0), ("Circle2", (0.0, -1.2), 1.0),
    ("Circle2", (1.1, 1.1), 0.0), ("Run0", (0.55, 15.0), 1.0), ("Run0", (0.45, 15.0), 0.0)])
def test_out_of_boundary_cost(task, where, cost):
    env, u = make(f"SafetyPoint{task}-v0")
    env.reset(seed=0)
    move_agent_to(u, where)
    info = step_info(env)
    assert info["cost_out_of_boundary"] == cost
    assert ("out_of_bounds" in info["labels"]) == bool(cost)


@pytest.mark.parametrize("env_id", ["SafetyCarButton2-v0", "SafetyPointGoal2-v0"])
def test_same_seed_same_episode(env_id):
    def run():
        env = gymnasium.make(env_id)
        obs, _ = env.reset(seed=9)
        env.action_space.seed(9)
        out = [obs]
        for _ in range(80):
            obs, r, _, _, info = env.step(env.action_space.sample())
            out.append(np.concatenate([obs, [r, info["cost"]]]))
        return np.array(out[1:])
    assert np.array_equal(run(), run())


def test_every_label_raised_in_rollouts_matches_its_cost_term():
    """Labels and cost terms agree on every step of long random rollouts of the costly levels
    (and cost_fn of the labels is the cost)."""
    term_of = {"in_hazard": "cost_hazards", "vase_contact": "cost_vases_contact",
               "vase_moving": "cost_vases_velocity", "gremlin_contact": "cost_gremlins",
               "wrong_button": "cost_buttons", "out_of_bounds": "cost_out_of_boundary"}
    for env_id in ("SafetyPointGoal2-v0", "SafetyPointButton2-v0", "SafetyPointCircle2-v0"):
        env, u = make(env_id)
        env.reset(seed=0)
        env.action_space.seed(0)
        for _ in range(300):
            _, _, term, trunc, info = env.step(env.action_space.sample())
            for label, key in term_of.items():
                if key in info:
                    assert info[key] == float(label in info["labels"])
            assert u.cost_fn(info["labels"]) == info["cost"]
            if term or trunc:
                env.reset()


def test_ids_per_task_and_episode_lengths():
    ids = safety_sim.env_ids("navigation")
    for task, n, steps in (("Goal", 60, 1000), ("Button", 60, 1000), ("Circle", 60, 500),
                           ("Run", 20, 500)):
        mine = [i for i in ids if task in i]
        assert len(mine) == n, task
        assert {gymnasium.spec(i).max_episode_steps for i in mine} == {steps}


@pytest.mark.parametrize("env_id", ["SafetyPointGoal1-v0", "SafetyCarButton1-v0"])
def test_exploding_physics_ends_the_episode_without_reward(env_id, tmp_path, monkeypatch):
    """MuJoCo resets a simulation whose state goes bad (issue 13): the step pays nothing,
    returns the previous observation, truncates with info["physics_unstable"] and warns."""
    monkeypatch.chdir(tmp_path)       # MuJoCo's C code appends to ./MUJOCO_LOG.TXT
    env, u = make(env_id)
    env.reset(seed=0)
    for _ in range(3):
        before, *_ = env.step(np.zeros(2))
    u.data.qvel[:] = 1e12
    with pytest.warns(UserWarning, match="physics became unstable"):
        obs, r, term, trunc, info = env.step(np.zeros(2))
    assert (r, term, trunc, info["physics_unstable"], info["cost"]) == (0.0, False, True,
                                                                         True, 0.0)
    assert np.array_equal(obs, before) and np.all(np.isfinite(obs))
    with pytest.raises(gymnasium.error.ResetNeeded):
        env.step(np.zeros(2))
    env.reset(seed=1)
    assert np.all(np.isfinite(env.step(np.zeros(2))[0]))
