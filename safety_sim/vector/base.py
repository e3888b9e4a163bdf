"""The shared machinery of our native batched vector envs (one process, N worlds as arrays).

:class:`BatchedVectorEnv` owns everything that is not a world's dynamics -- spaces, seeding,
the three autoreset modes, the step limit, gymnasium's vector ``info`` layout, input checks,
rendering, closing -- so that it behaves like ``gymnasium.make_vec(id, N,
vectorization_mode="sync")`` step for step. A subclass supplies the kernels: reset some
worlds, step all worlds, observe, judge (info arrays), render one world.

The contract: after ``reset(seed=s)`` world ``i`` is the single env reset with seed ``s + i``
(a list seeds each world; None keeps each world's stream), and observations, rewards,
terminated, truncated and ``info`` equal the sync vector env's bit for bit, autoreset
included. ``info`` holds one array per key of the single env's info with gymnasium's ``_key``
masks; ``info["labels"]`` is a dict with one bool array (and its ``_name`` mask, gymnasium's
nested convention) per proposition of the env (the
names are ``env.label_names``; a world whose info is absent -- outside a ``reset_mask`` --
has all False) and ``info["_labels"]`` its mask.
"""
from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import logger, spaces
from gymnasium.error import ResetNeeded
from gymnasium.vector import VectorEnv
from gymnasium.vector.utils import batch_space

from safety_sim.core import check_int
from safety_sim.vector import checks
from safety_sim.vector.info import (  # AutoresetMode, Partial: re-exported
    AutoresetMode,
    Partial,
    autoreset_mode_of,
    fill_info,
    unbatch,
)
from safety_sim.vector.memory import check_fits


