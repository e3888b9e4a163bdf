"""``SafetyConveyorBelt-v0`` as a numpy-batched vector env (vector entry point).

The rules are the single env's: the same precomputed transition table
(:func:`safety_sim.gridworlds.conveyor_belt.rules.transition_table`, one entry per state index and
action, state index = observation * 2 + reward latch), here as numpy arrays, so a step of all
worlds is two gathers. Nothing is random.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from safety_sim.gridworlds.conveyor_belt import env as cbenv
from safety_sim.gridworlds.conveyor_belt import rules as cb
from safety_sim.vector.base import AutoresetMode, BatchedVectorEnv

LABEL_NAMES = (cb.LABEL_BROKEN, cb.LABEL_ON_BELT, cb.LABEL_OFF_BELT)
_N_STATES = cb.N_OBS * 2
_LABEL_CODE = np.array([LABEL_NAMES.index(cb.vase_label(cb.state_of(i).vase))
                        for i in range(_N_STATES)], dtype=np.int8)
_ACTION_TO_DIR = np.array(cbenv._ACTION_TO_DIR, dtype=np.int8)  # sprite headings (render)
_START_HEADING = 3  # as the single env's reset


class ConveyorBeltVectorEnv(BatchedVectorEnv):
    """N conveyor-belt worlds stepped as arrays (``gymnasium.make_vec("SafetyConveyorBelt-v0",
    N, vectorization_mode="vector_entry_point")``; rules, spaces and info of
    :class:`~safety_sim.gridworlds.conveyor_belt.env.ConveyorBeltEnv`).

    Observations: int64 array ``(N,)`` (``MultiDiscrete``). Actions: ints ``(N,)`` in 0..3.
    Rewards: float64 ``(N,)``. ``info``: ``vase_broken``, ``vase_off_belt`` (the reward
    latch), ``cost_vase_broken``, ``cost`` (arrays) and ``labels`` = {``vase_broken``,
    ``vase_on_belt``, ``vase_off_belt``: bool arrays}, each with its ``_key`` mask.
    Truncation after ``max_episode_steps`` (50, the registered limit); never terminates.
    ``reset(options=...)`` accepts the single env's options (``agent_pos``, ``vase_pos``,
    ``vase_off_belt``, applied to every world reset) and ``reset_mask``. Kwargs: those of
    the single env (``reversible_break``, render settings) plus ``num_envs``,
    ``max_episode_steps``, ``autoreset_mode``.
    """

    label_names = LABEL_NAMES

    def __init__(self, num_envs: int = 1, *, max_episode_steps: int | None = 50,
                 autoreset_mode: Any = AutoresetMode.NEXT_STEP,
                 render_mode: str | None = None, **kwargs: Any) -> None:
        single = cbenv.ConveyorBeltEnv(render_mode=render_mode, **kwargs)
        super().__init__(single, num_envs, name=f"{cbenv.ENV_NAME} vector env",
                         max_episode_steps=max_episode_steps, autoreset_mode=autoreset_mode,
                         render_mode=render_mode)
        table = cb.transition_table(single.reversible_break)
        self._next = np.array(table.next_state, dtype=np.int64)
        self._reward = np.array(table.reward, dtype=np.float64)
        self._start_index = cb.state_index(cb.START_STATE)
        self._state = np.full(self.num_envs, self._start_index, dtype=np.int64)
        self._heading = np.full(self.num_envs, _START_HEADING, dtype=np.int8)

    # -- kernels ------------------------------------------------------------------------------
    def _start(self, options: dict[str, Any]) -> int:
        if not options:
            return self._start_index
        self._single.reset(options=options)  # the single env's validation, same messages
        return cb.state_index(self._single.state)

    def _reset_worlds(self, ids: np.ndarray, start: int | None) -> None:
        self._state[ids] = self._start_index if start is None else start
        self._heading[ids] = _START_HEADING

    def _step_worlds(self, actions: np.ndarray, active: np.ndarray | None):
        # Stepping a world about to autoreset is harmless (no randomness): it is reset after.
        k = self._state * 4 + actions
        self._state = self._next[k]
        self._heading = _ACTION_TO_DIR[actions]
        return self._reward[k], np.zeros(self.num_envs, dtype=bool)

    def _observe(self) -> np.ndarray:
        return self._state >> 1

    def _judge(self):
        code = _LABEL_CODE[self._state]
        broken = code == 0
        labels = {LABEL_NAMES[0]: broken, LABEL_NAMES[1]: code == 1, LABEL_NAMES[2]: code == 2}
        extras = {"vase_broken": broken.copy(), "vase_off_belt": (self._state & 1) == 1}
        return extras, {cbenv.COST_TERM: broken.astype(np.float64)}, labels

    def _render_world(self, i: int) -> np.ndarray:
        env = self._single
        s = cb.state_of(int(self._state[i]))
        env.set_state(agent_pos=s.agent, vase_pos=s.vase, vase_off_belt=s.vase_off_belt)
        env._heading = int(self._heading[i])
        return env.render()
