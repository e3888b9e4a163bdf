"""The step and reset sequence of a navigation level, written once for one world and for N.

:class:`StepSequence` owns the order of a step -- controls in and physics, read the state,
reward, the one read back of the flags the host needs, labels and cost terms, the buttons'
rest timer, goal events, the agent's ``alive`` rule, bookkeeping, observation -- and of a
reset. It runs on a backend, :class:`WorldPhysics` (the physics of the worlds, the rules' array
namespace ``ops``) and leaves the books to its subclass:

* :class:`~safety_sim.navigation.stepping.ManyWorldsStep`: N worlds in numpy host masks
  ``(N,)``, on ``mujoco.batch`` (CPU) or MuJoCo Warp (``safety_sim.gpu``); the vector envs;
* :class:`~safety_sim.navigation.one_world.OneWorldStep`: one world's Python bools and
  floats (``ops.SCALAR``); the single env (``NavigationEnv.step``).

A book's mask is a host value (numpy bool ``(N,)``, or one bool); ``backend.device`` hands it
to the rules' arrays.
"""
from __future__ import annotations

from typing import Any, Protocol

from safety_sim.navigation.judging import Facts
from safety_sim.navigation.rewards import Snapshot
from safety_sim.ops import Ops


class WorldPhysics(Protocol):
    """What :class:`StepSequence` asks of the physics of its worlds. A mask is the books'
    host form (numpy bool ``(N,)`` or one bool)."""

    @property
    def ops(self) -> Ops:
        """The array namespace of the rules on this backend (read only: a backend may keep
        its own form, e.g. an ``ArrayOps``)."""

    # positional only: a backend may bind numpy's own function (np.copy) to it
    def device(self, mask: Any, /) -> Any:
        """A host mask as an array of ``ops`` (a new array)."""

    def write_layouts(self, ids: Any, plan: list) -> None:
        """Reset the worlds ``ids`` to the drawn layouts ``plan`` (``(stream, layout)`` per
        world): physics and the judged facts."""

    def advance(self, actions: Any, active: Any, stepped: Any) -> None:
        """One step of physics: the checked actions into the controls of the ``active``
        worlds (None: all), one double owed to each ``stepped`` world's layout stream
        (``navigation.episode``), the substeps and closing ``forward`` of those worlds."""

    def read_state(self, timer: Any) -> tuple[Snapshot, Facts]:
        """What the reward and judging read of every world (the rest ``timer``, host)."""

    def flags(self, met: Any, fallen: Any) -> tuple[Any, Any, Any]:
        """Host ``(met, unstable, fallen)`` of the step (``fallen`` None: nobody falls)."""

    def observe(self, rows: Any, timer: Any) -> None:
        """Recompute the observation of the worlds of the host mask ``rows``."""


class StepSequence:
    """The step and reset sequence of a level's worlds. A subclass sets ``backend`` (the
    worlds' :class:`WorldPhysics`), ``ops`` (``backend.ops``), ``task``, ``scorer``,
    ``alive``, ``fade`` and ``timer`` (the buttons' rest, host) and keeps the books in the
    methods below."""

    backend: WorldPhysics
    ops: Ops
    task: Any
    scorer: Any
    alive: Any
    fade: Any
    timer: Any

    def reset(self, ids, plan: list) -> None:
        """Reset the worlds ``ids`` to ``plan`` (``(stream, layout)`` per world)."""
        b = self.backend
        b.write_layouts(ids, plan)
        rows, nobody, everybody = self._restart(ids)
        snap, facts = b.read_state(self.timer)
        drows = b.device(rows)
        self.scorer.start(snap, drows)
        labels = self.task.labels(self.ops, facts, b.device(nobody))
        self._commit(rows, drows, labels, everybody)
        if self.fade is not None:
            self.fade.start(rows)
        b.observe(rows, self.timer)

    def step(self, actions, active, elapsed):
        """Step the worlds ``active`` (None: all; ``elapsed``: their steps so far); returns
        ``(rewards, terminated, unstable)`` (unstable worlds are truncated)."""
        b, ops = self.backend, self.ops
        stepped = self._stepped(active)
        b.advance(actions, active, stepped)
        snap, facts = b.read_state(self.timer)
        reward, terms, met = self.scorer.reward(snap)
        fallen = None if self.alive is None else ops.logical_not(self.alive(ops, snap.agent))
        met, unstable, fallen = b.flags(met, fallen)      # the step's one read back
        ok, met, unstable = self._steady(stepped, met, unstable)
        dok = b.device(ok)
        buttons_on = self.timer == 0
        labels = self.task.labels(ops, facts, b.device(met))
        self._tick(ok)
        terminated = self._goal_events(met, elapsed)
        terminated |= ok & fallen
        self._commit(ok, dok, labels, buttons_on)
        if self.fade is not None:
            self.fade.tick(labels, met, ok)
        b.observe(ok, self.timer)
        return self._result(reward, terms, terminated, stepped, ok, dok, met, unstable)

    # -- the books (the subclass's shape) --------------------------------------------------------
    def _restart(self, ids) -> tuple[Any, Any, Any]:
        """The reset worlds' books; masks ``(rows, nobody, everybody)``."""
        raise NotImplementedError

    def _stepped(self, active) -> Any:
        """Which worlds step (a mask; ``active`` None: all)."""
        raise NotImplementedError

    def _steady(self, stepped, met, unstable) -> tuple[Any, Any, Any]:
        """``(ok, met, unstable)``: the worlds that stepped and stayed stable, and the
        flags restricted to them."""
        raise NotImplementedError

    def _tick(self, ok) -> None:
        """The buttons' rest ``timer`` after the step (``navigation.episode.tick``)."""
        raise NotImplementedError

    def _goal_events(self, met, elapsed) -> Any:
        """The goal events of the worlds that ``met`` their goal; where the episode
        terminates (no goal fits)."""
        raise NotImplementedError

    def _commit(self, rows, drows, labels: dict, buttons_on) -> None:
        """Keep the labels and cost terms of the worlds ``rows`` (``drows`` on the
        backend) for their info."""
        raise NotImplementedError

    def _result(self, reward, terms: dict, terminated, stepped, ok, dok, met, unstable):
        """Keep the step's reward terms and flags; the step's ``(rewards, terminated,
        unstable)``."""
        raise NotImplementedError
