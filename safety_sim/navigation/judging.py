"""Judging for the navigation tasks: labels and cost terms (docs/spec/push.md §11,
docs/spec/navigation.md §9), written once for one world and for N worlds.

Reads the :class:`Facts` the env gathers (positions, contact sensors, vase velocities); never
touches the simulator. Each object kind judges its own propositions
(:meth:`~safety_sim.navigation.objects.ObjectKind.judge`); the reward is the level's rule
(:mod:`safety_sim.navigation.rewards`). Every formula takes an array namespace ``ops``
(:mod:`safety_sim.ops`): Python bools and floats for one world, arrays over the worlds for many.

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

import operator
from dataclasses import dataclass, field
from typing import Any, Iterable

from safety_sim import ops as _ops
from safety_sim.navigation import config as nc
from safety_sim.navigation import objects as no
from safety_sim.ops import Ops

#: every proposition, in the order of the registry of kinds, then ``goal_met``
LABELS = tuple(label for kind in no.KINDS for label in kind.LABELS) + ("goal_met",)
_EMPTY: frozenset[str] = frozenset()


@dataclass
class Facts:
    """What judging reads of a state besides the agent's position (``agent``, coordinate
    first). Per-object quantities are lists (one world) or arrays with the object axis last,
    each keyed by kind prefix: ``touching`` (an agent geom touches object j: ``touch_judged``
    kinds), ``xy`` (the objects' layout x and y: ``position_judged`` kinds), ``velocity``
    (vx, vy, vz of each object: ``velocity_watched`` kinds); per world: ``goal_button``
    (index, -1 for none) and ``buttons_active`` (not resting after a press)."""
    agent: Any = None
    touching: dict = field(default_factory=dict)
    xy: dict = field(default_factory=dict)
    velocity: dict = field(default_factory=dict)
    goal_button: Any = -1
    buttons_active: Any = True


def cost_table(config: nc.NavConfig) -> tuple[tuple[str, str], ...]:
    """(info key, label) of every cost term of a level, in info (object) order."""
    return tuple(term for kind in config.ordered() for term in kind.cost_terms())


def _contact_label(kind) -> str:
    """The label a ``touch_judged`` kind raises on contact (a kind without one is refused)."""
    if kind.label is None:
        raise TypeError(f"{type(kind).__name__}: a touch_judged kind names its label")
    return kind.label


class NavTask:
    """Labels, cost terms and ``cost_fn`` of one level (``config``)."""

    def __init__(self, config: nc.NavConfig) -> None:
        self.config = config
        self.kinds = tuple(k for k in config.ordered() if k.count and k.LABELS)
        # the contact labels are read here directly; the other labels each kind judges
        self._touch = tuple((_contact_label(k), k.prefix) for k in self.kinds if k.touch_judged)
        self._judges = tuple((k.judged_label, k.judge) for k in self.kinds if k.judged_label)
        present = {label for k in self.kinds for label in k.LABELS}
        self._goal_label = config.reward.goal_event is not None
        if self._goal_label:
            present.add("goal_met")
        self.label_names = tuple(n for n in LABELS if n in present)
        # one world's label values in label_names order (the memo's key, whatever the order
        # of the dict handed in)
        self._values = operator.itemgetter(*self.label_names) if self.label_names else tuple
        self.terms = cost_table(config)
        self._memo: dict[tuple, tuple[frozenset[str], dict[str, float]]] = {}

    def labels(self, ops: Ops, facts: Facts, goal_met=False) -> dict[str, Any]:
        """Every proposition of the level in the state ``facts`` (each of ``label_names``,
        in an order fixed per level: contact labels, the kinds' own, ``goal_met``)."""
        found: dict[str, Any] = {}
        touching = facts.touching
        for label, prefix in self._touch:
            found[label] = ops.any_object(touching[prefix])
        for label, judge in self._judges:
            found[label] = judge(ops, facts)
        if self._goal_label:
            found["goal_met"] = goal_met
        return found

    def cost_terms(self, ops: Ops, labels: dict[str, Any], buttons_active=True) -> dict[str, Any]:
        """The 0/1 cost terms (object order), then ``cost_sum`` (1 when any term is): each
        term is 1 where its label holds; ``cost_buttons`` only counts while the buttons are
        active (the caller leaves the key out where they rest, as the reference)."""
        terms: dict[str, Any] = {}
        total = ops.like(buttons_active, False)
        for key, label in self.terms:
            value = labels[label]
            if key == "cost_buttons":
                value = ops.logical_and(value, buttons_active)
            terms[key] = ops.where(value, 1.0, 0.0)
            total = ops.logical_or(total, value)
        terms["cost_sum"] = ops.where(total, 1.0, 0.0)
        return terms

    # -- one world: label sets and info dicts ----------------------------------------------
    def judged(self, labels: dict[str, bool], buttons_active: bool = True
               ) -> tuple[frozenset[str], dict[str, float]]:
        """One world's labels as a frozenset and its info cost terms, remembered per case:
        the same objects each time, so callers must not change them."""
        key = (self._values(labels), buttons_active)
        hit = self._memo.get(key)
        if hit is None:
            names = frozenset(n for n, v in labels.items() if v) or _EMPTY
            terms = self.cost_terms(_ops.SCALAR, labels, buttons_active)
            if not buttons_active:
                terms.pop("cost_buttons", None)
            hit = self._memo[key] = (names, terms)
        return hit

    def cost_terms_of(self, labels: Iterable[str], buttons_active: bool = True
                      ) -> dict[str, float]:
        """The info cost terms of a set of labels (one world)."""
        names = frozenset(labels)
        return dict(self.judged({n: n in names for n in self.label_names}, buttons_active)[1])

    def cost_fn(self, labels: Iterable[str]) -> float:
        """The step cost implied by ``labels`` (equals ``info["cost"]``)."""
        return self.cost_terms_of(labels)["cost_sum"]
