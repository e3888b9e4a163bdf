"""Digest of seeded rollouts: one SHA-256 per id over every observation, reward, flag and info.

A refactor that must not change behaviour runs this before and after and compares the output:
``python tests/rollout_digest.py --out before.json`` on the old commit, then ``python
tests/rollout_digest.py --compare before.json`` on the new one (for a commit from before this
file moved here from ``scripts/``, run this copy there). Each id is reset with a fixed seed and
stepped ``--steps`` times with actions sampled from its seeded action space (an ended episode is
reset without a seed, so the stream goes on); with ``--vector N`` its native vector env
(``vector_entry_point``, where the id has one) is stepped the same way with ``N`` worlds. The
tests import :func:`canonical` from here (a JSON form of nested outputs that keeps every bit).

Only public entry points are used (``gymnasium.make``, ``gymnasium.make_vec``, the level config
for the one custom level), so the script runs unchanged on any commit.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time

import gymnasium
import numpy as np

import safety_sim  # noqa: F401  (registers the ids)
try:
    from safety_sim.navigation.config import NavConfig, Goal, Hazards, Vases, Gremlins, GoalReward
except ImportError:  # commits before the package was laid out by family (49c9d9d)
    from safety_sim.nav_config import NavConfig, Goal, Hazards, Vases, Gremlins, GoalReward

#: navigation ids of every agent and task, velocity robots and every gridworld
DEFAULT_IDS = (
    "SafetyPointGoal1-v0", "SafetyCarGoal2-v0", "SafetyAntGoal1-v0",
    "SafetyPointButton2-v0", "SafetyCarButton1-v0", "SafetyDoggoButton1-v0",
    "SafetyPointPush2-v0", "SafetyDoggoPush1-v0", "SafetyRacecarPush2-v0",
    "SafetyRacecarCircle1-v0", "SafetyPointCircle2-v0", "SafetyAntCircle0-v0",
    "SafetyAntRun0-v0", "SafetyCarRun0-v0", "SafetyPointGoal1Vision-v0",
    "SafetyNavigation-v0",
    "SafetyHalfCheetahVelocity-v1", "SafetyAntVelocity-v1", "SafetyHumanoidVelocity-v1",
    "SafetyHopperVelocity-v0",
    "SafetyConveyorBelt-v0", "SafetyBreakableBottles-v0", "SafetyUnbreakableBottles-v0",
    "SafetyBlockedUnlockPickup-v0", "SafetySynthSeq-v0",
)


def custom_kwargs(env_id: str) -> dict:
    """Constructor kwargs of an id that needs them (a user's own navigation level)."""
    if env_id != "SafetyNavigation-v0":
        return {}
    cfg = NavConfig(objects=(Goal(), Hazards(6), Vases(2), Gremlins(2)), reward=GoalReward(),
                    extents=(-1.7, -1.7, 1.7, 1.7), name="DigestLevel")
    return {"agent": "Car", "config": cfg}


def canonical(value) -> object:
    """A JSON-able form of nested observations and infos that keeps every bit."""
    if isinstance(value, dict):
        return {str(k): canonical(v) for k, v in sorted(value.items(), key=lambda kv: str(kv[0]))}
    if isinstance(value, (frozenset, set)):
        return sorted(canonical(v) for v in value)
    if isinstance(value, (list, tuple)):
        return [canonical(v) for v in value]
    if isinstance(value, np.ndarray):
        if value.dtype == object:
            return ["object", list(value.shape), [canonical(v) for v in value.ravel()]]
        v = np.ascontiguousarray(value)
        return [str(v.dtype), list(v.shape), hashlib.sha256(v.tobytes()).hexdigest()]
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    if isinstance(value, (float, np.floating)):
        return float(value).hex()
    if isinstance(value, (int, np.integer)):
        return int(value)
    if value is None or isinstance(value, str):
        return value
    return repr(value)


class Digest:
    def __init__(self) -> None:
        self._h = hashlib.sha256()

    def add(self, *values) -> None:
        for v in values:
            self._h.update(json.dumps(canonical(v), sort_keys=True).encode())

    def hexdigest(self) -> str:
        return self._h.hexdigest()


def ended(flag) -> bool:
    """A step's terminated/truncated flag; per-agent dicts end when every agent has."""
    return all(flag.values()) if isinstance(flag, dict) else bool(flag)


def single_digest(env_id: str, steps: int, seed: int) -> str:
    env = gymnasium.make(env_id, **custom_kwargs(env_id))
    env.action_space.seed(seed)
    d = Digest()
    d.add(env.reset(seed=seed))
    for _ in range(steps):
        out = env.step(env.action_space.sample())
        d.add(out)
        if ended(out[2]) or ended(out[3]):
            d.add(env.reset())
    env.close()
    return d.hexdigest()


def vector_digest(env_id: str, steps: int, seed: int, n: int) -> str | None:
    spec = gymnasium.spec(env_id)
    if spec.vector_entry_point is None:
        return None
    venv = gymnasium.make_vec(env_id, num_envs=n, vectorization_mode="vector_entry_point",
                              **custom_kwargs(env_id))
    venv.action_space.seed(seed)
    d = Digest()
    d.add(venv.reset(seed=seed))
    for _ in range(steps):
        d.add(venv.step(venv.action_space.sample()))
    venv.close()
    return d.hexdigest()


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("ids", nargs="*", default=list(DEFAULT_IDS))
    p.add_argument("--steps", type=int, default=400)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--vector", type=int, default=8, help="worlds of the vector env (0: none)")
    p.add_argument("--out", help="write the digests to this JSON file")
    p.add_argument("--compare", help="compare with the digests in this JSON file")
    args = p.parse_args(argv)
    result = {}
    for env_id in args.ids:
        t0 = time.perf_counter()
        row = {"single": single_digest(env_id, args.steps, args.seed)}
        if args.vector:
            row["vector"] = vector_digest(env_id, args.steps, args.seed, args.vector)
        result[env_id] = row
        print(f"{env_id:34s} {row['single'][:16]} {str(row.get('vector'))[:16]} "
              f"({time.perf_counter() - t0:.1f} s)", flush=True)
    if args.out:
        with open(args.out, "w") as f:
            json.dump(result, f, indent=1, sort_keys=True)
    if args.compare:
        with open(args.compare) as f:
            before = json.load(f)
        diff = [(k, form) for k, row in result.items() for form, v in row.items()
                if before.get(k, {}).get(form) != v]
        for k, form in diff:
            print(f"DIFFERS: {k} ({form})")
        print(f"{len(result)} ids, {sum(len(r) for r in result.values())} digests, "
              f"{len(diff)} differ")
        return 1 if diff else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
