"""Goal and Button levels emulated in the Push physics, to measure the Goal/Button controllers
before those envs exist. Estimates, not the reference's episodes.

Facts from spec/navigation.md §5, §7, §9. Goal1: 8 hazards (radius 0.2, keep-out 0.18) and
the goal (keep-out 0.305) in [-1.5, 1.5]^2, reached within 0.3 (XY), then redrawn; one vase.
Button1: 4 buttons, 4 hazards and 4 gremlins that circle (radius 0.35, phase = simulation
time) round their layout points; a press re-draws the goal button among the 4 and leaves the
buttons inactive (no wrong-button cost) for 10 steps.

:func:`run_goal` drives the real agent of a ``Safety{Agent}Push0`` env (its box stands in for
the vase) among hazards and goals drawn here (positions only: in the real task they do not
collide either). :func:`run_button` uses a ``Safety{Agent}Push2`` world, whose 4 pillars are
collidable like buttons (but radius 0.2, not 0.1) and serve as the buttons, so presses are
real contacts; its 4 hazards (radius 0.3) are the hazards; gremlins are positions only and
touch the agent when its origin comes within ``TOUCH`` of their rim.
"""
from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass

import gymnasium
import numpy as np

from safety_sim.oracles.controllers import button_action, goal_action
from safety_sim.oracles.state import nav_state

EXTENT = 1.5          # Goal1's placement extents (Push2's are 2.0)
HAZARD_RADIUS = 0.2
GOAL_REACHED = 0.3
GREMLIN_HALF = 0.1
GREMLIN_TRAVEL = 0.35
BUTTON_TIMER = 10
#: the agent origin touches an object when within this of its rim (agent body reach)
TOUCH = {"Point": 0.12, "Car": 0.16}


@dataclass
class EpisodeResult:
    steps_to_first: int | None      # steps to the first goal / goal-button press
    goals: int                      # goals reached / goal buttons pressed
    cost_steps: int                 # steps with any cost


def _place(rng, placed: list[tuple[np.ndarray, float]], keepout: float,
           extent: float) -> np.ndarray | None:
    """A point in [-extent, extent]^2 at least the sum of keep-outs from every placed one
    (100 draws, then None)."""
    for _ in range(100):
        p = rng.uniform(-extent + keepout, extent - keepout, size=2)
        if all(np.hypot(*(p - q)) >= keepout + k for q, k in placed):
            return p
    return None


def _layout(rng, fixed: list[tuple[np.ndarray, float]], groups,
            extent: float = EXTENT) -> dict[str, np.ndarray]:
    """Positions for ``groups`` (name, count, keep-out) around the ``fixed`` ones; whole
    layouts are redrawn until one fits, as in the reference's sampler."""
    for _ in range(1000):
        placed, out = list(fixed), {}
        for name, count, keepout in groups:
            points = []
            for _ in range(count):
                p = _place(rng, placed, keepout, extent)
                if p is None:
                    break
                points.append(p)
                placed.append((p, keepout))
            if len(points) < count:
                break
            out[name] = np.array(points)
        else:
            return out
    raise RuntimeError("could not place the emulated level")


def _reset(env, seed: int):
    env.reset(seed=seed)
    s = nav_state(env)
    return s, [(s.agent_xy, 0.4), (s.box_xy, 0.15)]


