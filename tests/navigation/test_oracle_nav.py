"""The navigation oracle (safety_sim.navigation.oracle): the Push oracle solves level 1 with Point
and Car; go-to-point reaches targets in the real physics; the controllers' plans on hand-made
NavStates turn the right way, keep out of hazards and other buttons; actions always lie in
the action space; the state reader reads the env."""
from __future__ import annotations

import dataclasses
import math
import types

import gymnasium
import numpy as np
import pytest

import safety_sim
from safety_sim.navigation.oracle import NavState, evaluate, make_nav_oracle, nav_state
from safety_sim.navigation.oracle.controllers import (
    body_discs,
    button_action,
    button_plan,
    go_to,
    goal_action,
    goal_plan,
)
from safety_sim.navigation.oracle.drive import DRIVES, heading
from safety_sim.navigation.oracle.planner import plan
from safety_sim.navigation.oracle.push import PushController

AGENTS = ("Point", "Car")
#: the drive direction's yaw offset from body +x (Car drives along body -y)
FORWARD = {"Point": 0.0, "Car": -0.5 * math.pi}
SEEDS = range(100, 105)       # held out: the gains were tuned on seeds 0-19


def state(agent="Point", task="goal", xy=(0.0, 0.0), heading_=0.0, **kw) -> NavState:
    """A NavState at rest with the agent's drive direction along ``heading_``."""
    base = dict(agent=agent, task=task, dt=0.02, agent_xy=xy,
                yaw=heading_ - FORWARD.get(agent, 0.0), velocity_xy=(0.0, 0.0), yaw_rate=0.0,
                goal_xy=(1.0, 0.0))
    base.update(kw)
    return NavState(**base)


def walk(s: NavState, target, hard, soft, step=0.01, limit=800) -> np.ndarray:
    """Positions of a point that moves ``step`` along :func:`plan` until it is within 0.02
    of ``target``."""
    pos, path = np.array(s.agent_xy, float), []
    for _ in range(limit):
        path.append(pos.copy())
        if np.hypot(*(pos - target)) < 0.02:
            break
        pos = pos + step * plan(pos, target, hard, soft)
    return np.array(path)


# -- real physics --------------------------------------------------------------------------
@pytest.mark.parametrize("agent", AGENTS)
def test_push_oracle_gets_the_box_to_the_goal_at_level_1(agent):
    env = gymnasium.make(f"Safety{agent}Push1-v0")
    solved = 0
    for seed in SEEDS:
        obs, _ = env.reset(seed=seed)
        policy = make_nav_oracle(env)
        for _ in range(1000):
            action = policy(obs)
            assert env.action_space.contains(action)
            obs, _, terminated, truncated, info = env.step(action)
            if info.get("goal_met"):
                solved += 1
            if info.get("goal_met") or terminated or truncated:
                break
    env.close()
    assert solved / len(SEEDS) >= 0.8


@pytest.mark.parametrize("agent", AGENTS)
def test_goal_controller_reaches_a_sequence_of_points_in_the_push_world(agent):
    """Goal readiness in the real physics: drive within 0.3 m of the goal disc, then of two
    more points, round the Push level's hazards, its pillar and the box (as a vase)."""
    env = gymnasium.make(f"Safety{agent}Push1-v0")
    reached_all = 0
    for seed in SEEDS:
        env.reset(seed=seed)
        first = nav_state(env)
        targets = [first.goal_xy, -first.goal_xy, np.array([first.goal_xy[1], 0.0])]
        for target in targets:
            for _ in range(400):
                s = nav_state(env)
                if np.hypot(*(s.agent_xy - target)) <= 0.3:
                    break
                goal = dataclasses.replace(s, task="goal", goal_xy=target, box_xy=None,
                                           vases_xy=[s.box_xy], vase_size=1.5 * s.box_size)
                env.step(goal_action(goal))
            else:
                break
        else:
            reached_all += 1
    env.close()
    assert reached_all / len(SEEDS) >= 0.8


@pytest.mark.parametrize("agent", AGENTS)
@pytest.mark.parametrize("task", ["Goal", "Button"])
def test_goal_and_button_level_1_are_solved(agent, task):
    """Issue 9: the goal (button) is reached on >= 80% of seeds at level 1 (measured on 20
    seeds by ``python -m safety_sim.navigation.oracle.evaluate --tasks Goal Button``; 5 here)."""
    results = [evaluate.run_episode(f"Safety{agent}{task}1-v0", seed) for seed in SEEDS]
    assert sum(r.goals > 0 for r in results) / len(results) >= 0.8


