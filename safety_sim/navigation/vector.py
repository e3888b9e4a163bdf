"""Push, Goal, Button, Circle and Run as native batched vector envs (vector entry points):
N worlds of one compiled model stepped together on ``mujoco.batch.Batch``.

See :class:`NavigationVectorEnv`. The physics lives in :mod:`safety_sim.navigation.worlds`
(backends: :mod:`safety_sim.vector.mujoco_batch`), judging in
:mod:`safety_sim.navigation.batched_judging`, observations and pictures in
:mod:`safety_sim.navigation.view`.

Per-world Python remains only where a world's own sequential logic runs: layout draws at
reset (the reference's rejection sampler on the world's stream), goal events (a new goal or
goal button, from the same stream, for the worlds that reached theirs), the agent's ``alive``
rule (Ant; one call per world), Vision images (OpenGL, one world at a time), and the lidar's
``math.hypot``/``math.atan2`` (mapped at C level over the flat arrays: numpy's versions differ
in the last bit). The step path is otherwise numpy over all worlds plus one ``Batch`` call.
"""
from __future__ import annotations

from typing import Any, ClassVar

import gymnasium
import numpy as np

from safety_sim import ops
from safety_sim.core import check_int
from safety_sim.navigation import config as nc
from safety_sim.navigation import tasks as nav_tasks
from safety_sim.navigation.env import NavigationEnv
from safety_sim.navigation.episode import goal_event, settle_stream, tick
from safety_sim.navigation.judging import Facts
from safety_sim.navigation.objects import Buttons
from safety_sim.navigation.objects.fading import fade_state
from safety_sim.navigation.push import PushEnv
from safety_sim.navigation.rewards import Snapshot
from safety_sim.navigation.view import NavView
from safety_sim.navigation.worlds import NavWorlds
from safety_sim.vector.base import AutoresetMode, BatchedVectorEnv, Partial


