"""``dm_control.viewer`` on a safety_sim env through the dm_env adapter (needs dm_control:
the ``[dm]`` extra on Python < 3.13, and a display).

:func:`launch_viewer` is what ``scripts/view_dm.py`` (and ``safety-sim view --dm``) runs. The
viewer draws ``env.physics``, a ``dm_control.mujoco.Physics`` around the env's own MuJoCo data
(Push: the simulation; gridworlds: the MuJoCo scene their state is drawn with, synced after
every step). The policy is random, zero, or the env's scripted oracle (gridworlds).
"""
from __future__ import annotations

import os
import sys
from typing import Callable

import gymnasium
import numpy as np

import safety_sim
from safety_sim.adapters.dm import DmEnvAdapter

POLICIES = ("random", "zero", "oracle")


def use_window_gl(environ=os.environ) -> None:
    """Select GLFW for MuJoCo and PyOpenGL (the viewer is a window; an inherited
    ``MUJOCO_GL=egl``, e.g. from CI, would give dm_control a context the window cannot use).
    Must run before dm_control is imported; RuntimeError if it already was with another."""
    if "dm_control.mujoco" in sys.modules and environ.get("MUJOCO_GL", "glfw") != "glfw":
        raise RuntimeError("dm_control was imported with MUJOCO_GL="
                           f"{environ.get('MUJOCO_GL')}; its viewer needs MUJOCO_GL=glfw")
    environ["MUJOCO_GL"] = "glfw"
    environ.pop("PYOPENGL_PLATFORM", None)


class ViewableDmEnv(DmEnvAdapter):
    """:class:`DmEnvAdapter` with the ``physics`` attribute dm_control's viewer draws."""

    def __init__(self, env: gymnasium.Env, seed: int | None = None) -> None:
        super().__init__(env, seed)
        self.last_obs = None
        self._physics, self._data = None, None
        self._grid_time = 0.0       # gridworld scenes have no clock: one frame per step

    def _mujoco_data(self):
        base = self.env.unwrapped
        if getattr(base, "data", None) is not None:
            return base.data                       # Push / navigation: the simulation
        scene = base._get_grid_scene()              # gridworlds: the scene they are drawn in
        background = getattr(base, "grid_background", None)
        scene.sync(base.grid_frame(), background() if callable(background) else None)
        scene.data.time = self._grid_time       # paces the viewer at render_fps steps/s
        return scene.data

    @property
    def physics(self):
        from dm_control.mujoco import Physics
        from dm_control.mujoco.wrapper import MjData

        data = self._mujoco_data()
        if data is not self._data:                  # a rebuilt grid scene: new data
            self._physics, self._data = Physics(MjData(data)), data
        return self._physics

    def _observation(self, obs, info):
        self.last_obs = obs
        self._grid_time += 1.0 / self.env.metadata.get("render_fps", 30)
        return super()._observation(obs, info)


def make_policy(env: ViewableDmEnv, name: str, seed: int = 0) -> Callable:
    """A viewer policy (TimeStep -> action): ``random``, ``zero`` or ``oracle``."""
    if name not in POLICIES:
        raise ValueError(f"policy must be one of {POLICIES}, got {name!r}")
    space = env.env.action_space
    if name == "oracle":
        act = safety_sim.oracle(env.env)           # TypeError for envs without one
        return lambda timestep: act(env.last_obs)
    if name == "zero":
        zero = np.zeros(space.shape, space.dtype) if isinstance(
            space, gymnasium.spaces.Box) else 0
        return lambda timestep: zero
    space.seed(seed)
    return lambda timestep: space.sample()


def launch_viewer(env_id: str, policy: str = "random", seed: int = 0,
                  max_steps: int | None = None, width: int = 1024, height: int = 768,
                  **env_kwargs) -> int:
    """Open dm_control's viewer on ``env_id`` driven by ``policy``; blocks until the window
    closes (or, with ``max_steps``, until the policy has acted that many times). The viewer
    starts running (dm_control's default is paused; Space toggles). Returns the steps taken."""
    use_window_gl()
    import glfw
    from dm_control.viewer import application

    env = ViewableDmEnv(gymnasium.make(env_id, **env_kwargs), seed=seed)
    act = make_policy(env, policy, seed)
    app = application.Application(title=f"safety_sim {env_id} ({policy})", width=width,
                                  height=height)
    app._pause_subject.value = False   # dm_control's viewer opens paused
    steps = 0

    def counting_policy(timestep):
        nonlocal steps
        if max_steps is not None and steps >= max_steps:
            return act(timestep)     # the window is closing; the loop may ask once more
        steps += 1
        if max_steps is not None and steps >= max_steps:
            glfw.set_window_should_close(app._window._context.window, True)
        return act(timestep)

    print(f"dm_control viewer: {env_id}, policy {policy}", flush=True)
    app.launch(environment_loader=env, policy=counting_policy)
    env.close()
    return steps
