"""The single env's step: :class:`~safety_sim.navigation.sequence.StepSequence` over one world.

:class:`OneWorldBackend` is the :class:`~safety_sim.navigation.sequence.WorldPhysics` of one
:class:`~safety_sim.navigation.env.NavigationEnv` (its ``MjData``, layout stream and
observation; the rules on Python floats, :data:`safety_sim.ops.SCALAR`), and
:class:`OneWorldStep` keeps the books of that one world in Python bools and ints -- no host
masks, no arrays. A goal event is the env's own ``_goal_event`` (levels such as FormulaOne
override it); draws stay in the env's ``reset``.
"""
from __future__ import annotations

from typing import Any

from safety_sim.navigation import config as nc
from safety_sim.navigation.episode import tick
from safety_sim.navigation.sequence import StepSequence
from safety_sim.ops import SCALAR, Ops

_NO_LABELS: frozenset[str] = frozenset()


class OneWorldBackend:
    """:class:`~safety_sim.navigation.sequence.WorldPhysics` of the single env ``env``
    (``ids``, ``rows`` and masks: one world's Python bools). ``obs``: the observation the
    last ``observe`` made."""

    ops: Ops = SCALAR
    #: a mask of one world as the rules' (a Python bool: itself; ``bool`` is one C call)
    device = staticmethod(bool)

    def __init__(self, env) -> None:
        self.env, self._write_ctrl = env, env.runtime.write_ctrl
        self.stable = True
        self.xp: list | None = None        # every body's xpos, read once a step
        self.obs: Any = None

    def write_layouts(self, ids, plan: list) -> None:
        self.env._write_layout(plan[0][1])

    def advance(self, action, active, stepped) -> None:
        env = self.env
        self._write_ctrl(action, env._ctrl)
        env._step_draws += 1        # one double of the stream (navigation.episode)
        self.stable = env._physics.advance(nc.SUBSTEPS)

    def read_state(self, timer):
        """The env's snapshot and facts (every body's xpos read once, kept for observe)."""
        env = self.env
        self.xp = xp = env._xpos.tolist()
        return env._read_state(xp)

    def flags(self, met, fallen):
        return met, not self.stable, False if fallen is None else fallen

    def goal_event(self) -> bool:
        """The env's goal event (False: no goal fits); the body positions read anew."""
        self.xp = None
        return self.env._goal_event()

    def observe(self, rows, timer) -> None:
        if rows:
            env, xp = self.env, self.xp
            self.obs = env._observe(env._xpos.tolist() if xp is None else xp)


class OneWorldStep(StepSequence):
    """The books of one world for :class:`~safety_sim.navigation.sequence.StepSequence` on
    ``backend`` (a :class:`OneWorldBackend`) for the level ``runtime``: the rest ``timer``
    (an int), the ``labels`` (frozenset) and ``costs`` (the info's cost terms) of the state,
    the step's ``reward_terms`` and ``met``; an unstable step keeps none of them."""

    backend: OneWorldBackend

    def __init__(self, runtime, backend: OneWorldBackend) -> None:
        self.backend, self.ops, self.task = backend, SCALAR, runtime.task
        self.scorer, self.alive = runtime.scorer(SCALAR), runtime.agent.alive
        self.fade = None
        self.timer, self.met, self.start_rest = 0, False, runtime.start_rest
        self.judged = bool(runtime.task.label_names)
        self.no_costs = runtime.task.judged(dict.fromkeys(runtime.task.label_names, False))[1]
        self.labels, self.costs = _NO_LABELS, self.no_costs
        self.reward_terms: dict[str, float] = {}

    def _restart(self, ids):
        self.timer = self.start_rest
        return True, False, True

    def _stepped(self, active) -> bool:
        return True

    def _steady(self, stepped: bool, met: bool, unstable: bool):
        ok = not unstable
        return ok, met and ok, unstable

    def _tick(self, ok: bool) -> None:
        if self.timer:          # the buttons rest: one step less (unless unstable)
            self.timer = tick(SCALAR, self.timer, ok)

    def _goal_events(self, met: bool, elapsed) -> bool:
        return met and not self.backend.goal_event()

    def _commit(self, rows: bool, drows: bool, labels: dict, buttons_on: bool) -> None:
        if not rows:
            return
        if self.judged:
            self.labels, self.costs = self.task.judged(labels, buttons_on)
        else:   # a level without labels (Circle0): nothing to judge
            self.labels, self.costs = _NO_LABELS, self.no_costs

    def _result(self, reward, terms: dict, terminated: bool, stepped: bool, ok: bool,
                dok: bool, met: bool, unstable: bool):
        self.reward_terms, self.met = terms, met
        return (reward if ok else 0.0), terminated and ok, unstable