class NavigationVectorEnv(BatchedVectorEnv):
    """N worlds of a navigation level stepped as one batch
    (``gymnasium.make_vec(id, N, vectorization_mode="vector_entry_point", num_threads=T)`` for
    every Push, Goal, Button, Circle and Run id and ``SafetyNavigation-v0``; rules, spaces and
    info of :class:`~safety_sim.navigation.env.NavigationEnv`).

    Physics: one compiled model (the single env's scene plus a contact sensor per watched
    body) on ``mujoco.batch.Batch`` with ``num_threads`` threads (default: all cores); where
    ``mujoco.batch`` is missing, or with ``use_batch=False``, a loop over MjData gives the same
    numbers on one thread. Each world draws its layouts from its own ``RandomState`` exactly as
    the single env does (``reset(seed=s)``: world ``i`` uses ``s + i``), through the single
    env's ``NavPlacer``; lidar, rewards, cost terms and labels are numpy over all worlds.

    Observations: float64 ``(N, obs_size)``; Vision ids: a dict of ``(N, ...)`` arrays per key
    plus ``vision`` ``(N, 256, 256, 3)`` uint8 -- the physics is batched, the camera image is
    rendered per world (OpenGL, one world after the other). Actions: ``(N, nu)``; a wrong
    shape, NaN/inf or a value outside the box in any world raises ValueError naming the world.
    ``info``: the single env's keys as arrays with ``_key`` masks (``reward_terms`` a nested
    dict, ``goal_met`` and ``physics_unstable`` only in the worlds that report them,
    ``cost_buttons`` only where the buttons are active), ``labels``: one bool array per label
    of the level (``env.label_names``). ``reset(options={"layout": ...})`` applies the layout
    override to every world reset; ``reset_mask`` as gymnasium's.

    A world whose physics blows up (MuJoCo resets it) reports ``physics_unstable``, keeps its
    previous observation, earns 0, is truncated and a warning names it; autoreset then resets
    it like any ended world -- the other worlds go on untouched.

    Kwargs: those of the single env plus ``num_envs``, ``max_episode_steps`` (the registered
    limit; the level's own limit still applies), ``autoreset_mode``, ``num_threads``,
    ``use_batch`` (None: Batch where available; True: require it; False: the loop).
    ``device`` (``"cuda"``, ``"cuda:1"``, ``"cpu"``; default None: this CPU env) builds the
    GPU form instead (:class:`safety_sim.gpu.env.NavigationGpuVectorEnv`, MuJoCo Warp;
    ``docs/gpu.md``; the ``[gpu]`` extra).
    """

    supports_threads = True
    single_class: ClassVar[type] = NavigationEnv

    def __new__(cls, num_envs: int = 1, *, device: str | None = None, **kwargs: Any):
        if device is None:
            return super().__new__(cls)
        for key in ("num_threads", "use_batch"):
            if key in kwargs:
                raise TypeError(f"{cls.__name__}: {key} is a kwarg of the CPU vector env "
                                f"(device=None); the GPU form (device={device!r}) has none")
        from safety_sim.gpu import from_class   # noqa: PLC0415  (the [gpu] extra, on demand)

        return from_class(cls.single_class, num_envs, device=device, **kwargs)

    def __init__(self, num_envs: int = 1, *, max_episode_steps: int | None = None,
                 autoreset_mode: Any = AutoresetMode.NEXT_STEP, render_mode: str | None = None,
                 num_threads: int | None = None, use_batch: bool | None = None,
                 device: None = None, **kwargs: Any) -> None:
        single = self.single_class(render_mode=render_mode, **kwargs)
        if use_batch not in (None, True, False):
            raise TypeError(f"{single.name} vector env: use_batch must be None, True or False, "
                            f"got {use_batch!r}")
        self._use_batch = use_batch
        limit = single.config.max_episode_steps
        limit = limit if max_episode_steps is None else min(
            limit, check_int(max_episode_steps, "max_episode_steps", single.name, low=1))
        super().__init__(single, num_envs, name=f"{single.name} vector env",
                         max_episode_steps=limit, autoreset_mode=autoreset_mode,
                         render_mode=render_mode)
        threads = 0 if num_threads is None else check_int(num_threads, "num_threads",
                                                          self.name, low=1)
        n = self.num_envs
        self.runtime = lv = single.runtime
        self.task, self.config, self.label_names = lv.task, lv.config, lv.task.label_names
        self._scorer = lv.scorer(ops.NUMPY)
        self.worlds = NavWorlds(lv, n, threads, use_batch)
        self.view = NavView(lv, self.worlds, render_mode, single.renderer)
        self.view.fade = self._fade = fade_state(lv.config, lv.model, ops.NUMPY, n)
        self._facts = Facts(goal_button=np.full(n, -1, dtype=np.int64))
        self._facts.xy = {prefix: (np.zeros((len(names), n)), np.zeros((len(names), n)))
                          for prefix, names in lv.position_judged.items()}
        self._read = np.array(lv.read_bodies, dtype=np.intp)
        self._rs: list[np.random.RandomState | None] = [None] * n
        self._pending = np.zeros(n, dtype=np.int64)   # step draws not yet taken from _rs
        self._reset_xy: list[dict] = [{}] * n
        self._goal_button = np.full(n, -1, dtype=np.int64)
        self._timer = np.zeros(n, dtype=np.int64)
        self._just_reset = np.ones(n, dtype=bool)
        self._unstable = np.zeros(n, dtype=bool)
        self._met = np.zeros(n, dtype=bool)
        self._labels = {k: np.zeros(n, dtype=bool) for k in self.label_names}
        self._terms: dict[str, np.ndarray] = {}
        self._buttons_on = np.ones(n, dtype=bool)
        self._cost_sum = np.zeros(n)
        self._reward_terms: dict[str, np.ndarray] = {}

    def _check_size(self, single_env: NavigationEnv, num_envs: int) -> None:
        NavWorlds.check_size(single_env.runtime, num_envs, self._use_batch)

    # -- resets ---------------------------------------------------------------------------------
    def _start(self, options: dict[str, Any]) -> dict:
        return self.worlds.placers[0].check_options(options)   # the single env's messages

    def _prepare_reset(self, ids: np.ndarray, seeds: list, overrides: dict) -> list:
        """Each world's stream and layout (a refused override raises before any change)."""
        return [self._draw(int(i), seed, overrides) for i, seed in zip(ids, seeds)]

    def _draw(self, i: int, seed: int | None, overrides: dict):
        rs = None if seed is not None else self._stream(i)
        entropy = np.random.default_rng() if rs is None and seed is None else None
        return self.worlds.placers[i].draw(seed, rs, entropy, overrides)

    def _stream(self, i: int) -> np.random.RandomState | None:
        """World ``i``'s layout stream, advanced past the draws its steps owe it (the single
        env draws one double per step; they are taken here, when the stream is next used)."""
        rs = settle_stream(self._rs[i], self._pending[i])
        self._pending[i] = 0
        return rs

    def _reset_worlds(self, ids: np.ndarray, plan: list | None) -> None:
        if plan is None:   # autoreset: each world's stream goes on
            plan = [self._draw(int(i), None, {}) for i in ids]
        for i, (rs, layout) in zip(ids, plan):
            self._rs[i], self._pending[i] = rs, 0
            self._reset_xy[i] = layout.xy
            self._goal_button[i] = -1 if layout.goal_button is None else layout.goal_button
        self.worlds.write_layouts(ids, [layout for _, layout in plan], [rs for rs, _ in plan])
        for prefix, names in self.runtime.position_judged.items():
            xy = np.array([[layout.xy[name] for name in names] for _, layout in plan],
                          dtype=np.float64).reshape(len(ids), len(names), 2)
            xs, ys = self._facts.xy[prefix]
            xs[:, ids], ys[:, ids] = xy[..., 0].T, xy[..., 1].T
        self._timer[ids] = 0
        self._just_reset[ids], self._unstable[ids], self._met[ids] = True, False, False
        snap, facts = self._read_state()
        self._scorer.start(snap, self._rows(ids))
        labels = self.task.labels(ops.NUMPY, facts, np.zeros(self.num_envs, dtype=bool))
        self._commit(ids, labels, np.ones(self.num_envs, dtype=bool))
        if self._fade is not None:
            self._fade.start(self._rows(ids))
        self.view.update(ids, self._timer)

    # -- steps ----------------------------------------------------------------------------------
    def _step_worlds(self, actions: np.ndarray, active: np.ndarray | None):
        n, w, lv = self.num_envs, self.worlds, self.runtime
        # the stepped worlds: all of them (a slice: views, no copies) or the ``active`` ones
        stepped = slice(None) if active is None else active
        ids = None if active is None else np.flatnonzero(active)
        ctrl = w.ctrl[stepped]
        lv.write_ctrl(actions[stepped], ctrl)
        w.ctrl[stepped] = ctrl
        self._pending[stepped] += 1      # one double of each stepped world's stream
        unstable = np.zeros(n, dtype=bool)
        unstable[stepped] = w.advance(nc.SUBSTEPS, ids)
        ok = ~unstable if active is None else active & ~unstable
        snap, facts = self._read_state()
        reward, terms, met = self._scorer.reward(snap)
        met = met & ok
        buttons_on = self._timer == 0
        labels = self.task.labels(ops.NUMPY, facts, met)
        self._timer = tick(ops.NUMPY, self._timer, ok)
        terminated = self._goal_events(np.flatnonzero(met))
        if lv.agent.alive is not None:      # the agent's rule, all worlds at once
            terminated |= ok & ~lv.agent.alive(ops.NUMPY, self.worlds.xpos[:, self._read[0]].T)
        rows = _selector(ok)
        self._commit(rows, labels, buttons_on)
        self._reward_terms = {k: np.where(ok, v, 0.0) for k, v in terms.items()}
        self._met, self._unstable = met, unstable     # False where not stepped
        self._just_reset[stepped] = False
        if self._fade is not None:
            self._fade.tick(labels, met, ok)
        self.view.update(rows, self._timer)
        if unstable.any():
            self._report_unstable(np.flatnonzero(unstable))
        return np.where(ok, reward, 0.0), terminated & ok, unstable

    def _goal_events(self, met_ids: np.ndarray) -> np.ndarray:
        """After an achievement: a new goal button (and the buttons' rest) or a new goal
        position; True where no goal position fits (the episode terminates). One world at a
        time: this is where the worlds' random streams are read."""
        terminated = np.zeros(self.num_envs, dtype=bool)
        moved = []
        for i in met_ids:
            done, button, timer = goal_event(self.runtime, self.worlds.placers[i],
                                             self._stream(int(i)), self.worlds.xpos[i],
                                             self._reset_xy[i])
            if not done:
                terminated[i] = True
                continue
            if button is not None:
                self._goal_button[i], self._timer[i] = button, timer
            moved.append(int(i))
        if moved:
            ids = np.array(moved)
            self.worlds.sim.forward(ids)
            self._scorer.start(self._read_state()[0], self._rows(ids))
        return terminated

    def _report_unstable(self, ids: np.ndarray) -> None:
        what = "; ".join(f"world {i}: {self.worlds.last_warning[i]}" for i in ids[:8])
        gymnasium.logger.warn(f"{self.name}: the physics became unstable ({what}); MuJoCo "
                              "reset those worlds and their episodes are truncated")

    # -- state facts and judging -----------------------------------------------------------------
    def _rows(self, ids: np.ndarray) -> np.ndarray:
        mask = np.zeros(self.num_envs, dtype=bool)
        mask[ids] = True
        return mask

    def _read_state(self) -> tuple[Snapshot, Facts]:
        """What the rules read of every world's current state: the reward's snapshot and the
        judging's facts (positions coordinate first, per-object quantities (objects, N))."""
        w, f, rule = self.worlds, self._facts, self.config.reward
        pos = w.xpos[:, self._read]
        s = Snapshot(agent=pos[:, 0].T, goal=pos[:, 1].T, box=pos[:, 2].T)
        if rule.reads_velocity:
            s.velocity = w.agent_velocity()
        f.agent = s.agent
        f.touching = w.touching()
        f.velocity = w.velocities()
        f.goal_button = self._goal_button
        f.buttons_active = self._timer == 0
        if rule.met_by_touch:
            s.goal_touched = Buttons.goal_touched(ops.NUMPY, f)
        return s, f

    def _commit(self, rows, labels: dict, buttons_on: np.ndarray) -> None:
        """Keep the labels and cost terms of the worlds ``rows`` (indices or ``slice(None)``)
        for their info."""
        terms = self.task.cost_terms(ops.NUMPY, labels, buttons_on)
        for key, value in terms.items():
            if key != "cost_sum":
                self._terms.setdefault(key, np.zeros(self.num_envs))[rows] = value[rows]
        self._buttons_on[rows] = buttons_on[rows]
        self._cost_sum[rows] = terms["cost_sum"][rows]
        for name, value in labels.items():
            self._labels[name][rows] = value[rows]

    def _judge(self):
        step = ~self._just_reset
        unstable = self._unstable & step
        steady = ~unstable
        keep = (lambda v: np.where(steady, v, 0.0)) if unstable.any() else np.copy
        # an unstable world reports the buttons' key as its timer (not ticked) says
        buttons = np.where(unstable, self._timer == 0, self._buttons_on)
        terms = {k: Partial(keep(v), buttons) if k == "cost_buttons"
                 else keep(v) for k, v in self._terms.items()}
        terms["cost_sum"] = keep(self._cost_sum)
        scored = step & steady
        extras = {
            "reward_terms": Partial({k: Partial(v.copy(), scored)
                                     for k, v in self._reward_terms.items()}, step),
            "goal_met": Partial(self._met & step, self._met & step),
            "physics_unstable": Partial(unstable.copy(), unstable)}
        labels = {k: v & steady for k, v in self._labels.items()}
        return extras, terms, labels

    def _cost(self, terms: dict) -> np.ndarray:
        return terms["cost_sum"].copy()

    def _observe(self):
        return self.view.observation()

    def _render_world(self, i: int) -> np.ndarray:
        return self.view.picture(i, cost=float(self._cost_sum[i] if not self._unstable[i] else 0.0))

    def close_extras(self, **kwargs: Any) -> None:
        view = self.__dict__.get("view")
        if view is not None:
            view.close()
        super().close_extras(**kwargs)


