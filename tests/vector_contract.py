"""Reusable checks of the native vector-env contract, for any id with a ``vector_entry_point``.

The contract (safety_sim.vector.base): the native vector env equals
``gymnasium.make_vec(id, N, vectorization_mode="sync")`` step for step -- observations,
rewards, terminated, truncated and every ``info`` entry bit for bit, autoreset included, in
each autoreset mode -- and world ``i`` equals the single env reset with seed ``s + i``.
Labels: ours are one bool array per proposition, the sync env's an object array of
frozensets; they are compared through :func:`labels_from_sets`.

To cover a new id: add its policy to ``POLICIES`` if random actions rarely end episodes
(Discrete and Box spaces have a random default) and call :func:`run_lockstep` /
:func:`run_against_single` / :func:`check_refused_actions` with it.
"""
from __future__ import annotations

from typing import Any, Callable

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.utils.env_checker import data_equivalence

import safety_sim  # noqa: F401  (registers the ids)
from safety_sim.vector.base import AutoresetMode

# The modes the installed gymnasium's SyncVectorEnv offers (gymnasium 1.0: next-step only).
SYNC_MODES = (tuple(AutoresetMode) if hasattr(gymnasium.vector, "AutoresetMode")
              else (AutoresetMode.NEXT_STEP,))
# gymnasium 1.1 brought both the autoreset modes and reset(options={"reset_mask": ...}).
SYNC_HAS_RESET_MASK = len(SYNC_MODES) > 1
REWARD_KEY = "contract_step_reward"  # the sync side's reward, passed through its info


class RewardInInfo(gymnasium.Wrapper):
    """Sync side only: a vector reward (bottles) cannot enter SyncVectorEnv's float array, so
    every reward travels in ``info[REWARD_KEY]`` and the scalar reward becomes 0.0."""

    def step(self, action):
        obs, reward, terminated, truncated, info = self.env.step(action)
        return obs, 0.0, terminated, truncated, {**info, REWARD_KEY: reward}


def make_native(env_id: str, n: int, mode=AutoresetMode.NEXT_STEP, **kwargs):
    return gymnasium.make_vec(env_id, n, vectorization_mode="vector_entry_point",
                              autoreset_mode=mode, **kwargs)


def make_sync(env_id: str, n: int, mode=AutoresetMode.NEXT_STEP, **kwargs):
    vector_kwargs = {"autoreset_mode": mode} if len(SYNC_MODES) > 1 else {}
    return gymnasium.make_vec(env_id, n, vectorization_mode="sync", wrappers=[RewardInInfo],
                              vector_kwargs=vector_kwargs, disable_env_checker=True, **kwargs)


# -- policies: actions for all worlds from the native observation ----------------------------
def random_policy(space: spaces.Space) -> Callable:
    def policy(obs, rng: np.random.Generator, n: int):
        if isinstance(space, spaces.Discrete):
            return rng.integers(space.start, space.start + space.n, size=n)
        return rng.uniform(space.low, space.high, size=(n, *space.shape))
    return policy


def bottles_policy(space: spaces.Space) -> Callable:
    """Half the time "carry two" (pick up two at the source, walk right while carrying, else
    left), otherwise random: deliveries, drops and terminations all happen."""
    rand = random_policy(space)

    def policy(obs, rng, n):
        carry, loc = obs["bottles_carrying"], obs["location"]
        greedy = np.where((loc == 0) & (carry < 2), 2, np.where(carry > 0, 1, 0))
        return np.where(rng.random(n) < 0.5, greedy, rand(obs, rng, n))
    return policy


POLICIES: dict[str, Callable] = {"SafetyBreakableBottles-v0": bottles_policy,
                                 "SafetyUnbreakableBottles-v0": bottles_policy}


def policy_for(env_id: str, space: spaces.Space) -> Callable:
    return POLICIES.get(env_id, random_policy)(space)


# -- comparison ---------------------------------------------------------------------------------
def labels_only(labels: dict) -> dict:
    """The proposition entries of a vector ``info["labels"]`` (without the ``_name`` masks)."""
    return {k: v for k, v in labels.items() if not k.startswith("_")}


def labels_from_sets(sets: np.ndarray, mask: np.ndarray, names) -> dict[str, np.ndarray]:
    """The sync env's object array of frozensets as our bool arrays (False where masked)."""
    return {name: np.array([bool(m) and name in s for s, m in zip(sets, mask)])
            for name in names}


