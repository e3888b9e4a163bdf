"""Instructions a step of an id, counted by callgrind: deterministic, unlike timings on a shared
machine, so a change's effect on the Python around the physics shows to the instruction.

    valgrind --tool=callgrind --collect-atstart=no --toggle-collect=functools_reduce \\
        --callgrind-out-file=/dev/null python scripts/count_step_instructions.py ID [WHAT] [N]

prints ``Collected : <instructions>``; divide by N (default 2000). Only the loop is counted: it
runs inside ``functools.reduce`` (the one call of it here), so imports, the model's compilation
and the actions' sampling are left out. Two runs differ by about one instruction a step.

WHAT: ``env`` (default: ``gymnasium.make(ID)`` with seeded random actions, ended episodes
reset), ``raw`` (the physics limit of ``safety-sim bench``: ``mj_step(nstep=10)`` with the same
controls from the post-reset state). Without valgrind the script just runs the loop.
docs/speed.md ("The single env's observation bound once") has figures measured this way.
"""
from __future__ import annotations

import copy
import functools
import sys

import gymnasium
import mujoco
import numpy as np

import safety_sim  # noqa: F401  (registers the ids)
from safety_sim.tools import episode_over


def main(argv: list[str]) -> None:
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return
    env_id, what = argv[0], argv[1] if len(argv) > 1 else "env"
    n = int(argv[2]) if len(argv) > 2 else 2000
    if what not in ("env", "raw") or n < 1:
        raise SystemExit(f"usage: count_step_instructions.py ID [env|raw] [N >= 1], got {argv}")
    env = gymnasium.make(env_id)
    env.reset(seed=0)
    env.action_space.seed(0)
    actions = [env.action_space.sample() for _ in range(n)]
    multi = isinstance(actions[0], dict)

    def env_step(_, action):
        _, _, terminated, truncated, _ = env.step(action)
        if episode_over(terminated, truncated) if multi else terminated or truncated:
            env.reset()

    base = env.unwrapped
    model = base.model
    data = copy.copy(base.data)

    def raw_step(_, ctrl):
        data.ctrl[:] = ctrl
        mujoco.mj_step(model, data, nstep=10)

    if what == "env":
        functools.reduce(env_step, actions, None)
    else:
        ctrls = [np.concatenate([a[k] for k in a]) if multi else a for a in actions]
        functools.reduce(raw_step, ctrls, None)


if __name__ == "__main__":
    main(sys.argv[1:])
