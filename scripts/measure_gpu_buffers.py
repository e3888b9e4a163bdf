"""Measure the contact and constraint counts the navigation scenes reach, to size the GPU form's
per-world MuJoCo Warp buffers (``njmax`` constraint rows, ``nconmax`` contacts; docs/gpu.md).

MuJoCo C (fast, float64): random-action episodes of the CPU single env (actions from
``numpy.random.default_rng(seed).uniform(low, high)``, an ended episode reset and continued),
every forward pass of every substep watched through ``mjcb_control``; per id the largest

* ``ncon``: contacts MuJoCo C found (with those it then leaves out of the constraints), and
* ``nefc``: the constraint rows MJWarp makes when it keeps every one of those contacts --
  ``ne + nf + nl`` plus per contact ``2 (condim - 1)`` rows (pyramidal cone; 1 for condim 1).
  MuJoCo C drops contacts at distance >= margin - gap (bodies resting at distance exactly 0:
  the gremlins on their welds, the Car's wheels); MJWarp's float32 often sees those at -0.0
  and keeps them, so C's own ``nefc`` would undercount.

``--warp N STEPS``: the same ids in the GPU form on Warp's CPU device (N worlds, STEPS steps,
buffers far above need), MJWarp's own largest per-world ``nefc``, contacts and broadphase pairs
per world -- the check that the MuJoCo C figures bound what MJWarp makes (slow: about a second
per step at N = 4).

``--write`` writes the MuJoCo C table to ``safety_sim/gpu/buffer_table.py`` (the defaults
``safety_sim.gpu.physics.default_buffers`` reads).

    python scripts/measure_gpu_buffers.py --steps 1000 --seeds 0 1 2 --write
    python scripts/measure_gpu_buffers.py SafetyPointButton2-v0 --warp 4 100
"""
from __future__ import annotations

import argparse
import json
import pathlib
import sys
import time

import gymnasium
import mujoco
import numpy as np

import safety_sim  # noqa: F401  (registers the ids)

AGENTS = ("Point", "Car", "Doggo", "Racecar", "Ant")
TASKS = tuple(f"{t}{lv}" for t in ("Push", "Goal", "Button", "Circle") for lv in (0, 1, 2)) + (
    "Run0",)
TABLE = pathlib.Path(__file__).resolve().parents[1] / "safety_sim" / "gpu" / "buffer_table.py"


def base_ids() -> list[str]:
    return [f"Safety{a}{t}-v0" for a in AGENTS for t in TASKS]


def multigoal_ids() -> list[str]:
    """The MultiGoal ids (two agents a world: their GPU form's buffers)."""
    return [f"Safety{a}MultiGoal{lv}-v0" for a in AGENTS for lv in (0, 1, 2)]


def uniform(rng, space):
    """A uniform action of ``space`` (a Box, or a Dict of Boxes: MultiGoal's agents)."""
    if hasattr(space, "spaces"):
        return {k: uniform(rng, sub) for k, sub in space.spaces.items()}
    return rng.uniform(space.low, space.high)


def contact_rows(dim: np.ndarray, cone: int) -> np.ndarray:
    """Constraint rows per contact of dimension ``dim`` (MuJoCo's and MJWarp's count)."""
    if cone == int(mujoco.mjtCone.mjCONE_ELLIPTIC):
        return dim
    return np.where(dim == 1, 1, 2 * (dim - 1))


def measure_c(env_id: str, steps: int, seed: int) -> dict:
    """Largest ``ncon`` and all-contacts ``nefc`` of one world over ``steps`` steps."""
    env = gymnasium.make(env_id)
    cone = int(env.unwrapped.model.opt.cone)
    peak = {"ncon": 0, "nefc": 0, "nefc_c": 0}

    def watch(m, d):
        c = d.contact
        kept = c.exclude[:d.ncon] <= 1                  # 0: active, 1: in the gap zone
        rows = d.ne + d.nf + d.nl + int(contact_rows(c.dim[:d.ncon][kept], cone).sum())
        peak["ncon"] = max(peak["ncon"], int(d.ncon))
        peak["nefc"] = max(peak["nefc"], rows)
        peak["nefc_c"] = max(peak["nefc_c"], int(d.nefc))

    mujoco.set_mjcb_control(watch)
    try:
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        space = env.action_space
        for _ in range(steps):
            _, _, term, trunc, _ = env.step(uniform(rng, space))
            if np.any(list(term.values()) if isinstance(term, dict) else term) or \
                    np.any(list(trunc.values()) if isinstance(trunc, dict) else trunc):
                env.reset()
    finally:
        mujoco.set_mjcb_control(None)
        env.close()
    return peak


