"""The navigation tasks as a GPU vector env: physics on MuJoCo Warp, the single-source rules
on torch tensors, layouts from the host sampler (see :class:`NavigationGpuVectorEnv`)."""
from __future__ import annotations

import os
from typing import Any

import gymnasium
import numpy as np

from safety_sim import ops as _ops
from safety_sim.core import check_int
from safety_sim.gpu import _deps
from safety_sim.gpu.layouts import HostLayouts
from safety_sim.gpu.outputs import Outputs, check_actions
from safety_sim.gpu.physics import WarpWorlds
from safety_sim.gpu.state import DeviceRules
from safety_sim.navigation.episode import tick
from safety_sim.vector.base import AutoresetMode, BatchedVectorEnv, Partial


class NavigationGpuVectorEnv(BatchedVectorEnv):
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
    ``layout_threads``, ``check_actions``. Vision ids and ``render_mode`` are refused.
    """

    def __init__(self, single_class, num_envs: int = 1, *, device: str = "cuda",
                 output: str = "torch", dtype: Any = "float32",
                 max_episode_steps: int | None = None,
                 autoreset_mode: Any = AutoresetMode.NEXT_STEP, render_mode: str | None = None,
                 njmax: int | None = None, nconmax: int | None = None,
                 layout_threads: int | None = None, check_actions: bool = True,
                 **kwargs: Any) -> None:
        label = f"{single_class.__name__} (GPU vector env)"
        mods = _deps.modules(label)
        warp_device, torch_device = _deps.resolve_device(device, label, mods)
        if render_mode is not None:
            raise ValueError(f"{label}: render_mode is not supported by the GPU form (render "
                             "a world with the CPU single env); got {render_mode!r}")
        single = single_class(**kwargs)
        if single.vision:
            raise NotImplementedError(f"{single.name}: Vision ids are not supported by the GPU "
                                      "form (their camera images are OpenGL frames); use the "
                                      "CPU vector env")
        _refuse_unsupported(single)
        limit = single.config.max_episode_steps
        if max_episode_steps is not None:
            limit = min(limit, check_int(max_episode_steps, "max_episode_steps", single.name,
                                         low=1))
        super().__init__(single, num_envs, name=f"{single.name} GPU vector env ({device})",
                         max_episode_steps=limit, autoreset_mode=autoreset_mode)
        n, self.device = self.num_envs, device
        self.torch, self.torch_device = mods.torch, torch_device
        self.outputs = Outputs(mods.torch, torch_device, output, dtype, self.name)
        self.check_values = bool(check_actions)
        self.runtime = lv = single.runtime
        self.task, self.config, self.label_names = lv.task, lv.config, lv.task.label_names
        self.worlds = w = WarpWorlds(lv, n, mods, warp_device, torch_device, name=single.name,
                                     njmax=njmax, nconmax=nconmax)
        threads = min(8, os.cpu_count() or 1) if layout_threads is None else check_int(
            layout_threads, "layout_threads", self.name, low=0)
        self.layouts = HostLayouts(lv, n, w.row_fields, threads)
        self.rules = DeviceRules(lv, w, mods)
        self._timer = np.zeros(n, dtype=np.int64)       # the buttons' rest (host-known)
        self._just_reset = np.ones(n, dtype=bool)
        self._unstable = np.zeros(n, dtype=bool)
        self._met = np.zeros(n, dtype=bool)
        self._buttons_on = np.ones(n, dtype=bool)

    # -- resets ---------------------------------------------------------------------------------
    def _start(self, options: dict[str, Any]) -> dict:
        return self.layouts.check_options(options)       # the single env's messages

    def _prepare_reset(self, ids, seeds, overrides) -> list:
        return self.layouts.draw(ids, seeds, overrides)

    def _reset_worlds(self, ids: np.ndarray, plan: list | None) -> None:
        ids = np.asarray(ids, dtype=np.int64)
        if plan is None:                                 # autoreset: the streams go on
            plan = self.layouts.next_layouts(ids)
        rows, qpos = self.layouts.write(ids, plan)
        mask = np.zeros(self.num_envs, dtype=bool)
        mask[ids] = True
        r = self.rules
        dmask = r.device_mask(mask)
        self.worlds.reset_worlds(dmask, ids, rows, qpos)
        r.set_layout(ids, self.layouts.judged_xy(ids, plan), self.layouts.goal_button[ids])
        self._timer[ids] = 0
        self._just_reset[ids], self._unstable[ids], self._met[ids] = True, False, False
        r.upload_timer(self._timer)
        snap, facts = r.read_state()
        r.scorer.start(snap, dmask)
        labels = self.task.labels(r.ops, facts, r.device_mask(np.zeros(self.num_envs, bool)))
        self._commit(mask, dmask, labels, np.ones(self.num_envs, dtype=bool))
        r.observe(dmask)
        self.layouts.draw_ahead(ids, np.full(len(ids), self.max_episode_steps))

    # -- steps ----------------------------------------------------------------------------------
    def _check_actions(self, actions):
        return check_actions(self.torch, actions, self.single_action_space, self.num_envs,
                             self.torch_device, self.name, self.check_values)

    def _step_worlds(self, actions, active: np.ndarray | None):
        n, w, r, lay = self.num_envs, self.worlds, self.rules, self.layouts
        stepped = np.ones(n, dtype=bool) if active is None else active.copy()
        w.write_ctrl(actions)
        lay.owed += stepped                               # one double of each stream
        w.advance()
        r.upload_timer(self._timer)
        snap, facts = r.read_state()
        reward, terms, met = r.scorer.reward(snap)
        bad, overflow, dead = w.bad_state(), w.overflowed(), r.fallen()
        flags = r.flags(met, bad | overflow, dead, overflow)          # the one read back
        unstable = ((flags & 2) > 0) & stepped
        ok = stepped & ~unstable
        met = ((flags & 1) > 0) & ok
        dok = r.device_mask(ok)
        buttons_on = self._timer == 0
        labels = self.task.labels(r.ops, facts, r.device_mask(met))
        self._timer = tick(_ops.NUMPY, self._timer, ok)
        terminated = self._goal_events(np.flatnonzero(met))
        terminated |= ok & ((flags & 4) > 0)
        self._commit(ok, dok, labels, buttons_on)
        r.reward_terms = {k: r.ops.where(dok, v, 0.0) for k, v in terms.items()}
        self._met, self._unstable = met, unstable
        self._just_reset[stepped] = False
        r.upload_timer(self._timer)
        r.observe(dok)
        if unstable.any():
            self._report_unstable(np.flatnonzero(unstable), (flags & 8) > 0)
        return r.ops.where(dok, reward, 0.0), terminated & ok, unstable

    def _goal_events(self, met_ids: np.ndarray) -> np.ndarray:
        """The host's part of a step: the single env's goal event of each world that met its
        goal (its stream, its bodies' positions); the moved goals go to the device."""
        terminated = np.zeros(self.num_envs, dtype=bool)
        if met_ids.size == 0:
            return terminated
        r, lay = self.rules, self.layouts
        moved, buttons, ended = lay.goal_events(met_ids, r.host_xpos(met_ids))
        terminated[ended] = True
        for i, _, timer in buttons:
            self._timer[i] = timer
        if moved:
            ids = np.array(moved)
            r.set_goal_buttons(ids, lay.goal_button[ids])
            self.worlds.move_goal(ids, lay.rows["body_pos"][ids, self.runtime.handles.goal_body])
            r.upload_timer(self._timer)
            mask = np.zeros(self.num_envs, dtype=bool)
            mask[ids] = True
            r.scorer.start(r.read_state()[0], r.device_mask(mask))
            left = self.max_episode_steps - (self._elapsed[ids] + 1)
            lay.draw_ahead(ids, left)
        return terminated

    def _report_unstable(self, ids: np.ndarray, overflow: np.ndarray) -> None:
        named = ids[:8]
        texts = self.worlds.overflow_texts(named)           # before the reset clears them
        self.worlds.reset_unstable(self.rules.device_mask(self._unstable))
        what = "; ".join(f"world {i}: " + (text if overflow[i] else
                                            "NaN or huge qpos/qvel/qacc")
                         for i, text in zip(named, texts))
        gymnasium.logger.warn(f"{self.name}: the physics became unstable ({what}); those "
                              "worlds earn nothing, their episodes are truncated and their "
                              "physics reset")

    # -- judging (the CPU vector env's info layout) ---------------------------------------------
    def _commit(self, rows: np.ndarray, drows, labels: dict, buttons_on: np.ndarray) -> None:
        r = self.rules
        r.commit(drows, labels, self.task.cost_terms(r.ops, labels,
                                                     r.device_mask(buttons_on)))
        self._buttons_on[rows] = buttons_on[rows]

    def _judge(self):
        r = self.rules
        step = ~self._just_reset
        unstable = self._unstable & step
        steady = ~unstable
        dsteady = r.device_mask(steady)
        keep = (lambda v: r.ops.where(dsteady, v, 0.0)) if unstable.any() else (
            lambda v: v.clone())
        buttons = np.where(unstable, self._timer == 0, self._buttons_on)
        terms = {k: Partial(keep(v), buttons) if k == "cost_buttons" else keep(v)
                 for k, v in r.terms.items()}
        terms["cost_sum"] = keep(r.cost_sum)
        scored = step & steady
        met = self._met & step
        extras = {
            "reward_terms": Partial({k: Partial(v.clone(), scored)
                                     for k, v in r.reward_terms.items()}, step),
            "goal_met": Partial(r.device_mask(met), met),
            "physics_unstable": Partial(r.device_mask(unstable), unstable)}
        labels = {k: v & dsteady for k, v in r.labels.items()}
        return extras, terms, labels

    def _cost(self, terms: dict):
        return terms["cost_sum"].clone()

    def _observe(self):
        return self.rules.obs

    def _final(self, ended: np.ndarray) -> dict[str, Any]:
        """SAME_STEP's ``final_obs`` as the CPU vector env (and gymnasium's sync env) gives
        it: an object array of N entries, each ended world's observation (a tensor row in
        the output form), None elsewhere."""
        obs, final = self.rules.obs, np.full(self.num_envs, None, dtype=object)
        for i in np.flatnonzero(ended):
            final[i] = obs[int(i)].clone()
        return {"final_obs": final, "_final_obs": ended.copy(),
                "final_info": self._info(ended), "_final_info": ended.copy()}

    def _render_world(self, i: int):
        raise NotImplementedError(f"{self.name}: rendering is not supported by the GPU form")

    # -- gymnasium API: device outputs ------------------------------------------------------------
    def reset(self, *, seed=None, options=None):
        with self.worlds.scope():
            obs, info = super().reset(seed=seed, options=options)
            out = self.outputs.value(obs), self.outputs.info(info)
        self._hand_over()
        return out

    def step(self, actions):
        with self.worlds.scope():
            obs, rew, term, trunc, info = super().step(actions)
            out = (self.outputs.value(obs), self.outputs.value(rew), self.outputs.value(term),
                   self.outputs.value(trunc), self.outputs.info(info))
        self._hand_over()
        return out

    def _hand_over(self) -> None:
        """On a GPU, the caller's stream waits for the env's (results ready in order)."""
        if self.worlds.cuda:
            self.torch.cuda.current_stream(self.torch_device).wait_stream(self.worlds.stream)

    def cost_fn(self, labels) -> float:
        """The step cost implied by one world's set of labels (equals its ``info["cost"]``)."""
        return self.task.cost_fn(labels)

    def close_extras(self, **kwargs: Any) -> None:
        layouts = self.__dict__.get("layouts")
        if layouts is not None:
            layouts.close()
        super().close_extras(**kwargs)


def _refuse_unsupported(single) -> None:
    """NotImplementedError naming the level and why, for what the GPU form does not offer:
    the Race levels (their track walls collide as mesh hulls and their goal ends the episode;
    neither is checked against the CPU env on MJWarp yet)."""
    from safety_sim.navigation.objects.track import TrackWalls   # noqa: PLC0415

    if any(isinstance(kind, TrackWalls) for kind in single.config.objects):
        raise NotImplementedError(f"{single.name}: the Race levels are not supported by the GPU "
                                  "form (their mesh-hull track walls and end-of-race event are "
                                  "not checked on MuJoCo Warp); use the CPU vector env")
