"""The navigation oracle (safety_sim.navigation.oracle): Point and Car solve Goal1, Button1 and
Push1 safely (success on >= 80% of held-out seeds, mean episode cost <= 1 over whole
1000-step episodes); go-to-point reaches targets in the real physics; the gremlins' motion is
predicted and timed; the controllers' plans on hand-made NavStates turn the right way, keep
out of hazards, vases, gremlins and other buttons; actions always lie in the action space; the
state reader reads the env."""
from __future__ import annotations

import dataclasses
import math
import types

import gymnasium
import numpy as np
import pytest

import safety_sim
from safety_sim.navigation.oracle import NavState, make_nav_oracle, nav_state
from safety_sim.navigation.oracle.controllers import (
    HAZARD_CLEARANCE,
    button_action,
    button_plan,
    go_to,
    goal_action,
    goal_plan,
)
from safety_sim.navigation.oracle.drive import DRIVES, heading
from safety_sim.navigation.oracle import gremlins
from safety_sim.navigation.oracle.planner import CELL, field, plan
from safety_sim.navigation.oracle.push import PushController
from safety_sim.tools import oracle_eval as evaluate

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


def walk(s: NavState, task, step=0.01, limit=800) -> np.ndarray:
    """Positions of a point that moves ``step`` along :func:`plan` of ``task`` (a
    :class:`Task`) until it is within 0.02 of its target."""
    pos, path = np.array(s.agent_xy, float), []
    for _ in range(limit):
        path.append(pos.copy())
        if np.hypot(*(pos - task.target)) < 0.02:
            break
        pos = pos + step * plan(pos, task.target, task.hard, task.soft, task.wary, task.moving)
    return np.array(path)


# -- real physics --------------------------------------------------------------------------
@pytest.mark.parametrize("agent", AGENTS)
@pytest.mark.parametrize("task", ["Goal", "Button", "Push"])
def test_oracle_solves_level_1_safely(agent, task):
    """Success (the goal met at least once) on >= 80% of the held-out seeds and mean episode
    cost <= 1 over whole 1000-step episodes (the oracle keeps going after each goal). The
    20-seed figures come from ``safety-sim oracle-eval``."""
    results = [evaluate.run_episode(f"Safety{agent}{task}1-v0", seed) for seed in SEEDS]
    summary = evaluate.summarise(results)
    assert all(r.steps == 1000 for r in results)
    assert summary.success >= 0.8, results
    assert summary.mean_cost <= 1.0, results


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


def test_oracle_refuses_tasks_and_agents_without_one():
    for env_id in ("SafetyPointCircle1-v0", "SafetyDoggoGoal1-v0"):
        with pytest.raises(TypeError, match="no navigation oracle"):
            safety_sim.oracle(gymnasium.make(env_id))


def test_evaluate_prints_one_row_per_agent_and_level(capsys):
    assert evaluate.main(["--tasks", "Push", "--agents", "Point", "--levels", "0",
                          "--seeds", "1"]) == 0
    rows = capsys.readouterr().out.strip().splitlines()
    assert len(rows) == 2 and "success" in rows[0] and "mean cost" in rows[0]
    assert rows[1].startswith("PointPush0 oracle")
    assert rows[1].split()[2:4] == ["1/1", "0.00"]       # Push0 has nothing that costs


def test_evaluate_summarises_success_and_cost():
    results = [evaluate.EpisodeResult(120, 3, 0.0, 1000),
               evaluate.EpisodeResult(None, 0, 4.0, 1000),
               evaluate.EpisodeResult(300, 1, 2.0, 1000)]
    s = evaluate.summarise(results)
    assert (s.episodes, s.solved, s.success) == (3, 2, pytest.approx(2 / 3))
    assert (s.mean_first, s.mean_cost, s.max_cost) == (210.0, 2.0, 4.0)
    assert s.goals_per_episode == pytest.approx(4 / 3)


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
    task = goal_plan(s)
    path = walk(s, task)
    assert np.hypot(*(path[-1] - task.target)) < 0.02
    assert np.min(np.hypot(*path.T)) > 0.2 + HAZARD_CLEARANCE - CELL   # never near the hazard
    assert np.max(np.abs(path[:, 1])) < 0.7                      # a detour, not a tour


def test_goal_plan_takes_a_long_detour_rather_than_cross_a_hazard():
    """A row of hazards with a gap 2 m to the side: the way through the gap (about 5 m)
    beats crossing a hazard on the straight line (2 m)."""
    row = [(0.0, y) for y in np.arange(-1.2, 2.01, 0.3)]
    s = state(xy=(-1.0, 0.0), goal_xy=(1.0, 0.0), hazards_xy=row, hazard_radius=0.2)
    path = walk(s, goal_plan(s), limit=1200)
    assert np.hypot(*(path[-1] - (1.0, 0.0))) < 0.02
    assert np.min(np.hypot(*(path[:, None, :] - np.array(row)).transpose(2, 0, 1))) > 0.2
    assert path[:, 1].min() < -1.2


