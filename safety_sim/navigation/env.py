"""One navigation env for Push, Goal, Button, Circle, Run and users' own levels (gymnasium glue;
see :class:`NavigationEnv`; the task pages are in :mod:`safety_sim.navigation.tasks`). The
level's rules run here on Python floats (:data:`safety_sim.ops.SCALAR`)."""
from __future__ import annotations

import dataclasses
from typing import Any

import gymnasium
import mujoco
import numpy as np

from safety_sim.core import ActionCheckMixin, EpisodeGuard, RenderModes, plain_seed
from safety_sim.navigation import config as nc
from safety_sim.navigation import decor
from safety_sim.navigation.agents.base import AgentSpec
from safety_sim.navigation.checks import check_kwargs
from safety_sim.navigation.episode import goal_event, settle_stream
from safety_sim.navigation.judging import Facts
from safety_sim.navigation.objects import Buttons
from safety_sim.navigation.objects.fading import fade_state
from safety_sim.navigation.observation import NavPicturesMixin, rows_getter
from safety_sim.navigation.one_world import OneWorldBackend, OneWorldStep
from safety_sim.navigation.physics import NavPhysics
from safety_sim.navigation.reset_state import settle_like_reference
from safety_sim.navigation.rewards import Snapshot
from safety_sim.navigation.runtime import NavRuntime
from safety_sim.navigation.state_view import NavStateMixin
from safety_sim.ops import SCALAR
from safety_sim.render import RENDER_MODES
from safety_sim.render.env_render import MujocoRenderMixin
from safety_sim.render.offscreen import resolve_camera


