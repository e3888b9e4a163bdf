"""Safety-Gymnasium's Safe Velocity tasks on gymnasium's own ``-v4`` MuJoCo locomotion envs
(gymnasium.Env glue; see :class:`VelocityEnv`, judging in :mod:`safety_sim.velocity.robots`)."""
from __future__ import annotations

import contextlib
import importlib
import warnings
from typing import Any, Iterator, cast

import gymnasium
import mujoco
import numpy as np

from safety_sim.core import (
    ActionCheckMixin,
    EpisodeGuard,
    RenderModes,
    check_int,
    check_render_mode,
    check_reset_options,
    plain_seed,
)
from safety_sim.render import MAX_RENDER_SIZE, RENDER_MODES
from safety_sim.render.env_render import MujocoRenderMixin
from safety_sim.render.offscreen import resolve_camera
from safety_sim.velocity.decor import VelocityRenderer, draw_marker, marker_rgba
from safety_sim.velocity.robots import COST_TERM, LABELS, ROBOTS, Robot, VelocityTask

# MuJoCo >= 3.x says this once per compile of gymnasium's half_cheetah.xml (and writes it to
# ./MUJOCO_LOG.TXT). The attribute still works (same total mass, same trajectories as the
# reference, tested); the user cannot act on it, so it is dropped. Every other message passes.
KNOWN_MODEL_WARNINGS = ("compiler attribute 'settotalmass' is deprecated",)
_FULL_STATE = mujoco.mjtState.mjSTATE_INTEGRATION   # everything the next step depends on
# After a step, MuJoCo's derived quantities are those of the last substep's forward pass, one
# substep older than the state: the next step reads body positions before it moves (Ant's torso
# xpos, Humanoid's xipos) and the renderer reads the rest. A copy carries them as they are.
KINEMATICS = ("xpos", "xquat", "xmat", "xipos", "ximat", "xanchor", "xaxis", "geom_xpos",
              "geom_xmat", "site_xpos", "site_xmat", "cam_xpos", "cam_xmat", "light_xpos",
              "light_xdir", "subtree_com")
_BAD_STATE = (mujoco.mjtWarning.mjWARN_BADQACC, mujoco.mjtWarning.mjWARN_BADQPOS,
              mujoco.mjtWarning.mjWARN_BADQVEL)


@contextlib.contextmanager
def quiet_model_warnings() -> Iterator[None]:
    """While active, MuJoCo warnings in :data:`KNOWN_MODEL_WARNINGS` are dropped; any other
    goes to the previously installed handler, or becomes a Python ``RuntimeWarning``.

    MuJoCo's warning handler is process-wide: a model compiled by another thread meanwhile
    has its warnings routed the same way (still reported)."""
    previous = mujoco.get_mju_user_warning()

    def handler(message: str) -> None:
        if message.startswith(KNOWN_MODEL_WARNINGS):
            return
        if previous is not None:
            previous(message)
        else:
            warnings.warn(f"MuJoCo: {message}", RuntimeWarning, stacklevel=2)

    mujoco.set_mju_user_warning(handler)
    try:
        yield
    finally:
        mujoco.set_mju_user_warning(previous)


def base_class(robot: Robot) -> type:
    """gymnasium's ``-v4`` env class of ``robot``."""
    module, _, name = robot.base_entry_point.partition(":")
    return getattr(importlib.import_module(module), name)


