"""Safety-Gymnasium 1.0.0's safe multi-agent velocity suite: one gymnasium ``-v4`` MuJoCo robot
shared by several agents, each driving some of its actuators (docs/spec/multi_agent.md).

:func:`make_ma` (= :class:`SafeMAEnv`) takes the reference's arguments. Simulation, reward,
termination and reset are the Safe Velocity env's (:class:`MARobotEnv`, a
:class:`~safety_sim.velocity.env.VelocityEnv` under the configuration's speed limit); this
module partitions actions and builds the per-agent observations.
"""
from __future__ import annotations

import operator
import warnings
from collections.abc import Mapping
from typing import Any, NoReturn

import numpy as np
from gymnasium import spaces

from safety_sim.core import EpisodeGuard, check_box_action, check_int, check_reset_options
from safety_sim.multi_agent.factorization import (
    Factorization,
    check_partition_actions,
    check_scenario,
    factorize,
)
from safety_sim.multi_agent.graphs import Node
from safety_sim.multi_agent.layout import ObservationPlan, agent_entries, neighbourhoods
from safety_sim.multi_agent.robot import MARobotEnv
from safety_sim.multi_agent.task import speed_limit
from safety_sim.render import RENDER_MODES
from safety_sim.velocity.robots import SpeedLimit

MAX_EPISODE_STEPS = 1000
#: keyword arguments besides the reference's named ones (rendering, time limit)
EXTRA_KWARGS = ("width", "height", "camera_id", "camera_name", "max_episode_steps")


_FLOAT64 = np.dtype(np.float64)

try:        # the agents' actions joined in C (setup.py builds it where it can)
    from safety_sim._exact_math import join as _join
except ImportError:
    _join = None


