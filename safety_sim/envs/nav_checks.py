"""Input checks of :class:`safety_sim.envs.navigation.NavigationEnv`: constructor kwargs and
the action.

The reset options (a user's layout) are checked with the layouts, in
:mod:`safety_sim.envs.nav_layout`.
"""
from __future__ import annotations

import mujoco
import numpy as np
from gymnasium import spaces

from safety_sim import nav_config as nc
from safety_sim.core import check_box_action, check_flag, check_int
from safety_sim.mjcf.agents import get_agent
from safety_sim.mjcf.agents.base import AgentSpec
from safety_sim.render import MAX_RENDER_SIZE

RENDER_MODES = ("human", "rgb_array", "depth_array")


def check_kwargs(env_name, agent, config, vision, render_mode, width, height
                 ) -> tuple[AgentSpec, nc.NavConfig, bool, int, int]:
    """The constructor kwargs, checked in order: ``(agent_spec, config, vision, width,
    height)``. A kwarg of the wrong type raises TypeError, a bad value ValueError."""
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(f"{env_name}: render_mode {render_mode!r} not in {RENDER_MODES}")
    agent_spec = get_agent(agent)
    if config is None:
        config = nc.level_config("Goal", 1)
    elif not isinstance(config, nc.NavConfig):
        raise TypeError(f"{env_name}: config must be a safety_sim.nav_config.NavConfig, got "
                        f"{type(config).__name__} {config!r}")
    vision = check_flag(vision, "vision", env_name)
    width = check_int(width, "width", env_name, 1, MAX_RENDER_SIZE)
    height = check_int(height, "height", env_name, 1, MAX_RENDER_SIZE)
    return agent_spec, config, vision, width, height


def task_config(task: str, level, env_name: str) -> nc.NavConfig:
    """The registered level ``level`` of ``task`` (TypeError/ValueError naming ``level``)."""
    return nc.level_config(task, check_int(level, "level", env_name))


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
        if a is not None and a.dtype.kind in "fiu" and a.shape == self._act_shape and (
                a is action or not any(isinstance(x, bool) for x in action)):
            for x, (lo, hi) in zip(a.tolist(), self._act_bounds):
                if not lo <= x <= hi:
                    break
            else:
                return a
        return check_box_action(action, self.action_space, self.name)
