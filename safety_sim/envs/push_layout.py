"""Reset layouts of a compiled Push model (the helper of :class:`safety_sim.envs.push.PushEnv`).

:class:`PushPlacer` checks a user's ``options["layout"]``, draws a layout in the reference's
order (spec/push.md), writes it into the model and data, and redraws the goal after an
achievement. It holds the placement order and body ids, never the episode's random stream.
"""
from __future__ import annotations

from typing import Any, Mapping

import mujoco
import numpy as np

from safety_sim.mjcf import placement
from safety_sim.mjcf import push_config as pc
from safety_sim.mjcf.agents._build import free_joints, spawn_constants, yaw_quat
from safety_sim.mjcf.agents.base import AgentSpec
from safety_sim.mjcf.handles import PushHandles

XY = tuple[float, float]


class PushPlacer:
    """Layout operations on one compiled model; ``name`` prefixes the error messages."""

    def __init__(self, model: mujoco.MjModel, config: pc.PushConfig, agent_spec: AgentSpec,
                 handles: PushHandles, name: str) -> None:
        self.model, self.config, self.agent_spec = model, config, agent_spec
        self.handles, self.name = handles, name
        self.objects = placement.placement_order(config, agent_spec.box_keepout)
        self.keepouts = {o.name: o.keepout for o in self.objects}
        self.body_of = {o.name: model.body(o.name).id for o in self.objects}
        self.free_joints = free_joints(model)   # agent root (if free), push_box

    def check_options(self, options: Mapping[str, Any] | None) -> dict[str, XY]:
        """The positions ``reset(options={"layout": {...}})`` overrides (``{}`` without)."""
        if options is None:
            return {}
        if not isinstance(options, Mapping):
            raise TypeError(f"{self.name}: reset options must be a dict, got {options!r}")
        unknown = sorted(set(options) - {"layout"})
        if unknown:
            raise ValueError(f"{self.name}: unknown reset option(s) {unknown}; known: 'layout'")
        try:
            layout = options.get("layout")
            return placement.check_layout({} if layout is None else layout, self.objects,
                                          self.config.extents)
        except ValueError as exc:
            raise ValueError(f"{self.name}: options['layout']: {exc}") from None

    def draw(self, seed: int | None, rs: np.random.RandomState | None,
             np_random: np.random.Generator, overrides: Mapping[str, XY]
             ) -> tuple[np.random.RandomState, placement.ResetLayout]:
        """The reset's RandomState and layout with the user's ``overrides`` applied.

        ``rs`` is the episode's current stream (None before the first reset; a new one is
        seeded from ``np_random``). With overrides the draws happen on a copy of the stream,
        so that a refused layout (collidable bodies too close) leaves the episode, the model
        and the stream as they were; the caller installs the returned RandomState.
        """
        if seed is not None:
            rs = np.random.RandomState(seed)
        elif rs is None:
            rs = np.random.RandomState(int(np_random.integers(2 ** 32)))
        elif overrides:
            copy = np.random.RandomState()
            copy.set_state(rs.get_state())
            rs = copy
        layout = placement.sample_reset(rs, self.config.extents, self.objects)
        if overrides:
            layout.xy.update(overrides)
            try:
                placement.check_clearance(layout.xy, self.objects, list(overrides))
            except ValueError as exc:
                raise ValueError(f"{self.name}: options['layout']: {exc}") from None
        return rs, layout

    def write(self, data: mujoco.MjData, layout: placement.ResetLayout) -> None:
        """Write the layout into ``qpos`` (free joints) and ``body_pos``/``body_quat`` (Point's
        root, static bodies), then make it the model's reference configuration in one
        ``mj_setConst``, as the reference's per-reset compile of the XML with every pose baked
        in did. The caller runs ``mj_forward`` (after Ant's joint noise, which stays out of
        ``qpos0``)."""
        m, xy, yaw = self.model, layout.xy, layout.yaw
        self.agent_spec.place(m, data, xy["agent"], yaw["agent"])
        s, adr = self.agent_spec.box_size, self.handles.box_qposadr
        data.qpos[adr:adr + 7] = [*xy["push_box"], s, *yaw_quat(yaw["push_box"])]
        for name, bid in self.body_of.items():
            if name not in ("agent", "push_box"):
                m.body_pos[bid, :2] = xy[name]
                m.body_quat[bid] = yaw_quat(yaw[name])
        spawn_constants(m, data, self.free_joints, forward=False)

    def resample_goal(self, rs: np.random.RandomState, xpos: np.ndarray) -> bool:
        """Move the goal body to a new draw (§5.3) against the bodies' positions ``xpos``;
        False (nothing moved) if none fits. The caller runs ``mj_forward``."""
        others = {n: (xpos[b, 0], xpos[b, 1]) for n, b in self.body_of.items() if n != "goal"}
        xy = placement.resample_goal(rs, self.config.extents, others, self.keepouts,
                                     self.keepouts["goal"])
        if xy is None:
            return False
        self.model.body_pos[self.handles.goal_body, :2] = xy
        return True

    def current(self, xpos: np.ndarray) -> dict[str, XY]:
        """Current XY of every placed body (agent, goal, hazards, pillars, push_box)."""
        return {name: tuple(xpos[bid, :2].tolist()) for name, bid in self.body_of.items()}
