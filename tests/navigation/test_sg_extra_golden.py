"""Race, FadingEasy, FadingHard and their Debug ids against the reference's recordings
(``sg_extra_spaces_navigation.json`` and ``sg_extra_golden_navigation.json``, safety-gymnasium
1.0.0 on MuJoCo 2.3.3; docs/spec/sg_extra_navigation.md): the registry, spaces of every id, seed-0
layouts, yaws, first observations and fading alphas of every base id, and the reference's
random-action rollouts for as long as our trajectory stays on the reference's."""
from __future__ import annotations


import gymnasium
import numpy as np
import pytest
from golden_helpers import angle_gap, assert_layout_is_reference, assert_spaces_equal, yaw_of

import safety_sim
from refs import load_ref

SPACES = load_ref("sg_extra_spaces_navigation.json")["navigation"]
GOLDEN = load_ref("sg_extra_golden_navigation.json")["navigation"]
EXTRA = ("Race", "FadingEasy", "FadingHard")
EXTRA_IDS = [i for i in safety_sim.env_ids("navigation")
             if any(f"{t}{lv}" in i for t in EXTRA for lv in (0, 1, 2))]


def test_registry_holds_every_reference_id_alias_and_debug_id():
    ref = set(SPACES["env_ids"]) | set(SPACES["gymnasium_aliases"]) | set(SPACES["debug_ids"])
    counts = SPACES["registry_count_extra_ids"]
    assert set(EXTRA_IDS) == ref
    assert len(EXTRA_IDS) == sum(counts.values()) == 234
    for rid, spec in SPACES["env_ids"].items():
        assert gymnasium.spec(rid).max_episode_steps == spec["max_episode_steps"]
    for table in ("gymnasium_aliases", "debug_ids"):
        for alias, spec in SPACES[table].items():
            assert gymnasium.spec(alias).max_episode_steps == spec["max_episode_steps"]
    for alias, spec in SPACES["gymnasium_aliases"].items():
        assert gymnasium.spec(alias).kwargs == gymnasium.spec(spec["base"]).kwargs
    for debug, spec in SPACES["debug_ids"].items():
        base = gymnasium.spec(spec["base"]).kwargs
        assert gymnasium.spec(debug).kwargs["agent"] == base["agent"]
        assert gymnasium.spec(debug).kwargs["level"] == base["level"]


def ref_spaces(env_id: str) -> dict:
    for table in ("gymnasium_aliases", "debug_ids"):
        if env_id in SPACES[table]:
            return ref_spaces(SPACES[table][env_id]["base"])
    return SPACES["env_ids"][env_id]


@pytest.mark.parametrize("env_id", EXTRA_IDS)
def test_spaces_equal_the_reference(env_id):
    assert_spaces_equal(env_id, ref_spaces(env_id))


@pytest.fixture(scope="module", params=sorted(GOLDEN))
def reset0(request):
    env = gymnasium.make(request.param)
    obs, info = env.reset(seed=0)
    yield env.unwrapped, obs, info, GOLDEN[request.param]["0"]
    env.close()


def test_layout_is_the_reference_layout(reset0):
    u, _, _, ref = reset0
    assert_layout_is_reference(u, ref)


def test_yaws_are_the_reference_yaws(reset0):
    """The agent's yaw is the drawn one; every object's yaw is drawn (the layout depends on
    it), and Race's shrubs keep their own fixed orientation (docs/spec/sg_extra_navigation.md §4.2:
    the drawn yaw is ignored)."""
    u, _, _, ref = reset0
    assert angle_gap(yaw_of(u.data.xquat[u.handles.agent_body]), ref["agent_yaw"]) < 1e-9
    assert list(ref["yaws"]) == ref["yaw_draw_order"]
    race = u.config.name.startswith("Race")
    for name, yaw in ref["yaws"].items():
        body = u.handles.body_of[name]
        assert angle_gap(yaw_of(u.data.xquat[body]), 0.0 if race else yaw) < 1e-9, name
    if "agent_z" in ref:
        assert u.data.xpos[u.handles.agent_body][2] == pytest.approx(ref["agent_z"], abs=1e-12)


