"""The robot that ``make_ma``'s agents share: a Safe Velocity env under a multi-agent speed
limit that can step without assembling the single-robot observation (the agents read MuJoCo's
data themselves)."""
from __future__ import annotations

import copy

import mujoco
import numpy as np

from safety_sim.velocity.env import VelocityEnv
from safety_sim.velocity.robots import SpeedLimit, VelocityTask


class MARobotEnv(VelocityEnv):
    """The shared robot: a Safe Velocity env (gymnasium ``-v4`` robot, reset noise, reward,
    termination, rendering and velocity marker) judged by a multi-agent speed limit; its
    ``info`` carries the step's ``cost``, ``cost_velocity`` and ``labels``.

    :meth:`step_unobserved` is ``step`` for agents that build their own observations from
    ``data``: the ``-v4`` env skips assembling the single-robot observation, and an empty
    array stands in its place."""

    def __init__(self, robot: str, limit: SpeedLimit, name: str, render_mode: str | None = None,
                 **render_kwargs) -> None:
        super().__init__(robot, 1, render_mode, **render_kwargs)
        self.speed_limit = limit
        self.task = VelocityTask(limit)
        self.name = name

    def step_unobserved(self, action):
        """``step``, with an empty array in place of the observation (not assembled)."""
        v4 = self.v4_env
        v4._get_obs = _no_observation       # on this instance, for this step only
        try:
            return self.step(action)
        finally:
            del v4._get_obs

    def robot_observation(self) -> np.ndarray:
        """The ``-v4`` env's observation of the current state (also inside an unobserved
        step)."""
        v4 = self.v4_env
        return type(v4)._get_obs(v4)

    def _unstable(self):
        out = super()._unstable()
        if out[0].shape != self.observation_space.shape:   # the last step was unobserved:
            out = (self.robot_observation(), *out[1:])      # MuJoCo's reset state instead
        return out

    # VelocityEnv's copies carry MuJoCo's integration state and recompute the rest with
    # mj_forward, at the current qpos. After a step MuJoCo holds positions of the last substep
    # (xpos, xipos, ...), which the next step of Ant and Humanoid reads as "before"; a copy
    # must carry them (and the body rows of the Humanoid's state()) as they are: all of MjData.
    def __getstate__(self):
        state = super().__getstate__()
        state["_all_data"] = copy.copy(self.data)
        return state

    def __setstate__(self, state):
        data = state.pop("_all_data")
        super().__setstate__(state)
        mujoco.mj_copyData(self.data, self.model, data)


def _no_observation() -> np.ndarray:
    return _EMPTY


_EMPTY = np.empty(0)
_EMPTY.flags.writeable = False