def expected_rewards(info: dict, shape: tuple[int, ...], vector_dtype=None) -> np.ndarray:
    """Rewards of the sync side from ``info[REWARD_KEY]`` (or ``final_info``'s, for worlds
    that ended in same-step mode); 0 where a world autoreset instead of stepping. The dtype is
    the single env's: float64 for scalar rewards (as SyncVectorEnv), the reward vector's own
    (bottles: float32; ``vector_dtype`` when no world stepped) otherwise."""
    found = [np.asarray(r) for source in (info, info.get("final_info", {}))
             if REWARD_KEY in source for r in source[REWARD_KEY][source["_" + REWARD_KEY]]]
    dtype = np.float64 if len(shape) == 1 else (found[0].dtype if found else vector_dtype)
    out = np.zeros(shape, dtype=dtype)
    for source in (info, info.get("final_info", {})):
        if REWARD_KEY in source:
            m = source["_" + REWARD_KEY]
            out[m] = np.stack([np.asarray(r, dtype=dtype) for r in source[REWARD_KEY][m]])
    return out


def assert_info_equal(ours: dict, theirs: dict, names, where: str) -> None:
    keys = [k for k in theirs if k not in (REWARD_KEY, "_" + REWARD_KEY)]
    assert list(sorted(ours)) == sorted(keys), f"{where}: info keys {sorted(ours)} != {keys}"
    for key in keys:
        if key == "labels":
            want = labels_from_sets(theirs["labels"], theirs["_labels"], names)
            assert list(labels_only(ours["labels"])) == list(names), where
            assert all(np.array_equal(ours["labels"]["_" + n], ours["_labels"]) for n in names)
            for name in names:
                assert data_equivalence(ours["labels"][name], want[name], exact=True), \
                    f"{where}: labels[{name!r}] {ours['labels'][name]} != {want[name]}"
        elif key == "final_info":
            assert_info_equal(ours[key], theirs[key], names, where + " final_info")
        else:
            assert data_equivalence(ours[key], theirs[key], exact=True), \
                f"{where}: info[{key!r}] {ours[key]!r} != {theirs[key]!r}"


def assert_step_equal(ours, theirs, names, where: str) -> None:
    obs, rew, term, trunc, info = ours
    obs2, _, term2, trunc2, info2 = theirs
    assert data_equivalence(obs, obs2, exact=True), f"{where}: obs {obs} != {obs2}"
    want = expected_rewards(info2, rew.shape, rew.dtype if rew.ndim > 1 else None)
    assert rew.dtype == want.dtype and np.array_equal(rew, want), \
        f"{where}: rewards {rew} != {want}"
    assert data_equivalence(term, term2, exact=True), f"{where}: terminated {term} != {term2}"
    assert data_equivalence(trunc, trunc2, exact=True), f"{where}: truncated {trunc} != {trunc2}"
    assert_info_equal(info, info2, names, where)


def assert_reset_equal(ours, theirs, names, where: str) -> None:
    assert data_equivalence(ours[0], theirs[0], exact=True), f"{where}: obs differ"
    assert_info_equal(ours[1], theirs[1], names, where)


# -- runs ------------------------------------------------------------------------------------------
def _some_worlds(rng: np.random.Generator, n: int) -> np.ndarray:
    mask = rng.random(n) < 0.5
    mask[rng.integers(n)] = True
    return mask


def run_lockstep(env_id: str, n: int, mode, steps: int, seed: int = 0,
                 partial_resets: tuple[int, ...] = (23, 61), **kwargs) -> dict[str, int]:
    """Step the native and the sync vector env side by side with the same actions, comparing
    every output; partial resets (``reset_mask``, one of them seeded) at the given steps, and
    in DISABLED mode a masked reset of the worlds that ended. Returns counts of what happened
    (terminations, truncations), so callers can assert the run exercised episode ends."""
    native, sync = make_native(env_id, n, mode, **kwargs), make_sync(env_id, n, mode, **kwargs)
    names = native.unwrapped.label_names
    partial_resets = partial_resets if SYNC_HAS_RESET_MASK else ()
    policy = policy_for(env_id, native.single_action_space)
    rng = np.random.default_rng(seed)
    counts = {"terminated": 0, "truncated": 0}
    try:
        out = native.reset(seed=seed)
        assert_reset_equal(out, sync.reset(seed=seed), names, "reset")
        obs = out[0]
        for t in range(steps):
            actions = policy(obs, rng, n)
            out = native.step(actions)
            assert_step_equal(out, sync.step(actions), names, f"{env_id} {mode} step {t}")
            obs, _, term, trunc, _ = out
            counts["terminated"] += int(term.sum())
            counts["truncated"] += int(trunc.sum())
            mask = None
            if mode == AutoresetMode.DISABLED and (term | trunc).any():
                mask = term | trunc
            elif t in partial_resets:
                mask = _some_worlds(rng, n)
            if mask is not None:
                s = seed + 1000 + t if partial_resets and t == partial_resets[-1] else None
                out = native.reset(seed=s, options={"reset_mask": mask})
                assert_reset_equal(out, sync.reset(seed=s, options={"reset_mask": mask.copy()}),
                                   names, f"masked reset after step {t}")
                obs = out[0]
    finally:
        native.close()
        sync.close()
    return counts


