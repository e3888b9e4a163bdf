"""safety_sim: MuJoCo-backed environments for safe reinforcement learning.

Importing the package registers every environment id with gymnasium (see
:mod:`safety_sim.registration`); nothing heavy (no MuJoCo model, no OpenGL) happens here.
"""
from __future__ import annotations

from safety_sim.gl import backend as _gl

_gl.guard_mujoco_import()

from safety_sim import vector  # noqa: E402
from safety_sim._version import __version__  # noqa: E402
from safety_sim.api import make, make_ma, make_vec, oracle, parallel_env  # noqa: E402
from safety_sim.registration import ENV_ROWS, env_ids, register_all  # noqa: E402


def _safety_gymnasium_vector(name: str):
    """``safety_sim.vector.make`` and ``safety_sim.vector.Safety*VectorEnv``: Safety-Gymnasium's
    names where its users look for them, imported from :mod:`safety_sim.compat.vector` on
    first use (set here, by the front door, so that ``vector/`` imports nothing above it)."""
    if name in ("make", "SafetyVectorEnv", "SafetySyncVectorEnv", "SafetyAsyncVectorEnv",
                "NativeSafetyVectorEnv"):
        from safety_sim.compat import vector as safety_gymnasium_vector

        return getattr(safety_gymnasium_vector, name)
    raise AttributeError(f"module 'safety_sim.vector' has no attribute {name!r}")


vector.__getattr__ = _safety_gymnasium_vector  # type: ignore[method-assign]  # PEP 562

__all__ = ["make", "make_ma", "make_vec", "oracle", "parallel_env", "dm_env", "env_ids", "ENV_ROWS",
           "__version__"]


def dm_env(env_id: str, seed: int | None = None, **kwargs):
    """``env_id`` as a ``dm_env.Environment`` (needs the ``dm`` extra); see
    :class:`safety_sim.adapters.dm.DmEnvAdapter`."""
    from safety_sim.adapters.dm import make_dm_env

    return make_dm_env(env_id, seed=seed, **kwargs)

register_all()
