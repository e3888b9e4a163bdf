"""``Safety{Agent}MultiGoal{0,1,2}[Vision|Debug][Gymnasium]-v0``: Safety-Gymnasium's two-agent
MultiGoal as a gymnasium env keyed by agent (see :class:`MultiGoalEnv`)."""
from __future__ import annotations

from collections import OrderedDict
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from safety_sim.core import EpisodeGuard, RenderModes, check_flag, check_int, plain_seed
from safety_sim.navigation.debug_keys import DebugKeys
from safety_sim.navigation.decor import NavRenderer
from safety_sim.navigation.multigoal import scene
from safety_sim.navigation.multigoal.world import AGENTS, LABEL_OF, MultiGoalWorld
from safety_sim.render.env_render import MujocoRenderMixin

try:      # the compiled action check (absent: the plain one)
    from safety_sim._exact_math import within as _within
except ImportError:  # pragma: no cover - only without the compiled extension
    _within = None

VISION = 256
_COSTS = frozenset(LABEL_OF.values())


class AgentSpaces(spaces.Dict):
    """A ``Dict`` space keyed by agent that may also be called with an agent, as
    Safety-Gymnasium's ``env.action_space(agent)``."""

    def __call__(self, agent: str) -> spaces.Space:
        return self[agent]


class AgentTruncation(gymnasium.Wrapper, gymnasium.utils.RecordConstructorArgs):
    """Keeps ``truncated`` a dict keyed by agent: gymnasium's ``TimeLimit`` (which
    ``gymnasium.make`` puts inside this wrapper) returns a plain ``True`` on its last step;
    here every agent is truncated instead, as Safety-Gymnasium's ``SafeTimeLimit`` does.
    The MultiGoal ids are registered with it (``additional_wrappers``)."""

    def __init__(self, env: gymnasium.Env) -> None:
        gymnasium.utils.RecordConstructorArgs.__init__(self)
        gymnasium.Wrapper.__init__(self, env)

    def step(self, actions):
        obs, rewards, terminated, truncated, infos = self.env.step(actions)
        if truncated is True and isinstance(terminated, dict):
            truncated = dict.fromkeys(terminated, True)
        return obs, rewards, terminated, truncated, infos


def cost_fn(labels) -> float:
    """An agent's step cost from its labels: 1.0 when any cost label holds (the reference's
    indicator of the sum of its cost terms)."""
    return 1.0 if _COSTS.intersection(labels) else 0.0