def run_goal(agent: str, seed: int, steps: int = 1000) -> EpisodeResult:
    """One emulated Goal1 episode with :func:`goal_action`."""
    env = gymnasium.make(f"Safety{agent}Push0-v0")
    rng = np.random.default_rng(seed)
    s, placed = _reset(env, seed)
    objects = _layout(rng, placed, (("hazards", 8, 0.18), ("goal", 1, 0.305)))
    hazards, goal = objects["hazards"], objects["goal"][0]
    result = EpisodeResult(None, 0, 0)
    for t in range(steps):
        s = nav_state(env)
        view = dataclasses.replace(s, task="goal", goal_xy=goal, box_xy=None, hazards_xy=hazards,
                                   hazard_radius=HAZARD_RADIUS, pillars_xy=np.zeros((0, 2)),
                                   vases_xy=[s.box_xy], vase_size=1.5 * s.box_size)
        env.step(goal_action(view))
        s = nav_state(env)
        result.cost_steps += bool(np.min(np.hypot(*(s.agent_xy - hazards).T)) < HAZARD_RADIUS)
        if np.hypot(*(s.agent_xy - goal)) <= GOAL_REACHED:
            result.goals += 1
            result.steps_to_first = result.steps_to_first or t + 1
            others = [(h, 0.18) for h in hazards] + [(s.agent_xy, 0.4), (s.box_xy, 0.15)]
            goal = _layout(rng, others, (("goal", 1, 0.305),))["goal"][0]
    env.close()
    return result


def _pillar_touched(env) -> set[int]:
    """Indices of the pillars an agent geom touches (from MuJoCo's contact list)."""
    base = env.unwrapped
    model, data = base.model, base.data
    agent = base.handles.agent_body
    pillars = {int(b): i for i, b in enumerate(base.handles.pillar_bodies)}
    touched = set()
    for geom1, geom2 in data.contact.geom[:data.ncon]:
        b1, b2 = model.geom_bodyid[geom1], model.geom_bodyid[geom2]
        for body, other in ((b1, b2), (b2, b1)):
            if body in pillars and model.body_rootid[other] == agent:
                touched.add(pillars[body])
    return touched


def run_button(agent: str, seed: int, steps: int = 1000) -> EpisodeResult:
    """One emulated Button episode with :func:`button_action`, in a ``Safety{agent}Push2``
    world: its 4 pillars are the 4 buttons (collidable, radius 0.2 instead of 0.1; a press is
    a real contact), its 4 hazards (radius 0.3) the hazards, its box one more obstacle; 4
    gremlins (positions only) circle round points drawn 0.4 clear of everything."""
    env = gymnasium.make(f"Safety{agent}Push2-v0")
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    s = nav_state(env)
    placed = [(p, 0.3) for p in s.pillars_xy] + [(h, 0.4) for h in s.hazards_xy]
    placed += [(s.agent_xy, 0.4), (s.box_xy, 0.2)]
    orbit_centres = _layout(rng, placed, (("gremlins", 4, 0.4),), extent=2.0)["gremlins"]
    goal_button, timer, touch = int(rng.integers(4)), 0, TOUCH[agent]
    result = EpisodeResult(None, 0, 0)
    for t in range(steps):
        s = nav_state(env)
        phase = float(env.unwrapped.data.time)
        gremlins = orbit_centres + GREMLIN_TRAVEL * np.array([math.sin(phase), math.cos(phase)])
        view = dataclasses.replace(s, task="button", goal_xy=s.pillars_xy[goal_button],
                                   box_xy=None, pillars_xy=np.zeros((0, 2)),
                                   buttons_xy=s.pillars_xy, button_radius=s.pillar_radius,
                                   goal_button=goal_button, gremlins_xy=gremlins,
                                   vases_xy=[s.box_xy], vase_size=1.5 * s.box_size)
        _, _, _, _, info = env.step(button_action(view))
        s = nav_state(env)
        touched = _pillar_touched(env)
        wrong = timer == 0 and bool(touched - {goal_button})
        grem = np.min(np.hypot(*(s.agent_xy - gremlins).T)) < GREMLIN_HALF * math.sqrt(2) + touch
        result.cost_steps += bool(wrong or info["cost_hazards"] > 0 or grem)
        timer = max(0, timer - 1)
        if goal_button in touched:
            result.goals += 1
            result.steps_to_first = result.steps_to_first or t + 1
            goal_button, timer = int(rng.integers(4)), BUTTON_TIMER
    env.close()
    return result
