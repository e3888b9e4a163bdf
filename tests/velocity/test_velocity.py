"""Safe Velocity tasks (docs/spec/velocity.md) against the reference data and the spec's rules.

Spaces, limits and registry values come from ``nav_spaces.json`` (section ``velocity``), first
observations and 50-step rollouts from ``nav_reset_golden.json``. Reward, cost and termination
are recomputed on every step from the simulator state with the spec's formulas
(docs/spec/velocity.md §4, §5), independently of :mod:`safety_sim.velocity.robots`.
"""
from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from refs import load_ref
from gymnasium.error import ResetNeeded

import safety_sim
from safety_sim.registration import ENV_ROWS

pytestmark = pytest.mark.filterwarnings("ignore:.*is out of date:DeprecationWarning")

SPACES = load_ref("nav_spaces.json")["velocity"]
GOLDEN = load_ref("nav_reset_golden.json")["velocity"]
IDS = sorted(SPACES)
EXACT_ROBOTS = ("HalfCheetah", "Swimmer", "Walker2d")   # rollouts reproducible
# (docs/spec/velocity.md §8)


def robot_of(env_id: str) -> str:
    return env_id[len("Safety"):env_id.index("Velocity")]


def version_of(env_id: str) -> int:
    return int(env_id[-1])


# -- the spec's rules, written from docs/spec/velocity.md §4-§5 (not from safety_sim.tasks) --------

def _mass_centre(model, data):
    return (model.body_mass[:, None] * data.xipos).sum(0) / model.body_mass.sum()


POSITION = {   # where each robot's velocity is measured (docs/spec/velocity.md §4): (x, y)
    "HalfCheetah": lambda m, d: (d.qpos[0], 0.0),
    "Hopper": lambda m, d: (d.qpos[0], 0.0),
    "Walker2d": lambda m, d: (d.qpos[0], 0.0),
    "Swimmer": lambda m, d: (d.qpos[0], d.qpos[1]),
    "Ant": lambda m, d: tuple(d.body("torso").xpos[:2]),
    "Humanoid": lambda m, d: tuple(_mass_centre(m, d)[:2]),
}
# (forward weight, healthy reward, ctrl weight) of the reward (docs/spec/velocity.md §4)
REWARD = {"HalfCheetah": (1.0, 0.0, 0.1), "Hopper": (1.0, 1.0, 0.001),
          "Swimmer": (1.0, 0.0, 1e-4), "Walker2d": (1.0, 1.0, 0.001),
          "Ant": (1.0, 1.0, 0.5), "Humanoid": (1.25, 5.0, 0.1)}


def planar(env_id: str) -> bool:
    """Swimmer-v0, Ant and Humanoid limit the planar speed; the others forward vx
    (docs/spec/velocity.md §4)."""
    robot = robot_of(env_id)
    return robot in ("Ant", "Humanoid") or (robot == "Swimmer" and version_of(env_id) == 0)


def healthy(robot: str, qpos: np.ndarray, qvel: np.ndarray) -> bool:
    state = np.concatenate([qpos, qvel])
    if robot == "Hopper":
        return bool(qpos[1] > 0.7 and -0.2 < qpos[2] < 0.2
                    and np.all(np.abs(state[2:]) < 100))
    if robot == "Walker2d":
        return bool(0.8 < qpos[1] < 2.0 and -1.0 < qpos[2] < 1.0)
    if robot == "Ant":
        return bool(np.all(np.isfinite(state)) and 0.2 <= qpos[2] <= 1.0)
    if robot == "Humanoid":
        return bool(1.0 < qpos[2] < 2.0)
    return True


def judged(env_id: str, before, after) -> tuple[float, float]:
    """(judged velocity, cost) from the measured positions before and after a step."""
    ref = SPACES[env_id]
    vx, vy = ((a - b) / ref["dt"] for a, b in zip(after, before))
    v = float(np.sqrt(vx * vx + vy * vy)) if planar(env_id) else float(vx)
    return v, 1.0 if v > ref["velocity_threshold"] else 0.0


def make(env_id: str, **kwargs):
    return gymnasium.make(env_id, **kwargs)


# -- registry and spaces ---------------------------------------------------------------------

def test_registry_has_the_reference_ids_and_aliases():
    ours = {r.id for r in ENV_ROWS if r.family == "velocity"}
    aliases = {ref["gymnasium_alias"]["id"] for ref in SPACES.values()}
    assert ours == set(SPACES) | aliases
    for env_id, ref in SPACES.items():
        alias = ref["gymnasium_alias"]
        for spec in (gymnasium.spec(env_id), gymnasium.spec(alias["id"])):
            assert spec.max_episode_steps == ref["max_episode_steps"]
            assert spec.reward_threshold == ref["reward_threshold"]
        assert gymnasium.spec(alias["id"]).max_episode_steps == alias["max_episode_steps"]
        assert gymnasium.spec(alias["id"]).kwargs == gymnasium.spec(env_id).kwargs


