"""The single-source navigation rules at work on the device (:class:`DeviceRules`): what the
rules read of the MJWarp state (float32, promoted to float64), the reward's scorer, the labels
and cost terms kept per world, and the observation -- the rules of ``navigation/`` called with
:class:`~safety_sim.gpu.torch_ops.TorchOps`, exactly as the CPU vector env calls them with
numpy."""
from __future__ import annotations

import numpy as np

from safety_sim.gpu.torch_ops import TorchOps
from safety_sim.navigation.judging import Facts
from safety_sim.navigation.objects import Buttons
from safety_sim.navigation.physics import agent_velocity
from safety_sim.navigation.rewards import Snapshot


class DeviceRules:
    """Rules, per-world judging state and observations of ``worlds`` (a
    :class:`~safety_sim.gpu.physics.WarpWorlds`) for the level ``runtime``."""

    def __init__(self, runtime, worlds, mods) -> None:
        torch, n, dev = mods.torch, worlds.n, worlds.torch_device
        self.torch, self.n, self.device, self.worlds = torch, n, dev, worlds
        self.runtime, self.task, self.rule = runtime, runtime.task, runtime.config.reward
        self.ops = ops = TorchOps(torch, mods.xpc, dev)
        self.scorer = runtime.scorer(ops)
        h = runtime.handles
        self._read = torch.as_tensor(np.array(runtime.read_bodies), device=dev)
        self._lidar = torch.as_tensor(np.asarray(h.lidar_bodies, dtype=np.int64), device=dev)
        self._agent = h.agent_body
        self._contacts = {p: torch.as_tensor(np.asarray(a, dtype=np.int64), device=dev)
                          for p, a in h.contact_adr.items()}
        self._velocity = {p: torch.as_tensor(np.asarray(d, dtype=np.int64)[:, None]
                                             + np.arange(3), device=dev)
                          for p, d in h.velocity_dofs.items()}
        f64 = torch.float64
        self.facts = Facts(goal_button=torch.full((n,), -1, dtype=torch.int64, device=dev))
        self.facts.xy = {p: (torch.zeros((len(names), n), dtype=f64, device=dev),
                             torch.zeros((len(names), n), dtype=f64, device=dev))
                         for p, names in runtime.position_judged.items()}
        self.timer = torch.zeros(n, dtype=torch.int64, device=dev)
        self.obs = torch.zeros((n, runtime.obs_layout.size), dtype=f64, device=dev)
        self.labels = {k: torch.zeros(n, dtype=torch.bool, device=dev)
                       for k in self.task.label_names}
        self.terms: dict = {}
        self.cost_sum = torch.zeros(n, dtype=f64, device=dev)
        self.reward_terms: dict = {}
        self._alive = runtime.agent.alive

    # -- host <-> device ------------------------------------------------------------------------
    def device_mask(self, mask: np.ndarray):
        return self.torch.as_tensor(mask).to(self.device)

    def upload_timer(self, timer: np.ndarray) -> None:
        if self.runtime.resting_steps:
            self.timer.copy_(self.torch.as_tensor(timer))

    def flags(self, met, unstable, fallen, overflow) -> np.ndarray:
        """The step's read back: per world 1 goal met, 2 unstable, 4 fallen, 8 overflow."""
        t = self.torch
        code = (met.to(t.uint8) | (unstable.to(t.uint8) << 1) | (fallen.to(t.uint8) << 2)
                | (overflow.to(t.uint8) << 3))
        return code.cpu().numpy()

    def host_xpos(self, ids: np.ndarray) -> np.ndarray:
        """The bodies' positions of the worlds ``ids`` on the host (goal events), float64."""
        idx = self.torch.as_tensor(ids, device=self.device)
        return self.worlds.xpos[idx].to(self.torch.float64).cpu().numpy()

    def set_layout(self, ids, judged_xy: dict, goal_button: np.ndarray) -> None:
        idx = self.torch.as_tensor(ids, device=self.device)
        for prefix, (xs, ys) in judged_xy.items():
            dx, dy = self.facts.xy[prefix]
            dx[:, idx] = self.torch.as_tensor(xs, device=self.device)
            dy[:, idx] = self.torch.as_tensor(ys, device=self.device)
        self.set_goal_buttons(ids, goal_button)

    def set_goal_buttons(self, ids, goal_button: np.ndarray) -> None:
        idx = self.torch.as_tensor(ids, device=self.device)
        self.facts.goal_button[idx] = self.torch.as_tensor(goal_button, device=self.device)

    # -- the rules ------------------------------------------------------------------------------
    def read_state(self) -> tuple[Snapshot, Facts]:
        """What the rules read of every world (float64, coordinate first), as the CPU vector
        env's ``_read_state``."""
        t, w, f = self.torch, self.worlds, self.facts
        xpos = w.xpos.to(t.float64)
        pos = xpos[:, self._read]
        s = Snapshot(agent=pos[:, 0].T, goal=pos[:, 1].T, box=pos[:, 2].T)
        if self.rule.reads_velocity:
            s.velocity = agent_velocity(self.ops, *w.agent_velocity_args())
        f.agent = s.agent
        f.touching = {p: w.sensordata[:, adr].T > 0 for p, adr in self._contacts.items()}
        qvel = w.qvel.to(t.float64)
        f.velocity = {p: tuple(qvel[:, cols][..., k].T for k in range(3))
                      for p, cols in self._velocity.items()}
        f.buttons_active = self.timer == 0
        if self.rule.met_by_touch:
            s.goal_touched = Buttons.goal_touched(self.ops, f)
        self._xpos = xpos
        return s, f

    def fallen(self):
        """(N,) bool: the agent's own ``alive`` rule fails on the state :meth:`read_state`
        read (float64; all False for an agent without one)."""
        if self._alive is None:
            return self.torch.zeros(self.n, dtype=self.torch.bool, device=self.device)
        return ~self._alive(self.ops, self._xpos[:, self._agent].T)

    def commit(self, rows, labels: dict, terms: dict) -> None:
        """Keep the labels and cost terms of the worlds ``rows`` (device mask) for info."""
        where = self.torch.where
        for key, value in terms.items():
            if key == "cost_sum":
                self.cost_sum = where(rows, value, self.cost_sum)
            else:
                old = self.terms.get(key, self.torch.zeros_like(value))
                self.terms[key] = where(rows, value, old)
        for name, value in labels.items():
            self.labels[name] = where(rows, value, self.labels[name])

    def observe(self, rows) -> None:
        """The observation of the worlds ``rows`` (device mask) from their current state: the
        level's :class:`~safety_sim.navigation.observation.NavObserver` on device arrays."""
        t, w = self.torch, self.worlds
        xpos = w.xpos.to(t.float64)
        out = t.empty_like(self.obs)
        obs = self.runtime.observer.observe(
            self.ops, w.sensordata.to(t.float64), xpos[:, self._agent].T,
            w.xmat9[:, self._agent].to(t.float64).T, xpos[:, self._lidar, :2].permute(2, 1, 0),
            self.timer > 0, out)
        self.obs = t.where(rows[:, None], obs, self.obs)
