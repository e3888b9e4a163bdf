"""The timing loops of the benchmark (:mod:`safety_sim.tools.bench`).

Each runner is built once per env and then called for a number of seconds per round
(``run(seconds) -> steps per second``), so rounds of two runners can alternate. The clock is
read every ``CHUNK`` steps; actions are precomputed, seeded and cycled.
"""
from __future__ import annotations

import copy
import statistics
import time

import numpy as np

from safety_sim import tools
from safety_sim.navigation.config import SUBSTEPS  # physics steps per env step

N_ACTIONS = 4096  # precomputed random actions, cycled
CHUNK = 20  # steps between clock reads


def _actions(space, seed: int, n: int = N_ACTIONS) -> list:
    """Seeded random actions as plain Python values where the space is discrete."""
    space = copy.deepcopy(space)
    space.seed(seed)
    out = [space.sample() for _ in range(n)]
    if isinstance(out[0], (np.integer, int)):
        return [int(a) for a in out]
    if isinstance(out[0], dict):
        return [{k: int(v) if isinstance(v, np.integer) else v for k, v in a.items()}
                for a in out]
    return out


def _reset_times(reset, n: int) -> tuple[float, float]:
    """Median and p99 (ms) of ``reset(seed=k)`` for k = 0..n-1."""
    times = []
    for k in range(n):
        t0 = time.perf_counter()
        reset(seed=k)
        times.append(time.perf_counter() - t0)
    return 1e3 * statistics.median(times), 1e3 * float(np.percentile(times, 99))


class EnvRunner:
    """Steps a (wrapped) env with cycled random actions; ended episodes are reset (timed).
    Envs of several agents (dict actions, per-agent ``terminated``/``truncated``) end when
    every agent is done (:func:`safety_sim.tools.episode_over`)."""

    def __init__(self, env, seed: int = 0) -> None:
        self.env, self.actions, self.i = env, _actions(env.action_space, seed), 0
        self.multi = bool(self.actions) and isinstance(self.actions[0], dict)
        self.steps = self.t = 0
        self.lengths: list[int] = []  # of the episodes that ended
        env.reset(seed=seed)

    def run(self, seconds: float) -> float:
        env, acts, n, multi = self.env, self.actions, len(self.actions), self.multi
        steps, t0 = 0, time.perf_counter()
        deadline = t0 + seconds
        while True:
            for _ in range(CHUNK):
                _, _, term, trunc, _ = env.step(acts[self.i])
                self.i, self.t = (self.i + 1) % n, self.t + 1
                if tools.episode_over(term, trunc) if multi else term or trunc:
                    env.reset()
                    self.lengths.append(self.t)
                    self.t = 0
            steps += CHUNK
            now = time.perf_counter()
            if now >= deadline:
                break
        self.steps += steps
        return steps / (now - t0)


class PhysicsRunner:
    """Raw ``mj_step(nstep=10)`` from a copy of a state, same controls, restored every 1000;
    with ``before_substep(data)`` (moving mocap bodies: gremlins), 10 x (that, ``mj_step``).
    Dict actions (one per agent, in agent order) are joined into one control vector."""

    def __init__(self, model, data, actions, before_substep=None) -> None:
        import mujoco

        self.mujoco, self.model, self.before = mujoco, model, before_substep
        self.snapshot, self.data = copy.copy(data), copy.copy(data)
        ctrl = [np.concatenate([np.asarray(v, dtype=np.float64) for v in a.values()])
                if isinstance(a, dict) else np.asarray(a, dtype=np.float64) for a in actions]
        self.ctrls = ctrl if ctrl and ctrl[0].shape == (model.nu,) else [None]
        self.i = self.t = 0

    def run(self, seconds: float) -> float:
        mujoco, m, d = self.mujoco, self.model, self.data
        ctrls, n = self.ctrls, len(self.ctrls)
        steps, t0 = 0, time.perf_counter()
        deadline = t0 + seconds
        while True:
            for _ in range(CHUNK):
                c = ctrls[self.i]
                if c is not None:
                    d.ctrl[:] = c
                if self.before is None:
                    mujoco.mj_step(m, d, nstep=SUBSTEPS)
                else:
                    for _ in range(SUBSTEPS):
                        self.before(d)
                        mujoco.mj_step(m, d)
                self.i = (self.i + 1) % n
            steps += CHUNK
            self.t += CHUNK
            now = time.perf_counter()
            if self.t >= 1000:
                mujoco.mj_copyData(d, m, self.snapshot)
                self.t = 0
            if now >= deadline:
                break
        return steps / (now - t0)


class RawGridRunner:
    """``env.unwrapped.step`` with cycled precomputed actions; only the steps are timed."""

    def __init__(self, env, limit: int | None, seed: int = 0) -> None:
        self.base, self.limit = env.unwrapped, limit
        self.actions, self.i, self.t = _actions(env.action_space, seed), 0, 0
        self.multi = isinstance(self.actions[0], dict)
        self.base.reset(seed=seed)

    def run(self, seconds: float) -> float:
        acts, n = self.actions, len(self.actions)
        steps, busy = 0, 0.0
        deadline = time.perf_counter() + seconds
        while True:
            m = CHUNK if self.limit is None else min(CHUNK, self.limit - self.t)
            if self.i + m > n:
                self.i = 0
            t0 = time.perf_counter()
            done, ended = self._steps(acts[self.i:self.i + m])
            t1 = time.perf_counter()
            busy += t1 - t0
            steps += done
            self.i = (self.i + done) % n
            self.t += done
            if ended or (self.limit is not None and self.t >= self.limit):
                self.base.reset()
                self.t = 0
            if t1 >= deadline:
                break
        return steps / busy

    def _steps(self, batch) -> tuple[int, bool]:
        """Step through ``batch`` until an episode ends: (steps taken, whether it ended).
        Two loops so that the single-agent one pays no per-step call to ``episode_over``."""
        step, done = self.base.step, 0
        if self.multi:
            for a in batch:
                _, _, term, trunc, _ = step(a)
                done += 1
                if tools.episode_over(term, trunc):
                    return done, True
        else:
            for a in batch:
                _, _, term, trunc, _ = step(a)
                done += 1
                if term or trunc:
                    return done, True
        return done, False
