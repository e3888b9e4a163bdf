"""The ``safety_gymnasium`` surface, implemented on safety_sim (what the drop-in module of
:mod:`safety_sim.compat` re-exports)."""
from __future__ import annotations

from types import SimpleNamespace

import gymnasium
import numpy as np

from safety_sim import multi_agent as _multi_agent
from safety_sim._version import __version__ as _own_version
from safety_sim.compat import wrappers
from safety_sim.compat.vector import safety_make
from safety_sim.compat.wrappers import SafeAutoResetWrapper, SafeClipAction
from safety_sim.core import check_box_action
from safety_sim.registration import PUSH_AGENTS, env_ids

__version__ = f"1.0.0+safetysim{_own_version}"   # Safety-Gymnasium's API 1.0.0
VERSION = "v0"
PREFIX = "Safety"
ROBOT_NAMES = PUSH_AGENTS
# Ids ``safety_gymnasium.make`` knows (Safety-Gymnasium keeps this set; register() adds).
safe_registry: set[str] = set(env_ids())
gymnasium_make = gymnasium.make
gymnasium_register = gymnasium.register


def register(**kwargs) -> None:
    """Register an env with gymnasium and with :data:`safe_registry`."""
    safe_registry.add(kwargs["id"])
    gymnasium.register(**kwargs)


def make(id, max_episode_steps: int | None = None, autoreset: bool | None = None,  # noqa: A002
         apply_api_compatibility: bool | None = None, disable_env_checker: bool | None = None,
         **kwargs) -> gymnasium.Env:
    """``safety_gymnasium.make``: :func:`safety_sim.make` plus Safety-Gymnasium's action
    handling — finite actions outside a Box action space are clipped into it (Safety-Gymnasium's
    envs clip silently; safety_sim's own envs refuse them). ``apply_api_compatibility``
    (old gym step API) is not supported: only None/False are accepted."""
    if apply_api_compatibility:
        raise TypeError("safety_gymnasium.make: apply_api_compatibility=True (the old gym "
                        "4-tuple API) is not supported by safety_sim")
    if isinstance(id, str) and id not in safe_registry:
        raise gymnasium.error.NameNotFound(
            f"Environment {id!r} is not registered in safety-gymnasium (safety_sim's drop-in); "
            "see safety_gymnasium.utils.registration.safe_registry")
    env = wrappers.make(id, max_episode_steps=max_episode_steps,
                    disable_env_checker=disable_env_checker, **kwargs)
    if isinstance(env.action_space, gymnasium.spaces.Box):
        env = SafeClipAction(env)
    if autoreset:
        env = SafeAutoResetWrapper(env)
    return env


def vector_make(env_id, num_envs: int = 1, asynchronous: bool = True, wrappers=None,
                disable_env_checker: bool | None = None, **kwargs):
    """``safety_gymnasium.vector.make``: :func:`safety_sim.vector.make` building each
    sub-env with :func:`make` above."""
    return safety_make.make(env_id, num_envs, asynchronous, wrappers, disable_env_checker,
                            make_fn=make, clip_actions=True, **kwargs)


class SafeMAEnv(_multi_agent.SafeMAEnv):
    """``safety_gymnasium.make_ma`` (Safety-Gymnasium's class of the same name, at its public
    path ``safety_gymnasium.tasks.safe_multi_agent.safe_mujoco_multi``): safety_sim's
    :class:`~safety_sim.multi_agent.env.SafeMAEnv` with the reference's action handling —
    finite actions outside an agent's Box are clipped into it (the reference hands them to
    MuJoCo, which clamps them to the same control range); NaN/inf, wrong shapes and missing
    agents are still refused. Subclassing it with the reference's keyword arguments works."""

    clip_actions = True

    @property
    def max_num_agents(self) -> int:
        """PettingZoo's ``ParallelEnv.max_num_agents``: the number of possible agents."""
        return len(self.possible_agents)

    @property
    def unwrapped(self) -> "SafeMAEnv":
        """PettingZoo's ``ParallelEnv.unwrapped``: nothing wraps this env, so itself."""
        return self

    def map_global_state_to_local_observations(self, global_state) -> dict:
        """MaMuJoCo's: every agent's observation of a robot observation ``global_state`` (what
        :meth:`state` returns), read back as MuJoCo data: its qpos (the root's skipped x, and
        y where the robot moves in the plane, as 0), qvel and, for the Humanoid, the body
        arrays and actuator forces. With one agent holding the whole robot it is that agent's
        observation as given. Of a state, the agents observe what they observe after the step
        that made it. ValueError for a non-real array or one of the wrong length."""
        if self._plan is None:
            return {self.possible_agents[0]: global_state}
        state = check_box_action(global_state, self.single_agent_env.observation_space,
                                 f"{self.name} map_global_state_to_local_observations")
        m = self.single_agent_env.model
        skipped = _SKIPPED_QPOS[self.scenario]
        sizes = {"qpos": m.nq - skipped, "qvel": m.nv, "cinert": m.nbody * 10,
                 "cvel": m.nbody * 6, "qfrc_actuator": m.nv, "cfrc_ext": m.nbody * 6}
        parts, start = {}, 0
        for name in _STATE_PARTS.get(self.scenario, ("qpos", "qvel")):
            parts[name], start = state[start:start + sizes[name]], start + sizes[name]
        parts["qpos"] = np.concatenate([np.zeros(skipped), parts["qpos"]])
        missing = [name for name, _ in self._plan.sources if name not in parts]
        if missing:
            raise ValueError(f"{self.name}: the agents observe {missing}, which the robot's "
                             "state() does not hold")
        return self._plan.bind(SimpleNamespace(**parts), self.possible_agents)()

    def map_local_observation_to_global_state(self, local_observations):
        """MaMuJoCo's: not implemented there either (the agents together need not observe the
        whole state); use :meth:`state`."""
        raise NotImplementedError("map_local_observation_to_global_state is not implemented "
                                  "(as in MaMuJoCo); use env.state()")


#: the robot's state() (the gymnasium -v4 observation) read back as MuJoCo data: qpos without
#: its first entries (the root's x, and y for the robots that move in the plane), then qvel,
#: then for the Humanoid the body arrays and actuator forces (docs/spec/velocity.md §3)
_SKIPPED_QPOS = {"Ant": 2, "HalfCheetah": 1, "Hopper": 1, "Humanoid": 2, "Swimmer": 2,
                 "Walker2d": 1}
_STATE_PARTS = {"Humanoid": ("qpos", "qvel", "cinert", "cvel", "qfrc_actuator", "cfrc_ext")}

make_ma = SafeMAEnv
#: the reference's table name (sic) of the velocity thresholds
TASK_VELCITY_THRESHOLD = _multi_agent.VELOCITY_THRESHOLDS
