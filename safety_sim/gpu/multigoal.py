"""MultiGoal's GPU form (see :class:`MultiGoalGpuVectorEnv`): two agents a world, the physics
on MuJoCo Warp, the single env's rules as array code on torch
(:class:`~safety_sim.navigation.multigoal.many.ManyJudge`), layouts and goal events on the host
(:class:`~safety_sim.navigation.multigoal.episodes.MultiGoalEpisodes`)."""
from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import numpy as np

from safety_sim.array_ops import ArrayOps
from safety_sim.core import check_int
from safety_sim.gpu import _deps
from safety_sim.gpu.env import DeviceOutputsMixin
from safety_sim.gpu.memory import check_world_memory
from safety_sim.gpu.outputs import Outputs, check_actions
from safety_sim.gpu.physics import WarpWorlds, buffers
from safety_sim.navigation.multigoal.env import MultiGoalEnv
from safety_sim.navigation.multigoal.episodes import MultiGoalEpisodes
from safety_sim.navigation.multigoal.infos import STEP
from safety_sim.navigation.multigoal.many import FALLEN, MET_BITS, ManyJudge, key_of
from safety_sim.navigation.multigoal.scene import coordinate_first
from safety_sim.navigation.multigoal.vector import MultiGoalBatch
from safety_sim.navigation.multigoal.world import AGENTS, STEPS
from safety_sim.navigation.stepping import warn_unstable
from safety_sim.vector.base import AutoresetMode, BatchedVectorEnv

#: bits of the code read back besides the judge's (many.py): bad state, buffer overflow
UNSTABLE, OVERFLOW = 10, 11


def warp_level(env: MultiGoalEnv) -> SimpleNamespace:
    """What :class:`~safety_sim.gpu.physics.WarpWorlds` and the memory bound read of a level
    (a navigation runtime's fields), for a MultiGoal env's world: no gremlins; controls
    clipped to the actuators' ranges (the single env's clip of the joined actions)."""
    world = env.world
    m = world.model
    return SimpleNamespace(
        model=m, name=env.name, agent=world.agent, config=None,
        handles=SimpleNamespace(agent_body=world.bodies[0][0], goal_body=None,
                                gremlin_mocap=()),
        ctrl_clip=(m.actuator_ctrlrange[:, 0].copy(), m.actuator_ctrlrange[:, 1].copy()),
        obs_layout=SimpleNamespace(size=world.observe.size))