def test_first_observation_is_the_reference_observation(reset0):
    """Every entry to 1e-6, except the Car's accelerometer (the last bit of the spawn
    quaternion decides its wheels' contacts: see test_nav_golden.py)."""
    u, obs, info, ref = reset0
    want = np.array(ref["obs"])
    assert obs.shape == want.shape
    keep = np.ones(obs.shape, dtype=bool)
    if u.agent_spec.name == "Car":
        acc = next(e for e in u.obs_layout.entries if e.key == "accelerometer")
        keep[acc.start:acc.stop] = False
    err = np.where(keep, np.abs(obs - want), 0.0)
    worst = int(np.argmax(err))
    key = next(e.key for e in u.obs_layout.entries if e.start <= worst < e.stop)
    assert err.max() <= 1e-6, f"largest error {err.max()} in {key}"
    assert info["cost"] == 0.0 and info["labels"] == frozenset()
    assert ref["reset_info"] == {}


def test_alphas_after_reset_are_the_reference_alphas(reset0):
    u, _, _, ref = reset0
    for name, alpha in ref.get("alpha_after_reset", {}).items():
        assert float(u.model.geom_rgba[u.model.geom(name).id, 3]) == alpha, name


def recorded_rollout(env_id: str):
    """Replay the recipe of README_sg_extra.md; yield (t, reward, cost, info, agent_xy,
    alphas of the recorded geoms)."""
    env = safety_sim.make(env_id)
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    u = env.unwrapped
    ro = GOLDEN[env_id]["0"]["rollout"]
    geoms = {name: u.model.geom(name).id for name in ro.get("alpha", {})}
    for t in range(1, ro["steps"] + 1):
        action = rng.uniform(env.action_space.low, env.action_space.high)
        _, reward, cost, terminated, truncated, info = env.step(action)
        alphas = {name: float(u.model.geom_rgba[g, 3]) for name, g in geoms.items()}
        yield t, reward, cost, info, tuple(u.data.xpos[u.handles.agent_body][:2]), alphas
        if terminated or truncated:
            return


@pytest.mark.parametrize("env_id", sorted(GOLDEN))
def test_rollout_follows_the_reference_while_on_its_trajectory(env_id):
    """As test_nav_golden.py: each step's reward, cost, cost terms and goal events equal the
    reference's up to the last checkpoint where our agent is within 1e-6 m of the
    reference's; the fading alphas (float32) equal the reference's exactly on every step
    (they depend on goal events and costs only, none of which happen off track here)."""
    ro = GOLDEN[env_id]["0"]["rollout"]
    steps = list(recorded_rollout(env_id))
    on_track = 0
    for t, *_, xy, _ in steps:
        ref_xy = ro["agent_xy"].get(str(t))
        if ref_xy is not None:
            if max(abs(a - b) for a, b in zip(xy, ref_xy)) > 1e-6:
                break
            on_track = t
    assert info_keys(steps[0][3]) == ro["info_keys_per_step_first"]
    for t, reward, cost, info, _, _ in steps[:on_track]:
        assert reward == pytest.approx(ro["reward"][t - 1], abs=1e-6), t
        assert cost == ro["cost"][t - 1], t
        for key, values in ro["cost_terms"].items():
            assert info.get(key) == values[t - 1], (t, key)
        assert bool(info.get("goal_met")) == (t in ro["goal_met_steps"]), t
    if not ro["goal_met_steps"] and not any(ro["cost"]) and len(steps) == ro["steps"]:
        for name, series in ro.get("alpha", {}).items():
            assert [a[name] for *_, a in steps] == series, name


def info_keys(info: dict) -> list[str]:
    """The info keys the reference has (ours adds cost, labels and reward_terms)."""
    return [k for k in info if k.startswith("cost_")]


def test_most_rollouts_stay_on_the_reference_trajectory_for_ten_steps():
    """Make sure the rollout test compares something: most ids follow the reference for at
    least 10 steps."""
    followed = 0
    for env_id in sorted(GOLDEN):
        ref_xy = GOLDEN[env_id]["0"]["rollout"]["agent_xy"].get("10")
        for t, *_, xy, _ in recorded_rollout(env_id):
            if t == 10:
                followed += max(abs(a - b) for a, b in zip(xy, ref_xy)) <= 1e-6
                break
    assert followed >= len(GOLDEN) // 2