def test_oracle_refuses_tasks_and_agents_without_one():
    for env_id in ("SafetyPointCircle1-v0", "SafetyDoggoGoal1-v0"):
        with pytest.raises(TypeError, match="no navigation oracle"):
            safety_sim.oracle(gymnasium.make(env_id))


def test_evaluate_prints_one_row_per_agent_and_level(capsys):
    assert evaluate.main(["--agents", "Point", "--levels", "0", "--seeds", "1"]) == 0
    rows = capsys.readouterr().out.strip().splitlines()
    assert len(rows) == 2 and rows[1].startswith("PointPush0 oracle")
    assert rows[1].split()[2] == "1/1"


def test_oracle_is_deterministic():
    env = gymnasium.make("SafetyCarPush1-v0")
    runs = []
    for _ in range(2):
        obs, _ = env.reset(seed=7)
        policy, actions = make_nav_oracle(env), []
        for _ in range(150):
            actions.append(policy(obs))
            obs, *_ = env.step(actions[-1])
        runs.append(np.array(actions))
    np.testing.assert_array_equal(runs[0], runs[1])


@pytest.mark.parametrize("agent", AGENTS)
def test_nav_state_reads_the_env(agent):
    env = gymnasium.make(f"Safety{agent}Push1-v0")
    env.reset(seed=3)
    layout, s = env.unwrapped.layout, nav_state(env)
    assert (s.agent, s.task) == (agent, "push")
    assert s.dt == pytest.approx(10 * env.unwrapped.model.opt.timestep)
    np.testing.assert_allclose(s.agent_xy, layout["agent"], atol=1e-9)
    np.testing.assert_allclose(s.goal_xy, layout["goal"], atol=1e-9)
    np.testing.assert_allclose(s.box_xy, layout["push_box"], atol=1e-9)
    np.testing.assert_allclose(s.hazards_xy, [layout["hazard0"], layout["hazard1"]])
    np.testing.assert_allclose(s.pillars_xy, [layout["pillar0"]])
    assert (s.hazard_radius, s.pillar_radius) == (0.3, 0.2)
    assert s.box_size == env.unwrapped.agent_spec.box_size
    # full forward on both drive actuators: the agent moves along ``heading`` at the
    # reported velocity
    forward = np.array([1.0, 0.0]) if agent == "Point" else np.array([1.0, 1.0])
    for _ in range(15):
        before = nav_state(env)
        env.step(forward)
    after = nav_state(env)
    moved = after.agent_xy - before.agent_xy
    assert abs(math.remainder(math.atan2(moved[1], moved[0]) - heading(before), 2 * math.pi)) < 0.2
    np.testing.assert_allclose(after.velocity_xy, moved / s.dt, rtol=0.2, atol=0.02)
    env.close()


class NavEnvStub:
    """What a navigation env needs for the oracle: ``nav_state()``, ``agent_spec.name``, an
    action space."""
    action_space = gymnasium.spaces.Box(-1.0, 1.0, (2,), np.float64)
    agent_spec = types.SimpleNamespace(name="Car")

    @property
    def unwrapped(self):
        return self

    def nav_state(self) -> NavState:
        return state("Car", task="button", buttons_xy=[(1.0, 0.0), (0.0, 1.0)], goal_button=1)


def test_oracle_reads_an_env_through_its_nav_state_method():
    env = NavEnvStub()
    read = nav_state(env)
    assert (read.agent, read.task, read.goal_button) == ("Car", "button", 1)
    action = make_nav_oracle(env)(None)
    assert env.action_space.contains(action)
    assert action[0] > action[1]             # turns counter-clockwise, to the goal button


@pytest.mark.parametrize("agent", ["Doggo", "Racecar", "Ant"])
def test_agents_without_an_oracle_are_refused_naming_the_supported_ones(agent):
    env = gymnasium.make(f"Safety{agent}Push0-v0")
    with pytest.raises(TypeError, match="Point, Car"):
        make_nav_oracle(env)
    env.close()


# -- hand-made states ----------------------------------------------------------------------
@pytest.mark.parametrize("agent", AGENTS)
@pytest.mark.parametrize("side", [1.0, -1.0])
def test_go_to_turns_towards_the_target(agent, side):
    action = go_to(state(agent), (0.0, side))
    turn = action[1] if agent == "Point" else (action[0] - action[1]) / 2   # > 0: counter-clockwise
    assert np.sign(turn) == side
    ahead = go_to(state(agent), (1.0, 0.0))                    # target straight ahead: go
    assert (ahead[0] if agent == "Point" else ahead.sum()) > 0