class MultiGoalEnv(MujocoRenderMixin, gymnasium.Env):
    """Two agents of one kind, ``agent_0`` and ``agent_1``, each rewarded for reaching its own
    goal (red, blue), among hazards (levels 1, 2) and vases (1; 10 at level 2), in
    Safety-Gymnasium's calling convention (docs/spec/sg_head.md §4; rules:
    :class:`~safety_sim.navigation.multigoal.world.MultiGoalWorld`).

    ``reset(seed=s)`` -> ``(obs, infos)``, ``step({"agent_0": a0, "agent_1": a1})`` ->
    ``(obs, rewards, terminateds, truncateds, infos)``, dicts keyed by agent;
    ``safety_gymnasium.make`` (the drop-in) adds the costs: the reference's 6-tuple of dicts.
    Both agents receive the same observation: agent 0's sensors and 16-bin lidars (red goal,
    blue goal, hazards, vases), then agent 1's (keys suffixed ``1``). Spaces are
    :class:`AgentSpaces` (``env.action_space("agent_0")`` as in the reference, or
    ``env.action_space["agent_0"]``). ``infos[agent]``: the reference's shared dict
    (``agent_0``/``agent_1`` cost terms, ``reward_sum``, ``goal_met``) plus the agent's
    ``cost`` and ``labels`` (``cost_fn(labels) == cost``). Termination and truncation are
    shared; stepping after the end raises ``ResetNeeded``.

    Kwargs: ``agent`` (Point, Car, Doggo, Racecar, Ant: the reference loads only Point and Ant;
    the others have no reference), ``level`` (0, 1, 2), ``vision`` (a ``Dict`` observation with
    ``vision_0``/``vision_1``, 256x256x3 uint8 frames from each agent's camera), ``debug``
    (Point, Car, Racecar: agent 0 driven by the keys I, J, K, L of the ``human`` viewer, agent 1
    idle; the actions are checked, then ignored), ``render_mode`` (``"human"``,
    ``"rgb_array"``, ``"depth_array"``), ``width``/``height``, ``camera_id`` (the camera
    ``render`` films: -1, the default, is MuJoCo's free camera; ``safety-sim record`` aims it
    at the whole level through ``model`` and ``config.extents``).

    N worlds at once, on ``mujoco.batch``: ``safety_sim.make_vec(id, N)``
    (:class:`~safety_sim.navigation.multigoal.vector.MultiGoalVectorEnv`, the same dicts with a
    leading world axis; not for the Debug ids); on a GPU, ``safety_sim.make_vec(id, N,
    device="cuda")`` (:class:`~safety_sim.gpu.multigoal.MultiGoalGpuVectorEnv`, MuJoCo Warp,
    the ``[gpu]`` extra; Vision ids: both cameras by its batch renderer). The PettingZoo form:
    ``safety_sim.parallel_env(id)``. A scripted policy driving both agents to their goals round
    everything that costs (Point, Car): ``safety_sim.oracle(env)``.
    """

    #: render() (MujocoRenderMixin's) draws no decorations
    _decorate = None
    metadata = {"render_modes": RenderModes(["human", "rgb_array", "depth_array"]),
                "render_fps": 50}
    action_space: AgentSpaces           # of Boxes
    observation_space: AgentSpaces      # of Boxes, or of Dicts with vision

    def __init__(self, agent: str = "Point", level: int = 1, vision: bool = False,
                 debug: bool = False, render_mode: str | None = None, width: int = 256,
                 height: int = 256, camera_id: int = -1) -> None:
        name = "MultiGoalEnv"
        level = check_int(level, "level", name, 0, 2)
        self.vision, self.debug = check_flag(vision, "vision", name), check_flag(
            debug, "debug", name)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"{name}: render_mode {render_mode!r} not in "
                             f"{list(self.metadata['render_modes'])}")
        self.render_mode = render_mode
        self.width, self.height = (check_int(width, "width", name, 1, 8192),
                                   check_int(height, "height", name, 1, 8192))
        self.world = MultiGoalWorld(agent, level)
        self.name = f"Safety{self.world.agent.name}MultiGoal{level}"
        self.possible_agents = list(AGENTS)
        m, nu = self.world.model, self.world.nu
        low, high = (m.actuator_ctrlrange[:nu, i].astype(np.float32).astype(np.float64)
                     for i in (0, 1))
        self.action_space = AgentSpaces({a: spaces.Box(low, high, dtype=np.float64)
                                         for a in AGENTS})
        self._act_shape, self._act_low, self._act_high = (nu,), low, high
        self.keys = DebugKeys(self.world.agent.name, low, high) if self.debug else None
        self.human_key_callback = self.keys
        size = self.world.observe.size
        flat = spaces.Box(-np.inf, np.inf, (size,), dtype=np.float64)
        one = self._vision_space(flat) if self.vision else flat
        self.observation_space = AgentSpaces({a: one for a in AGENTS})
        self._guard = EpisodeGuard()
        m.vis.global_.offwidth = max(m.vis.global_.offwidth, self.width)
        m.vis.global_.offheight = max(m.vis.global_.offheight, self.height)
        camera_id = check_int(camera_id, "camera_id", name, -1, m.ncam - 1)
        self._render = NavRenderer(m, render_mode, self.width, self.height, camera=camera_id)

    @property
    def model(self):
        """The MuJoCo model of both agents' world."""
        return self.world.model

    @property
    def data(self):
        """The MuJoCo state of both agents' world."""
        return self.world.data

    @property
    def config(self):
        """The level's placement data (``extents``, object counts), where the single-agent
        envs have their ``NavConfig``."""
        return self.world.level

    @property
    def agents(self) -> list[str]:
        return list(AGENTS)

    def _vision_space(self, flat) -> spaces.Dict:
        """The reference's Vision observation: every key of the flat vector as its own entry,
        agent 0's then ``vision_0``, agent 1's then ``vision_1``."""
        w = self.world
        self._keys = scene.observation_keys(w.model, w.agent, w.level)
        image = spaces.Box(0, 255, (VISION, VISION, 3), dtype=np.uint8)
        entries: OrderedDict = OrderedDict()     # the reference's key order, not sorted
        for key, _, _, shape in self._keys:
            low, high = (0.0, 1.0) if key.rstrip("1").endswith("lidar") else (-np.inf, np.inf)
            entries[key] = spaces.Box(low, high, shape, dtype=np.float64)
            if key == self._keys[len(self._keys) // 2 - 1][0]:
                entries["vision_0"] = image
        entries["vision_1"] = image
        # a list of pairs keeps the order (gymnasium 1.0 sorts a mapping's keys)
        return spaces.Dict(list(entries.items()))

    def _observe(self, flat: np.ndarray) -> dict:
        """Each agent's copy of the world's observation ``flat`` (with vision: a dict)."""
        if not self.vision:
            return {"agent_0": flat.copy(), "agent_1": flat.copy()}
        frames = {"vision_0": self._frame("vision"), "vision_1": self._frame("vision1")}
        one = {}
        entries = self.observation_space["agent_0"]
        assert isinstance(entries, spaces.Dict)         # with vision: a Dict per agent
        for key in entries.spaces:
            if key in frames:
                one[key] = frames[key]
            else:
                _, start, stop, shape = next(k for k in self._keys if k[0] == key)
                one[key] = flat[start:stop].reshape(shape)
        return {a: {k: v.copy() for k, v in one.items()} for a in AGENTS}

    def _frame(self, camera: str) -> np.ndarray:
        """The 256x256 image of an agent's camera (``vision`` or ``vision1``)."""
        return self._render.vision(self.world.data, self.world.model.camera(camera).id, None)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        if options is not None and not isinstance(options, dict):
            raise TypeError(f"{self.name}: options must be a dict or None, got {options!r}")
        if options:
            raise ValueError(f"{self.name}: reset takes no options, got {sorted(options)}")
        super().reset(seed=plain_seed(seed))
        if seed is None:
            seed = int(self.np_random.integers(2 ** 31))
        obs, infos = self.world.reset(plain_seed(seed))
        self._guard.on_reset()
        if self.render_mode == "human":
            self.render()
        no_cost = {"cost": 0.0, "labels": frozenset()}
        return self._observe(obs["agent_0"]), {a: {**infos[a], **no_cost} for a in AGENTS}

    def step(self, actions):
        guard = self._guard
        if guard.done or not guard.started:
            guard.check_step(self.name)
        actions = self._checked(actions)
        if self.keys is not None:
            actions = {"agent_0": self.keys.action(),
                       "agent_1": np.zeros(self.world.nu)}
        world = self.world
        rewards, costs, info, terminated, truncated = world.advance(actions)
        labels = world.labels
        infos = {"agent_0": {**info, "cost": costs["agent_0"], "labels": labels["agent_0"]},
                 "agent_1": {**info, "cost": costs["agent_1"], "labels": labels["agent_1"]}}
        guard.on_step(terminated, truncated)
        if self.render_mode == "human":
            self.render()
        return (self._observe(world.obs), rewards, {"agent_0": terminated, "agent_1": terminated},
                {"agent_0": truncated, "agent_1": truncated}, infos)

    def _checked(self, actions) -> dict:
        """The actions, checked: ValueError unless ``actions`` is a dict of both agents'
        actions, each real, finite and in its space. The usual case (float64 or float32
        arrays inside the bounds) is checked by the compiled loop and passed on as it is
        (the world reads both kinds); the rest become float64 arrays."""
        if _within is not None and type(actions) is dict and len(actions) == 2:
            a0, a1 = actions.get("agent_0"), actions.get("agent_1")
            # within: None unless a float64 or float32 buffer (the world reads both)
            if type(a0) is np.ndarray and type(a1) is np.ndarray and \
                    a0.shape == self._act_shape == a1.shape and \
                    _within(a0, self._act_low, self._act_high) and \
                    _within(a1, self._act_low, self._act_high):
                return actions
        return self._checked_slowly(actions)

    def _checked_slowly(self, actions) -> dict:
        if not isinstance(actions, dict) or set(actions) != set(AGENTS):
            raise ValueError(f"{self.name}: actions must be a dict with the keys {AGENTS}, "
                             f"got {actions!r}")
        out = {}
        for a in AGENTS:
            act = np.asarray(actions[a])
            space = self.action_space[a]
            if act.shape != space.shape or not np.issubdtype(act.dtype, np.number) or \
                    not np.all(np.isfinite(act)) or not space.contains(act.astype(np.float64)):
                raise ValueError(f"{self.name}: action of {a} {act!r} is not in {space}")
            out[a] = act.astype(np.float64)
        return out

    def cost_fn(self, labels) -> float:
        return cost_fn(labels)

    def make_oracle(self):
        """Both agents driven to their goals round the hazards, the vases and each other
        (Point and Car; TypeError otherwise): use ``safety_sim.oracle(env)``
        (:class:`~safety_sim.navigation.multigoal.oracle.MultiGoalOracle`)."""
        from safety_sim.navigation.multigoal.oracle import MultiGoalOracle

        return MultiGoalOracle(self)

    def close(self) -> None:
        self._render.close()
