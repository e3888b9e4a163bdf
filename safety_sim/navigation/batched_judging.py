"""Judging of N navigation worlds at once: the reward rules of
:mod:`safety_sim.navigation.rewards` and the labels and cost terms of
:class:`safety_sim.navigation.judging.NavTask`, over arrays with a world axis.

Each formula is the scalar one with the same floating-point operations in the same order
(``math.sqrt`` and ``np.sqrt`` are both correctly rounded; sums are written out left to right
as Python evaluates them), so every world's numbers equal its single env's bit for bit. The
rules' weights, bounds and sizes are read from the level's config; nothing is restated here.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from safety_sim.navigation import rewards as nr
from safety_sim.navigation.judging import NavTask


@dataclass
class BatchSnapshot:
    """What the batched scorers read (positions are body origins, (N, 3))."""
    agent: np.ndarray = None
    goal: np.ndarray = None
    box: np.ndarray = None
    velocity: tuple = (None, None)    # world-frame XY velocity of the agent origin (Circle)
    goal_touched: np.ndarray = None   # an agent geom touches the goal button (Button)


def _dist3(p: np.ndarray, q: np.ndarray) -> np.ndarray:
    d = p - q
    return np.sqrt((d[:, 0] * d[:, 0] + d[:, 1] * d[:, 1]) + d[:, 2] * d[:, 2])


def _dist2(p: np.ndarray, q: np.ndarray) -> np.ndarray:
    dx, dy = p[:, 0] - q[0 if q.ndim == 1 else (slice(None), 0)], \
        p[:, 1] - q[1 if q.ndim == 1 else (slice(None), 1)]
    return np.sqrt(dx * dx + dy * dy)


def _clip(r: np.ndarray, bound: float | None) -> np.ndarray:
    return r if bound is None else np.clip(r, -bound, bound)


class PushScorer:
    """:class:`~safety_sim.navigation.rewards.PushReward` for all worlds."""

    def __init__(self, rule: nr.PushReward, goal_size: float, n: int) -> None:
        self.rule, self.goal_size = rule, goal_size
        self._d_ab, self._d_bg = np.zeros(n), np.zeros(n)

    def start(self, ids: np.ndarray, s: BatchSnapshot) -> None:
        self._d_ab[ids] = _dist3(s.box[ids], s.agent[ids])
        self._d_bg[ids] = _dist3(s.box[ids], s.goal[ids])

    def reward(self, s: BatchSnapshot):
        rule = self.rule
        d_ab, d_bg = _dist3(s.box, s.agent), _dist3(s.box, s.goal)
        met = d_bg <= self.goal_size
        t_ab = np.where(self._d_ab > 0.0, (self._d_ab - d_ab) * rule.box_dist, 0.0)
        t_bg = (self._d_bg - d_bg) * rule.box_goal
        t_goal = np.where(met, rule.goal, 0.0)
        r = ((0.0 + t_ab) + t_bg) + t_goal       # the scalar's r = 0.0; r += ... (three times)
        clipped = _clip(r, rule.clip)
        self._d_ab, self._d_bg = d_ab, d_bg
        return clipped, {"agent_to_box": t_ab, "box_to_goal": t_bg, "goal_bonus": t_goal,
                         "clip": clipped - r}, met


class GoalScorer:
    """:class:`~safety_sim.navigation.rewards.GoalReward` and ``ButtonReward`` (met by touch)."""

    def __init__(self, rule, goal_size: float, n: int) -> None:
        self.rule, self.goal_size = rule, goal_size
        self.by_touch = isinstance(rule, nr.ButtonReward)
        self._d = np.zeros(n)

    def start(self, ids: np.ndarray, s: BatchSnapshot) -> None:
        self._d[ids] = _dist2(s.agent[ids], s.goal[ids])

    def reward(self, s: BatchSnapshot):
        rule = self.rule
        d = _dist2(s.agent, s.goal)
        met = s.goal_touched.copy() if self.by_touch else d <= self.goal_size
        t_d = (self._d - d) * rule.distance
        t_goal = np.where(met, rule.goal, 0.0)
        r = t_d + t_goal
        clipped = _clip(r, rule.clip)
        self._d = d
        return clipped, {"goal_distance": t_d, "goal_bonus": t_goal, "clip": clipped - r}, met


class CircleScorer:
    """:class:`~safety_sim.navigation.rewards.CircleReward` (no state)."""

    def __init__(self, rule: nr.CircleReward, goal_size: float, n: int) -> None:
        self.rule, self.n = rule, n

    def start(self, ids: np.ndarray, s: BatchSnapshot) -> None:
        pass

    def reward(self, s: BatchSnapshot):
        x, y = s.agent[:, 0], s.agent[:, 1]
        u, v = s.velocity
        radius = np.sqrt(x * x + y * y)
        with np.errstate(divide="ignore", invalid="ignore"):   # R = 0: reward 0, as the single
            r = (self.rule.scale * ((-u * y + v * x) / radius)) / \
                (1 + np.abs(radius - self.rule.radius))
        r = np.where(radius == 0.0, 0.0, r)
        clipped = _clip(r, self.rule.clip)
        return clipped, {"circle": r, "clip": clipped - r}, np.zeros(self.n, dtype=bool)


class RunScorer:
    """:class:`~safety_sim.navigation.rewards.RunReward` (potential-based, not clipped)."""

    def __init__(self, rule: nr.RunReward, goal_size: float, n: int) -> None:
        self.rule, self._p, self.n = rule, np.zeros(n), n
        self._target = np.asarray(rule.target, dtype=np.float64)

    def _potential(self, agent: np.ndarray) -> np.ndarray:
        return -self.rule.scale * _dist2(agent, self._target)

    def start(self, ids: np.ndarray, s: BatchSnapshot) -> None:
        self._p[ids] = self._potential(s.agent[ids])

    def reward(self, s: BatchSnapshot):
        p = self._potential(s.agent)
        r, self._p = p - self._p, p
        return r, {"run": r}, np.zeros(self.n, dtype=bool)


SCORERS = {nr.PushReward: PushScorer, nr.GoalReward: GoalScorer, nr.ButtonReward: GoalScorer,
           nr.CircleReward: CircleScorer, nr.RunReward: RunScorer}


def batched_scorer(rule, goal_size: float, n: int, name: str):
    """The batched scorer of a level's reward rule (ValueError for a rule without one)."""
    cls = SCORERS.get(type(rule))
    if cls is None:
        known = ", ".join(c.__name__ for c in SCORERS)
        raise ValueError(f"{name}: the reward rule {type(rule).__name__} has no batched form "
                         f"(the vector env knows {known})")
    return cls(rule, goal_size, n)


