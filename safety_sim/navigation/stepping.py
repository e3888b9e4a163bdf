"""N navigation worlds through the step sequence (:mod:`safety_sim.navigation.sequence`).

:class:`ManyWorldsStep` keeps the books of N worlds in numpy host masks ``(N,)`` -- timer,
just reset, unstable, goal met -- and the info that the vector envs report (the labels,
cost terms and reward terms kept per world). It runs on any :class:`WorldsBackend`: the
CPU's ``mujoco.batch`` (:class:`~safety_sim.navigation.batch_backend.BatchBackend`, numpy,
bit for bit the single env) and MuJoCo Warp (``safety_sim.gpu``, torch on a device). The
rules are the level's own (:class:`~safety_sim.navigation.runtime.NavRuntime`), called with
the backend's array namespace ``backend.ops``; ``backend.device`` hands a host mask to the
rules' arrays. The single env runs the same sequence on one world:
:class:`~safety_sim.navigation.one_world.OneWorldStep`.
"""
from __future__ import annotations

from typing import Any, Protocol

import gymnasium
import numpy as np

from safety_sim import ops as _ops
from safety_sim.navigation.episode import tick
from safety_sim.navigation.sequence import StepSequence, WorldPhysics
from safety_sim.vector.info import Partial


class WorldsBackend(WorldPhysics, Protocol):
    """The physics of N worlds of one level, as :class:`ManyWorldsStep` drives it.

    Host masks are numpy bool ``(N,)``; the rules' arrays are ``ops``'s. A reset draws
    (``draw``/``next_layouts``: each world's stream and layout, exactly the single env's) and
    writes (``write_layouts``: model rows, ``qpos``, constants, ``forward``; the judged
    positions and goal buttons); a step writes controls, advances, reads the state, reads
    back the flags (``flags``: the only device-to-host read of a step), moves goals and
    observes."""

    n: int

    # positional only: a backend may bind numpy's own function (np.copy) to it
    def copy(self, array: Any, /) -> Any:
        """A copy of an array of ``ops``."""

    def check_options(self, options: dict) -> dict:
        """The reset options' layout overrides, checked (the single env's messages)."""

    def draw(self, ids: np.ndarray, seeds: list, overrides: dict) -> list:
        """``(stream, layout)`` per world of ``ids`` for a reset; nothing changes on refusal."""

    def next_layouts(self, ids: np.ndarray) -> list:
        """Autoreset: the next ``(stream, layout)`` of each world's own stream."""

    def goal_events(self, ids: np.ndarray, steps_left: np.ndarray) -> tuple[list, list, list]:
        """The single env's goal event of each world of ``ids``: ``(moved, buttons, ended)``
        -- the worlds whose goal moved (state updated), ``(world, timer)`` of new goal
        buttons, the worlds where no goal fits."""

    def explain_unstable(self, ids: np.ndarray) -> list[str]:
        """What went wrong in each world of ``ids`` (then their physics is reset, where the
        simulator did not already)."""


