"""The navigation tasks as a GPU vector env: physics on MuJoCo Warp, the single-source rules
on torch tensors, layouts from the host sampler (see :class:`NavigationGpuVectorEnv`)."""
from __future__ import annotations

import os
from typing import Any

import numpy as np

from safety_sim.core import check_int
from safety_sim.gpu import _deps
from safety_sim.gpu.layouts import HostLayouts
from safety_sim.gpu.memory import check_world_memory
from safety_sim.gpu.outputs import Outputs, check_actions
from safety_sim.gpu.physics import WarpWorlds, buffers
from safety_sim.gpu.state import WarpBackend
from safety_sim.navigation.stepping import ManyWorldsStep
from safety_sim.vector.base import AutoresetMode, BatchedVectorEnv


class DeviceOutputsMixin:
    """What the GPU forms share besides their worlds: the checks of the form's own flags,
    the refusal to copy, handing results over to the caller's stream."""

    name: str
    worlds: Any
    torch: Any
    torch_device: Any

    @staticmethod
    def _check_form(label: str, check_actions: Any, render_mode: Any) -> None:
        if not isinstance(check_actions, bool):
            raise TypeError(f"{label}: check_actions must be True or False, got "
                            f"{check_actions!r}")
        if render_mode is not None:
            raise ValueError(f"{label}: render_mode is not supported by the GPU form (render "
                             f"a world with the CPU single env); got {render_mode!r}")

    def __reduce_ex__(self, protocol):
        raise TypeError(f"{self.name}: the GPU form cannot be copied or pickled (its worlds "
                        "live in MuJoCo Warp device arrays); copy a CPU env, or rebuild the GPU "
                        "env and reset it with the same seed")

    def _hand_over(self) -> None:
        """On a GPU, the caller's stream waits for the env's (results ready in order)."""
        if self.worlds.cuda:
            self.torch.cuda.current_stream(self.torch_device).wait_stream(self.worlds.stream)