class NavigationEnv(ActionCheckMixin, NavStateMixin, NavPicturesMixin, MujocoRenderMixin,
                    gymnasium.Env):
    """Safety-Gymnasium's navigation tasks as one env configured by data.

    ``NavigationEnv(agent="Point", config=NavConfig(...))`` (registered as
    ``SafetyNavigation-v0``) runs any level: the objects, reward rule, extents, lidar and
    episode length come from ``config`` (:class:`safety_sim.navigation.config.NavConfig`; default:
    Goal level 1). The registered Push, Goal, Button, Circle and Run ids are the named levels of
    :data:`safety_sim.navigation.config.LEVELS` (their pages: :mod:`safety_sim.navigation.tasks`).
    The model is built with ``mujoco.MjSpec`` and compiled once per env
    (``env.unwrapped.runtime``, a :class:`~safety_sim.navigation.runtime.NavRuntime` shared with the
    vector env); ``reset`` writes the layout into the model and state (no recompiling).

    Kwargs: ``agent`` (Point, Car, Doggo, Racecar, Ant, or an ``AgentSpec``), ``config``,
    ``vision`` (bool: Dict observation plus a 256x256x3 uint8 ``vision`` frame from the
    agent's camera),
    ``render_mode`` (``"human"``, ``"rgb_array"``, ``"depth_array"``), ``width``/``height``
    (1..8192, default 256), ``camera_name`` or ``camera_id`` (default ``"vision"``, for Vision
    envs ``"track"``; also ``"fixednear"``, ``"fixedfar"``). Wrong types raise TypeError, bad
    values ValueError.

    Observation: float64 ``Box``: the agent's sensors (unbounded), then one 16-bin
    pseudo-lidar per sensed object group in object order (bounds [0, 1]);
    ``env.unwrapped.obs_layout.entries`` gives each key's slice. Action: float64 ``Box`` of the
    actuator ranges; out of range, wrong shape, NaN/inf or non-real input raises ValueError
    (values within 4 ulps of a bound are clipped).

    Every step: ``info["cost"]`` (= ``info["cost_sum"]``), the level's cost terms (0/1),
    ``info["labels"]`` (frozenset, see :mod:`safety_sim.navigation.judging`),
    ``info["reward_terms"]`` (they add up to the reward), ``info["goal_met"]`` on achievement
    steps; ``env.unwrapped.cost_fn(labels) == info["cost"]``. ``env.unwrapped.task`` reads the
    state with Safety-Gymnasium's names (``task.goal.pos``, ``task.hazards.pos``,
    ``task.dist_goal()``: :mod:`safety_sim.navigation.state_view`); the level's judging is
    ``env.unwrapped.runtime.task``.

    Seeding: ``reset(seed=k)`` draws the layout from ``numpy.random.RandomState(k)`` in the
    reference's order (seeds >= 2**32 are split into 32-bit words). ``reset(options={"layout":
    {name: (x, y)}})`` overrides drawn positions (checked; a refused layout changes nothing).
    If the physics blows up (MuJoCo resets it), the step pays nothing, returns the previous
    observation and truncates with ``info["physics_unstable"]`` and a warning.
    """

    metadata = {"render_modes": RenderModes(RENDER_MODES), "render_fps": 30}
    _spec = None
    #: for the checker: a Box (ActionCheckMixin's), not gymnasium.Env's any Space
    action_space: gymnasium.spaces.Box

    @property
    def spec(self):
        """gymnasium's ``EnvSpec`` of this env. ``gymnasium.make`` gives the env a spec without
        a step limit (its ``TimeLimit`` wrapper carries the registered one, and
        ``SafetyNavigation-v0`` registers none: each config has its own); here the limit is
        the config's ``max_episode_steps``, the step at which the env truncates itself, so
        ``env.spec.max_episode_steps`` is that number for every id."""
        return self._spec

    @spec.setter
    def spec(self, value) -> None:
        if value is not None and getattr(value, "max_episode_steps", 0) is None:
            value = dataclasses.replace(value, max_episode_steps=self.config.max_episode_steps)
        self._spec = value

    def __init__(self, agent: str | AgentSpec = "Point", config: nc.NavConfig | None = None,
                 vision: bool = False, render_mode: str | None = None, width: int = 256,
                 height: int = 256, camera_id: int | None = None,
                 camera_name: str | None = None) -> None:
        agent_spec, config, vision, width, height = check_kwargs(
            type(self).__name__, agent, config, vision, render_mode, width, height)
        self.render_mode = render_mode
        self.runtime = lv = NavRuntime(agent_spec, config, vision=vision, width=width,
                                   height=height)
        self.name, self.agent_spec, self.config, self.vision = lv.name, agent_spec, config, vision
        self.model, self.handles = lv.model, lv.handles
        self.obs_layout = lv.obs_layout
        self.action_space, self.observation_space = lv.action_space, lv.observation_space
        self.data = mujoco.MjData(self.model)
        self._physics = NavPhysics(self.model, self.data, config, lv.handles)
        self._world = OneWorldBackend(self)          # the step: one world through the
        self._sequence = OneWorldStep(lv, self._world)   # sequence of navigation/stepping.py
        camera = resolve_camera(self.model, camera_id, camera_name,
                                "track" if vision else "vision", self.name)
        self._render = decor.NavRenderer(self.model, render_mode, width, height, camera)
        self.human_key_callback = None
        self._placer = lv.placer()
        self._stream: np.random.RandomState | None = None   # the episode's (reference's)
        self._step_draws = 0        # the steps' draws not yet taken from it (see _rs)
        self._guard = EpisodeGuard()
        self._init_fast_path()

    def _init_fast_path(self) -> None:
        lv, h = self.runtime, self.runtime.handles
        self._obs = np.zeros(lv.obs_layout.size)
        self._agent, self._goal, self._box = lv.read_bodies
        self._init_views()
        self._init_pictures()
        self._init_action_check()
        self._lidar_rows = rows_getter(h.lidar_bodies.tolist())
        self._max_steps = lv.config.max_episode_steps
        self._watched = bool(h.contact_adr)
        self._moving = bool(h.velocity_dofs)
        self._reads_velocity = lv.config.reward.reads_velocity
        self._by_touch = lv.config.reward.met_by_touch
        self._snap, self._facts = Snapshot(), Facts()
        self._reset_xy: dict[str, tuple[float, float]] = {}
        self._goal_button = None
        self._steps, self._last_cost = 0, 0.0
        # the fading objects' alphas in the model (None unless something fades)
        self._fade = self._sequence.fade = fade_state(lv.config, self.model, paint_model=True)

    # -- gymnasium API -------------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        seed = plain_seed(seed)            # numpy integers as Python ints
        overrides = self._placer.check_options(options)
        super().reset(seed=seed)           # validates the seed with gymnasium's messages
        self._rs, layout = self._placer.draw(seed, self._rs, self.np_random, overrides)
        try:
            return self._reset(layout)
        except BaseException as exc:      # the state may be half-way: no step until reset
            self._guard.on_interrupt(exc)
            raise

    def _reset(self, layout):
        seq = self._sequence
        seq.reset(0, [(None, layout)])
        costs = seq.costs
        self._steps, self._last_cost = 0, costs["cost_sum"]
        self._guard.on_reset()
        obs = self._world.obs
        if self.render_mode == "human":
            self.render()
        return obs, {**costs, "cost": costs["cost_sum"], "labels": seq.labels}

    def _write_layout(self, layout) -> None:
        """The layout into the model and state (the reference's settling passes) and the
        judged positions."""
        lv = self.runtime
        mujoco.mj_resetData(self.model, self.data)
        self._placer.write(self.data, layout)
        if lv.agent.reset_joints is not None:
            lv.agent.reset_joints(self._rs, self.model, self.data)
        settle_like_reference(self.model, self.data, self._physics.forward,
                              lv.reference_passes)
        self._reset_xy = layout.xy
        self._facts.xy = {prefix: ([layout.xy[n][0] for n in names],
                                   [layout.xy[n][1] for n in names])
                          for prefix, names in lv.position_judged.items()}
        self._goal_button = layout.goal_button

    def step(self, action):
        guard, seq = self._guard, self._sequence
        if guard.done or not guard.started:
            guard.check_step(self.name)
        action = self._check_action(action)
        try:
            # the sequence of navigation/stepping.py's StepSequence over this one world
            # (navigation/one_world.py); the rest is what gymnasium's single env adds
            reward, terminated, unstable = seq.step(action, None, None)
        except BaseException as exc:     # the state may be half-way: no step until reset
            guard.on_interrupt(exc)
            raise
        if unstable:
            return self._unstable()
        self._steps += 1
        truncated = self._steps >= self._max_steps
        costs = seq.costs
        info = {**costs, "cost": costs["cost_sum"], "labels": seq.labels,
                "reward_terms": seq.reward_terms}
        if seq.met:
            info["goal_met"] = True
        self._last_cost = costs["cost_sum"]
        guard.on_step(terminated, truncated)
        if self.render_mode == "human":
            self.render()
        return self._world.obs, reward, terminated, truncated, info

    def close(self) -> None:
        self._render.close()

    def cost_fn(self, labels) -> float:
        """The step cost (0 or 1) implied by a set of labels; equals ``info["cost"]``."""
        return self.runtime.task.cost_fn(labels)

    def make_oracle(self):
        """The scripted controller of :mod:`safety_sim.navigation.oracle` (Point and Car on the
        Push, Goal and Button rewards; TypeError otherwise). Use ``safety_sim.oracle(env)``."""
        from safety_sim.navigation.oracle import make_nav_oracle

        return make_nav_oracle(self)

    # -- internals -----------------------------------------------------------------------
    @property
    def _timer(self) -> int:
        """The buttons' rest (steps left; 0: active), kept by the step sequence."""
        return self._sequence.timer

    @_timer.setter
    def _timer(self, value: int) -> None:
        self._sequence.timer = value

    @property
    def _scorer(self):
        """The level's reward rule on Python floats, kept by the step sequence."""
        return self._sequence.scorer

    @_scorer.setter
    def _scorer(self, scorer) -> None:
        self._sequence.scorer = scorer

    @property
    def _rs(self) -> np.random.RandomState | None:
        """The episode's stream, advanced past the draws of the steps taken so far."""
        self._stream, self._step_draws = settle_stream(self._stream, self._step_draws), 0
        return self._stream

    @_rs.setter
    def _rs(self, stream: np.random.RandomState | None) -> None:
        self._stream, self._step_draws = stream, 0

    def _read_state(self, xp: list[list[float]]) -> tuple[Snapshot, Facts]:
        """What the rules read of the current state (``xp``: every body's xpos as lists): the
        reward's snapshot and the judging's facts, refilled in place."""
        s, f = self._snap, self._facts
        s.agent, s.goal, s.box = xp[self._agent], xp[self._goal], xp[self._box]
        if self._reads_velocity:
            s.velocity = self._physics.agent_velocity()
        f.agent = s.agent
        if self._watched:
            f.touching = self._physics.touching()
        if self._moving:
            f.velocity = self._physics.velocities()
        f.goal_button = -1 if self._goal_button is None else self._goal_button
        f.buttons_active = self._sequence.timer == 0
        if self._by_touch:
            s.goal_touched = Buttons.goal_touched(SCALAR, f)
        return s, f

    def _observe(self, xp: list[list[float]]):
        """The observation of the current state (``xp`` as in :meth:`_read_state`)."""
        self._observe_one(xp[self._agent], self._agent_xmat, self._lidar_rows(xp),
                          self._sequence.timer > 0)
        return self._obs.copy() if not self.vision else self._with_vision(self._obs)

    def _goal_event(self) -> bool:
        """New goal after an achievement; False when no goal position fits (Goal, Push)."""
        done, button, timer = goal_event(self.runtime, self._placer, self._rs, self._xpos,
                                         self._reset_xy)
        if not done:
            return False
        if button is not None:
            self._goal_button, self._timer = button, timer
        self._physics.forward()
        self._scorer.start(self._read_state(self._xpos.tolist())[0])
        return True

    def _unstable(self):
        """MuJoCo reset an exploding simulation: no reward, the previous observation, the
        episode ends (truncated) with ``info["physics_unstable"]``."""
        gymnasium.logger.warn(f"{self.name}: the physics became unstable (MuJoCo warning: "
                              f"{self._physics.last_warning}); the episode is truncated")
        self._guard.on_step(False, True)
        info = {**self.runtime.task.cost_terms_of((), self._timer == 0), "cost": 0.0,
                "labels": frozenset(), "reward_terms": {}, "physics_unstable": True}
        self._last_cost = 0.0
        return self._last_obs_copy(), 0.0, False, True, info

    def __setstate__(self, state):
        self.__dict__.update(state)
        self._init_views()

    def _init_views(self) -> None:
        d = self.data
        self._xpos, self._xmat, self._sensordata = d.xpos, d.xmat, d.sensordata
        self._ctrl = d.ctrl
        self._agent_xmat = d.xmat[self._agent]
        self._observe_one = self.runtime.observer.bind(d.sensordata, self._obs)