class MultiGoalGpuVectorEnv(DeviceOutputsMixin, MultiGoalBatch):
    """N MultiGoal worlds on one device (``device="cuda"``, ``"cuda:<i>"``, or ``"cpu"``:
    Warp's CPU device), in the CPU vector env's form
    (:class:`~safety_sim.navigation.multigoal.vector.MultiGoalVectorEnv`: dict actions of
    ``(N, nu)`` per agent; observations, rewards, terminated, truncated as dicts keyed by
    agent; ``info[agent]`` with the same keys and masks) with tensors on the device.

    World ``i`` after ``reset(seed=s)`` has the single env's layout of ``reset(seed=s + i)``
    (drawn on the host); the physics is MJWarp's (float32: trajectories drift from MuJoCo C's
    as the navigation GPU form's do); rewards, cost flags, goals met, falls and observations
    are the single env's rules on float64 tensors. Per step the host reads back one number a
    world (what it judged, :mod:`~safety_sim.navigation.multigoal.many`): the worlds whose goal
    was met get the single env's goal event on the host (their stream, their bodies'
    positions), and each world's cost case indexes the info tables. A world whose state goes
    bad (NaN, beyond 1e10) or that overflows MJWarp's buffers reports ``physics_unstable``,
    earns 0, keeps its previous observation, is truncated and its physics reset.

    Kwargs: the single env's (``agent``, ``level``; not ``debug``; Vision ids: the subclass
    :class:`~safety_sim.gpu.multigoal_vision.MultiGoalGpuVisionEnv`) plus
    ``num_envs``, ``device``, ``output`` ("torch" | "numpy"), ``dtype`` ("float32" |
    "float64"), ``max_episode_steps`` (at most 1000), ``autoreset_mode``, ``njmax``,
    ``nconmax``, ``check_actions``.
    """

    renders_vision = False    # the Vision ids: safety_sim.gpu.multigoal_vision

    def __init__(self, num_envs: int = 1, *, device: str = "cuda", output: str = "torch",
                 dtype: Any = "float32", max_episode_steps: int | None = None,
                 autoreset_mode: Any = AutoresetMode.NEXT_STEP, render_mode: str | None = None,
                 njmax: int | None = None, nconmax: int | None = None,
                 check_actions: bool = True, **kwargs: Any) -> None:
        label = "MultiGoal GPU vector env"
        self._refuse_debug(kwargs, label)
        self._check_form(label, check_actions, render_mode)
        if kwargs.get("vision") is True and not self.renders_vision:
            raise NotImplementedError(f"{label}: this class renders no camera: a Vision "
                                      "MultiGoal id's GPU form is safety_sim.gpu."
                                      "multigoal_vision.MultiGoalGpuVisionEnv "
                                      "(safety_sim.make_vec(id, n, device=...))")
        mods = _deps.modules(label)
        warp_device, torch_device = _deps.resolve_device(device, label, mods)
        self.torch, self.torch_device = t, dev = mods.torch, torch_device
        single = MultiGoalEnv(**kwargs)
        self._level = warp_level(single)
        self._buffers = buffers(self._level, njmax, nconmax, single.name)
        limit = STEPS if max_episode_steps is None else min(STEPS, check_int(
            max_episode_steps, "max_episode_steps", single.name, low=1))
        super().__init__(single, num_envs, name=f"{single.name} GPU vector env ({device})",
                         max_episode_steps=limit, autoreset_mode=autoreset_mode)
        self._init_worlds(single)
        n, self.device = self.num_envs, device
        self.outputs = Outputs(t, dev, output, dtype, self.name)
        self.check_values = check_actions
        self.worlds = w = WarpWorlds(self._level, n, mods, warp_device, dev, name=single.name,
                                     njmax=self._buffers[0], nconmax=self._buffers[1])
        ops = ArrayOps(mods.xpc.array_namespace(t.zeros(1)), device=dev)
        self.judge = ManyJudge(single.world, n, ops, lambda shape, kind: t.zeros(
            shape, dtype=getattr(t, kind), device=dev))
        self.episodes = MultiGoalEpisodes(single.world, n)
        self.costs = single.world.costs
        self._vases = (t.as_tensor(single.world.vase_ids, dtype=t.int64, device=dev)
                       if single.world.level.vases_cost else None)
        self.obs = t.zeros((n, single.world.observe.size), dtype=t.float64, device=dev)
        self._reward_sum = t.zeros(n, dtype=t.float64, device=dev)
        self._unstable = np.zeros(n, dtype=bool)
        self._xmat = w.xmat9

    def _check_size(self, single_env, num_envs: int) -> None:
        check_world_memory(self._level, num_envs, *self._buffers, self.torch,
                           self.torch_device, self.name)

    # -- the kernels -------------------------------------------------------------------------
    def _dev(self, mask: np.ndarray):
        return self.torch.as_tensor(mask).to(self.torch_device)

    def _check_actions(self, actions):
        a0, a1 = (check_actions(self.torch, act, space, self.num_envs, self.torch_device,
                                f"{self.name} ({a})", self.check_values)
                  for act, a, space in zip(self._agents_actions(actions), AGENTS, self._spaces))
        return self.torch.cat([a0, a1], dim=1)

    def _reset_worlds(self, ids: np.ndarray, seeds: list | None) -> None:
        rows, qpos = self.episodes.reset(ids, self._episode_seeds(ids, seeds))
        mask = np.zeros(self.num_envs, dtype=bool)
        mask[ids] = True
        dmask = self._dev(mask)
        self.worlds.reset_worlds(dmask, ids, rows, qpos)
        self.judge.start_episodes(self.worlds.xpos.to(self.torch.float64), dmask)
        self._observe_rows(dmask)
        self._unstable[ids] = False

    def _state(self, good):
        """``xpos`` and ``sensordata`` (float64) with the worlds not ``good`` at zeros (a bad
        state's NaN would bin nowhere in the lidar)."""
        t = self.torch
        xpos, sd = self.worlds.xpos.to(t.float64), self.worlds.sensordata.to(t.float64)
        return (t.where(good[:, None, None], xpos, 0.0), t.where(good[:, None], sd, 0.0))

    def _step_worlds(self, actions, active: np.ndarray | None):
        t, w, n = self.torch, self.worlds, self.num_envs
        stepped = np.ones(n, dtype=bool) if active is None else active
        w.write_ctrl(actions)
        self.episodes.owed[stepped] += 1
        w.advance()
        overflow = w.overflowed()
        good = ~(w.bad_state() | overflow)
        xpos, sd = self._state(good)
        vases = None
        if self._vases is not None:
            v, f64 = self._vases, t.float64
            vases = tuple(coordinate_first(a) for a in (
                t.where(good[:, None, None], w.cvel[:, v].to(f64), 0.0), xpos[:, v],
                t.where(good[:, None, None], w.subtree_com[:, v].to(f64), 0.0)))
        rewards, code = self.judge.judge(xpos, sd, vases, active=self._dev(stepped))
        code = (code + t.where(good, 0.0, float(1 << UNSTABLE))
                + t.where(overflow, float(1 << OVERFLOW), 0.0))
        codes = code.cpu().numpy().astype(np.int64)          # the step's one read back
        unstable = (codes >> UNSTABLE & 1).astype(bool) & stepped
        ok = stepped & ~unstable
        met = np.stack([(codes >> b & 1).astype(bool) for b in MET_BITS], axis=1) & ok[:, None]
        terminated = (codes >> FALLEN & 1).astype(bool) & ok
        ids = np.flatnonzero(stepped)
        keys, where = np.unique(codes[ids] & ((1 << self.judge.key_size) - 1),
                                return_inverse=True)
        rows = np.array([self._infos.row(self.costs.case(key_of(int(c), self.judge.key_size)))
                         for c in keys], dtype=np.int64)
        self._case[ids] = rows[where.reshape(-1)]
        self._kind[ids] = STEP
        self._met = met.any(axis=1)
        self._unstable = unstable
        if self._met.any():
            terminated[self._goal_events(np.flatnonzero(self._met), met)] = True
        r = t.where(self._dev(ok)[:, None], t.stack(rewards, dim=1), 0.0)
        self._reward_sum = r[:, 0] + r[:, 1]
        if unstable.any():
            ids = np.flatnonzero(unstable)
            overflowed = (codes >> OVERFLOW & 1).astype(bool)
            warn_unstable(self.name, ids, w.explain_unstable(ids, overflowed))
        # the observation of the worlds in a good state (a world that was reset or moved a
        # goal: read again), the others keep theirs
        self._observe_rows(good, None if self._met.any() or unstable.any() else (xpos, sd))
        return r, terminated, unstable

    def _goal_events(self, ids: np.ndarray, met: np.ndarray) -> list[int]:
        """The host's goal events of the worlds ``ids``; the moved goals to the device, the
        goal distances restarted; returns the worlds where no goal fits."""
        t, w = self.torch, self.worlds
        host = w.xpos[self.torch.as_tensor(ids, device=self.torch_device)].to(t.float64)
        moved, ended = self.episodes.goal_events(ids, host.cpu().numpy(), met[ids])
        heights = self._single.world.model.body_pos[:, 2]   # a goal's height never changes
        for body in {b for _, b, _ in moved}:               # each goal body: one write
            mine = [(i, xy) for i, b, xy in moved if b == body]
            pos = np.array([(x, y, heights[body]) for _, (x, y) in mine])
            w.move_goal([i for i, _ in mine], pos, body)
        restart = np.zeros(self.num_envs, dtype=bool)
        restart[ids] = True
        restart[ended] = False
        if restart.any():
            self.judge.start(w.xpos.to(t.float64), self._dev(restart))
        return ended

    def _observe_rows(self, rows, state=None) -> None:
        """The observation of the worlds ``rows`` (a device mask) from their current state
        (``state``: its ``xpos`` and ``sensordata`` as :meth:`_state` gives them, if at hand)."""
        t = self.torch
        xpos, sd = self._state(rows) if state is None else state
        xmat = t.where(rows[:, None, None], self._xmat.to(t.float64), 0.0)
        new = self.judge.observe(xpos, xmat, sd, t.empty_like(self.obs))
        self.obs = t.where(rows[:, None], new, self.obs)

    def _observe(self):
        return self.obs

    def _info(self, rows: np.ndarray | None) -> dict[str, Any]:
        """The CPU vector env's info (the cost cases' tables on the host; the masks numpy),
        ``reward_sum`` from the device, ``physics_unstable`` where a world was."""
        info = super()._info(rows)
        stepped = self._kind == STEP if rows is None else (self._kind == STEP) & rows
        if stepped.any():
            reward_sum = self.torch.where(self._dev(stepped), self._reward_sum, 0.0)
            unstable = self._unstable & stepped
            for a in AGENTS:
                info[a]["reward_sum"] = reward_sum.clone()
                if unstable.any():
                    info[a]["physics_unstable"] = unstable.copy()
                    info[a]["_physics_unstable"] = stepped.copy()
        return info

    def _final(self, ended: np.ndarray) -> dict[str, Any]:
        final = np.full(self.num_envs, None, dtype=object)
        for i in np.flatnonzero(ended):
            final[i] = {a: self.obs[int(i)].clone() for a in AGENTS}
        return {"final_obs": final, "_final_obs": ended.copy(),
                "final_info": self._info(ended), "_final_info": ended.copy()}

    def _render_world(self, i: int):
        raise NotImplementedError(f"{self.name}: rendering is not supported by the GPU form")

    # -- gymnasium API: device outputs ------------------------------------------------------------
    def _agents_out(self, obs) -> dict:
        """Each agent's observation handed out (the Vision subclass: with its frames, rendered
        here, before the caller's stream is made to wait for the env's)."""
        out: dict[str, Any] = {}
        for a in AGENTS:      # each agent its own tensor
            value = self.outputs.value(obs)
            out[a] = value.clone() if any(value is v for v in out.values()) else value
        return out

    def reset(self, *, seed=None, options=None):
        with self.worlds.scope():
            obs, info = BatchedVectorEnv.reset(self, seed=seed, options=options)
            out = self._agents_out(obs), self.outputs.info(info)
        self._hand_over()
        return out

    def step(self, actions):
        with self.worlds.scope():
            obs, rewards, terminated, truncated, info = BatchedVectorEnv.step(self, actions)
            value = self.outputs.value
            out = (self._agents_out(obs), {a: value(rewards[:, k].clone())
                                           for k, a in enumerate(AGENTS)},
                   {a: value(terminated.copy()) for a in AGENTS},
                   {a: value(truncated.copy()) for a in AGENTS},
                   self.outputs.info(info))
        self._hand_over()
        return out
