"""The Race task (docs/spec/sg_extra_navigation.md §4): the track against the reference's compiled
geometry, the placement replayed from the spec text, and every step's reward, cost terms and
termination recomputed from the simulator state with the spec's formulas, with the agent
teleported into hazards, against walls and onto the goal."""
from __future__ import annotations

import dataclasses
import math

import gymnasium
import mujoco
import numpy as np
import pytest
import vector_contract as vc
from nav_task_helpers import move_agent_to
from test_vector_nav import goal_seeking_policy
from refs import load_ref

from safety_sim.navigation import config as nc

GEOMETRY = load_ref("sg_extra_spaces_navigation.json")["race_geometry"]
C = 3.5


def make(level: int, agent: str = "Point"):
    env = gymnasium.make(f"Safety{agent}Race{level}-v0")
    return env, env.unwrapped


def agent_bodies(u) -> set[int]:
    m, root = u.model, u.handles.agent_body
    return {b for b in range(m.nbody) if b == root or _ancestor(m, b, root)}


def _ancestor(m, b: int, root: int) -> bool:
    while b > 0:
        b = int(m.body_parentid[b])
        if b == root:
            return True
    return False


@pytest.mark.parametrize("level", [0, 1, 2])
def test_walls_are_the_reference_collision_hulls(level):
    """Each wall's geom is a mesh whose vertices, placed in the world, are the recorded hull
    vertices (float32 storage: 1e-6 m) with the recorded body pose; collidable, group 2."""
    env, u = make(level)
    env.reset(seed=0)
    m, d = u.model, u.data
    walls = [g for g in GEOMETRY["static_geoms"] if level in g["levels"]]
    assert len(walls) == 9
    for rec in walls:
        g = m.geom(rec["name"]).id
        b = m.geom_bodyid[g]
        assert m.body(b).name == rec["name"]
        assert np.array_equal(m.body_pos[b], rec["body_pos"])
        assert np.abs(m.body_quat[b] - rec["body_quat"]).max() < 1e-15
        assert (m.geom_type[g], m.geom_contype[g], m.geom_conaffinity[g], m.geom_group[g]) == \
            (mujoco.mjtGeom.mjGEOM_MESH, 1, 1, 2)
        assert m.geom_condim[g] == rec["condim"]
        assert np.allclose(m.geom_friction[g], rec["friction"])
        mesh = m.geom_dataid[g]
        start, count = m.mesh_vertadr[mesh], m.mesh_vertnum[mesh]
        ours = d.geom_xpos[g] + m.mesh_vert[start:start + count] @ d.geom_xmat[g].reshape(3, 3).T
        ref = np.array(rec["hull_world_vertices"])
        assert count == rec["hull_nvert"]
        gap = np.linalg.norm(ours[:, None, :] - ref[None, :, :], axis=2)
        assert gap.min(axis=0).max() < 1e-6 and gap.min(axis=1).max() < 1e-6, rec["name"]
        assert np.allclose(ours.min(axis=0), rec["world_aabb_min"], atol=1e-6)
        assert np.allclose(ours.max(axis=0), rec["world_aabb_max"], atol=1e-6)


@pytest.mark.parametrize("level", [0, 1, 2])
def test_body_order_floor_and_objects(level):
    env, u = make(level)
    m = u.model
    inside = agent_bodies(u) - {u.handles.agent_body}
    names = [m.body(b).name for b in range(m.nbody) if b not in inside]
    ref = GEOMETRY["levels"][f"Race{level}"]
    assert names == ref["body_order"]
    assert m.geom("floor").size.tolist() == ref["floor_size"]
    goal = m.body("goal").id
    assert m.body_pos[goal][2] == 0.0
    for g in np.flatnonzero(m.geom_bodyid == goal):
        assert (m.geom_group[g], m.geom_contype[g], m.geom_conaffinity[g]) == (9, 0, 0)
    for i in range(7 if level else 0):
        h = m.body(f"hazard{i}").id
        assert m.body_pos[h][2] == 0.02
        for g in np.flatnonzero(m.geom_bodyid == h):
            assert (m.geom_group[g], m.geom_contype[g], m.geom_conaffinity[g]) == (3, 0, 0)


