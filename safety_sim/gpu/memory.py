"""Refusing, before anything is allocated, a number of GPU-form worlds (or buffers) that the
device or the host cannot hold -- as the CPU vector envs do (:mod:`safety_sim.vector.memory`).

One world costs, on the device, MJWarp's data in float32 (about half of MuJoCo C's ``MjData``
buffer), its constraint rows (``njmax`` rows of a dense Jacobian over the ``nv`` dofs and
their solver fields) and its contacts (``nconmax``), plus the rules' float64 tensors; on the
host, its layout rows and stream. Where the device is Warp's CPU device both live in the host's
memory. The estimate is a lower bound: a refusal is certain, a pass is not a promise.
"""
from __future__ import annotations

import mujoco

from safety_sim.vector.memory import check_fits

#: float32 values per constraint row beyond its Jacobian row, and per contact (measured
#: from mujoco_warp's Data fields, rounded down)
EFC_FIELDS, CONTACT_FIELDS = 16, 40


def world_bytes(runtime, njmax: int, nconmax: int) -> tuple[int, int]:
    """``(device bytes, host bytes)`` of one world of the level ``runtime``."""
    model = runtime.model
    data_bytes = mujoco.MjData(model).nbuffer // 2                  # float64 -> float32
    efc = 4 * njmax * (model.nv + EFC_FIELDS)
    contacts = 4 * nconmax * CONTACT_FIELDS
    rules = 8 * 3 * (runtime.obs_layout.size + 3 * model.nbody)      # obs, reads, temporaries
    rows = 8 * (model.nbody * 7 + 2 * model.nq)                     # layout rows, qpos
    return data_bytes + efc + contacts + rules, rows + 2 * runtime.obs_layout.size * 8


def check_world_memory(runtime, num_envs: int, njmax: int, nconmax: int, torch,
                       torch_device, name: str) -> None:
    """MemoryError naming ``num_envs`` (and the buffers) where the worlds do not fit: on a
    GPU, the device's free memory (torch's ``mem_get_info``) and the host's; on Warp's CPU
    device, the host's for both."""
    device, host = world_bytes(runtime, njmax, nconmax)
    what = f"{name} (njmax={njmax}, nconmax={nconmax} per world)"
    if torch_device.type != "cuda":
        need = num_envs * (device + host)
        check_fits(num_envs, need, need, what)
        return
    check_fits(num_envs, num_envs * host, num_envs * host, what)
    free = int(torch.cuda.mem_get_info(torch_device)[0])
    need = num_envs * device
    if need > free:
        raise MemoryError(f"{what}: num_envs={num_envs} needs about {need / 2**30:.1f} GiB of "
                          f"device memory (~{device / 2**20:.2f} MiB per world), more than the "
                          f"{free / 2**30:.1f} GiB free on {torch_device}; use fewer worlds or "
                          "smaller njmax/nconmax")