@pytest.mark.parametrize("env_id", IDS)
def test_spaces_limits_and_physics(env_id):
    ref, env = SPACES[env_id], make(env_id)
    base = env.unwrapped
    obs_ref, act_ref = ref["observation_space"], ref["action_space"]
    assert env.observation_space.shape == tuple(obs_ref["shape"])
    assert env.observation_space.dtype == np.dtype(obs_ref["dtype"])
    assert np.all(env.observation_space.low == obs_ref["low"])
    assert np.all(env.observation_space.high == obs_ref["high"])
    assert env.action_space.dtype == np.dtype(act_ref["dtype"])
    assert env.action_space.shape == tuple(act_ref["shape"])
    assert np.array_equal(env.action_space.low.astype(np.float64), act_ref["low"])
    assert np.array_equal(env.action_space.high.astype(np.float64), act_ref["high"])
    assert base.speed_limit.threshold == ref["velocity_threshold"]
    assert base.model.opt.timestep == ref["timestep"]
    assert base.v4_env.frame_skip == ref["frame_skip"]
    assert base.dt == pytest.approx(ref["dt"], abs=1e-15)
    v4 = type(base.v4_env)
    assert f"{v4.__module__}.{v4.__name__}" == ref["base_env"]
    assert env.metadata["render_fps"] == round(1.0 / ref["dt"])
    env.close()


# -- reset and rollouts against the reference -------------------------------------------------

@pytest.mark.parametrize("env_id", IDS)
def test_first_observation_and_state(env_id):
    gold, env = GOLDEN[env_id]["0"], make(env_id)
    obs, info = env.reset(seed=0)
    np.testing.assert_allclose(obs, gold["obs"], rtol=0, atol=1e-9)
    np.testing.assert_allclose(env.unwrapped.data.qpos, gold["qpos"], rtol=0, atol=1e-9)
    np.testing.assert_allclose(env.unwrapped.data.qvel, gold["qvel"], rtol=0, atol=1e-9)
    assert info == {"cost_velocity": 0.0, "cost": 0.0, "labels": frozenset()}
    env.close()


