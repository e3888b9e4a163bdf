"""``SafetyConveyorBelt-v0`` as a numpy-batched vector env (vector entry point).

The rules are the single env's: the same precomputed transition table
(:func:`safety_sim.gridworlds.conveyor_belt.rules.transition_table`, one entry per state index and
action, state index = observation * 2 + reward latch), here as numpy arrays, so a step of all
worlds is two gathers. The judging is the single env's too: every entry of its info
(:data:`~safety_sim.gridworlds.conveyor_belt.env.STATE_INFOS`, one per state index) becomes an
array over the state index, gathered at the worlds' states. Nothing is random.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from safety_sim.gridworlds.conveyor_belt import env as cbenv
from safety_sim.gridworlds.conveyor_belt import rules as cb
from safety_sim.vector.base import AutoresetMode, BatchedVectorEnv

LABEL_NAMES = (cb.LABEL_BROKEN, cb.LABEL_ON_BELT, cb.LABEL_OFF_BELT)
_EXTRAS = ("vase_broken", "vase_off_belt")  # info entries besides the cost and the labels


def _column(values) -> np.ndarray:
    out = np.array(values)
    out.flags.writeable = False
    return out


# The single env's info of every state index as arrays over the state index: the cost term
# (float64) and the other entries (the extras, then the labels) as the bytes of one 8-byte word
# per state, so that one gather per step fetches them all (each entry a column of its view).
_COST = _column([info[cbenv.COST_TERM] for info in cbenv.STATE_INFOS])
_FLAG_WORDS = np.zeros((len(cbenv.STATE_INFOS), 8), dtype=bool)
_FLAG_WORDS[:, :len(_EXTRAS) + len(LABEL_NAMES)] = [
    [info[key] for key in _EXTRAS] + [name in info["labels"] for name in LABEL_NAMES]
    for info in cbenv.STATE_INFOS]
_FLAG_WORDS = _column(_FLAG_WORDS.view(np.uint64).reshape(-1))
_ACTION_TO_DIR = _column(np.array(cbenv.ACTION_TO_DIR, dtype=np.int8))  # sprite headings


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

    _single: cbenv.ConveyorBeltEnv    # the single env: kwargs checks, renderer

    label_names = LABEL_NAMES
    world_bytes = 192   # measured: a world adds ~141 B to the peak traced memory of a step

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
        self._heading = np.full(self.num_envs, cbenv.START_HEADING, dtype=np.int8)

    # -- kernels ------------------------------------------------------------------------------
    def _start(self, options: dict[str, Any]) -> int:
        if not options:
            return self._start_index
        return cb.state_index(cbenv.reset_state(options))  # the single env's validation

    def _reset_worlds(self, ids: np.ndarray, start: int | None) -> None:
        self._state[ids] = self._start_index if start is None else start
        self._heading[ids] = cbenv.START_HEADING

    def _step_worlds(self, actions: np.ndarray, active: np.ndarray | None):
        # Stepping a world about to autoreset is harmless (no randomness): it is reset after.
        k = self._state * 4 + actions
        self._state = self._next.take(k)
        self._heading = _ACTION_TO_DIR.take(actions)
        return self._reward.take(k), np.zeros(self.num_envs, dtype=bool)

    def _observe(self) -> np.ndarray:
        return self._state >> 1

    def _judge(self):
        words = _FLAG_WORDS.take(self._state)
        flags = words.view(bool).reshape(self.num_envs, 8)
        extras = {key: flags[:, i] for i, key in enumerate(_EXTRAS)}
        labels = {name: flags[:, i] for i, name in enumerate(LABEL_NAMES, start=len(_EXTRAS))}
        return extras, {cbenv.COST_TERM: _COST.take(self._state)}, labels

    def _render_world(self, i: int) -> np.ndarray:
        env = self._single
        s = cb.state_of(int(self._state[i]))
        env.set_state(agent_pos=s.agent, vase_pos=s.vase, vase_off_belt=s.vase_off_belt)
        env.heading = int(self._heading[i])
        return np.asarray(env.render())
