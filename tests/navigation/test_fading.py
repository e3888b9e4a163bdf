"""FadingEasy and FadingHard (docs/spec/sg_extra_navigation.md §5): the alpha schedule against the
reference's records (exact float32) and recomputed step by step from the simulator state with
the spec's rules (teleporting the agent into hazards, onto vases and the goal); everything
but the colours equal to the Goal level; the Vision frame and the vector env's worlds."""
from __future__ import annotations

import math

import array_api_strict
import gymnasium
import numpy as np
import pytest
import vector_contract as vc
from nav_task_helpers import move_agent_to
from refs import load_ref

from safety_sim import ops
from safety_sim.navigation import config as nc
from safety_sim.navigation.objects.fading import FadeGroup, alpha_table, fade_tick

SCHEDULE = load_ref("sg_extra_golden_navigation.json")["fade_schedule"]
VISION = load_ref("sg_extra_golden_navigation.json")["vision"]


def test_alpha_table_ends_one_step_late_as_float32_does():
    easy, hard, vase = alpha_table(0.25, 150), alpha_table(0.25, 75), alpha_table(1, 75)
    assert easy[1] == 0.24833333492279053 and easy[2] == 0.24666666984558105
    assert (easy[150], easy[151], len(easy)) == (2.0469849459914258e-07, 0.0, 152)
    assert (hard[75], hard[76], len(hard)) == (1.7097841009672265e-07, 0.0, 77)
    assert (vase[75], vase[76], len(vase)) == (6.839136403868906e-07, 0.0, 77)


@pytest.mark.parametrize("env_id", sorted(SCHEDULE))
def test_zero_action_schedule_is_the_reference_schedule(env_id):
    ref = SCHEDULE[env_id]
    env = gymnasium.make(env_id)
    u = env.unwrapped
    env.reset(seed=0)
    geoms = {name: u.model.geom(name).id for name in ref["alpha"]}
    assert {n: float(u.model.geom_rgba[g, 3]) for n, g in geoms.items()} == ref["after_reset"]
    got = {name: [] for name in geoms}
    costs = []
    for _ in range(len(ref["alpha"]["goal"])):
        *_, info = env.step(np.zeros(env.action_space.shape))
        costs.append(info["cost"])
        for name, g in geoms.items():
            got[name].append(float(u.model.geom_rgba[g, 3]))
    assert got == ref["alpha"] and costs == ref["cost"] and not ref["goal_met_steps"]


class SpecFade:
    """docs/spec/sg_extra_navigation.md §5.3 from the spec text, one value per fading object: after
    a step ``alpha = float32(max(float64(alpha) - a / N, 0))``, then (level 2) alpha = a again for
    all hazards if the raw hazard cost is > 0, for all vases if the raw vase costs are > 0,
    then the goal's 0.25 if the goal was reached."""

    def __init__(self, u):
        cfg, m = u.config, u.model
        self.u, self.m = u, m
        self.fading = {}
        for kind in cfg.ordered():
            if getattr(kind, "fade_steps", 0):
                a = {"goal": 0.25, "hazard": 0.25, "vase": 1}[kind.prefix]
                self.fading[kind.prefix] = (a, kind.fade_steps, list(kind.names()))
        self.alpha = {p: float(np.float32(a)) for p, (a, _, _) in self.fading.items()}

    def step(self, goal_met: bool) -> None:
        d, m = self.u.data, self.m
        for prefix, (a, n, _) in self.fading.items():
            self.alpha[prefix] = float(np.float32(max(self.alpha[prefix] - a / n, 0.0)))
        agent = d.xpos[self.u.handles.agent_body, :2]
        if "hazard" in self.fading:
            raw = sum(max(0.2 - math.dist(agent, d.xpos[m.body(h).id, :2]), 0.0)
                      for h in self.fading["hazard"][2])
            if raw > 0:
                self.alpha["hazard"] = 0.25
        if "vase" in self.fading:
            vases = {m.body(v).id for v in self.fading["vase"][2]}
            mine = {b for b in range(m.nbody) if m.body_rootid[b] == m.body_rootid[
                self.u.handles.agent_body]}
            touch = sum((m.geom_bodyid[g1] in vases and m.geom_bodyid[g2] in mine) or
                        (m.geom_bodyid[g2] in vases and m.geom_bodyid[g1] in mine)
                        for g1, g2 in d.contact.geom[:d.ncon])
            speed = sum(s for s in (np.linalg.norm(d.qvel[m.jnt_dofadr[m.body_jntadr[b]]:][:3])
                                    for b in vases) if s >= 1e-4)
            if touch + speed > 0:
                self.alpha["vase"] = 1.0
        if goal_met:
            self.alpha["goal"] = 0.25

    def model_alphas(self) -> dict[str, set[float]]:
        rgba = self.m.geom_rgba
        return {p: {float(rgba[g, 3]) for g in range(self.m.ngeom)
                    if self.m.body(self.m.geom_bodyid[g]).name in names}
                for p, (_, _, names) in self.fading.items()}


