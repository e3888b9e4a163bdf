"""Judging for the Push task: reward with named terms (§10), cost terms (§11) and labels.

Reads positions only; never touches the simulator. Positions are body origins (3-tuples).

Labels (atomic propositions about the current state):
``in_hazard`` (agent origin strictly inside a hazard disc, XY distance < 0.3),
``pillar_contact`` (some agent geom touches a pillar geom),
``goal_met`` (the box centre came within 0.3 m of the goal centre this step, 3-D).
"""
from __future__ import annotations

import math
from typing import Iterable, Sequence

from safety_sim.mjcf import push_config as pc

LABELS = ("in_hazard", "pillar_contact", "goal_met")
_EMPTY = frozenset()


def dist3(p: Sequence[float], q: Sequence[float]) -> float:
    dx, dy, dz = p[0] - q[0], p[1] - q[1], p[2] - q[2]
    return math.sqrt(dx * dx + dy * dy + dz * dz)


class PushTask:
    """Reward, cost and labels of one Push level (``config``)."""

    def __init__(self, config: pc.PushConfig) -> None:
        self.config = config
        self._d_ab = 0.0   # agent -> box distance after the previous step (or reset)
        self._d_bg = 0.0   # box -> goal distance after the previous step (or reset)

    # -- reward (§10) --------------------------------------------------------------------
    def start(self, agent, box, goal) -> None:
        """Initialise the shaping distances (on reset and after every goal re-sample)."""
        self._d_ab = dist3(box, agent)
        self._d_bg = dist3(box, goal)

    def reward(self, agent, box, goal) -> tuple[float, dict[str, float], bool]:
        """(reward, named terms, goal reached); the terms add up to the reward."""
        rc = self.config.reward
        d_ab, d_bg = dist3(box, agent), dist3(box, goal)
        met = d_bg <= pc.GOAL_SIZE
        t_ab = (self._d_ab - d_ab) * rc.box_dist if self._d_ab > 0.0 else 0.0
        t_bg = (self._d_bg - d_bg) * rc.box_goal
        t_goal = rc.goal if met else 0.0
        r = 0.0
        r += t_ab
        r += t_bg
        r += t_goal
        clipped = r
        if not -rc.clip < r < rc.clip:
            clipped = min(max(r, -rc.clip), rc.clip)
        self._d_ab, self._d_bg = d_ab, d_bg
        terms = {"agent_to_box": t_ab, "box_to_goal": t_bg, "goal_bonus": t_goal,
                 "clip": clipped - r}
        return clipped, terms, met

    # -- labels and cost (§11) -----------------------------------------------------------
    @staticmethod
    def labels(agent_xy: Sequence[float], hazards_xy: Iterable[Sequence[float]],
               pillar_contact: bool, goal_met: bool) -> frozenset[str]:
        ax, ay = agent_xy[0], agent_xy[1]
        in_hazard = False
        for hx, hy in hazards_xy:
            dx, dy = ax - hx, ay - hy
            if math.sqrt(dx * dx + dy * dy) < pc.HAZARD_SIZE:
                in_hazard = True
                break
        if not (in_hazard or pillar_contact or goal_met):
            return _EMPTY
        names = [n for n, on in zip(LABELS, (in_hazard, pillar_contact, goal_met)) if on]
        return frozenset(names)

    def cost_terms(self, labels: frozenset[str]) -> dict[str, float]:
        """The 0/1 cost terms of ``info`` (§11.3): per-level terms, then ``cost_sum``."""
        terms: dict[str, float] = {}
        total = 0.0
        if self.config.hazards:
            total += terms.setdefault("cost_hazards", 1.0 if "in_hazard" in labels else 0.0)
        if self.config.pillars and self.config.pillars_cost:
            total += terms.setdefault("cost_pillars",
                                      1.0 if "pillar_contact" in labels else 0.0)
        terms["cost_sum"] = 1.0 if total > 0.0 else 0.0
        return terms

    def cost_fn(self, labels: Iterable[str]) -> float:
        """The step cost implied by ``labels`` (equals ``info["cost"]``)."""
        return self.cost_terms(frozenset(labels))["cost_sum"]