class ManyWorldsStep(StepSequence):
    """The step and reset sequence of ``backend``'s worlds for the level ``runtime``;
    ``limit``: the episode's step limit (the GPU backend draws layouts ahead to it);
    ``fade``: the worlds' :class:`~safety_sim.navigation.objects.fading.FadeState` or None;
    ``name`` heads warnings. The books: host numpy masks ``(N,)``."""

    backend: WorldsBackend

    def __init__(self, runtime, backend: WorldsBackend, limit: int, name: str,
                 fade=None) -> None:
        n, self.backend, self.ops = backend.n, backend, backend.ops
        self.n, self.limit, self.name, self.fade = n, limit, name, fade
        self.task, self.scorer, self.alive = runtime.task, runtime.scorer(backend.ops), \
            runtime.agent.alive
        self.timer = np.zeros(n, dtype=np.int64)      # the buttons' rest
        self.start_rest = runtime.start_rest
        self._everyone = np.ones(n, dtype=bool)       # every world steps (read only)
        self._everyone.flags.writeable = False
        self.just_reset = np.ones(n, dtype=bool)
        self.unstable = np.zeros(n, dtype=bool)
        self.met = np.zeros(n, dtype=bool)
        self.buttons_on = np.ones(n, dtype=bool)
        self.labels = {k: backend.device(np.zeros(n, dtype=bool)) for k in self.task.label_names}
        self.terms: dict[str, Any] = {}
        self.cost_sum = backend.device(np.zeros(n))
        self.reward_terms: dict[str, Any] = {}

    def reset(self, ids: np.ndarray, plan: list | None) -> None:
        """Reset the worlds ``ids`` to ``plan`` (None: autoreset, each stream goes on)."""
        super().reset(ids, self.backend.next_layouts(ids) if plan is None else plan)

    # -- the books of N worlds --------------------------------------------------------------------
    def _restart(self, ids: np.ndarray):
        n = self.n
        rows = np.zeros(n, dtype=bool)
        rows[ids] = True
        self.timer[ids] = self.start_rest
        self.just_reset[ids], self.unstable[ids], self.met[ids] = True, False, False
        return rows, np.zeros(n, dtype=bool), np.ones(n, dtype=bool)

    def _stepped(self, active: np.ndarray | None) -> np.ndarray:
        return self._everyone if active is None else active

    def _tick(self, ok: np.ndarray) -> None:
        self.timer = tick(_ops.NUMPY, self.timer, ok)

    def _steady(self, stepped: np.ndarray, met: np.ndarray, unstable: np.ndarray):
        unstable &= stepped
        ok = stepped & ~unstable
        met &= ok
        return ok, met, unstable

    def _result(self, reward, terms: dict, terminated: np.ndarray, stepped: np.ndarray,
                ok: np.ndarray, dok, met: np.ndarray, unstable: np.ndarray):
        self.reward_terms = {k: self.ops.where(dok, v, 0.0) for k, v in terms.items()}
        self.met, self.unstable = met, unstable             # False where not stepped
        self.just_reset[stepped] = False
        if unstable.any():
            self._report_unstable(np.flatnonzero(unstable))
        return self.ops.where(dok, reward, 0.0), terminated & ok, unstable

    def _goal_events(self, met: np.ndarray, elapsed: np.ndarray) -> np.ndarray:
        """After an achievement: a new goal button (and the buttons' rest) or a new goal
        position, one world at a time on the host (each world's own stream); True where no
        goal position fits (the episode terminates)."""
        terminated = np.zeros(self.n, dtype=bool)
        met_ids = np.flatnonzero(met)
        if met_ids.size == 0:
            return terminated
        b = self.backend
        moved, buttons, ended = b.goal_events(met_ids, self.limit - (elapsed[met_ids] + 1))
        terminated[ended] = True
        for i, timer in buttons:
            self.timer[i] = timer
        if moved:
            rows = np.zeros(self.n, dtype=bool)
            rows[moved] = True
            self.scorer.start(b.read_state(self.timer)[0], b.device(rows))
        return terminated

    def _report_unstable(self, ids: np.ndarray) -> None:
        warn_unstable(self.name, ids, self.backend.explain_unstable(ids))

    # -- judging: the vector envs' info -----------------------------------------------------------
    def _commit(self, rows: np.ndarray, drows, labels: dict, buttons_on: np.ndarray) -> None:
        """Keep the labels and cost terms of the worlds ``rows`` (host mask; ``drows`` the
        same on the backend) for their info."""
        ops, every = self.ops, bool(rows.all())
        terms = self.task.cost_terms(ops, labels, self.backend.device(buttons_on))
        for key, value in terms.items():
            old = self.cost_sum if key == "cost_sum" else self.terms.get(key, 0.0)
            kept = value if every else ops.where(drows, value, old)
            if key == "cost_sum":
                self.cost_sum = kept
            else:
                self.terms[key] = kept
        np.copyto(self.buttons_on, buttons_on, where=rows)
        for name, value in labels.items():
            self.labels[name] = value if every else ops.where(drows, value, self.labels[name])

    def judge(self) -> tuple[dict, dict, dict]:
        """``(extras, cost terms, labels)`` of the current state for ``info`` (a world just
        reset reports its reset's; an unstable one zeros and no labels)."""
        b, ops = self.backend, self.ops
        step = ~self.just_reset
        unstable = self.unstable & step
        steady = ~unstable
        dsteady = b.device(steady)
        keep = (lambda v: ops.where(dsteady, v, 0.0)) if unstable.any() else b.copy
        # an unstable world reports the buttons' key as its timer (not ticked) says
        buttons = np.where(unstable, self.timer == 0, self.buttons_on)
        terms = {k: Partial(keep(v), buttons) if k == "cost_buttons" else keep(v)
                 for k, v in self.terms.items()}
        terms["cost_sum"] = keep(self.cost_sum)
        scored = step & steady
        met = self.met & step
        extras = {
            "reward_terms": Partial({k: Partial(b.copy(v), scored)
                                     for k, v in self.reward_terms.items()}, step),
            "goal_met": Partial(b.device(met), met),
            "physics_unstable": Partial(b.device(unstable), unstable)}
        labels = {k: v & dsteady for k, v in self.labels.items()}
        return extras, terms, labels

    def cost(self, terms: dict):
        """``info["cost"]``: the kept cost sum (a copy)."""
        return self.backend.copy(terms["cost_sum"])


def warn_unstable(name: str, ids: np.ndarray, texts: list[str]) -> None:
    """The warning of worlds whose physics became unstable (``texts``: what went wrong in the
    first of ``ids``), for every vector env that truncates and resets them."""
    what = "; ".join(f"world {i}: {text}" for i, text in zip(ids, texts))
    gymnasium.logger.warn(f"{name}: the physics became unstable ({what}); those worlds earn "
                          "nothing, their episodes are truncated and their physics reset")