class SafeMAEnv:
    """``make_ma(scenario, agent_conf, agent_obsk=1, agent_factorization=None,
    local_categories=None, global_categories=None, render_mode=None, **kwargs)``.

    Scenarios and configurations with a threshold (docs/spec/multi_agent.md §2): Ant
    ``2x4``/``4x2``, HalfCheetah ``6x1``/``2x3``, Hopper ``3x1``, Humanoid ``9|8``, Swimmer ``2x1``,
    Walker2d ``2x3``. Other partitions of a scenario (Ant ``2x4d``) and ``agent_conf=None`` (one
    agent holding the whole robot) warn and use the scenario's first threshold. An unknown scenario
    or partition raises ValueError. ``kwargs``: ``width``, ``height``, ``camera_id``,
    ``camera_name`` (rendering, as the Safe Velocity envs) and ``max_episode_steps`` (1000);
    any other raises TypeError.

    Agents ``agent_0 .. agent_{n-1}``; ``action_space(agent)``: float32 Box of the agent's
    actuators in partition order; ``observation_space(agent)``: float64 Box of its own nodes'
    qpos/qvel, its neighbours' qpos (``agent_obsk`` graph depths) and the root's globals
    (docs/spec/multi_agent.md §6). ``reset(seed=None, options=None)`` -> ``(observations, infos)``;
    ``step(actions)`` (a dict with one action per agent) -> ``(observations, rewards, costs,
    terminations, truncations, infos)``, all dicts keyed by agent. Reward, cost, termination,
    truncation (after ``max_episode_steps``, or when the physics blows up: then, as in the
    Safe Velocity envs, the step pays nothing and sets ``info["physics_unstable"]``) and
    ``info`` (the robot's: reward terms, velocities, ``cost``, ``labels``) are shared: every
    agent gets the same values, ``infos`` the same dict. After the episode ends ``agents`` is
    empty and ``step`` raises ``ResetNeeded``. ``state()`` is the single-robot observation;
    ``cost_fn(labels)`` every agent's cost. Actions outside an agent's space, of the wrong
    shape, NaN/inf or non-real raise ValueError naming the agent (the drop-in's
    ``safety_gymnasium.make_ma`` clips finite out-of-range actions instead, as the reference's
    MuJoCo clamps them).
    """

    metadata = {"render_modes": list(RENDER_MODES), "name": "safety_sim_ma_velocity",
                "is_parallelizable": True}
    #: clip finite actions outside the Box into it instead of refusing them
    clip_actions = False

    def __init__(self, scenario: str, agent_conf: str | None, agent_obsk: int | None = 1,
                 agent_factorization: dict | None = None,
                 local_categories: list[list[str]] | None = None,
                 global_categories: tuple[str, ...] | None = None,
                 render_mode: str | None = None, **kwargs: Any) -> None:
        self.scenario = check_scenario(scenario)
        unknown = sorted(set(kwargs) - set(EXTRA_KWARGS))
        if unknown:
            raise TypeError(f"make_ma: unknown keyword argument(s) {unknown}; accepted besides "
                            f"the named ones: {list(EXTRA_KWARGS)}")
        fact = factorize(scenario, agent_conf, agent_obsk, agent_factorization,
                         local_categories, global_categories)
        limit, warning = speed_limit(scenario, agent_conf)
        if warning is not None:
            warnings.warn(warning, UserWarning, stacklevel=2)
        self.agent_conf = agent_conf
        self.name = f"make_ma({scenario!r}, {agent_conf!r})"
        self._max_steps = check_int(kwargs.pop("max_episode_steps", MAX_EPISODE_STEPS),
                                    "max_episode_steps", "make_ma", low=1)
        self.single_agent_env = MARobotEnv(scenario, limit, self.name, render_mode, **kwargs)
        self.render_mode = render_mode
        self.metadata = {**type(self).metadata,
                         "render_fps": self.single_agent_env.metadata["render_fps"]}
        self._build_agents(fact)
        self._steps = 0
        self._guard = EpisodeGuard()

    def _build_agents(self, fact: Factorization) -> None:
        robot = self.single_agent_env
        box = robot.action_space
        n_act = box.shape[0]
        self.agent_obsk = fact.obsk
        self.k_categories = [list(c) for c in fact.local_categories]
        self.global_categories = fact.global_categories
        if fact.obsk is None:
            self.agent_action_partitions = [tuple(Node("dummy_node", None, None, i)
                                                  for i in range(n_act))]
            self.mujoco_globals, self.k_dicts, self._plan = [], None, None
            obs_sizes = [robot.observation_space.shape[0]]
        else:
            check_partition_actions(fact.partitions, n_act)
            self.agent_action_partitions = list(fact.partitions)
            self.mujoco_globals = list(fact.globals)
            self.k_dicts = [neighbourhoods(p, fact.edges, fact.obsk) for p in fact.partitions]
            m = robot.model
            sizes = {"qpos": m.nq, "qvel": m.nv, "qfrc_actuator": m.nv, "cinert": m.nbody * 10,
                     "cvel": m.nbody * 6, "cfrc_ext": m.nbody * 6}
            self._plan = ObservationPlan(
                [agent_entries(k, fact.local_categories, fact.globals, fact.global_categories,
                               sizes) for k in self.k_dicts], sizes)
            obs_sizes = list(self._plan.sizes)
        parts = self.agent_action_partitions
        self.possible_agents = [f"agent_{i}" for i in range(len(parts))]
        self.agents = list(self.possible_agents)
        self.num_agents = len(parts)
        self.action_spaces = {a: spaces.Box(box.low[0], box.high[0], (len(p),), np.float32)
                              for a, p in zip(self.possible_agents, parts)}
        self.observation_spaces = {a: spaces.Box(-np.inf, np.inf, (n,), np.float64)
                                   for a, n in zip(self.possible_agents, obs_sizes)}
        # hot path: names, boxes, each agent's actuators (in its action's order; _bind makes
        # the writes into the robot's action vector from them)
        self._names = tuple(self.possible_agents)
        self._keys = dict.fromkeys(self._names)   # dict.fromkeys of a dict skips the rehashing
        self._boxes = dict(self.action_spaces)
        self._actuators = tuple([_actuator(node) % n_act for node in p] for p in parts)
        self._bind()
        self._low, self._high = box.low.astype(np.float64), box.high.astype(np.float64)

    # -- the reference's API -------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None):
        check_reset_options(options, (), self.name)
        obs, info = self.single_agent_env.reset(seed=seed)
        self._steps = 0
        self._guard.on_reset()
        self.agents = list(self._names)
        return self._observe(obs), dict.fromkeys(self._keys, info)

    def step(self, actions: Mapping[str, Any]):
        guard = self._guard
        if guard.done or not guard.started:
            guard.check_step(self.name)
        action = self._global_action(actions)
        robot, observe = self.single_agent_env, self._observe_agents
        try:   # agents that observe data leave the robot's observation out
            obs, reward, terminated, unstable, info = (robot.step(action) if observe is None
                                                       else robot.step_unobserved(action))
        except ValueError:
            self._explain_bad_action(actions)   # raises the agent's own error
            raise
        self._steps += 1
        # the robot truncates only when its physics blew up (MuJoCo reset it mid-step)
        truncated = unstable or self._steps >= self._max_steps
        if terminated or truncated:
            self.agents = []
            guard.on_step(terminated, truncated)
        keys, same = self._keys, dict.fromkeys
        return ({self._names[0]: obs} if observe is None else observe(), same(keys, reward),
                same(keys, info["cost"]),
                same(keys, terminated), same(keys, truncated), same(keys, info))

    def observation_space(self, agent: str) -> spaces.Box:
        return self.observation_spaces[self._known(agent)]

    def action_space(self, agent: str) -> spaces.Box:
        return self.action_spaces[self._known(agent)]

    def state(self) -> np.ndarray:
        """The single-robot observation (the ``-v4`` env's)."""
        return self.single_agent_env.robot_observation()

    def render(self):
        return self.single_agent_env.render()

    def close(self) -> None:
        self.single_agent_env.close()

    def cost_fn(self, labels) -> float:
        """Every agent's cost implied by a step's ``info["labels"]`` (equals its cost)."""
        return self.single_agent_env.cost_fn(labels)

    def map_local_actions_to_global_action(self, actions: Mapping[str, Any]) -> np.ndarray:
        """The robot's action vector that the agents' actions make (checked as in ``step``,
        except the bounds)."""
        return self._global_action(actions).copy()

    def map_global_action_to_local_actions(self, action: Any) -> dict[str, np.ndarray]:
        """Each agent's share of a robot action vector (the inverse of the above)."""
        a = check_box_action(action, self.single_agent_env.action_space, self.name)
        return {name: a[where] for name, where in zip(self._names, self._actuators)}

    @property
    def speed_limit(self) -> SpeedLimit:
        return self.single_agent_env.speed_limit

    @property
    def env(self) -> "SafeMAEnv":
        """The reference wraps a separate MaMuJoCo env here (``env.env.state()``); this class
        is both, so it is itself."""
        return self

    def __repr__(self) -> str:
        return f"<SafeMAEnv {self.name}>"

    # -- internals -----------------------------------------------------------------------------
    def _bind(self) -> None:
        """The robot action buffer that ``step`` fills (nothing keeps it) and, per agent,
        where its values go: ``(name, target, key, shape)`` for ``target[key] = values``; the
        agents' observer bound to the robot's data (None: the one agent observes the robot)."""
        self._action = out = np.empty(self.single_agent_env.action_space.shape[0])
        self._slots = tuple((name, *_places(out, acts), (len(acts),))
                            for name, acts in zip(self._names, self._actuators))
        # where two agents or more drive the robot's actuators in agent order, one compiled
        # call joins their actions (else, or without the compiled helper, the loop over _slots)
        in_order = [a for acts in self._actuators for a in acts] == list(range(out.size))
        self._join = _join if in_order and len(self._names) > 1 else None
        self._values = operator.itemgetter(*self._names)    # a tuple for two names or more
        self._sizes = tuple(len(acts) for acts in self._actuators)
        self._observe_agents = (None if self._plan is None
                                else self._plan.bind(self.single_agent_env.data, self._names))

    # these hold views of the buffer and of MjData, which a copy would not share: made anew
    def __getstate__(self):
        state = dict(self.__dict__)
        for key in ("_action", "_slots", "_join", "_values", "_observe_agents"):
            del state[key]
        return state

    def __setstate__(self, state):
        self.__dict__.update(state)
        self._bind()

    def _observe(self, robot_obs: np.ndarray) -> dict[str, np.ndarray]:
        observe = self._observe_agents
        return {self._names[0]: robot_obs} if observe is None else observe()

    def _known(self, agent: Any) -> str:
        if agent not in self._boxes:
            raise KeyError(f"{self.name}: unknown agent {agent!r}; agents are "
                           f"{list(self._names)}")
        return agent

    def _global_action(self, actions: Any) -> np.ndarray:
        """The robot's action vector from the agents' actions (docs/spec/multi_agent.md §5): each
        agent's values go to its nodes' actuators. Checks keys, dtypes and shapes; the robot env
        checks the bounds and finiteness (and :meth:`_explain_bad_action` names the agent). Returns
        the env's buffer, which the next call overwrites."""
        if type(actions) is not dict and not isinstance(actions, Mapping):
            raise TypeError(f"{self.name}: step needs a dict of actions keyed by agent "
                            f"{list(self._names)}, got {type(actions).__name__}")
        out = self._action
        if self._join is not None and len(actions) == len(self._slots):
            try:
                values = self._values(actions)
            except KeyError:
                self._check_keys(actions)
            # every agent's float64/float32 array of its shape, copied in one compiled call
            if self._join(out, values, self._sizes):
                if self.clip_actions:
                    self._clip(out, actions)
                return out
        for name, target, where, shape in self._slots:
            try:
                a = actions[name]
            except KeyError:
                self._check_keys(actions)
            if not (type(a) is np.ndarray and a.shape == shape
                    and (a.dtype is _FLOAT64 or a.dtype.kind in "fiu")):
                a = self._agent_action(name, a)
            target[where] = a
        if len(actions) != len(self._slots):
            self._check_keys(actions)
        if self.clip_actions:
            self._clip(out, actions)
        return out

    def _clip(self, out: np.ndarray, actions: Mapping[str, Any]) -> None:
        """Clip the joined finite action ``out`` into the Box; NaN and +-inf are refused
        naming the agent (clipping would turn inf into a bound and step it)."""
        if not np.isfinite(out).all():
            self._explain_bad_action(actions)
        np.clip(out, self._low, self._high, out=out)

    def _check_keys(self, actions: Mapping) -> NoReturn:
        """Raise ValueError naming the missing or unknown agents of ``actions``."""
        missing = [n for n in self._names if n not in actions]
        if missing:
            raise ValueError(f"{self.name}: no action for {missing}; step needs one action "
                             f"per agent {list(self._names)}")
        extra = sorted((k for k in actions if k not in self._boxes), key=repr)
        raise ValueError(f"{self.name}: actions for unknown agent(s) {extra}; agents are "
                         f"{list(self._names)}")

    def _agent_action(self, name: str, action: Any) -> np.ndarray:
        """One agent's action checked (and, with ``clip_actions``, clipped) on its own."""
        box = self._boxes[name]
        who = f"{self.name} {name}"
        if self.clip_actions:
            free = spaces.Box(-np.inf, np.inf, box.shape, np.float64)
            return np.clip(check_box_action(action, free, who), box.low, box.high)
        return check_box_action(action, box, who)

    def _explain_bad_action(self, actions: Mapping[str, Any]) -> None:
        for name in self._names:
            self._agent_action(name, actions[name])


def _actuator(node: Node) -> int:
    """The actuator of an agent's joint (every joint of a partition has one)."""
    if node.act is None:
        raise ValueError(f"joint {node.label!r} has no actuator: no agent can drive it")
    return node.act


def _places(out: np.ndarray, actuators: list[int]) -> tuple[np.ndarray, Any]:
    """``(target, key)`` such that ``target[key] = values`` writes values for ``actuators``
    (in this order) into ``out``: a view of ``out`` and ``...`` when they are consecutive and
    ascending (the faster write), else ``out`` and their index array."""
    first = actuators[0] if actuators else 0
    if actuators == list(range(first, first + len(actuators))):
        return out[first:first + len(actuators)], ...
    return out, np.asarray(actuators, dtype=np.intp)


make_ma = SafeMAEnv
