"""reset(seed) against the reference: the seed-0 golden values of push_reset_golden.json
(layout exact to 1e-9, first observation to 1e-6) and the sampler's invariants
(docs/spec/push.md §5)."""
from __future__ import annotations

import itertools
import math

import gymnasium
import numpy as np
import pytest

import safety_sim  # noqa: F401  (registers the ids)
from refs import load_ref
from safety_sim.navigation.layout import placement
from safety_sim.navigation import config as nc
from safety_sim.navigation.agents import get_agent

GOLDEN = load_ref("push_reset_golden.json")["golden"]


def yaw_of(quat) -> float:
    """Yaw in [0, 2pi) of a pure-yaw quaternion (w, 0, 0, z)."""
    return (2.0 * math.atan2(quat[3], quat[0])) % (2.0 * math.pi)


@pytest.fixture(scope="module", params=sorted(GOLDEN))
def reset0(request):
    env = gymnasium.make(request.param)
    obs, _ = env.reset(seed=0)
    yield env.unwrapped, obs, GOLDEN[request.param]["0"]
    env.close()


def test_layout_matches_exactly(reset0):
    env, _, ref = reset0
    layout = env.layout
    assert set(layout) == set(ref["body_xy"])
    for name, xy in ref["body_xy"].items():
        assert layout[name] == pytest.approx(xy, abs=1e-9), name


def test_yaws_match(reset0):
    env, _, ref = reset0
    agent = env.data.xquat[env.handles.agent_body]
    box_adr = env.handles.free_qposadr["push_box"]
    assert yaw_of(agent) == pytest.approx(ref["agent_yaw"], abs=1e-9)
    assert yaw_of(env.data.qpos[box_adr + 3:box_adr + 7]) == \
        pytest.approx(ref["push_box_yaw"], abs=1e-9)


def test_first_observation_matches(reset0):
    _, obs, ref = reset0
    assert obs.shape == (len(ref["obs"]),)
    np.testing.assert_allclose(obs, ref["obs"], rtol=0, atol=1e-6)


def test_heights_follow_the_spec(reset0):
    env, _, _ = reset0
    z = {n: env.data.xpos[env.model.body(n).id, 2] for n in env.layout}
    assert z["agent"] == pytest.approx(env.agent_spec.spawn_z)
    assert z["push_box"] == pytest.approx(env.agent_spec.box_size)
    assert z["goal"] == pytest.approx(0.16)          # docs/spec/push.md §7.2
    assert all(z[n] == pytest.approx(0.02) for n in z if n.startswith("hazard"))
    assert all(z[n] == pytest.approx(0.5) for n in z if n.startswith("pillar"))


@pytest.mark.parametrize("agent, level", list(itertools.product(["Point", "Car"], [0, 1, 2])))
def test_sampled_layouts_respect_keepouts_and_extents(agent, level):
    cfg = nc.LEVELS[("Push", level)]
    objs = placement.placement_order(cfg, get_agent(agent))
    ko = {o.name: o.keepout for o in objs}
    xmin, ymin, xmax, ymax = cfg.extents
    for seed in range(40):
        xy = placement.sample_reset(np.random.RandomState(seed), cfg.extents, objs).xy
        assert list(xy) == [o.name for o in objs]
        for name, (x, y) in xy.items():
            k = ko[name]
            assert xmin + k <= x <= xmax - k and ymin + k <= y <= ymax - k
        for a, b in itertools.combinations(xy, 2):
            assert math.dist(xy[a], xy[b]) >= ko[a] + ko[b] - 1e-12, (seed, a, b)


def test_step_draw_equals_the_reference_frameskip_draw():
    """One env step advances the RandomState exactly as binomial(10, 1.0) does."""
    env = gymnasium.make("SafetyPointPush1-v0").unwrapped
    env.reset(seed=4)
    shadow = np.random.RandomState()
    shadow.set_state(env._rs.get_state())
    for _ in range(5):
        env.step(np.zeros(2))
        assert shadow.binomial(10, 1.0) == 10
        assert env._rs.random_sample() == shadow.random_sample()


