"""The GPU backend of :class:`~safety_sim.navigation.stepping.ManyWorldsStep`
(:class:`WarpBackend`): MuJoCo Warp's worlds (:class:`~safety_sim.gpu.physics.WarpWorlds`),
their layouts drawn on the host (:class:`~safety_sim.gpu.layouts.HostLayouts`), what the rules
read of the device state (float32, promoted to float64) and the observation -- the rules of
``navigation/`` called with :class:`~safety_sim.array_ops.ArrayOps` on torch, exactly as the CPU
backend calls them with numpy."""
from __future__ import annotations

import numpy as np

from safety_sim.array_ops import ArrayOps
from safety_sim.navigation.judging import Facts
from safety_sim.navigation.objects import Buttons
from safety_sim.navigation.physics import agent_velocity
from safety_sim.navigation.rewards import Snapshot


class WarpBackend:
    """:class:`~safety_sim.navigation.stepping.WorldsBackend` of ``worlds`` (a
    :class:`~safety_sim.gpu.physics.WarpWorlds`) and ``layouts`` (their
    :class:`~safety_sim.gpu.layouts.HostLayouts`) for the level ``runtime``; ``limit``: the
    episode's step limit (how far ahead the next layouts are drawn)."""

    def __init__(self, runtime, worlds, layouts, mods, limit: int) -> None:
        torch, n, dev = mods.torch, worlds.n, worlds.torch_device
        self.torch, self.n, self.device_name, self.worlds = torch, n, dev, worlds
        self.layouts, self.runtime, self.rule = layouts, runtime, runtime.config.reward
        self.ops = ArrayOps(mods.xpc.array_namespace(torch.zeros(1)), device=dev)
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
        self.limit = limit
        self._overflow = np.zeros(n, dtype=bool)

    # -- host <-> device ------------------------------------------------------------------------
    def device(self, mask: np.ndarray):
        return self.torch.as_tensor(mask).to(self.device_name)

    def copy(self, array):
        return array.clone()

    def _upload_timer(self, timer: np.ndarray) -> None:
        if self.runtime.resting_steps:
            self.timer.copy_(self.torch.as_tensor(timer))

    def host_xpos(self, ids) -> np.ndarray:
        """The bodies' positions of the worlds ``ids`` on the host (goal events), float64."""
        idx = self.torch.as_tensor(np.asarray(ids), device=self.device_name)
        return self.worlds.xpos[idx].to(self.torch.float64).cpu().numpy()

    # -- resets ---------------------------------------------------------------------------------
    def check_options(self, options: dict) -> dict:
        return self.layouts.check_options(options)        # the single env's messages

    def draw(self, ids, seeds, overrides) -> list:
        return self.layouts.draw(ids, seeds, overrides)

    def next_layouts(self, ids) -> list:
        return self.layouts.next_layouts(ids)

    def write_layouts(self, ids: np.ndarray, plan: list) -> None:
        """The layouts into the host rows, then to the device (model rows, ``qpos``, MJWarp's
        reset, ``set_const`` and ``forward``), the judged positions and goal buttons; the
        next layouts drawn ahead."""
        ids, lay = np.asarray(ids, dtype=np.int64), self.layouts
        rows, qpos = lay.write(ids, plan)
        mask = np.zeros(self.n, dtype=bool)
        mask[ids] = True
        self.worlds.reset_worlds(self.device(mask), ids, rows, qpos)
        idx = self.torch.as_tensor(ids, device=self.device_name)
        for prefix, (xs, ys) in lay.judged_xy(ids, plan).items():
            dx, dy = self.facts.xy[prefix]
            dx[:, idx] = self.torch.as_tensor(xs, device=self.device_name)
            dy[:, idx] = self.torch.as_tensor(ys, device=self.device_name)
        self._set_goal_buttons(ids)
        lay.draw_ahead(ids, np.full(len(ids), self.limit))

    def _set_goal_buttons(self, ids) -> None:
        idx = self.torch.as_tensor(ids, device=self.device_name)
        self.facts.goal_button[idx] = self.torch.as_tensor(self.layouts.goal_button[ids],
                                                           device=self.device_name)

    # -- steps ----------------------------------------------------------------------------------
    def advance(self, actions, active, stepped: np.ndarray) -> None:
        self.worlds.write_ctrl(actions)        # every world (the resetting ones: no matter)
        self.layouts.owed += stepped
        self.worlds.advance()                   # every world: one graph

    def read_state(self, timer: np.ndarray | None = None) -> tuple[Snapshot, Facts]:
        """What the rules read of every world (float64, coordinate first), as the CPU
        backend's ``read_state`` (``timer``: the buttons' rest, uploaded; None: as it is)."""
        if timer is not None:
            self._upload_timer(timer)
        t, w, f = self.torch, self.worlds, self.facts
        pos = w.xpos.to(t.float64)[:, self._read]
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
        return s, f

    def flags(self, met, fallen):
        """The step's one read back, N bytes: per world 1 goal met, 2 unstable (a bad state or
        a buffer overflow), 4 fallen, 8 overflow."""
        t, w = self.torch, self.worlds
        overflow = w.overflowed()
        code = (met.to(t.uint8) | ((w.bad_state() | overflow).to(t.uint8) << 1)
                | (overflow.to(t.uint8) << 3))
        if fallen is not None:
            code |= fallen.to(t.uint8) << 2
        code = code.cpu().numpy()
        self._overflow = (code & 8) > 0
        return (code & 1) > 0, (code & 2) > 0, (code & 4) > 0

    def goal_events(self, ids: np.ndarray, steps_left: np.ndarray) -> tuple[list, list, list]:
        """The host's part of a step: the single env's goal event of each world of ``ids``
        (its stream, its bodies' positions); the moved goals go to the device and the next
        layouts of those worlds are drawn ahead."""
        lay = self.layouts
        moved, buttons, ended = lay.goal_events(ids, self.host_xpos(ids))
        if moved:
            moved_ids = np.array(moved)
            self._set_goal_buttons(moved_ids)
            self.worlds.move_goal(moved_ids, lay.rows["body_pos"][
                moved_ids, self.runtime.handles.goal_body])
            left = dict(zip(ids.tolist(), steps_left.tolist()))
            lay.draw_ahead(moved_ids, [left[i] for i in moved])
        return moved, [(i, timer) for i, _, timer in buttons], ended

    def observe(self, rows: np.ndarray, timer: np.ndarray) -> None:
        """The observation of the worlds ``rows`` (host mask) from their current state: the
        level's :class:`~safety_sim.navigation.observation.NavObserver` on device arrays."""
        self._upload_timer(timer)
        t, w = self.torch, self.worlds
        drows = self.device(rows)
        xpos, xmat = w.xpos.to(t.float64), w.xmat9[:, self._agent].to(t.float64)
        if not rows.all():
            # the worlds not observed may hold a bad state (NaN): the lidar would bin its
            # NaN angles into no bin at all, so they are observed at the origin (and dropped)
            xpos = t.where(drows[:, None, None], xpos, 0.0)
            xmat = t.where(drows[:, None], xmat, 0.0)
        out = t.empty_like(self.obs)
        obs = self.runtime.observer.observe(
            self.ops, w.sensordata.to(t.float64), xpos[:, self._agent].T, xmat.T,
            xpos[:, self._lidar, :2].permute(2, 1, 0), self.timer > 0, out)
        self.obs = t.where(drows[:, None], obs, self.obs)

    def explain_unstable(self, ids: np.ndarray) -> list[str]:
        """What went wrong in each world (read before the reset clears it); then their
        physics reset (:meth:`~safety_sim.gpu.physics.WarpWorlds.explain_unstable`)."""
        return self.worlds.explain_unstable(ids, self._overflow)