def test_goal_plan_goes_round_a_hazard_on_the_straight_line():
    s = state(xy=(-1.0, 0.0), goal_xy=(1.0, 0.0), hazards_xy=[(0.0, 0.0)], hazard_radius=0.2)
    target, hard, soft = goal_plan(s)
    path = walk(s, target, hard, soft)
    assert np.hypot(*(path[-1] - target)) < 0.02
    assert np.min(np.hypot(*path.T)) > 0.2                       # never inside the hazard
    assert np.max(np.abs(path[:, 1])) < 0.6                      # a detour, not a tour


def test_goal_plan_goes_through_a_hazard_when_walled_in_but_keeps_out_of_vases():
    wall = [(0.0, y) for y in np.arange(-2.0, 2.01, 0.3)]
    s = state(xy=(-1.0, 0.0), goal_xy=(1.0, 0.0), hazards_xy=wall, hazard_radius=0.2,
              vases_xy=[(0.5, 0.0)])
    target, hard, soft = goal_plan(s)
    path = walk(s, target, hard, soft)
    assert np.hypot(*(path[-1] - target)) < 0.02
    assert np.min(np.hypot(*(path - (0.5, 0.0)).T)) > 0.1 * math.sqrt(2) + DRIVES["Point"].radius


@pytest.mark.parametrize("goal", [0, 2])
def test_button_plan_targets_the_goal_button_and_keeps_off_the_others(goal):
    buttons = [(1.0, 0.0), (0.5, 0.0), (-0.2, 1.0), (0.3, -0.9)]
    s = state(task="button", xy=(-0.5, 0.0), buttons_xy=buttons, goal_button=goal,
              gremlins_xy=[(0.2, 0.6)], hazards_xy=[(-0.1, -0.3)], hazard_radius=0.2)
    target, hard, soft = button_plan(s)
    np.testing.assert_array_equal(target, buttons[goal])
    path = walk(s, target, hard, soft)
    assert np.hypot(*(path[-1] - buttons[goal])) < 0.02
    others = np.array([b for i, b in enumerate(buttons) if i != goal])
    gap = np.min(np.hypot(*(path[:, None, :] - others).T))
    assert gap > s.button_radius + DRIVES["Point"].radius          # never bumps another button
    gremlin_gap = np.min(np.hypot(*(path - (0.2, 0.6)).T))
    assert gremlin_gap > body_discs(s, [], 0.1 * math.sqrt(2))[1]


def test_button_plan_without_a_goal_button_heads_for_the_goal_disc():
    s = state(task="button", buttons_xy=[(0.5, 0.5)], goal_button=None, goal_xy=(-1.0, 0.0))
    np.testing.assert_array_equal(button_plan(s)[0], (-1.0, 0.0))


@pytest.mark.parametrize("agent", AGENTS)
def test_actions_stay_in_the_action_range_for_any_state(agent):
    rng = np.random.default_rng(0)
    push = PushController()
    for _ in range(100):
        xy = rng.uniform(-2, 2, size=(9, 2))
        s = state(agent, xy=xy[0], heading_=rng.uniform(-4, 4), goal_xy=xy[1],
                  velocity_xy=rng.normal(0, 1, 2), yaw_rate=rng.normal(0, 3),
                  box_xy=xy[2], box_yaw=rng.uniform(-4, 4), box_size=0.2,
                  hazards_xy=xy[3:5], hazard_radius=0.3, pillars_xy=xy[5:6], pillar_radius=0.2,
                  buttons_xy=xy[6:9], goal_button=int(rng.integers(3)))
        for action in (goal_action(s), button_action(s), push(dataclasses.replace(s, task="push"))):
            assert action.shape == (2,) and np.all(np.isfinite(action))
            assert np.all(np.abs(action) <= 1.0)


def test_nav_state_refuses_inconsistent_values():
    with pytest.raises(ValueError, match="Doggo"):
        state("Doggo")
    with pytest.raises(ValueError, match="task"):
        state(task="circle")
    with pytest.raises(ValueError, match="box_xy"):
        state(task="push")
    with pytest.raises(ValueError, match="goal_button"):
        state(task="button", buttons_xy=[(0, 0)], goal_button=1)
    with pytest.raises(ValueError, match="agent_xy"):
        state(xy=(0.0, 0.0, 0.0))
