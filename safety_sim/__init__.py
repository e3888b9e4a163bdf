"""safety_sim: MuJoCo-backed environments for safe reinforcement learning.

Importing the package registers every environment id with gymnasium (see
:mod:`safety_sim.registration`); nothing heavy (no MuJoCo model, no OpenGL) happens here.
"""
from __future__ import annotations

from safety_sim import _gl

_gl.guard_mujoco_import()

from safety_sim.registration import ENV_ROWS, env_ids, register_all  # noqa: E402
from safety_sim.core import make, oracle, parallel_env  # noqa: E402

__version__ = "0.1.0"
__all__ = ["make", "oracle", "parallel_env", "env_ids", "ENV_ROWS", "__version__"]

register_all()
