"""Record the reference's reset states (tests/data/push_reset_states.json).

Runs the reference implementation, so it needs its own environment (it is not a dependency of
safety_sim): Python 3.10 with ``pip install safety-gymnasium==1.0.0 "numpy<1.24"`` (which pins
mujoco 2.3.3 and gymnasium 0.28.1). Usage::

    python scripts/record_push_reset_states.py OUT.json            # the CPU's own numpy kernels
    NPY_DISABLE_CPU_FEATURES="AVX512_SKX AVX512_CLX AVX512_CNL AVX512_ICL" \\
        python scripts/record_push_reset_states.py OUT_libm.json     # numpy without SVML
    python scripts/record_push_reset_states.py --merge OUT.json OUT_libm.json > OUT_merged.json

Per env id ``Safety{Agent}Push{level}-v0`` and seed it records, after ``reset(seed)`` preceded
by a throw-away reset (the reference's first reset after construction runs one mj_forward fewer;
its accelerometer is kept as ``first_reset_accelerometer``): the first observation, ``qpos``,
``qacc_warmstart``, the contacts of the last forward pass (geom name pairs, unnamed geoms as
""), the XML ``quat`` text of every placed body (the trigonometry bits the reference used), and
after one ``step`` with the agent's first dynamics program (``push_dynamics_subset.json``):
``qpos`` and ``qvel``. Only the public API is used, plus wrappers around
``mujoco.MjModel.from_xml_string`` and ``mujoco.mj_forward`` that see what goes through them.
"""
from __future__ import annotations

import json
import math
import os
import platform
import re
import sys

import mujoco
import numpy as np

SEEDS = range(int(os.environ.get("RECORD_SEEDS", "10")))     # seeds 0..9 per env id
RUNS = {"Point": (0, 1, 2), "Car": (0, 1, 2), "Doggo": (0,), "Racecar": (0,), "Ant": (0,)}
FIRST_ACTION = {"Point": [1.0, 0.0], "Car": [1.0, 1.0], "Racecar": [20.0, 0.0],
                # the trot programs at t = 0: sin(0 + p), sin(0 + p + pi/2), p = (0, pi, 0, pi)
                "Doggo": [0.0] * 4 + [math.sin(p) for p in (0, math.pi, 0, math.pi)]
                + [math.sin(p + math.pi / 2) for p in (0, math.pi, 0, math.pi)],
                "Ant": [v for p in (0, math.pi, 0, math.pi)
                        for v in (math.sin(p), math.sin(p + math.pi / 2))]}
_SEEN = {"xml": None, "data": None, "model": None}


def _watch() -> None:
    compile_xml, forward = mujoco.MjModel.from_xml_string, mujoco.mj_forward

    def from_xml_string(xml, *args, **kwargs):
        _SEEN["xml"] = xml
        return compile_xml(xml, *args, **kwargs)

    def mj_forward(model, data):
        _SEEN["model"], _SEEN["data"] = model, data
        return forward(model, data)

    mujoco.MjModel.from_xml_string = staticmethod(from_xml_string)
    mujoco.mj_forward = mj_forward


def _quats(xml: str) -> dict:
    return {name: [float(v) for v in quat.split()] for name, quat in
            re.findall(r'<body name="([^"]+)" pos="[^"]*" quat="([^"]*)"', xml)}


def _contacts(model, data) -> list:
    return [[model.geom(int(c.geom1)).name, model.geom(int(c.geom2)).name]
            for c in (data.contact[i] for i in range(data.ncon))]


def record() -> dict:
    _watch()
    import safety_gymnasium
    probe = 2.4446515321253525           # np.cos differs from the C library's here with SVML
    out = {"python": platform.python_version(), "numpy": np.__version__,
           "mujoco": mujoco.__version__, "safety_gymnasium": safety_gymnasium.__version__,
           "numpy_trig": "svml" if np.cos(probe) != math.cos(probe) else "libm", "runs": {}}
    for agent, levels in RUNS.items():
        for level in levels:
            env_id = f"Safety{agent}Push{level}-v0"
            runs = out["runs"][env_id] = {}
            for seed in SEEDS:
                first = safety_gymnasium.make(env_id)
                obs, _ = first.reset(seed=seed)
                first_acc = np.asarray(obs[:3], float).tolist()
                first.close()
                env = safety_gymnasium.make(env_id)
                env.reset(seed=seed + 1000)
                obs, _ = env.reset(seed=seed)
                m, d = _SEEN["model"], _SEEN["data"]
                rec = {"obs": np.asarray(obs, float).tolist(), "qpos": d.qpos.tolist(),
                       "qacc_warmstart": d.qacc_warmstart.tolist(), "contacts": _contacts(m, d),
                       "xml_quats": _quats(_SEEN["xml"]), "first_reset_accelerometer": first_acc}
                env.step(np.array(FIRST_ACTION[agent]))
                d = _SEEN["data"]
                rec["step1"] = {"action": FIRST_ACTION[agent], "qpos": d.qpos.tolist(),
                                "qvel": d.qvel.tolist()}
                runs[str(seed)] = rec
                env.close()
            print("recorded", env_id, file=sys.stderr)
    return out


NOTE = ("Per env id and seed, the reference's state right after reset(seed) (preceded by a "
        "throw-away reset, as push_dynamics_subset.json's start states): obs (the first "
        "observation), qpos, qacc_warmstart, contacts (geom name pairs of the last mj_forward; "
        "unnamed geoms are \"\"), xml_quats (the quat text of every placed body in the XML the "
        "reference compiled: the bits of its sin/cos), first_reset_accelerometer (the same "
        "seed on a fresh env's first reset, which runs one mj_forward fewer), and step1 "
        "(qpos, qvel after one env.step(action) with the agent's first dynamics program).")


def merge(paths: list[str]) -> dict:
    parts = [json.load(open(p)) for p in paths]
    first = parts[0]
    return {
        "format": "push_reset_states/1",
        "source": {"reference": f"safety-gymnasium {first['safety_gymnasium']}",
                   **{k: first[k] for k in ("python", "numpy", "mujoco")},
                   "cpu": "x86-64 with AVX-512",
                   "generated_by": "scripts/record_push_reset_states.py (safety_sim issue 13)"},
        "note": NOTE,
        "variants": {p["numpy_trig"]: p["runs"] for p in parts},
        "variant_note": "svml: numpy's own kernels on an AVX-512 CPU (numpy < 2 runs float64 "
                        "sin/cos through Intel SVML), as the other reference files; libm: the "
                        "same machine with numpy's AVX-512 kernels disabled "
                        "(NPY_DISABLE_CPU_FEATURES), as on CPUs without AVX-512: sin/cos from "
                        "the C library, as numpy >= 2 everywhere.",
    }


if __name__ == "__main__":
    if sys.argv[1] == "--merge":
        json.dump(merge(sys.argv[2:]), sys.stdout, separators=(",", ":"))
    else:
        json.dump(record(), open(sys.argv[1], "w"), separators=(",", ":"))