def run_against_single(env_id: str, n: int, steps: int, seed, **kwargs) -> int:
    """World ``i`` of the native env (next-step autoreset) equals a single env made with
    ``gymnasium.make`` and reset with seed ``s + i`` (or ``seed[i]`` for a list), its episodes
    restarted by ``reset()`` without a seed. Returns the number of episode ends seen."""
    native = make_native(env_id, n, **kwargs)
    singles = [gymnasium.make(env_id, disable_env_checker=True, **kwargs) for _ in range(n)]
    seeds = list(seed) if isinstance(seed, (list, tuple)) else [seed + i for i in range(n)]
    names, space = native.unwrapped.label_names, native.single_observation_space
    policy = policy_for(env_id, native.single_action_space)
    rng, ends = np.random.default_rng(0), 0
    obs, info = native.reset(seed=seed)
    pending = [False] * n
    for i, env in enumerate(singles):
        _check_world(obs, None, None, info, i, env.reset(seed=seeds[i]), space, names)
    for t in range(steps):
        actions = policy(obs, rng, n)
        obs, rew, term, trunc, info = native.step(actions)
        for i, env in enumerate(singles):
            if pending[i]:
                o, inf = env.reset()
                single = (o, np.zeros_like(rew[i]), False, False, inf)
            else:
                single = env.step(actions[i].item() if np.ndim(actions[i]) == 0 else actions[i])
            pending[i] = bool(single[2] or single[3])
            ends += pending[i]
            _check_world(obs, rew, (term, trunc), info, i, single, space, names, t)
    native.close()
    return ends


def _check_world(obs, rew, flags, info, i, single, space, names, t=None) -> None:
    from safety_sim.vector.base import unbatch

    where = f"world {i} " + ("at reset" if t is None else f"step {t}")
    o, inf = (single[0], single[-1])
    assert data_equivalence(unbatch(space, obs, i), o, exact=True), f"{where}: obs"
    if rew is not None:
        r, term, trunc = single[1], single[2], single[3]
        assert np.array_equal(rew[i], np.asarray(r)), f"{where}: reward"
        assert np.asarray(r).ndim == 0 or rew.dtype == np.asarray(r).dtype, f"{where}: dtype"
        assert (bool(flags[0][i]), bool(flags[1][i])) == (term, trunc), f"{where}: flags"
    assert info["cost"][i] == inf["cost"], f"{where}: cost"
    for name in names:
        assert info["labels"][name][i] == (name in inf["labels"]), f"{where}: label {name}"


def check_refused_actions(env_id: str, n: int, cases: list[tuple[Any, str, str]],
                          valid: Any, seed: int = 0, **kwargs) -> None:
    """Each ``(actions, exception name, message fragment)`` is refused by ``step``, and the
    batch then continues exactly like a twin that never saw the bad actions."""
    env, twin = make_native(env_id, n, **kwargs), make_native(env_id, n, **kwargs)
    env.reset(seed=seed)
    twin.reset(seed=seed)
    for actions, exc_name, fragment in cases:
        try:
            env.step(actions)
        except Exception as exc:  # noqa: BLE001 - checked below
            assert type(exc).__name__ == exc_name, f"{actions!r}: {type(exc).__name__}: {exc}"
            assert fragment in str(exc), f"{actions!r}: {fragment!r} not in {exc}"
        else:
            raise AssertionError(f"{env_id}: step({actions!r}) was accepted")
        assert_step_equal_native(env.step(valid), twin.step(valid), f"after {actions!r}")
    env.close()
    twin.close()


def assert_step_equal_native(a, b, where: str) -> None:
    for x, y, what in zip(a, b, ("obs", "rewards", "terminated", "truncated", "info")):
        assert data_equivalence(x, y, exact=True), f"{where}: {what} differ: {x} != {y}"


def shared_arrays(a: Any, b: Any) -> bool:
    """True if two returned structures share any numpy buffer (returned data must be new)."""
    def leaves(x):
        if isinstance(x, dict):
            for v in x.values():
                yield from leaves(v)
        elif isinstance(x, (tuple, list)):
            for v in x:
                yield from leaves(v)
        elif isinstance(x, np.ndarray):
            if x.dtype == object:
                for v in x.flat:
                    yield from leaves(v)
            else:
                yield x
    la, lb = list(leaves(a)), list(leaves(b))
    return any(np.shares_memory(x, y) for x in la for y in lb)
