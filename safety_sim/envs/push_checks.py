"""Input checks of :class:`safety_sim.envs.push.PushEnv`: constructor kwargs and the action.

The reset options (a user's layout) are checked with the layouts, in
:mod:`safety_sim.envs.push_layout`.
"""
from __future__ import annotations

import mujoco
import numpy as np
from gymnasium import spaces

from safety_sim.core import check_box_action, check_flag, check_int
from safety_sim.mjcf import push_config as pc
from safety_sim.mjcf.agents import get_agent
from safety_sim.mjcf.agents.base import AgentSpec
from safety_sim.render import MAX_RENDER_SIZE

RENDER_MODES = ("human", "rgb_array", "depth_array")


def check_kwargs(agent, level, vision, render_mode, width, height
                 ) -> tuple[AgentSpec, pc.PushConfig, bool, int, int]:
    """The constructor kwargs, checked in order: ``(agent_spec, config, vision, width,
    height)``. A kwarg of the wrong type raises TypeError, a bad value ValueError."""
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(f"render_mode {render_mode!r} not in {RENDER_MODES}")
    agent_spec = get_agent(agent)
    config = pc.level_config(check_int(level, "level", "PushEnv"))
    vision = check_flag(vision, "vision", "PushEnv")
    width = check_int(width, "width", "PushEnv", 1, MAX_RENDER_SIZE)
    height = check_int(height, "height", "PushEnv", 1, MAX_RENDER_SIZE)
    return agent_spec, config, vision, width, height


def box_action_space(model: mujoco.MjModel) -> spaces.Box:
    """float64 ``Box`` with the actuator control ranges (cast to float32, as the reference);
    unlimited actuators are unbounded."""
    limited = model.actuator_ctrllimited.astype(bool)
    lo = np.where(limited, model.actuator_ctrlrange[:, 0], -np.inf).astype(np.float32)
    hi = np.where(limited, model.actuator_ctrlrange[:, 1], np.inf).astype(np.float32)
    return spaces.Box(lo.astype(np.float64), hi.astype(np.float64), dtype=np.float64)


class ActionCheckMixin:
    """``_check_action`` for an env with ``action_space`` (a ``Box``) and ``name``.

    A mixin rather than a helper object so that the step pays one method call, as before the
    split. ``_init_action_check`` caches the shape and the bounds as Python floats.
    """

    action_space: spaces.Box
    name: str

    def _init_action_check(self) -> None:
        self._act_shape = self.action_space.shape
        self._act_bounds = list(zip(self.action_space.low.tolist(),
                                    self.action_space.high.tolist()))

    def _check_action(self, action) -> np.ndarray:
        """Fast path for a real array of the right shape inside the bounds (NaN fails the
        comparisons); anything else goes to ``check_box_action`` for the error message."""
        try:
            a = np.asarray(action)
        except (TypeError, ValueError):
            a = None
        if a is not None and a.dtype.kind in "fiu" and a.shape == self._act_shape:
            for x, (lo, hi) in zip(a.tolist(), self._act_bounds):
                if not lo <= x <= hi:
                    break
            else:
                return a
        return check_box_action(action, self.action_space, self.name)