@pytest.mark.parametrize("env_id", ["SafetyPointFadingEasy2-v0", "SafetyPointFadingHard2-v0",
                                    "SafetyCarFadingHard1-v0", "SafetyPointFadingHard0-v0"])
def test_alphas_recomputed_from_state_every_step(env_id):
    """Teleports every 9 steps: next to the goal (a new goal: alpha 0.25), into a hazard (all
    hazards reappear), onto a vase (touched, moving: all vases reappear), then away."""
    env = gymnasium.make(env_id)
    u = env.unwrapped
    m, d = u.model, u.data
    rng = np.random.default_rng(3)
    seen = {"goal": 0, "hazard": 0, "vase": 0}
    for episode in range(2):
        env.reset(seed=episode + 10)
        spec = SpecFade(u)
        targets = [lambda: d.xpos[u.handles.goal_body, :2] + (0.1, 0.0)]
        hazards = u.config.find(nc.Hazards)
        if hazards is not None and hazards.count:
            targets.append(lambda: d.xpos[m.body("hazard1").id, :2] + (0.05, 0.0))
        if u.config.find(nc.Vases) is not None:
            targets.append(lambda: d.xpos[m.body("vase0").id, :2] + (0.17, 0.0))
        for t in range(1, 260):
            if t % 9 == 0:
                move_agent_to(u, targets[(t // 9) % len(targets)]())
            action = rng.uniform(env.action_space.low, env.action_space.high) * 0.3
            *_, info = env.step(action)
            spec.step(bool(info.get("goal_met")))
            assert spec.model_alphas() == {p: {a} for p, a in spec.alpha.items()}, t
            seen["goal"] += bool(info.get("goal_met"))
            seen["hazard"] += "in_hazard" in info["labels"]
            seen["vase"] += bool({"vase_contact", "vase_moving"} & info["labels"])
    assert seen["goal"] > 0
    if "2" in env_id:
        assert seen["hazard"] > 0 and seen["vase"] > 0, seen


@pytest.mark.parametrize("task", ["FadingEasy", "FadingHard"])
@pytest.mark.parametrize("level", [0, 1, 2])
def test_fading_is_the_goal_level_but_for_colours(task, level):
    """Same layouts, observations, rewards, costs, labels and goal events as Goal{level};
    the models differ only in the fading geoms' alphas."""
    fading, goal = gymnasium.make(f"SafetyCarFading{task[6:]}{level}-v0"), \
        gymnasium.make(f"SafetyCarGoal{level}-v0")
    rng = np.random.default_rng(level)
    for seed in (0, 7):
        out_f, out_g = fading.reset(seed=seed), goal.reset(seed=seed)
        assert np.array_equal(out_f[0], out_g[0]) and out_f[1] == out_g[1]
        for _ in range(120):
            a = rng.uniform(-1, 1, 2)
            sf, sg = fading.step(a), goal.step(a)
            assert np.array_equal(sf[0], sg[0]) and sf[1:] == sg[1:]
    mf, mg = fading.unwrapped.model, goal.unwrapped.model
    differ = np.flatnonzero((mf.geom_rgba != mg.geom_rgba).any(axis=1))
    assert np.array_equal(mf.geom_rgba[:, :3], mg.geom_rgba[:, :3])
    fades = {"goal"} | ({"hazard"} if level == 2 else set()) | \
        ({"vase"} if level == 2 and task == "FadingHard" else set())
    assert {mf.body(mf.geom_bodyid[g]).name.rstrip("0123456789") for g in differ} <= fades
    assert len(differ) > 0


def goal_pixels(frame: np.ndarray) -> int:
    f = frame.astype(int)
    return int(((f[..., 1] - f[..., 0] > 25) & (f[..., 1] - f[..., 2] > 25)).sum())


def test_vision_frame_shows_the_goal_fading():
    """Seed 2: the goal is in the Point's view at reset (docs/spec/sg_extra_navigation.md §5.3's
    measurement); with zero actions its green fades from the frame and is gone once its alpha is 0,
    while the Goal level's stays."""
    ref = VISION["SafetyPointFadingHard0Vision-v0"]
    fading, goal = (gymnasium.make(f"SafetyPoint{t}0Vision-v0") for t in ("FadingHard", "Goal"))
    first = fading.reset(seed=0)[0]
    base = gymnasium.make("SafetyPointFadingHard0-v0").reset(seed=0)[0]
    assert ref["nonvision_obs_equal_base"]
    assert all(np.array_equal(first[e.key].ravel(), base[e.start:e.stop])
               for e in fading.unwrapped.obs_layout.entries)
    counts, still = [goal_pixels(fading.reset(seed=2)[0]["vision"])], []
    start = goal_pixels(goal.reset(seed=2)[0]["vision"])
    for t in range(1, 81):
        counts.append(goal_pixels(fading.step(np.zeros(2))[0]["vision"]))
        still.append(goal_pixels(goal.step(np.zeros(2))[0]["vision"]))
    assert counts[0] == start > 1000 and counts[0] > counts[10] > counts[20]
    assert max(counts[76:]) == 0 and min(still) > 0.9 * start


def test_vector_worlds_fade_each_on_its_own():
    """The vector env's Vision frames equal the single env's world by world (each world's
    alphas painted into the picture), partial resets included."""
    vc.run_lockstep("SafetyPointFadingHard2Vision-v0", 2, vc.AutoresetMode.NEXT_STEP, 24,
                    seed=2, partial_resets=(11,))
    counts = vc.run_lockstep("SafetyCarFadingEasy1-v0", 3, vc.AutoresetMode.NEXT_STEP, 60,
                             seed=4, partial_resets=(20, 41), max_episode_steps=25)
    assert counts["truncated"] > 0


def test_fade_rule_on_arrays_equals_each_world():
    """The counter rule is written once: numpy over worlds equals the float form world by
    world, and array_api_strict gives the same counters."""
    rng = np.random.default_rng(5)
    n, table = 4000, alpha_table(1, 75)
    groups = [FadeGroup("goal", np.array([3]), alpha_table(0.25, 150), (), True),
              FadeGroup("vase", np.array([5, 6]), table, ("vase_contact", "vase_moving"),
                        False)]
    labels = {"vase_contact": rng.random(n) < 0.1, "vase_moving": rng.random(n) < 0.1}
    met, stepped = rng.random(n) < 0.2, rng.random(n) < 0.8
    xp = ops.ArrayOps(array_api_strict)
    for g in groups:
        counter = rng.integers(0, g.last + 1, n)
        batch = fade_tick(ops.NUMPY, counter, g, labels, met, stepped)
        for i in range(n):
            one = fade_tick(ops.SCALAR, int(counter[i]), g,
                            {k: bool(v[i]) for k, v in labels.items()}, bool(met[i]),
                            bool(stepped[i]))
            assert one == batch[i], i
        other = fade_tick(xp, array_api_strict.asarray(counter), g,
                          {k: array_api_strict.asarray(v) for k, v in labels.items()},
                          array_api_strict.asarray(met), array_api_strict.asarray(stepped))
        assert np.array_equal(np.asarray(other), batch)
        assert set(np.unique(batch).tolist()) <= set(range(g.last + 1))
        assert (batch == 0).any() and (batch == g.last).any() and (batch == counter).any()