def measure_warp(env_id: str, n: int, steps: int, seed: int = 0) -> dict:
    """MJWarp's own largest per-world counts in the GPU form on Warp's CPU device."""
    import safety_sim.gpu as gpu
    from safety_sim.navigation import config as nc

    env = gpu.make_vec(env_id, n, device="cpu", output="numpy", njmax=4096, nconmax=1024)
    w = env.worlds
    wp, mjw = w.mods.wp, w.mods.mjw
    peak = {"nefc": 0, "ncon": 0, "pairs_per_world": 0.0}

    def substeps():                     # WarpWorlds._substeps, counting after each substep
        for k in range(nc.SUBSTEPS):
            if w.gremlins:
                wp.copy(w.dx.mocap_pos, w._ghosts_wp[k])
            mjw.step(w.mx, w.dx)
            nacon = int(w.dx.nacon.numpy()[0])
            per_world = np.bincount(w.dx.contact.worldid.numpy()[:nacon], minlength=n)
            peak["nefc"] = max(peak["nefc"], int(w.dx.nefc.numpy().max()))
            peak["ncon"] = max(peak["ncon"], int(per_world.max(initial=0)))
            peak["pairs_per_world"] = max(peak["pairs_per_world"],
                                          int(w.dx.ncollision.numpy()[0]) / n)
        mjw.forward(w.mx, w.dx)

    w._substeps = substeps
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    space = env.single_action_space
    for _ in range(steps):
        env.step(rng.uniform(space.low, space.high, (n, *space.shape)))
    env.close()
    return peak


def write_table(rows: list[dict]) -> None:
    """The table with ``rows`` (new levels added, measured ones replaced; the others kept)."""
    from safety_sim.gpu.buffer_table import PEAKS

    peaks = dict(PEAKS)
    peaks.update({r["level"]: (r["ncon"], r["nefc"]) for r in rows})
    lines = ['"""Measured peak contact and constraint counts of one world per navigation level',
             "(MuJoCo C, random actions), from which ``physics.default_buffers`` sizes MJWarp's",
             "buffers. Written by ``scripts/measure_gpu_buffers.py`` (see there and docs/gpu.md;",
             "each run replaces the levels it measured):", "",
             "    python scripts/measure_gpu_buffers.py --steps 1000 --seeds 0 1 2 --write",
             "    python scripts/measure_gpu_buffers.py multigoal --steps 1000 --seeds 0 1 2 "
             "--write",
             "", 'level name -> (ncon, nefc)."""', "", "PEAKS = {"]
    for level, (ncon, nefc) in peaks.items():
        lines.append(f"    {level!r}: ({ncon}, {nefc}),")
    lines.append("}")
    TABLE.write_text("\n".join(lines) + "\n")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python scripts/measure_gpu_buffers.py",
                                description=__doc__.split("\n\n")[0])
    p.add_argument("ids", nargs="*", help="default: every base navigation id (65); "
                   "'multigoal': the 15 MultiGoal ids")
    p.add_argument("--steps", type=int, default=1000, help="steps per seed")
    p.add_argument("--seeds", type=int, nargs="+", default=[0, 1, 2])
    p.add_argument("--warp", type=int, nargs=2, metavar=("N", "STEPS"))
    p.add_argument("--write", action="store_true")
    a = p.parse_args(argv)
    ids = multigoal_ids() if a.ids == ["multigoal"] else a.ids or base_ids()
    rows = []
    for env_id in ids:
        t = time.perf_counter()
        row = {"id": env_id, "level": gymnasium.make(env_id).unwrapped.name,
               "steps": a.steps * len(a.seeds), "ncon": 0, "nefc": 0, "nefc_c": 0}
        for seed in a.seeds:
            for k, v in measure_c(env_id, a.steps, seed).items():
                row[k] = max(row[k], v)
        row["s"] = round(time.perf_counter() - t, 1)
        if a.warp:
            row["warp"] = measure_warp(env_id, *a.warp)
        rows.append(row)
        print(json.dumps(row), flush=True)
    if a.write:
        write_table(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
