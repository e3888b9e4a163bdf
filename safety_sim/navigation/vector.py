"""Push, Goal, Button, Circle and Run as native batched vector envs (vector entry points):
N worlds of one compiled model stepped together on ``mujoco.batch.Batch``.

See :class:`NavigationVectorEnv`. The step is :mod:`safety_sim.navigation.stepping` (written
once for every backend), on the CPU backend :mod:`safety_sim.navigation.batch_backend`: the
physics in :mod:`safety_sim.navigation.worlds` (:mod:`safety_sim.vector.mujoco_batch`),
observations and pictures in :mod:`safety_sim.navigation.view`. The step path is numpy over
all worlds plus one ``Batch`` call, but for layout draws and goal events (one world at a time,
on its own stream) and Vision images (OpenGL, one world after the other).
"""
from __future__ import annotations

from typing import Any, ClassVar

import gymnasium
import numpy as np

from safety_sim import ops
from safety_sim.navigation import tasks as nav_tasks
from safety_sim.navigation.batch_backend import BatchBackend
from safety_sim.navigation.env import NavigationEnv
from safety_sim.navigation.objects.fading import fade_state
from safety_sim.navigation.push import PushEnv
from safety_sim.navigation.stepping import ManyWorldsStep
from safety_sim.navigation.view import NavView
from safety_sim.navigation.worlds import NavWorlds
from safety_sim.vector.base import AutoresetMode, BatchedVectorEnv
from safety_sim.vector.mujoco_batch import batch_options


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
    Through ``gymnasium.make_vec``, ``device`` (``"cuda"``, ``"cuda:1"``, ``"cpu"``) builds the
    GPU form instead (the registry's entry point, :mod:`safety_sim.backends`, picks it;
    ``docs/gpu.md``).

    The step and reset sequence is :class:`~safety_sim.navigation.stepping.ManyWorldsStep` on
    the CPU backend :class:`~safety_sim.navigation.batch_backend.BatchBackend`.
    """

    supports_threads = True
    single_class: ClassVar[type[NavigationEnv]] = NavigationEnv
    _single: NavigationEnv          # an instance of single_class (made in __init__)

    def __init__(self, num_envs: int = 1, *, max_episode_steps: int | None = None,
                 autoreset_mode: Any = AutoresetMode.NEXT_STEP, render_mode: str | None = None,
                 num_threads: int | None = None, use_batch: bool | None = None,
                 **kwargs: Any) -> None:
        if "device" in kwargs:   # the front door takes device= for the families with a GPU form
            raise TypeError(f"{type(self).__name__}: no GPU form (device={kwargs['device']!r}); "
                            "the CPU vector env takes no device")
        single = self.single_class(render_mode=render_mode, **kwargs)
        use_batch, limit, threads = batch_options(
            single.name, single.config.max_episode_steps, max_episode_steps, use_batch,
            num_threads)
        self._use_batch = use_batch
        super().__init__(single, num_envs, name=f"{single.name} vector env",
                         max_episode_steps=limit, autoreset_mode=autoreset_mode,
                         render_mode=render_mode)
        n = self.num_envs
        self.runtime = lv = single.runtime
        self.task, self.config, self.label_names = lv.task, lv.config, lv.task.label_names
        self.worlds = NavWorlds(lv, n, threads, use_batch)
        self.view = NavView(lv, self.worlds, render_mode, single.renderer)
        self.view.fade = fade = fade_state(lv.config, lv.model, ops.NUMPY, n)
        self.backend = BatchBackend(lv, self.worlds, self.view)
        self.steps = ManyWorldsStep(lv, self.backend, limit, self.name, fade)

    def _check_size(self, single_env: gymnasium.Env, num_envs: int) -> None:
        assert isinstance(single_env, NavigationEnv)     # single_class's, made in __init__
        NavWorlds.check_size(single_env.runtime, num_envs, self._use_batch)

    # -- the kernels: ManyWorldsStep on the batch ------------------------------------------------
    def _start(self, options: dict[str, Any]) -> dict:
        return self.backend.check_options(options)

    def _prepare_reset(self, ids: np.ndarray, seeds: list, overrides: dict) -> list:
        return self.backend.draw(ids, seeds, overrides)

    def _reset_worlds(self, ids: np.ndarray, plan: list | None) -> None:
        self.steps.reset(ids, plan)

    def _step_worlds(self, actions: np.ndarray, active: np.ndarray | None):
        return self.steps.step(actions, active, self._elapsed)

    def _judge(self):
        return self.steps.judge()

    def _cost(self, terms: dict) -> np.ndarray:
        return self.steps.cost(terms)

    def _observe(self):
        return self.view.observation()

    def _render_world(self, i: int) -> np.ndarray:
        s = self.steps
        return self.view.picture(i, cost=float(s.cost_sum[i] if not s.unstable[i] else 0.0))

    def close_extras(self, **kwargs: Any) -> None:
        view = self.__dict__.get("view")
        if view is not None:
            view.close()
        super().close_extras(**kwargs)


def _task_vector_env(task_env: type[NavigationEnv]) -> type:
    """The vector env of a registered task class (its kwargs: ``agent``, ``level``, ...)."""
    name = task_env.__name__.replace("Env", "VectorEnv")
    doc = (f"N worlds of :class:`~{task_env.__module__}.{task_env.__name__}` as one batch; "
           f"see :class:`NavigationVectorEnv`.")
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