def reference_rollout(env, seed: int, steps: int):
    """The reference's recipe (README_nav.md): one uniform draw per step, stop at the end."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(steps):
        obs, reward, terminated, truncated, info = env.step(
            rng.uniform(env.action_space.low, env.action_space.high))
        out.append((obs, reward, terminated, info))
        if terminated or truncated:
            break
    return out


@pytest.mark.parametrize("env_id", [i for i in IDS if robot_of(i) in EXACT_ROBOTS])
def test_rollout_equals_reference(env_id):
    gold = GOLDEN[env_id]["0"]["rollout"]
    steps = reference_rollout(make(env_id), 0, 50)
    assert len(steps) == gold["steps"] == 50 and gold["terminated_at"] is None
    np.testing.assert_allclose([s[1] for s in steps], gold["reward"], rtol=0, atol=1e-6)
    assert [s[3]["cost"] for s in steps] == gold["cost"]
    for key, values in gold["info"].items():
        np.testing.assert_allclose([s[3][key] for s in steps], values, rtol=0, atol=1e-6)
    np.testing.assert_allclose(steps[-1][0], gold["last_obs"], rtol=0, atol=1e-6)


@pytest.mark.parametrize("env_id", [i for i in IDS if robot_of(i) not in EXACT_ROBOTS])
def test_contact_rich_rollouts_start_as_the_reference(env_id):
    """Hopper, Ant, Humanoid diverge from MuJoCo 2.3.3 within a few steps
    (docs/spec/velocity.md §8): the first step agrees closely; Hopper and Humanoid still fall at the
    reference's step, Ant leaves its z range within the spec's 10-250 steps."""
    gold = GOLDEN[env_id]["0"]["rollout"]
    steps = reference_rollout(make(env_id), 0, 1000)
    assert steps[0][1] == pytest.approx(gold["reward"][0], abs=1e-5)
    assert steps[-1][2]
    if robot_of(env_id) == "Ant":
        assert 10 <= len(steps) <= 250
    else:
        assert len(steps) == gold["terminated_at"]


# -- every step against the spec's formulas ----------------------------------------------------

def checked_rollout(env, env_id: str, seed: int, steps: int, kick=None) -> list[float]:
    """Random actions; per step, reward, cost, labels and termination recomputed from the
    state. ``kick(data)`` may set velocities before each step. Returns the costs."""
    robot, base = robot_of(env_id), env.unwrapped
    forward_w, healthy_reward, ctrl_w = REWARD[robot]
    env.reset(seed=seed)
    rng, costs = np.random.default_rng(seed + 100), []
    for _ in range(steps):
        if kick is not None:
            kick(base.data)
        before = POSITION[robot](base.model, base.data)
        action = rng.uniform(env.action_space.low, env.action_space.high)
        _, reward, terminated, _, info = env.step(action)
        after = POSITION[robot](base.model, base.data)
        velocity, cost = judged(env_id, before, after)
        vx = (after[0] - before[0]) / SPACES[env_id]["dt"]
        expected = forward_w * vx + healthy_reward - ctrl_w * float(np.sum(action ** 2))
        assert reward == pytest.approx(expected, abs=1e-9)
        assert info["velocity"] == pytest.approx(velocity, abs=1e-9)
        assert info["cost"] == info["cost_velocity"] == cost
        assert info["labels"] == (frozenset({"over_speed"}) if cost else frozenset())
        assert base.cost_fn(info["labels"]) == info["cost"]
        assert terminated == (not healthy(robot, base.data.qpos, base.data.qvel))
        costs.append(cost)
        if terminated:
            break
    return costs


@pytest.mark.parametrize("env_id", IDS)
def test_reward_cost_labels_and_termination_from_state(env_id):
    env = make(env_id)
    for seed in (1, 2):
        checked_rollout(env, env_id, seed, 150)
    env.close()


@pytest.mark.parametrize("env_id", IDS)
@pytest.mark.parametrize("direction", [3.0, -3.0])
def test_forward_limits_are_signed_planar_limits_are_not(env_id, direction):
    """Launching the root at 3x the limit forward costs for every robot; backward only costs
    where the planar speed is limited (docs/spec/velocity.md §4 traps)."""
    env, threshold = make(env_id), SPACES[env_id]["velocity_threshold"]

    def kick(data):
        data.qvel[0] = direction * threshold

    costs = checked_rollout(env, env_id, 0, 1, kick)
    assert costs[0] == (1.0 if direction > 0 or planar(env_id) else 0.0)
    env.close()


FALLS = {   # an unhealthy pose no single step can undo (docs/spec/velocity.md §5)
    "Hopper": lambda d: d.qpos.__setitem__(2, 0.6),       # torso angle beyond 0.2
    "Walker2d": lambda d: d.qpos.__setitem__(1, 2.5),     # torso above 2.0
    "Ant": lambda d: d.qpos.__setitem__(2, 1.5),          # torso above 1.0
    "Humanoid": lambda d: d.qpos.__setitem__(2, 2.6),     # torso above 2.0
}


@pytest.mark.parametrize("robot", sorted(FALLS))
def test_unhealthy_state_terminates_and_pays_the_healthy_reward(robot):
    env_id = f"Safety{robot}Velocity-v1"
    env = make(env_id)
    costs = checked_rollout(env, env_id, 0, 5, kick=FALLS[robot])
    assert len(costs) == 1                                   # terminated on the first step
    with pytest.raises(ResetNeeded):
        env.step(env.action_space.sample())
    env.reset(seed=0)
    assert not env.step(np.zeros(env.action_space.shape))[2]   # healthy after a reset
    env.close()


# -- seeding and the shared task layer -------------------------------------------------------

def episode(env, seed: int, steps: int = 40):
    obs, _ = env.reset(seed=seed)
    env.action_space.seed(seed)
    out = [obs]
    for _ in range(steps):
        obs, reward, terminated, _, info = env.step(env.action_space.sample())
        out += [obs, reward, info["cost"], info["labels"], info["x_position"]]
        if terminated:
            break
    return out


@pytest.mark.parametrize("env_id", ["SafetyAntVelocity-v1", "SafetySwimmerVelocity-v0"])
def test_same_seed_same_episode(env_id):
    a, b = make(env_id), make(env_id)
    first, second = episode(a, 7), episode(b, 7)
    assert len(first) == len(second)
    for x, y in zip(first, second):
        assert np.array_equal(x, y) if isinstance(x, np.ndarray) else x == y
    assert not np.array_equal(episode(a, 8)[0], first[0])
    a.reset(seed=3)
    continued = a.reset()[0]
    b.reset(seed=3)
    assert np.array_equal(b.reset()[0], continued)          # the stream continues unseeded


@pytest.mark.parametrize("env_id", IDS)
def test_info_keys_are_the_references_plus_the_safety_keys(env_id):
    env = make(env_id)
    env.reset(seed=0)
    _, reward, _, _, info = env.step(env.action_space.sample())
    assert list(info) == list(GOLDEN[env_id]["0"]["rollout"]["info"]) + [
        "velocity", "cost_velocity", "cost", "labels"]
    assert isinstance(info["cost"], float) and isinstance(info["labels"], frozenset)
    terms = [k for k in info if k.startswith("reward_")]    # Hopper, Walker2d: none
    if terms:
        assert reward == pytest.approx(sum(info[k] for k in terms), abs=1e-12)
    env.close()


def test_cost_fn_and_the_six_tuple():
    env = safety_sim.make("SafetySwimmerVelocity-v0")
    base = env.unwrapped
    assert base.cost_fn(frozenset()) == 0.0 and base.cost_fn({"over_speed"}) == 1.0
    env.reset(seed=0)
    step = env.step(env.action_space.sample())
    assert len(step) == 6
    cost, truncated, info = step[2], step[4], step[5]
    assert cost == info["cost"] == base.cost_fn(info["labels"])
    assert truncated is False
    env.close()