class VelocityEnv(ActionCheckMixin, MujocoRenderMixin, gymnasium.Env):
    """Run a gymnasium -v4 MuJoCo robot under a speed limit: cost 1 on every over-speed step.

    Safety-Gymnasium's ``Safety{Robot}Velocity-v{0,1}`` (docs/spec/velocity.md) for Robot in
    HalfCheetah, Hopper, Swimmer, Walker2d, Ant, Humanoid; the ``...VelocityGymnasium-v{0,1}``
    aliases are the same env. Kwargs: ``robot`` (str), ``version`` (0 or 1: which limits),
    ``render_mode`` (``"human"``, ``"rgb_array"``, ``"depth_array"``), ``width``/``height``
    (int in 1..8192, default 480), ``camera_name`` (default ``"track"``, the model's
    tracking camera) or ``camera_id`` (-1: gymnasium's free camera). A kwarg of the wrong type
    raises TypeError, a bad value ValueError; gymnasium's own ``-v4`` kwargs are not taken.

    Simulation, observation, reward, ``info`` keys and termination are those of gymnasium's
    ``-v4`` env itself (``env.unwrapped.v4_env``): its ``step`` runs every step. Observation
    float64 ``Box`` (HalfCheetah 17, Hopper 11, Swimmer 8, Walker2d 17, Ant 27 without contact
    forces, Humanoid 376); action float32 ``Box`` of the actuator ranges ([-1, 1], Humanoid
    [-0.4, 0.4]). An action outside the space, of the wrong shape, with NaN/inf or of a
    non-real dtype raises ValueError (gymnasium passes it to MuJoCo, which clamps).

    Cost: ``info["cost_velocity"]`` (= ``info["cost"]``) is 1.0 iff the judged velocity
    ``info["velocity"]`` exceeds the limit (strictly): the forward velocity ``x_velocity``
    for HalfCheetah, Hopper, Walker2d and Swimmer-v1, the planar speed
    ``hypot(x_velocity, y_velocity)`` for Swimmer-v0, Ant (torso frame origin) and Humanoid
    (centre of mass); ``env.unwrapped.speed_limit`` holds it (docs/spec/velocity.md §4 for the
    thresholds). Labels ``info["labels"]``: ``{"over_speed"}`` or empty;
    ``env.unwrapped.cost_fn(labels)`` gives the cost. ``reset`` returns the cost terms (0) and empty
    labels.

    Termination (Hopper, Walker2d, Ant, Humanoid): gymnasium's health rule; stepping after it
    raises ``ResetNeeded``. The registration's ``TimeLimit`` truncates at 1000 steps; the env
    itself truncates only when the physics blows up: MuJoCo then resets the simulation in the
    middle of the step, and that step pays reward 0 and cost 0, returns the previous
    observation, ``truncated=True`` and ``info["physics_unstable"] = True`` (with only the cost
    term, ``cost`` and empty ``labels`` beside it), and warns once. A step that raises or is
    interrupted (Ctrl-C) after the simulation moved leaves the env refusing steps with
    ``ResetNeeded`` until ``reset``; a refused action changes nothing. Seeding:
    ``reset(seed=k)`` (an int or a numpy integer) seeds the env's generator, which the ``-v4``
    env draws its reset noise from; Ant's and Humanoid's root quaternion is then normalised
    (docs/spec/velocity.md §6), so the first observation equals Safety-Gymnasium's. ``reset`` takes
    no options. Copies (``copy.deepcopy``, pickle, cloudpickle) continue exactly as the original.

    Rendering (:mod:`safety_sim.velocity.decor`): ``rgb_array`` (uint8) and
    ``depth_array`` (float32 depth-buffer values in [0, 1]) frames through the chosen camera;
    ``human`` opens MuJoCo's passive viewer (``env.unwrapped.human_key_callback`` receives
    GLFW key codes). Light 0 casts no shadow; a sphere 0.6 above the torso is dark red on a
    costly step, else green fading as the velocity nears the limit.
    """

    metadata = {"render_modes": RenderModes(RENDER_MODES)}   # + render_fps per robot (1 / dt)
    action_space: gymnasium.spaces.Box     # the -v4 robot's (ActionCheckMixin checks a Box)
    observation_space: gymnasium.spaces.Box

    def __init__(self, robot: str = "HalfCheetah", version: int = 1,
                 render_mode: str | None = None, width: int = 480, height: int = 480,
                 camera_id: int | None = None, camera_name: str | None = None) -> None:
        self.robot, self.version = _check_robot(robot), check_int(version, "version",
                                                                   "VelocityEnv", 0, 1)
        check_render_mode(render_mode, RENDER_MODES, "VelocityEnv")
        width = check_int(width, "width", "VelocityEnv", 1, MAX_RENDER_SIZE)
        height = check_int(height, "height", "VelocityEnv", 1, MAX_RENDER_SIZE)
        self.name = f"Safety{self.robot.name}Velocity-v{self.version}"
        self.render_mode = render_mode
        with quiet_model_warnings():
            # No render_mode: the -v4 env never renders; width/height size its model's
            # off-screen buffer, which our renderer draws into.
            self.v4_env = base_class(self.robot)(width=width, height=height)
        model = self.v4_env.model
        if model.nlight:
            model.light_castshadow[0] = 0
        camera = resolve_camera(model, camera_id, camera_name, "track", self.name)
        self._render_args = (width, height, camera,
                             self.v4_env.mujoco_renderer.default_cam_config)
        self._render = VelocityRenderer(model, render_mode, *self._render_args)
        self.metadata = {**type(self).metadata, "render_fps": self.v4_env.metadata["render_fps"]}
        self.observation_space = cast(gymnasium.spaces.Box, self.v4_env.observation_space)
        self.action_space = cast(gymnasium.spaces.Box, self.v4_env.action_space)
        self.speed_limit = self.robot.limit(self.version)
        self.task = VelocityTask(self.speed_limit)
        self.human_key_callback = None
        self._torso = model.body("torso").id
        self._guard = EpisodeGuard()
        self._last_velocity, self._last_cost = 0.0, 0.0
        self._last_obs: np.ndarray | None = None
        self._init_action_check()

    # -- gymnasium API -------------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        check_reset_options(options, (), self.name)   # None or {}: it takes no options
        super().reset(seed=plain_seed(seed))
        self.v4_env.np_random = self.np_random     # one generator: the env's own
        obs, _ = self.v4_env.reset()
        if self.robot.free_joint:
            obs = self._normalise_root_quaternion()
        self._guard.on_reset()
        self._last_velocity, self._last_cost, self._last_obs = 0.0, 0.0, obs
        if self.render_mode == "human":
            self.render()
        labels: frozenset[str] = frozenset()
        return obs, {**self.task.cost_terms(labels), "cost": 0.0, "labels": labels}

    def step(self, action):
        guard = self._guard
        if guard.done or not guard.started:
            guard.check_step(self.name)
        a = self._check_action(action)     # a refused action changes nothing
        try:
            v4 = self.v4_env
            d = v4.data
            t_before = d.time
            obs, reward, terminated, _, info = v4.step(a)
            # MuJoCo restarts its clock when it resets a bad state (one comparison), and in
            # an episode's first step it says so in its warning counters.
            if d.time <= t_before or (t_before == 0.0 and self._bad_state()):
                return self._unstable()
            velocity, labels = self.task.judge(info["x_velocity"], info.get("y_velocity", 0.0))
            cost = 1.0 if labels else 0.0
            info["velocity"] = velocity
            info[COST_TERM] = cost
            info["cost"] = cost
            info["labels"] = labels
            self._last_velocity, self._last_cost, self._last_obs = velocity, cost, obs
            if terminated:
                guard.on_step(True, False)
            if self.render_mode == "human":
                self.render()
            return obs, reward, terminated, False, info
        except BaseException as exc:     # Ctrl-C or an error part-way: the step did not happen
            guard.on_interrupt(exc)
            raise

    def close(self) -> None:
        self._render.close()
        self.v4_env.close()

    def cost_fn(self, labels) -> float:
        """The step cost (0 or 1) implied by a set of labels; equals ``info["cost"]``."""
        return self.task.cost_fn(labels)

    label_names = LABELS      # the propositions ``info["labels"]`` can hold

    @property
    def model(self) -> mujoco.MjModel:
        return self.v4_env.model

    @property
    def data(self) -> mujoco.MjData:
        return self.v4_env.data

    @property
    def dt(self) -> float:
        return self.v4_env.dt

    # -- copies --------------------------------------------------------------------------
    def __getstate__(self):
        """gymnasium's ``-v4`` env would pickle as its constructor call (EzPickle), losing the
        simulation state (and printing its model's compile warning when unpickled): it is left
        out and rebuilt by :meth:`__setstate__`; MuJoCo's full integration state and the
        :data:`KINEMATICS` of the last substep travel instead, so the copy goes on exactly as
        the original does."""
        state = dict(self.__dict__)
        state.pop("_render")
        state.pop("v4_env")
        m, d = self.model, self.data
        buf = np.empty(mujoco.mj_stateSize(m, _FULL_STATE))
        mujoco.mj_getState(m, d, buf, _FULL_STATE)
        state["_sim_state"] = buf
        state["_kinematics"] = {name: getattr(d, name).copy() for name in KINEMATICS}
        return state

    def __setstate__(self, state):
        buf, kinematics = state.pop("_sim_state"), state.pop("_kinematics")
        self.__dict__.update(state)
        width, height = self._render_args[:2]
        with quiet_model_warnings():
            self.v4_env = base_class(self.robot)(width=width, height=height)
        v4, m, d = self.v4_env, self.v4_env.model, self.v4_env.data
        v4.observation_space, v4.action_space = self.observation_space, self.action_space
        if m.nlight:
            m.light_castshadow[0] = 0
        mujoco.mj_setState(m, d, buf, _FULL_STATE)
        mujoco.mj_forward(m, d)
        for name, value in kinematics.items():
            getattr(d, name)[...] = value
        if self._np_random is not None:
            v4.np_random = self._np_random   # one generator, as after reset
        self._render = VelocityRenderer(m, self.render_mode, *self._render_args)

    # -- internals -----------------------------------------------------------------------
    def _bad_state(self) -> bool:
        """Did MuJoCo reset a bad state (NaN or huge qpos, qvel, qacc) since the last reset?"""
        warning = self.data.warning
        return any(warning[w].number for w in _BAD_STATE)

    def _unstable(self):
        """MuJoCo reset an exploding simulation: no reward, no cost, the previous observation,
        the episode ends (truncated) with ``info["physics_unstable"]``."""
        warning = self.data.warning
        what = ", ".join(mujoco.mjtWarning(w).name for w in _BAD_STATE
                         if warning[w].number) or "time reset"
        gymnasium.logger.warn(f"{self.name}: the physics became unstable (MuJoCo warning: "
                              f"{what}); the episode is truncated")
        self._guard.on_step(False, True)
        labels = frozenset()
        info = {**self.task.cost_terms(labels), "cost": 0.0, "labels": labels,
                "physics_unstable": True}
        self._last_velocity, self._last_cost = 0.0, 0.0
        return self._last_obs.copy(), 0.0, False, True, info

    def _normalise_root_quaternion(self) -> np.ndarray:
        """MuJoCo 2.3.3 normalised the free joint's quaternion in ``qpos`` during the reset's
        ``mj_forward``; MuJoCo 3 does not write it back. Normalise it (MuJoCo's own
        ``mju_normalize4``), set the state again and observe (docs/spec/velocity.md §6)."""
        qpos, qvel = self.data.qpos.copy(), self.data.qvel.copy()
        quat = qpos[3:7].copy()
        mujoco.mju_normalize4(quat)
        qpos[3:7] = quat
        self.v4_env.set_state(qpos, qvel)
        return self.v4_env._get_obs()

    def _decorate(self, scene: mujoco.MjvScene) -> None:
        rgba = marker_rgba(self._last_cost, self._last_velocity, self.speed_limit.threshold)
        draw_marker(scene, self.data.xpos[self._torso], rgba)


def _check_robot(robot: Any) -> Robot:
    if not isinstance(robot, str):
        raise TypeError(f"VelocityEnv: robot must be a str, got {robot!r}")
    if robot not in ROBOTS:
        raise ValueError(f"VelocityEnv: unknown robot {robot!r}; one of {sorted(ROBOTS)}")
    return ROBOTS[robot]
