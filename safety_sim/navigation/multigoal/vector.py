"""MultiGoal's native vector env: N two-agent worlds stepped as one ``mujoco.batch`` (see
:class:`MultiGoalVectorEnv`). Build it with ``safety_sim.make_vec("SafetyPointMultiGoal1-v0",
N)``: ``gymnasium.make_vec`` refuses ids registered with an additional wrapper (MultiGoal's
``AgentTruncation``) in its ``vector_entry_point`` mode."""
from __future__ import annotations

from typing import Any, cast

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding

from safety_sim.navigation.multigoal.env import MultiGoalEnv
from safety_sim.navigation.multigoal.infos import RESET, STEP, VectorInfos
from safety_sim.navigation.multigoal.world import AGENTS, STEPS
from safety_sim.navigation.multigoal.worlds import MultiGoalWorlds
from safety_sim.vector import checks
from safety_sim.vector.base import AutoresetMode, BatchedVectorEnv
from safety_sim.vector.mujoco_batch import batch_options


class MultiGoalBatch(BatchedVectorEnv):
    """What MultiGoal's vector envs share (the CPU one, :class:`MultiGoalVectorEnv`, and the
    GPU form, :class:`safety_sim.gpu.multigoal.MultiGoalGpuVectorEnv`): the single env's form
    with a leading world axis (dict actions checked per agent; rewards, terminated, truncated
    as dicts keyed by agent), each world's seed stream, and the ``info`` tables of the cost
    cases (:class:`~.infos.VectorInfos`). A subclass fills ``_kind`` (what each world reports),
    ``_case`` (its case's row of the tables), ``_rewards`` and ``_met`` when it steps."""

    _single: MultiGoalEnv

    def _init_worlds(self, single: MultiGoalEnv) -> None:
        n = self.num_envs
        self.label_names = single.world.costs.label_names
        self._rngs: list = [None] * n          # each world's seed stream (the single env's)
        self._spaces = [cast(spaces.Box, single.action_space[a]) for a in AGENTS]
        # what each world reports (infos.NONE/RESET/STEP), its cost case, rewards, goal met
        self._infos = VectorInfos(self.label_names)
        self._kind = np.zeros(n, dtype=np.int8)
        self._case = np.zeros(n, dtype=np.int64)
        self._rewards, self._met = np.zeros((n, 2)), np.zeros(n, dtype=bool)

    @staticmethod
    def _refuse_debug(kwargs: dict, name: str) -> None:
        debug = kwargs.get("debug", False)
        if isinstance(debug, (bool, np.bool_)) and debug:
            raise ValueError(f"{name}: the Debug ids have no vector form (one keyboard drives "
                             "one world)")

    def _agents_actions(self, actions) -> list:
        """Each agent's entry of a dict of actions (ValueError unless the keys are the
        agents')."""
        if not isinstance(actions, dict) or set(actions) != set(AGENTS):
            raise ValueError(f"{self.name}: actions must be a dict with the keys {AGENTS} (each "
                             f"an array of one action per world), got {actions!r}")
        return [actions[a] for a in AGENTS]

    def _prepare_reset(self, ids: np.ndarray, seeds: list, start: Any) -> list:
        for i, seed in zip(ids.tolist(), seeds):
            if seed is not None and not 0 <= seed < 2 ** 32:     # the single env's refusal
                raise ValueError(f"{self.name}: world {i}: seed {seed} is not in [0, 2**32 - 1] "
                                 "(a MultiGoal episode draws from numpy's RandomState(seed))")
        return seeds

    def _episode_seeds(self, ids: np.ndarray, seeds: list | None) -> list[int]:
        """The seed of each world's episode (``seeds``: the caller's, None entries or None:
        the next seed of the world's stream, as the single env's ``reset()``); marks them
        reset."""
        episode = []
        for k, i in enumerate(ids.tolist()):
            seed = None if seeds is None else seeds[k]
            if seed is not None or self._rngs[i] is None:
                self._rngs[i] = seeding.np_random(seed)[0]
            if seed is None:
                seed = int(self._rngs[i].integers(2 ** 31))
            episode.append(seed)
        self._kind[ids] = RESET
        return episode

    def _info(self, rows: np.ndarray | None) -> dict[str, Any]:
        kind = self._kind if rows is None else np.where(rows, self._kind, 0)
        return self._infos.build(kind, self._case, self._rewards, self._met)

    def step(self, actions):
        obs, rewards, terminated, truncated, info = super().step(actions)
        return (obs, {a: rewards[:, k].copy() for k, a in enumerate(AGENTS)},
                {a: terminated.copy() for a in AGENTS}, {a: truncated.copy() for a in AGENTS},
                info)