def test_goal_plan_crosses_a_hazard_only_when_walled_in_and_keeps_out_of_vases():
    """Walled in by a closed ring of hazards, the way out crosses one ring (the narrowest
    stretch), never a vase."""
    angles = np.linspace(0.0, 2 * math.pi, 26, endpoint=False)
    ring = np.stack([-1.0 + 0.9 * np.cos(angles), 0.9 * np.sin(angles)], axis=1)
    s = state(xy=(-1.0, 0.0), goal_xy=(1.0, 0.0), hazards_xy=ring, hazard_radius=0.2,
              vases_xy=[(-0.5, 0.0)])
    path = walk(s, goal_plan(s), limit=1200)
    assert np.hypot(*(path[-1] - (1.0, 0.0))) < 0.02
    inside = np.hypot(*(path[:, None, :] - ring).transpose(2, 0, 1)).min(axis=1) < 0.2
    assert inside.any() and np.count_nonzero(np.diff(inside.astype(int)) == 1) == 1
    assert np.min(np.hypot(*(path - (-0.5, 0.0)).T)) > 0.1 * math.sqrt(2) + DRIVES["Point"].radius


@pytest.mark.parametrize("goal", [0, 2])
def test_button_plan_targets_the_goal_button_and_keeps_off_the_others(goal):
    buttons = [(1.0, 0.0), (0.5, 0.0), (-0.2, 1.0), (0.3, -0.9)]
    s = state(task="button", xy=(-0.5, 0.0), buttons_xy=buttons, goal_button=goal,
              gremlins_xy=[(0.2, 0.6)], hazards_xy=[(-0.1, -0.3)], hazard_radius=0.2)
    task = button_plan(s)
    np.testing.assert_array_equal(task.target, buttons[goal])
    path = walk(s, task)
    assert np.hypot(*(path[-1] - buttons[goal])) < 0.02
    others = np.array([b for i, b in enumerate(buttons) if i != goal])
    gap = np.min(np.hypot(*(path[:, None, :] - others).T))
    assert gap > s.button_radius + DRIVES["Point"].radius          # never bumps another button
    gremlin_gap = np.min(np.hypot(*(path - (0.2, 0.6)).T))
    assert gremlin_gap > 0.1 * math.sqrt(2) + DRIVES["Point"].radius   # nor the gremlin


def test_gremlin_positions_are_predicted_from_their_known_motion():
    """Where the gremlins will be 0.5 s ahead (their circle round the layout point, all in
    phase) is where they are then, to the few centimetres their boxes trail."""
    env = gymnasium.make("SafetyPointButton1-v0")
    env.reset(seed=2)
    layout = [env.unwrapped.layout[f"gremlin{i}"] for i in range(4)]   # not moved yet
    for _ in range(30):
        env.step(np.zeros(2))
    before = nav_state(env)
    np.testing.assert_allclose(before.gremlin_orbits_xy, layout, atol=1e-9)
    predicted = gremlins.gremlins_at(before, [0.5])[0]
    for _ in range(round(0.5 / before.dt)):
        env.step(np.zeros(2))
    assert np.max(np.hypot(*(nav_state(env).gremlins_xy - predicted).T)) < 0.05
    env.close()


def test_a_way_a_gremlin_will_cross_is_not_taken():
    """Straight to the goal button across a gremlin's circle: the oracle goes when the
    gremlin is away and does not when it is about to sweep across the way."""
    def at(time):
        return state(task="button", xy=(0.0, 0.0), buttons_xy=[(2.0, 0.0)], goal_button=0,
                     gremlins_xy=[(0.6, 0.35)], gremlin_orbits_xy=[(0.6, 0.0)],
                     gremlin_travel=0.35, time=time)

    way = np.stack([np.arange(1, 34) * CELL, np.zeros(33)], axis=1)
    # clockwise from the top: it crosses y = 0 at x = 0.95 (t = pi/2), x = 0.25 (t = 3 pi/2)
    assert gremlins.gremlin_check(at(0.0), way, 0.0, 0.5, _field(at(0.0)), NO_OBSTACLES) \
        is not None            # in 1.5 s it sweeps across x = 0.95 as the agent gets there
    late = at(1.5 * math.pi - 0.5)
    action = gremlins.gremlin_check(late, way, 0.0, 0.5, _field(late), NO_OBSTACLES)
    assert action is not None and action[0] <= go_to(late, (2.0, 0.0))[0]
    far = state(task="button", buttons_xy=[(2.0, 0.0)], goal_button=0, gremlins_xy=[(0.6, 2.35)],
                gremlin_orbits_xy=[(0.6, 2.0)], gremlin_travel=0.35, time=0.0)
    assert gremlins.gremlin_check(far, way, 0.0, 0.5, _field(far), NO_OBSTACLES) is None


NO_OBSTACLES = ((np.zeros((0, 2)), np.zeros(0)), (np.zeros((0, 2)), np.zeros(0)))


def _field(s):
    task = button_plan(s)
    return field(s.agent_xy, task.target, task.hard, task.soft, task.wary, task.moving)


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
