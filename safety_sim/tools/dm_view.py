"""``dm_control.viewer`` on a safety_sim env through the dm_env adapter (needs dm_control:
the ``[dm]`` extra on Python < 3.13, and a display).

:func:`launch_viewer` is what ``scripts/view_dm.py`` (and ``safety-sim view --dm``) runs. The
viewer draws ``env.physics``, a ``dm_control.mujoco.Physics`` around the env's own MuJoCo data
(navigation: the simulation; gridworlds: the MuJoCo scene their state is drawn with, synced
after every step), with what MuJoCo's own viewer shows: every geom group (dm_control draws
groups 0-2 only by default; hazards, the goal and the buttons are in groups 3-9) and the env's
decorations (navigation: the lidar rings and the red cost halo). The policy is random, zero,
or the env's scripted oracle (Point and Car navigation tasks, gridworlds).
"""
from __future__ import annotations

import os
import sys
from typing import Callable

import gymnasium
import numpy as np

import safety_sim  # noqa: F401 - registers the ids the viewer makes
from safety_sim.adapters.dm import DmEnvAdapter
from safety_sim.core import oracle

POLICIES = ("random", "zero", "oracle")
#: the one-line error when dm_control cannot be imported
NO_DM_CONTROL = ("safety_sim's dm_control viewer needs the optional 'dm' extra: "
                 "pip install -e '.[dm]'  (or: pip install dm-control; on Python 3.10-3.12 "
                 "only: its labmaze dependency has no wheels for newer Pythons)")


def require_dm_control() -> None:
    """ImportError with :data:`NO_DM_CONTROL` (and the missing module) unless dm_control's
    viewer and GLFW can be imported."""
    try:
        import dm_control.viewer  # noqa: F401
        import glfw  # noqa: F401
    except ImportError as exc:
        raise ImportError(f"{NO_DM_CONTROL} ({type(exc).__name__}: {exc})") from exc


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
        act = oracle(env.env)           # TypeError for envs without one
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
    require_dm_control()
    import glfw
    from dm_control.viewer import application

    env = ViewableDmEnv(gymnasium.make(env_id, **env_kwargs), seed=seed)
    act = make_policy(env, policy, seed)
    app = application.Application(title=f"safety_sim {env_id} ({policy})", width=width,
                                  height=height)
    app._pause_subject.value = False   # dm_control's viewer opens paused
    drawn = show_everything(app._viewer, env)
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
    print(f"geom groups drawn: {' '.join(map(str, sorted(drawn)))}", flush=True)
    return steps


def show_everything(viewer, env: ViewableDmEnv) -> set[int]:
    """Make dm_control's ``viewer`` (a ``dm_control.viewer.viewer.Viewer``, before it
    initialises) draw every geom group and the env's decorations, as MuJoCo's viewer does.
    Returns the set that collects the geom groups (``model.geom_group``) of the model geoms
    in the scenes drawn."""
    import mujoco

    viewer.render_settings.geom_groups[:] = 1
    decorate = getattr(env.env.unwrapped, "_decorate", None)  # MujocoRenderMixin's hook
    drawn: set[int] = set()

    def scene_callback(model, data, scene) -> None:
        drawn.update(int(model.geom_group[g.objid]) for g in scene.geoms
                     if g.objtype == mujoco.mjtObj.mjOBJ_GEOM and g.objid >= 0)
        if callable(decorate):
            decorate(_WholeScene(scene))

    viewer._scene_callback = scene_callback
    return drawn


class _WholeScene:
    """dm_control's ``MjvScene`` lists only the geoms in use; decorations append to the whole
    buffer, as on MuJoCo's own ``MjvScene``."""

    def __init__(self, scene) -> None:
        object.__setattr__(self, "_scene", scene)

    @property
    def geoms(self):
        import mujoco

        return mujoco.MjvScene.geoms.__get__(self._scene)

    def __getattr__(self, name):
        return getattr(self._scene, name)

    def __setattr__(self, name, value) -> None:
        setattr(self._scene, name, value)