@dataclass
class BatchJudge:
    """Labels and cost terms of ``task`` for all worlds (``NavTask.labels`` and
    ``cost_terms``)."""
    task: NavTask
    hazards_xy: np.ndarray = field(default=None)   # (N, hazards, 2), set at reset

    def in_hazard(self, agent: np.ndarray) -> np.ndarray:
        size = self.task.hazard_size
        if size is None or self.hazards_xy is None or self.hazards_xy.shape[1] == 0:
            return np.zeros(len(agent), dtype=bool)
        dx = agent[:, 0:1] - self.hazards_xy[:, :, 0]
        dy = agent[:, 1:2] - self.hazards_xy[:, :, 1]
        return (np.sqrt(dx * dx + dy * dy) < size).any(axis=1)

    def out_of_bounds(self, agent: np.ndarray) -> np.ndarray:
        t = self.task
        if t.bound_x is None:
            return np.zeros(len(agent), dtype=bool)
        out = np.abs(agent[:, 0]) > t.bound_x
        if t.bound_y is not None:
            out |= np.abs(agent[:, 1]) > t.bound_y
        return out

    def labels(self, agent: np.ndarray, facts: dict[str, np.ndarray],
               goal_met: np.ndarray | None = None) -> dict[str, np.ndarray]:
        """One bool array per label of the level: geometry from ``agent``, contact and vase
        facts from ``facts`` (label -> array), plus ``goal_met``."""
        n = len(agent)
        found = dict(facts)
        found["in_hazard"] = self.in_hazard(agent)
        found["out_of_bounds"] = self.out_of_bounds(agent)
        found["goal_met"] = goal_met
        out = {}
        for name in self.task.label_names:
            value = found.get(name)
            out[name] = np.zeros(n, dtype=bool) if value is None else value.copy()
        return out

    def cost_terms(self, labels: dict[str, np.ndarray], buttons_active: np.ndarray
                   ) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray]:
        """(terms, presence of ``cost_buttons`` per world, ``cost_sum``): each term 1.0 where
        its label holds, ``cost_buttons`` only where the buttons are active."""
        terms: dict[str, np.ndarray] = {}
        n = len(buttons_active)
        total = np.zeros(n, dtype=bool)
        for key, label in self.task.terms:
            value = labels.get(label, np.zeros(n, dtype=bool))
            if key == "cost_buttons":
                value = value & buttons_active
            terms[key] = value.astype(np.float64)
            total |= value
        return terms, buttons_active, total.astype(np.float64)