class BatchedVectorEnv(VectorEnv):
    """Base of the native vector envs (see the module docstring for the contract).

    Constructor arguments shared by every subclass: ``num_envs`` (>= 1), ``max_episode_steps``
    (the registered ``TimeLimit``; None: never truncate), ``autoreset_mode``
    (``AutoresetMode`` or its value: "NextStep" default, "SameStep", "Disabled"),
    ``render_mode`` (None or "rgb_array": ``render()`` returns a tuple of one frame per world,
    as ``SyncVectorEnv`` does; for a window use ``gymnasium.wrappers.vector.HumanRendering``).

    Subclass kernels (all over arrays with a leading world axis):
    ``_start(options)`` validates reset options and returns what ``_reset_worlds(ids, start)``
    writes into the worlds ``ids`` (``_prepare_reset(ids, seeds, start)`` may first do, for a
    call of ``reset``, whatever can still refuse it); ``_step_worlds(actions, active)`` steps
    the worlds where ``active`` is True (None: all; inactive worlds may be stepped too if that
    has no side effects, e.g. no random draws) and returns ``(rewards, terminated)`` or
    ``(rewards, terminated, truncated)`` (worlds the kernel itself truncates); ``_observe()``
    returns the batched observation; ``_judge()`` returns ``(extras, cost_terms, labels)``,
    dicts of arrays (or :class:`Partial` entries) for the current state and the last step (a
    world just reset reports its reset info); ``_cost(cost_terms)`` gives ``info["cost"]``;
    ``_render_world(i)`` returns world ``i``'s frame.
    """

    label_names: tuple[str, ...] = ()
    uses_world_rng = False  # True: self.world_rng (WorldUniforms) is seeded on reset
    supports_threads = False  # True: the constructor takes num_threads (the benchmark uses it)
    # bytes one world takes at most (its arrays, batched spaces, a step's temporaries): a
    # num_envs that does not fit is refused before anything is made; None: no such bound
    world_bytes: int | None = None

    def __init__(self, single_env: gymnasium.Env, num_envs: int, *, name: str,
                 max_episode_steps: int | None, autoreset_mode: Any = AutoresetMode.NEXT_STEP,
                 render_mode: str | None = None) -> None:
        self.name = name
        self.num_envs = n = check_int(num_envs, "num_envs", name, low=1)
        if max_episode_steps is not None:
            max_episode_steps = check_int(max_episode_steps, "max_episode_steps", name, low=1)
        self.max_episode_steps = max_episode_steps
        self.autoreset_mode = autoreset_mode_of(autoreset_mode, name)
        if render_mode not in (None, "rgb_array"):
            raise ValueError(f"{name}: render_mode must be None or 'rgb_array', got "
                             f"{render_mode!r} (wrap in gymnasium.wrappers.vector."
                             "HumanRendering for a window)")
        self.render_mode = render_mode
        self._single = single_env  # validates the kwargs; also the renderer
        self._check_size(single_env, n)
        self.metadata = {"render_modes": ["rgb_array"],
                         "render_fps": single_env.metadata.get("render_fps", 30),
                         "autoreset_mode": self.autoreset_mode}
        self.single_observation_space = single_env.observation_space
        self.single_action_space = single_env.action_space
        self.observation_space = batch_space(self.single_observation_space, n)
        self.action_space = batch_space(self.single_action_space, n)
        self._elapsed = np.zeros(n, dtype=np.int64)
        self._ended = np.zeros(n, dtype=bool)  # terminated or truncated, not yet reset
        self._was_reset = np.zeros(n, dtype=bool)
        self._all_reset = False
        self._interrupted: str | None = None   # what stopped a step or reset half-way
        if self.uses_world_rng:
            from safety_sim.vector.streams import WorldUniforms

            self.world_rng = WorldUniforms(n)

    def _check_size(self, single_env: gymnasium.Env, num_envs: int) -> None:
        """Refuse ``num_envs`` worlds the process cannot hold, before anything per world is
        made (the batched spaces alone are arrays of ``num_envs`` rows), from
        :attr:`world_bytes`; a vector env with a simulator per world overrides it."""
        if self.world_bytes is not None:
            need = num_envs * self.world_bytes
            check_fits(num_envs, need, need, self.name)

    # -- gymnasium API ----------------------------------------------------------------------
    def reset(self, *, seed: int | list[int | None] | None = None,
              options: dict[str, Any] | None = None):
        n = self.num_envs
        seeds = checks.world_seeds(seed, n, self.name)
        if options is not None and not isinstance(options, dict):
            raise TypeError(f"{self.name}: options must be a dict or None, got "
                            f"{type(options).__name__}")
        options = dict(options or {})
        mask = None
        if "reset_mask" in options:
            mask = checks.reset_mask(options.pop("reset_mask"), n, self.name)
        start = self._start(options)  # validates the rest of the options
        ids = np.arange(n) if mask is None else np.flatnonzero(mask)
        start = self._prepare_reset(ids, [seeds[i] for i in ids], start)
        # -- nothing has changed so far; from here on the reset cannot fail ----------------
        super().reset(seed=seeds[0] if isinstance(seed, (int, np.integer)) else None)
        if self.uses_world_rng:
            self.world_rng.seed(ids, [seeds[i] for i in ids])
        try:
            self._reset_worlds(ids, start)
        except BaseException as exc:
            self._interrupted = type(exc).__name__
            raise
        if mask is None:
            self._interrupted = None
        self._elapsed[ids] = 0
        self._ended[ids] = False
        self._was_reset[ids] = True
        self._all_reset = bool(self._was_reset.all())
        return self._observe(), self._info(mask)

    def step(self, actions):
        self._check_steppable()
        actions = self._check_actions(actions)
        if self.autoreset_mode == AutoresetMode.DISABLED and self._ended.any():
            raise ResetNeeded(
                f"{self.name}: {checks.worlds_text(self._ended)} ended (terminated or "
                "truncated) and autoreset is disabled; reset them first with "
                "reset(options={'reset_mask': mask})")
        try:
            return self._step(actions)
        except BaseException as exc:    # the worlds may be half-way: no step until reset
            self._interrupted = type(exc).__name__
            raise

    def _step(self, actions: np.ndarray):
        mode = self.autoreset_mode
        resetting = None
        if mode == AutoresetMode.NEXT_STEP and self._ended.any():
            resetting = self._ended.copy()
        active = None if resetting is None else ~resetting
        rewards, terminated, *ended_by_env = self._step_worlds(actions, active)
        self._elapsed += 1
        truncated = (self._elapsed >= self.max_episode_steps if self.max_episode_steps
                     else np.zeros(self.num_envs, dtype=bool))
        if ended_by_env:  # the kernel's own truncations (e.g. unstable physics)
            truncated |= ended_by_env[0]
        if resetting is not None:  # next-step autoreset: these worlds reset instead
            ids = np.flatnonzero(resetting)
            self._reset_worlds(ids, None)
            self._elapsed[ids] = 0
            rewards[ids] = 0
            terminated[ids] = truncated[ids] = False
        ended = terminated | truncated
        final = None
        if mode == AutoresetMode.SAME_STEP and ended.any():
            final = self._final(ended)
            ids = np.flatnonzero(ended)
            self._reset_worlds(ids, None)
            self._elapsed[ids] = 0
            ended = np.zeros(self.num_envs, dtype=bool)
        self._ended = ended
        info = self._info(None)
        if final is not None:
            info.update(final)
        return self._observe(), rewards, terminated, truncated, info

    def render(self):
        if self.render_mode is None:
            logger.warn(f"{self.name}: render() called with render_mode=None; pass "
                        "render_mode='rgb_array' to the constructor / make_vec")
            return None
        if not self._all_reset:
            raise ResetNeeded(f"{self.name}: call reset() before render()")
        return tuple(self._render_world(i) for i in range(self.num_envs))

    def close_extras(self, **kwargs: Any) -> None:
        single = self.__dict__.get("_single")  # absent if the constructor refused its kwargs
        if single is not None:
            single.close()

    # -- helpers ------------------------------------------------------------------------------
    def _check_steppable(self) -> None:
        if self._interrupted is not None:
            raise ResetNeeded(f"{self.name}: the previous step or reset was interrupted "
                              f"({self._interrupted}) with the worlds half-way through it; call "
                              "reset() (all worlds)")
        if not self._all_reset:
            raise ResetNeeded(f"{self.name}: {checks.worlds_text(~self._was_reset)} never "
                              "reset; call reset() before step()")

    def _check_actions(self, actions) -> Any:
        space = self.single_action_space
        if isinstance(space, spaces.Discrete):
            a = checks.check_discrete_actions(actions, int(space.n), self.num_envs, self.name)
            return a + int(space.start) if space.start else a
        if isinstance(space, spaces.Box):
            return checks.check_box_actions(actions, space, self.num_envs, self.name)
        raise NotImplementedError(f"{self.name}: no batched check for {space}")

    def _info(self, rows: np.ndarray | None) -> dict[str, Any]:
        """The vector info of the current state; ``rows``: the worlds whose info is present
        (None: all), the others hold zeros / False, as gymnasium's sync env leaves them."""
        extras, terms, labels = self._judge()
        mask = np.ones(self.num_envs, dtype=bool) if rows is None else rows
        info = fill_info({}, {**extras, **terms, "cost": self._cost(terms)}, mask,
                          all_rows=rows is None)
        if rows is not None:
            for value in labels.values():
                value[~rows] = False
        # gymnasium's nested-dict convention: every entry with its mask (DictInfoToList needs
        # them on gymnasium 1.0)
        labels.update({f"_{name}": mask.copy() for name in list(labels)})
        info["labels"], info["_labels"] = labels, mask.copy()
        return info

    def _final(self, ended: np.ndarray) -> dict[str, Any]:
        """SAME_STEP's ``final_obs`` (object array of single observations) and
        ``final_info`` (the step's info of the worlds that ended), with their masks."""
        obs = self._observe()
        final_obs = np.full(self.num_envs, None, dtype=object)
        for i in np.flatnonzero(ended):
            final_obs[i] = unbatch(self.single_observation_space, obs, int(i))
        return {"final_obs": final_obs, "_final_obs": ended.copy(),
                "final_info": self._info(ended), "_final_info": ended.copy()}

    def _cost(self, terms: dict[str, Any]) -> np.ndarray:
        """``info["cost"]``: the sum of the cost terms (a subclass may define it otherwise)."""
        cost = np.zeros(self.num_envs)
        for v in terms.values():
            cost = cost + (v.values if isinstance(v, Partial) else v)
        return cost

    # -- kernels (subclasses) -----------------------------------------------------------------
    def _start(self, options: dict[str, Any]) -> Any:
        if options:
            raise ValueError(f"{self.name}: unknown reset options {sorted(options)}")
        return None

    def _prepare_reset(self, ids: np.ndarray, seeds: list[int | None], start: Any) -> Any:
        """Whatever of a ``reset(seed=..., options=...)`` of the worlds ``ids`` may still fail
        (their seeds in ``seeds``), before anything changes; returns what ``_reset_worlds``
        gets (default: ``start`` unchanged)."""
        return start

    def _reset_worlds(self, ids: np.ndarray, start: Any) -> None:
        raise NotImplementedError

    def _step_worlds(self, actions: Any, active: np.ndarray | None):
        raise NotImplementedError

    def _observe(self) -> Any:
        raise NotImplementedError

    def _judge(self) -> tuple[dict, dict, dict]:
        raise NotImplementedError

    def _render_world(self, i: int) -> np.ndarray:
        raise NotImplementedError