class MultiGoalVectorEnv(MultiGoalBatch):
    """N worlds of :class:`~safety_sim.navigation.multigoal.env.MultiGoalEnv` (two agents,
    ``agent_0`` and ``agent_1``) as one batch, in the single env's form with a leading world
    axis: world ``i`` after ``reset(seed=s)`` is the single env after ``reset(seed=s + i)``
    (a list seeds each world; autoreset draws each world's next seed from its own stream, as
    the single env's ``reset()`` does), and every output equals the N single envs' bit for bit.

    ``step({"agent_0": a0, "agent_1": a1})``, each ``(N, nu)`` (``action_space`` is the single
    env's ``Dict`` batched) -> ``(obs, rewards, terminated, truncated, info)``: ``obs`` a dict
    of ``(N, size)`` arrays keyed by agent (both the same; Vision ids: a dict of batched
    ``Dict`` observations), ``rewards`` a dict of ``(N,)`` float arrays, ``terminated`` and
    ``truncated`` dicts of ``(N,)`` bool arrays (shared by the agents), ``info`` the single
    env's ``infos`` in gymnasium's vector layout: ``info[agent]`` holds each key of
    ``infos[agent]`` as an array with its ``_key`` mask (nested dicts likewise; ``goal_met``
    only where a goal was met), its ``labels`` one bool array per label of the level
    (``env.label_names``). A wrong action in any world raises ValueError naming the agent and
    the world, before anything changes.

    This is not a gymnasium ``VectorEnv`` for gymnasium's single-agent wrappers (they expect
    one reward array); it is a ``VectorEnv`` subclass for the rest: spaces, ``reset_mask``,
    the three autoreset modes (``final_obs``/``final_info`` in ``"SameStep"``), ``render``
    (a frame per world), ``close``.

    Kwargs: the single env's (``agent``, ``level``, ``vision``; not ``debug``, one keyboard)
    plus ``num_envs``, ``max_episode_steps`` (at most the env's own 1000), ``autoreset_mode``,
    ``render_mode`` (None or ``"rgb_array"``), ``num_threads`` (default: all cores),
    ``use_batch`` (None: ``mujoco.batch`` where available; True: require it; False: a loop
    over MjData, the same numbers).
    """

    supports_threads = True
    _single: MultiGoalEnv

    def __init__(self, num_envs: int = 1, *, max_episode_steps: int | None = None,
                 autoreset_mode: Any = AutoresetMode.NEXT_STEP, render_mode: str | None = None,
                 num_threads: int | None = None, use_batch: bool | None = None,
                 **kwargs: Any) -> None:
        self._refuse_debug(kwargs, "MultiGoal vector env")
        if "device" in kwargs:
            raise TypeError(f"MultiGoal vector env: a device ({kwargs['device']!r}) is the GPU "
                            "form's: safety_sim.make_vec(id, n, device=...) or "
                            "safety_sim.gpu.multigoal.MultiGoalGpuVectorEnv")
        single = MultiGoalEnv(render_mode=render_mode, **kwargs)
        use_batch, limit, threads = batch_options(
            single.name, STEPS, max_episode_steps, use_batch, num_threads)
        self._use_batch = use_batch
        super().__init__(single, num_envs, name=f"{single.name} vector env",
                         max_episode_steps=limit, autoreset_mode=autoreset_mode,
                         render_mode=render_mode)
        self._init_worlds(single)
        self.worlds = MultiGoalWorlds(single.world, self.num_envs, threads, use_batch, self.name)

    def _check_size(self, single_env, num_envs: int) -> None:
        MultiGoalWorlds.check_size(single_env.world.model, num_envs, self._use_batch,
                                   single_env.name)

    # -- the kernels -------------------------------------------------------------------------
    def _check_actions(self, actions) -> tuple[np.ndarray, np.ndarray]:
        a0, a1 = (checks.check_box_actions(act, space, self.num_envs, f"{self.name} ({a})")
                  for act, a, space in zip(self._agents_actions(actions), AGENTS, self._spaces))
        return a0, a1

    def _reset_worlds(self, ids: np.ndarray, seeds: list | None) -> None:
        """The single env's ``reset(seed=...)`` in each world of ``ids`` (None: autoreset,
        ``reset()``: the next seed of the world's stream)."""
        self.worlds.reset(ids, self._episode_seeds(ids, seeds))

    def _step_worlds(self, actions: tuple, active: np.ndarray | None):
        ids = None if active is None else np.flatnonzero(active)
        rewards, met = self._rewards, self._met
        rewards[:] = 0.0
        met[:] = False
        terminated = np.zeros(self.num_envs, dtype=bool)
        order = range(self.num_envs) if ids is None else ids.tolist()
        worlds, row, case = self.worlds.worlds, self._infos.row, self._case
        for i, (r, _, info, ended, _) in zip(order, self.worlds.step(actions, ids)):
            rewards[i] = r["agent_0"], r["agent_1"]
            terminated[i], met[i] = ended, "goal_met" in info
            case[i] = row(worlds[i].case)
        self._kind[slice(None) if ids is None else ids] = STEP
        return rewards.copy(), terminated

    def _observe(self) -> dict:
        obs = self.worlds.obs
        if not self._single.vision:
            return {a: obs.copy() for a in AGENTS}
        frames = []
        for i, row in enumerate(obs):       # each world's frames and keys, the single env's
            frames.append(self._picture(i, lambda env, flat=row: env._observe(flat)["agent_0"]))
        one = {k: np.stack([f[k] for f in frames]) for k in frames[0]}
        return {a: {k: v.copy() for k, v in one.items()} for a in AGENTS}

    def _render_world(self, i: int) -> np.ndarray:
        return self._picture(i, lambda env: env._render.frame(env.data, env._decorate))

    def _picture(self, i: int, draw):
        """``draw(single env)`` with world ``i``'s state loaded into the single env."""
        env = self._single
        self.worlds.load(i, env.world.model, env.world.data)
        return draw(env)