def _task_vector_env(task_env: type) -> type:
    """The vector env of a registered task class (its kwargs: ``agent``, ``level``, ...)."""
    name = task_env.__name__.replace("Env", "VectorEnv")
    doc = (f"N worlds of :class:`~safety_sim.envs.{task_env.__module__.rsplit('.', 1)[-1]}."
           f"{task_env.__name__}` as one batch; see :class:`NavigationVectorEnv`.")
    return type(name, (NavigationVectorEnv,), {"single_class": task_env, "__doc__": doc,
                                               "__module__": __name__})


PushVectorEnv = _task_vector_env(PushEnv)
GoalVectorEnv = _task_vector_env(nav_tasks.GoalEnv)
ButtonVectorEnv = _task_vector_env(nav_tasks.ButtonEnv)
CircleVectorEnv = _task_vector_env(nav_tasks.CircleEnv)
RunVectorEnv = _task_vector_env(nav_tasks.RunEnv)
RaceVectorEnv = _task_vector_env(nav_tasks.RaceEnv)
FadingEasyVectorEnv = _task_vector_env(nav_tasks.FadingEasyEnv)
FadingHardVectorEnv = _task_vector_env(nav_tasks.FadingHardEnv)


def _selector(mask: np.ndarray):
    """The worlds where ``mask`` holds: ``slice(None)`` when that is all of them (views, no
    copies), else their indices."""
    return slice(None) if mask.all() else np.flatnonzero(mask)