def test_placement_constants_are_the_spec_numbers():
    race = nc.level_config("Race", 1)
    hazards = race.find(nc.Hazards)
    assert hazards.areas == (
        (-1.875, 0.385, -1.275, 1.085), (-1.175, 1.0150000000000001, -0.575, 1.7149999999999999),
        (-0.475, 0.385, 0.12500000000000003, 1.085),
        (0.22500000000000026, 1.0150000000000001, 0.8250000000000002, 1.7149999999999999),
        (0.925, 0.385, 1.5250000000000001, 1.085),
        (1.6250000000000002, 1.0150000000000001, 2.225, 1.7149999999999999),
        (2.325000000000001, 0.385, 2.9250000000000007, 1.085))
    assert (hazards.count, hazards.size, hazards.keepout) == (7, 0.2625, 0.165)
    goal = race.find(nc.Goal)
    assert (goal.location, goal.size, goal.keepout) == ((3.15, 1.05), 0.3, 0.305)
    assert nc.level_config("Race", 2).agent_area == (-2.3625, -2.8875, -2.1875,
                                                      -2.7125000000000004)
    assert race.max_episode_steps == 500 and race.floor_size == 17.5


def spec_reset(seed: int, level: int):
    """docs/spec/sg_extra_navigation.md §4.3-§4.4 from the spec text, with the reference's
    RandomState calls: layout (agent and goal two doubles per candidate, each hazard candidate a
    weighted choice among the 7 shrunk rectangles then x and y), the yaws, then the goal drawn
    again."""
    rs = np.random.RandomState(seed)
    agent = ((-2.3625, -2.8875, -2.1875, -2.7125000000000004) if level == 2
             else (-2.3625, 0.875, -2.1875, 1.225))
    kk = 0.305 + 1e-9
    goal = (C * 0.9 - kk, C * 0.3 - kk, C * 0.9 + kk, C * 0.3 + kk)
    rects = [(C * (-0.45 + 0.2 * i) - 0.3, C * (0.3 - 0.09 * (-1) ** i) - 0.35,
              C * (-0.45 + 0.2 * i) + 0.3, C * (0.3 - 0.09 * (-1) ** i) + 0.35)
             for i in range(7)]
    objects = [("agent", 0.0, [agent]), ("goal", 0.305, [goal])]
    objects += [(f"hazard{i}", 0.165, rects) for i in range(7 if level else 0)]

    def draw(areas, k):
        shrunk = [(a + k, b + k, c - k, d - k) for a, b, c, d in areas]
        if len(shrunk) > 1:
            sizes = [(x2 - x1) * (y2 - y1) for x1, y1, x2, y2 in shrunk]
            shrunk = [shrunk[rs.choice(len(shrunk), p=np.array(sizes) / np.sum(sizes))]]
        x1, y1, x2, y2 = shrunk[0]
        return rs.uniform(x1, x2), rs.uniform(y1, y2)

    def clear(xy, k, placed):
        return all(math.dist(xy, p) >= pk + k for p, pk in placed.values())

    for _ in range(10_000):
        placed = {}
        for name, k, areas in objects:
            for _ in range(100):
                xy = draw(areas, k)
                if clear(xy, k, placed):
                    placed[name] = (xy, k)
                    break
            else:
                break
        else:
            break
    yaws = {name: rs.uniform(0, 2 * math.pi) for name, _, _ in objects}
    others = {n: v for n, v in placed.items() if n != "goal"}
    while True:
        xy = draw([goal], 0.305)
        if clear(xy, 0.305, others):
            break
    layout = {n: v[0] for n, v in placed.items()}
    layout["goal"] = xy
    return layout, yaws


@pytest.mark.parametrize("level", [0, 1, 2])
def test_layout_replays_the_spec_sampler(level):
    env, u = make(level)
    for seed in range(1, 9):
        env.reset(seed=seed)
        layout, yaws = spec_reset(seed, level)
        assert u.layout == layout, seed
        quat = u.data.xquat[u.handles.agent_body]
        yaw = math.atan2(2 * quat[0] * quat[3], 1 - 2 * quat[3] ** 2) % (2 * math.pi)
        assert abs(yaw - yaws["agent"]) < 1e-9


