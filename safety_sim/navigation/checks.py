"""Input checks of :class:`safety_sim.navigation.env.NavigationEnv`: constructor kwargs and
the action.

The reset options (a user's layout) are checked with the layouts, in
:mod:`safety_sim.navigation.layout.placer`.
"""
from __future__ import annotations

import mujoco
import numpy as np
from gymnasium import spaces

from safety_sim.core import ActionCheckMixin, check_flag, check_int  # noqa: F401
from safety_sim.navigation import config as nc
from safety_sim.navigation.agents import get_agent
from safety_sim.navigation.agents.base import AgentSpec
from safety_sim.render import MAX_RENDER_SIZE, RENDER_MODES


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
        raise TypeError(f"{env_name}: config must be a safety_sim.navigation.config.NavConfig, got "
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