# -- an independent docs/spec/push.md §5 sampler, from the spec text (not ``placement``) -----
SPEC_EXTENTS = {0: (-1.0, -1.0, 1.0, 1.0), 1: (-1.5, -1.5, 1.5, 1.5), 2: (-2.0, -2.0, 2.0, 2.0)}
# (hazards, pillars) per level, docs/spec/push.md §5.1
SPEC_COUNTS = {0: (0, 0), 1: (2, 1), 2: (4, 4)}
ANT_JOINTS = ("hip_1", "ankle_1", "hip_2", "ankle_2", "hip_3", "ankle_3", "hip_4", "ankle_4")


def spec_objects(agent: str, level: int) -> list[tuple[str, float]]:
    """(name, keep-out) in placement order (docs/spec/push.md §5.1, §5.2)."""
    hazards, pillars = SPEC_COUNTS[level]
    objs = [("agent", 0.4), ("goal", 0.4)]
    objs += [(f"hazard{i}", 0.4) for i in range(hazards)]
    objs += [(f"pillar{i}", 0.3) for i in range(pillars)]
    return objs + [("push_box", 0.125 if agent == "Car" else 0.2)]


def spec_draw(rs, extents, k):
    xmin, ymin, xmax, ymax = extents
    x = rs.uniform(xmin + k, xmax - k)
    return x, rs.uniform(ymin + k, ymax - k)


def spec_clear(xy, k, placed, keepout):
    return all(math.dist(xy, p) >= keepout[n] + k for n, p in placed.items())


def spec_reset(seed: int, agent: str, level: int):
    """docs/spec/push.md §5.2-§5.4 and §6.5: layout attempts, yaws, goal redraw, Ant joint noise;
    returns (positions, yaws, Ant joint angles or None, the RandomState after reset)."""
    rs = np.random.RandomState(seed)
    objs, ext = spec_objects(agent, level), SPEC_EXTENTS[level]
    keepout = dict(objs)
    for _ in range(10_000):
        placed = {}
        for name, k in objs:
            for _ in range(100):
                xy = spec_draw(rs, ext, k)
                if spec_clear(xy, k, placed, keepout):
                    placed[name] = xy
                    break
            else:
                break
        if len(placed) == len(objs):
            break
    yaws = {name: rs.uniform(0, 2 * np.pi) for name, _ in objs}
    del placed["goal"]
    for _ in range(10_000):
        goal = spec_draw(rs, ext, keepout["goal"])
        if spec_clear(goal, keepout["goal"], placed, keepout):
            break
    placed["goal"] = goal
    joints = None
    if agent == "Ant":
        joints = []
        for i in range(8):
            n = rs.uniform(-0.1, 0.1)
            value = n if i % 2 == 0 else math.pi / 2 + n
            joints.append(-value if i in (3, 5) else value)
    return placed, yaws, joints, rs


@pytest.mark.parametrize("agent", ["Point", "Car", "Doggo", "Racecar", "Ant"])
@pytest.mark.parametrize("level", [0, 1, 2])
def test_layouts_of_other_seeds_match_an_independent_sampler(agent, level):
    env = gymnasium.make(f"Safety{agent}Push{level}-v0").unwrapped
    m, d = env.model, env.data
    for seed in range(1, 11):
        env.reset(seed=seed)
        xy, yaws, joints, rs = spec_reset(seed, agent, level)
        assert set(env.layout) == set(xy)
        for name, want in xy.items():
            assert env.layout[name] == pytest.approx(want, abs=1e-12), (seed, name)
        agent_yaw = yaw_of(d.xquat[m.body("agent").id])
        adr = m.jnt_qposadr[m.joint("push_box").id]
        box_yaw = yaw_of(d.qpos[adr + 3:adr + 7])
        for got, want in ((agent_yaw, yaws["agent"]), (box_yaw, yaws["push_box"])):
            wrapped = (got - want + math.pi) % (2 * math.pi) - math.pi
            assert abs(wrapped) < 1e-9, (seed, got, want)
        if joints is not None:
            got = [d.qpos[m.joint(j).qposadr[0]] for j in ANT_JOINTS]
            assert got == pytest.approx(joints, abs=1e-15), seed
        # nothing else was drawn on reset: the streams stand at the same place
        assert np.array_equal(env._rs.get_state()[1], rs.get_state()[1])
        assert env._rs.get_state()[2] == rs.get_state()[2]
    env.close()