def teleports(u, level):
    """Where the agent is put, in turn, every 7 steps: into a hazard, against a wall (the
    top bamboo wall, from inside the corridor), anywhere in the corridor, onto the goal."""
    targets = []
    if level:
        targets.append(lambda: u.data.xpos[u.model.body("hazard3").id, :2] + (0.05, 0.0))
    targets.append(lambda: np.array([2.0, 1.52]))
    targets.append(lambda: np.array([-1.0, 1.1]))
    return targets


@pytest.mark.parametrize("env_id", ["SafetyPointRace0-v0", "SafetyPointRace1-v0",
                                    "SafetyCarRace2-v0", "SafetyRacecarRace1-v0"])
def test_every_step_recomputed_from_state(env_id):
    """reward = clip((d_prev - d) + 10 [d <= 0.3], -11, 11); cost_hazards: the agent origin
    within 0.2625 (XY) of a hazard; cost_static_geoms_contact: any contact between an agent
    geom (its subtree) and a wall; keys in the reference's order; terminated at the goal."""
    env = gymnasium.make(env_id)
    u = env.unwrapped
    level = int(u.config.name[-1])
    m, d = u.model, u.data
    mine = agent_bodies(u)
    walls = {m.geom(n).id for n in u.config.find(nc.TrackWalls).names()}
    hazards = [m.body(f"hazard{i}").id for i in range(7 if level else 0)]
    goal = m.body("goal").id
    rng = np.random.default_rng(1)
    seen = {"hazard": 0, "wall": 0, "goal": 0}
    for episode in range(2):
        env.reset(seed=episode)
        d_prev = math.dist(d.xpos[u.handles.agent_body, :2], d.xpos[goal, :2])
        places = teleports(u, level)
        for t in range(1, 160):
            if t % 7 == 0:
                move_agent_to(u, places[(t // 7) % len(places)]())
            if episode == 1 and t == 150:
                move_agent_to(u, d.xpos[goal, :2] + (0.1, 0.0))
            action = rng.uniform(env.action_space.low, env.action_space.high)
            _, reward, terminated, truncated, info = env.step(action)
            xy = d.xpos[u.handles.agent_body, :2]
            dist = math.dist(xy, d.xpos[goal, :2])
            want = min(max((d_prev - dist) + (10.0 if dist <= 0.3 else 0.0), -11.0), 11.0)
            assert reward == pytest.approx(want, abs=1e-12), t
            d_prev = dist
            in_hazard = any(math.dist(xy, d.xpos[h, :2]) < 0.2625 for h in hazards)
            touch = any((g1 in walls and m.geom_bodyid[g2] in mine) or
                        (g2 in walls and m.geom_bodyid[g1] in mine)
                        for g1, g2 in d.contact.geom[:d.ncon])
            keys = [k for k in info if k.startswith("cost_")]
            if level:
                assert keys == ["cost_hazards", "cost_static_geoms_contact", "cost_sum"]
                assert info["cost_hazards"] == float(in_hazard), t
                assert info["cost_static_geoms_contact"] == float(touch), t
            else:
                assert keys == ["cost_sum"]
            assert info["cost"] == float(level > 0 and (in_hazard or touch))
            assert ("wall_contact" in info["labels"]) == touch
            assert terminated == (dist <= 0.3) == bool(info.get("goal_met")), t
            seen["hazard"] += in_hazard
            seen["wall"] += touch
            seen["goal"] += terminated
            if terminated or truncated:
                break
    assert seen["wall"] > 0 and seen["goal"] == 1 and (seen["hazard"] > 0 or not level), seen


def test_layout_option_keeps_hazards_in_their_rectangles():
    env, u = make(1)
    env.reset(seed=0, options={"layout": {"hazard0": (-1.5, 0.7)}})
    assert u.layout["hazard0"] == (-1.5, 0.7)
    with pytest.raises(ValueError, match="outside the placement area of hazard0"):
        env.reset(seed=0, options={"layout": {"hazard0": (-1.0, 0.0)}})
    with pytest.raises(ValueError, match="outside the placement area of goal"):
        env.reset(seed=0, options={"layout": {"goal": (0.0, 1.0)}})


def test_bad_race_configs_are_refused():
    with pytest.raises(ValueError, match="level: must be 0, 1 or 2"):
        nc.NavConfig((nc.Goal(), nc.TrackWalls(level=3)))
    with pytest.raises(ValueError, match="areas"):
        nc.NavConfig((nc.Goal(), nc.Hazards(2, areas=((0.0, 0.0, -1.0, 1.0),))))
    with pytest.raises(ValueError, match="look"):
        nc.NavConfig((nc.Goal(look="tree"),))
    with pytest.raises(ValueError, match="floor"):
        nc.NavConfig((nc.Goal(),), floor="marble")


def test_vector_env_equals_sync_with_goal_terminations(monkeypatch):
    """The native vector env: Race1 with partial resets, and a Race0 variant starting 0.35 m
    from the goal, whose worlds drive to it (terminated) and autoreset, equal to
    SyncVectorEnv."""
    vc.run_lockstep("SafetyCarRace1-v0", 3, vc.AutoresetMode.NEXT_STEP, 50, seed=1,
                    partial_resets=(20,))
    monkeypatch.setitem(vc.POLICIES, "SafetyNavigation-v0", goal_seeking_policy(
        "SafetyPointRace0-v0"))
    near = dataclasses.replace(nc.level_config("Race", 0), agent_area=(2.75, 1.0, 2.8, 1.1),
                               name="RaceNear")
    counts = vc.run_lockstep("SafetyNavigation-v0", 4, vc.AutoresetMode.NEXT_STEP, 80, seed=2,
                             partial_resets=(), agent="Point", config=near)
    assert counts["terminated"] > 0


@pytest.mark.parametrize("level", [0, 1, 2])
def test_wall_footprints_bound_the_walls_at_agent_height(level):
    """``TrackWalls.footprints()`` (for planners): convex counter-clockwise outlines inside the
    recorded world AABBs, clear of the start area and the goal, and every contact of an agent
    pushed against a wall lies within its outline."""
    walls = nc.level_config("Race", level).find(nc.TrackWalls)
    recs = {g["name"]: g for g in GEOMETRY["static_geoms"] if level in g["levels"]}
    area = nc.level_config("Race", level).agent_area
    for name, poly in zip(walls.names(), walls.footprints()):
        edges = np.roll(poly, -1, axis=0) - poly
        cross = edges[:, 0] * np.roll(edges, -1, axis=0)[:, 1] - \
            edges[:, 1] * np.roll(edges, -1, axis=0)[:, 0]
        assert (cross > 0).all(), name
        assert (poly >= np.array(recs[name]["world_aabb_min"][:2]) - 1e-6).all()
        assert (poly <= np.array(recs[name]["world_aabb_max"][:2]) + 1e-6).all()
        for point in ((area[0], area[1]), (area[2], area[3]), (3.15, 1.05)):
            assert not inside(poly, point), (name, point)
    env, u = make(level)
    env.reset(seed=0)
    move_agent_to(u, (2.0, 1.52))
    env.step(np.zeros(2))
    wall = u.model.geom("race_wall22_right").id
    hits = [c.pos[:2] for c in u.data.contact[:u.data.ncon] if wall in c.geom]
    poly = walls.footprints()[walls.names().index("race_wall22_right")]
    assert hits and all(inside(poly, p, slack=0.02) for p in hits)


def inside(poly: np.ndarray, point, slack: float = 0.0) -> bool:
    """``point`` inside the convex counter-clockwise polygon (within ``slack``)."""
    edges = np.roll(poly, -1, axis=0) - poly
    rel = np.asarray(point) - poly
    cross = (edges[:, 0] * rel[:, 1] - edges[:, 1] * rel[:, 0]) / np.linalg.norm(edges, axis=1)
    return bool((cross >= -slack).all())
