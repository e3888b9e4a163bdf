"""Refusing, before anything is allocated, a number of worlds the process cannot hold.

A vector env asked for more worlds than fit would otherwise fill the memory array by array
until the system's out-of-memory killer ends the process, with no message. Each native vector
env knows what one world costs: the MuJoCo families from the model's sizes
(:func:`safety_sim.vector.mujoco_batch.check_memory`), the gridworlds from a measured bound
(``BatchedVectorEnv.world_bytes``, kept honest by tests/vector/test_vector_memory.py).
"""
from __future__ import annotations


def check_fits(num_envs: int, touched: int, mapped: int, name: str) -> None:
    """MemoryError naming ``num_envs``, the estimate and the limit where ``touched`` bytes (what
    the worlds fill) exceed the memory the machine has available, or ``mapped`` bytes (what
    they reserve) the address space allowed (``ulimit -v``)."""
    limits = []
    try:
        import resource

        soft = resource.getrlimit(resource.RLIMIT_AS)[0]
        if soft != resource.RLIM_INFINITY:
            limits.append((mapped, soft, "the address space allowed (ulimit -v)"))
    except (ImportError, ValueError, OSError):       # no such limit on this platform
        pass
    available = available_memory()
    if available is not None:
        limits.append((touched, available, "the memory available"))
    for need, limit, what in limits:
        if need > limit:
            raise MemoryError(
                f"{name}: num_envs={num_envs} needs about {need / 2**30:.1f} GiB "
                f"(~{_size(need / num_envs)} per world), more than {what}: "
                f"{limit / 2**30:.1f} GiB; use fewer worlds (several vector envs in separate "
                "processes if you need more)")


def available_memory() -> int | None:
    """MemAvailable of /proc/meminfo in bytes (Linux), else None."""
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return None


def _size(nbytes: float) -> str:
    if nbytes >= 2**20:
        return f"{nbytes / 2**20:.1f} MiB"
    return f"{nbytes / 2**10:.1f} KiB" if nbytes >= 2**10 else f"{nbytes:.0f} B"
