"""Judging for the navigation tasks: labels and cost terms (push.md §11, navigation.md §9).

Reads positions and contact facts the env gathers; never touches the simulator. The reward is
the level's rule (:mod:`safety_sim.navigation.rewards`).

Labels (atomic propositions about the current state; a level raises those of its objects):

``in_hazard``        the agent origin is strictly inside a hazard disc (XY distance < radius)
``pillar_contact``   an agent geom touches a pillar
``vase_contact``     an agent geom touches a vase
``vase_moving``      some vase moves faster than 1e-4 m/s (whatever pushed it)
``gremlin_contact``  an agent geom touches a gremlin
``wrong_button``     an agent geom touches a button other than the goal button while the buttons
                     are active (not in the rest after a press)
``out_of_bounds``    the agent origin is beyond the signal walls (|x| > locate; with four walls
                     also |y| > locate)
``goal_met``         the goal was reached (Push: box in the goal; Goal: agent in the goal;
                     Button: goal button touched) this step

Each cost term of ``info`` is 1.0 when its label holds and the level makes that object cost,
else 0.0 (Safety-Gymnasium's indicators); ``cost_sum`` is 1.0 when any term is. Keys follow the
object order; ``cost_buttons`` is absent while the buttons rest, as in the reference.
"""
from __future__ import annotations

from typing import Iterable, Sequence

from safety_sim.navigation import config as nc
from safety_sim.navigation import objects as no
from safety_sim.numeric import sqrt_threshold

LABELS = ("in_hazard", "pillar_contact", "vase_contact", "vase_moving", "gremlin_contact",
          "wrong_button", "out_of_bounds", "goal_met")
_EMPTY: frozenset[str] = frozenset()
_LABEL_SET = frozenset(LABELS)


def cost_table(config: nc.NavConfig) -> tuple[tuple[str, str], ...]:
    """(info key, label) of every cost term of a level, in info order."""
    out = []
    for kind in config.ordered():
        if not (kind.costs and kind.count):
            continue
        out.append((kind.cost_key, kind.label))
        if isinstance(kind, no.Vases):
            out.append(("cost_vases_velocity", "vase_moving"))
    return tuple(out)


class NavTask:
    """Labels, cost terms and ``cost_fn`` of one level (``config``)."""

    def __init__(self, config: nc.NavConfig) -> None:
        self.config = config
        hazards = config.find(no.Hazards)
        self.hazard_size = hazards.size if hazards is not None and hazards.count else None
        # sqrt(d2) < size  <=>  d2 < this (exact, see safety_sim.numeric)
        self._hazard_d2 = sqrt_threshold(self.hazard_size) if self.hazard_size else 0.0
        walls = config.find(no.Boundary)
        self.bound_x = walls.locate if walls is not None else None
        self.bound_y = walls.locate if walls is not None and walls.count == 4 else None
        self.terms = cost_table(config)
        self.label_names = self._label_names()
        self._cost_memo: dict[tuple[frozenset[str], bool], dict[str, float]] = {}

    def _label_names(self) -> tuple[str, ...]:
        present = {type(k) for k in self.config.objects if k.count}
        names = {"in_hazard": no.Hazards in present, "pillar_contact": no.Pillars in present,
                 "vase_contact": no.Vases in present, "vase_moving": no.Vases in present,
                 "gremlin_contact": no.Gremlins in present,
                 "wrong_button": no.Buttons in present, "out_of_bounds": no.Boundary in present,
                 "goal_met": self.config.reward.goal_event is not None}
        return tuple(n for n in LABELS if names[n])

    def in_hazard(self, agent_xy: Sequence[float], hazards_xy) -> bool:
        if self.hazard_size is None:
            return False
        ax, ay, limit = agent_xy[0], agent_xy[1], self._hazard_d2
        for hx, hy in hazards_xy:
            dx, dy = ax - hx, ay - hy
            if dx * dx + dy * dy < limit:     # sqrt(...) < size, exactly
                return True
        return False

    def out_of_bounds(self, agent_xy: Sequence[float]) -> bool:
        if self.bound_x is None:
            return False
        return abs(agent_xy[0]) > self.bound_x or (
            self.bound_y is not None and abs(agent_xy[1]) > self.bound_y)

    def labels(self, agent_xy, hazards_xy, touched: Iterable[str] = (),
               goal_met: bool = False) -> frozenset[str]:
        """The labels of a state: geometry from ``agent_xy``/``hazards_xy``, contact and vase
        facts from ``touched`` (label names the env found; other names are ignored), plus
        ``goal_met``."""
        names = [n for n in touched if n in _LABEL_SET]
        if self.in_hazard(agent_xy, hazards_xy):
            names.append("in_hazard")
        if self.out_of_bounds(agent_xy):
            names.append("out_of_bounds")
        if goal_met:
            names.append("goal_met")
        return frozenset(names) if names else _EMPTY

    def cost_terms(self, labels: frozenset[str], buttons_active: bool = True
                   ) -> dict[str, float]:
        """The 0/1 cost terms of ``info``, then ``cost_sum``."""
        terms: dict[str, float] = {}
        total = 0.0
        for key, label in self.terms:
            if key == "cost_buttons" and not buttons_active:
                continue
            value = 1.0 if label in labels else 0.0
            terms[key] = value
            total += value
        terms["cost_sum"] = 1.0 if total > 0.0 else 0.0
        return terms

    def shared_cost_terms(self, labels: frozenset[str], buttons_active: bool = True
                          ) -> dict[str, float]:
        """:meth:`cost_terms`, remembered per (labels, buttons_active): the same dict object
        each time, so callers must not change it (the env copies it into ``info``)."""
        key = (labels, buttons_active)
        terms = self._cost_memo.get(key)
        if terms is None:
            terms = self._cost_memo[key] = self.cost_terms(labels, buttons_active)
        return terms

    def cost_fn(self, labels: Iterable[str]) -> float:
        """The step cost implied by ``labels`` (equals ``info["cost"]``)."""
        return self.cost_terms(frozenset(labels))["cost_sum"]