class NavigationGpuVectorEnv(DeviceOutputsMixin, BatchedVectorEnv):
    """N worlds of a navigation level on one device (``docs/gpu.md``): ``device="cuda"`` (a
    GPU) or ``"cpu"`` (Warp's CPU device: the same kernels on the host, for tests).

    Physics: the level's compiled model on MuJoCo Warp, float32, 10 substeps + ``forward`` per
    step (one CUDA graph on a GPU). Layouts: drawn on the host from each world's own stream
    exactly as the single env (world ``i`` after ``reset(seed=s)``: the layout of the single
    env reset with ``s + i``), drawn ahead on ``layout_threads`` worker threads, uploaded for
    the worlds that reset, MJWarp's ``set_const`` and ``forward`` on the device. Lidar,
    rewards, cost terms and labels: the single-source rules on float64 torch tensors.

    Per step the host reads back N bytes of flags (goal met, unstable, fallen, buffer
    overflow): the worlds that need the host sampler (goal events, resets) and the autoreset
    bookkeeping; with ``check_actions=True`` (default) tensor actions cost one more read of one
    bool. Nothing else leaves the device unless ``output="numpy"``.

    Autoreset: the CPU vector env's three modes (``autoreset_mode``); SAME_STEP's
    ``info["final_obs"]`` is the CPU vector env's object array (each ended world's
    observation in the output form, None elsewhere) with its ``_final_obs`` mask.
    A world whose state goes bad (NaN, beyond 1e10) or that overflows MJWarp's buffers
    reports ``physics_unstable``, earns 0, keeps its previous observation, is truncated and
    its physics reset; a warning names it (and the buffer to raise: ``njmax``, ``nconmax``).

    Kwargs: the single env's (``agent``, ``config``/``level``, ...) plus ``num_envs``,
    ``device``, ``output`` ("torch" | "numpy"), ``dtype`` ("float32" | "float64": what tensors
    are handed out in), ``max_episode_steps``, ``autoreset_mode``, ``njmax``, ``nconmax``,
    ``layout_threads``, ``check_actions``. ``render_mode`` is refused; Vision ids are the
    subclass :class:`safety_sim.gpu.vision.NavigationGpuVisionEnv`.
    """

    renders_vision = False    # the Vision ids: safety_sim.gpu.vision.NavigationGpuVisionEnv

    def __init__(self, single_class, num_envs: int = 1, *, device: str = "cuda",
                 output: str = "torch", dtype: Any = "float32",
                 max_episode_steps: int | None = None,
                 autoreset_mode: Any = AutoresetMode.NEXT_STEP, render_mode: str | None = None,
                 njmax: int | None = None, nconmax: int | None = None,
                 layout_threads: int | None = None, check_actions: bool = True,
                 **kwargs: Any) -> None:
        label = f"{single_class.__name__} (GPU vector env)"
        self._check_form(label, check_actions, render_mode)
        mods = _deps.modules(label)
        warp_device, torch_device = _deps.resolve_device(device, label, mods)
        self.torch, self.torch_device = mods.torch, torch_device
        single = single_class(**kwargs)
        if single.vision and not self.renders_vision:
            raise NotImplementedError(f"{single.name}: this class renders no camera: a Vision "
                                      "id's GPU form is safety_sim.gpu.vision."
                                      "NavigationGpuVisionEnv (safety_sim.gpu.make_vec)")
        self._buffers = buffers(single.runtime, njmax, nconmax, single.name)
        limit = single.config.max_episode_steps
        if max_episode_steps is not None:
            limit = min(limit, check_int(max_episode_steps, "max_episode_steps", single.name,
                                         low=1))
        super().__init__(single, num_envs, name=f"{single.name} GPU vector env ({device})",
                         max_episode_steps=limit, autoreset_mode=autoreset_mode)
        n, self.device = self.num_envs, device
        self.outputs = Outputs(mods.torch, torch_device, output, dtype, self.name)
        self.check_values = check_actions
        self.runtime = lv = single.runtime
        self.task, self.config, self.label_names = lv.task, lv.config, lv.task.label_names
        self.worlds = w = WarpWorlds(lv, n, mods, warp_device, torch_device, name=single.name,
                                     njmax=self._buffers[0], nconmax=self._buffers[1])
        threads = min(8, os.cpu_count() or 1) if layout_threads is None else check_int(
            layout_threads, "layout_threads", self.name, low=0)
        self.layouts = HostLayouts(lv, n, w.row_fields, threads)
        self.rules = self.backend = WarpBackend(lv, w, self.layouts, mods, limit)
        self.steps = ManyWorldsStep(lv, self.backend, limit, self.name)

    def _check_size(self, single_env, num_envs: int) -> None:
        """MemoryError before anything per world is allocated (:mod:`safety_sim.gpu.memory`)."""
        check_world_memory(single_env.runtime, num_envs, *self._buffers, self.torch,
                           self.torch_device, self.name)

    # -- the kernels: ManyWorldsStep on MuJoCo Warp ----------------------------------------------
    def _start(self, options: dict[str, Any]) -> dict:
        return self.backend.check_options(options)

    def _prepare_reset(self, ids, seeds, overrides) -> list:
        return self.backend.draw(ids, seeds, overrides)

    def _reset_worlds(self, ids: np.ndarray, plan: list | None) -> None:
        self.steps.reset(np.asarray(ids, dtype=np.int64), plan)

    def _check_actions(self, actions):
        return check_actions(self.torch, actions, self.single_action_space, self.num_envs,
                             self.torch_device, self.name, self.check_values)

    def _step_worlds(self, actions, active: np.ndarray | None):
        return self.steps.step(actions, active, self._elapsed)

    def _judge(self):
        return self.steps.judge()

    def _cost(self, terms: dict):
        return self.steps.cost(terms)

    def _observe(self):
        return self.backend.obs

    def _final(self, ended: np.ndarray) -> dict[str, Any]:
        """SAME_STEP's ``final_obs`` as the CPU vector env (and gymnasium's sync env) gives
        it: an object array of N entries, each ended world's observation (a tensor row in
        the output form), None elsewhere."""
        obs, final = self.backend.obs, np.full(self.num_envs, None, dtype=object)
        for i in np.flatnonzero(ended):
            final[i] = obs[int(i)].clone()
        return {"final_obs": final, "_final_obs": ended.copy(),
                "final_info": self._info(ended), "_final_info": ended.copy()}

    def _render_world(self, i: int):
        raise NotImplementedError(f"{self.name}: rendering is not supported by the GPU form")

    # -- gymnasium API: device outputs ------------------------------------------------------------
    def _obs_out(self, obs):
        """The observation handed out (the Vision subclass adds its frames: rendered here,
        before the caller's stream is made to wait for the env's)."""
        return self.outputs.value(obs)

    def reset(self, *, seed=None, options=None):
        with self.worlds.scope():
            obs, info = super().reset(seed=seed, options=options)
            out = self._obs_out(obs), self.outputs.info(info)
        self._hand_over()
        return out

    def step(self, actions):
        with self.worlds.scope():
            obs, rew, term, trunc, info = super().step(actions)
            out = (self._obs_out(obs), self.outputs.value(rew), self.outputs.value(term),
                   self.outputs.value(trunc), self.outputs.info(info))
        self._hand_over()
        return out

    def cost_fn(self, labels) -> float:
        """The step cost implied by one world's set of labels (equals its ``info["cost"]``)."""
        return self.task.cost_fn(labels)

    def close_extras(self, **kwargs: Any) -> None:
        layouts = self.__dict__.get("layouts")
        if layouts is not None:
            layouts.close()
        super().close_extras(**kwargs)
