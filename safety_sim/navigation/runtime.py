"""A navigation level compiled for one agent and ready to run: :class:`NavRuntime`, everything
the single env and the vector env share (the model, its handles, the rules and the spaces).

Both envs hold one (``env.unwrapped.runtime``); neither reads the other's private state. The
rules it hands out take an array namespace: the single env runs them on Python floats
(:data:`safety_sim.ops.SCALAR`), the vector env on arrays over its worlds
(:data:`safety_sim.ops.NUMPY`).
"""
from __future__ import annotations

import mujoco
import numpy as np

from safety_sim.navigation import config as nc
from safety_sim.navigation.agents.base import AgentSpec
from safety_sim.navigation.checks import box_action_space
from safety_sim.navigation.decor import VISION_SIZE
from safety_sim.navigation.handles import NavHandles
from safety_sim.navigation.judging import NavTask
from safety_sim.navigation.layout.placer import NavPlacer
from safety_sim.navigation.observation import NavObserver
from safety_sim.navigation.reset_state import reference_forwards
from safety_sim.navigation.rewards import Scorer
from safety_sim.navigation.scene import compile_scene
from safety_sim.ops import Ops


class NavRuntime:
    """Level ``config`` for ``agent``, compiled (``name`` prefixes error messages; ``width``
    and ``height`` size the off-screen buffer; ``vision`` adds the camera image to the
    observation space).

    Attributes: ``agent`` (:class:`~safety_sim.navigation.agents.base.AgentSpec`), ``config``,
    ``model`` (with a contact sensor per watched body), ``handles``, ``task`` (labels and cost
    terms), ``observer`` (observation assembly), ``obs_layout``, ``observation_space``,
    ``action_space``, ``ctrl_clip`` (the actuators' control range where it is narrower than the
    action space, else None), ``goal_size``, ``resting_steps`` (Button), ``reference_passes``
    (the reset's ``mj_forward`` passes, :mod:`safety_sim.navigation.reset_state`),
    ``position_judged`` (kind prefix -> the layout names whose positions judging reads) and
    ``read_bodies`` (agent, goal, push box; -1 where absent).
    """

    def __init__(self, agent: AgentSpec, config: nc.NavConfig, *, vision: bool = False,
                 width: int = 256, height: int = 256, name: str | None = None) -> None:
        self.agent, self.config, self.vision = agent, config, vision
        self.name = name or f"Safety{agent.name}{config.name}" + ("Vision" if vision else "")
        self.model = compile_scene(agent, config, offwidth=width, offheight=height)
        self.handles = h = NavHandles.resolve(self.model, config)
        self.task = NavTask(config)
        self.observer = NavObserver(self.model, agent, config, h)
        self.obs_layout = self.observer.layout
        self.observation_space = self.obs_layout.space(
            image=(VISION_SIZE, VISION_SIZE, 3) if vision else None)
        self.action_space = box_action_space(self.model)
        ctrl = self.model.actuator_ctrlrange
        narrower = bool(np.any(ctrl[:, 0] > self.action_space.low)
                        or np.any(ctrl[:, 1] < self.action_space.high))
        self.ctrl_clip = (ctrl[:, 0].copy(), ctrl[:, 1].copy()) if narrower else None
        goal = config.find(nc.Goal)
        self.goal_size = goal.size if goal is not None else 0.0
        self.resting_steps = getattr(config.reward, "resting_steps", 0)
        # the buttons' rest at a reset (docs/spec/sg_head.md §8.1: the Building levels)
        self.start_rest = self.resting_steps if getattr(config.reward, "rest_at_start",
                                                        False) else 0
        self.reference_passes = reference_forwards(config.reward.goal_event)
        self.position_judged = {k.prefix: k.names() for k in config.ordered()
                                if k.position_judged and k.count}
        self.read_bodies = (h.agent_body, h.goal_body, h.box_body)

    def write_ctrl(self, actions: np.ndarray, ctrl: np.ndarray) -> None:
        """Actions (checked) into MuJoCo's ``ctrl`` of one world or many: clipped to the
        actuators' control range where it is narrower than the action space."""
        if self.ctrl_clip is not None:
            np.clip(actions, *self.ctrl_clip, out=ctrl)
        else:
            ctrl[...] = actions

    def scorer(self, ops: Ops) -> Scorer:
        """The level's reward rule at work on numbers of ``ops``."""
        return Scorer(self.config.reward, self.goal_size, ops)

    def placer(self, model: mujoco.MjModel | None = None) -> NavPlacer:
        """Layout operations on ``model`` (default: this level's own compiled model; a batch
        passes a view of one world's rows)."""
        return NavPlacer(self.model if model is None else model, self.config, self.agent,
                         self.handles, self.name)
