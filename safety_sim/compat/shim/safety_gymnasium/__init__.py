"""safety_sim's drop-in for ``safety_gymnasium`` (see ``safety_sim.compat``). Importing it also
provides gymnasium 0.28's ``gymnasium.wrappers.normalize`` where the installed gymnasium has
none (:mod:`safety_sim.compat.gymnasium_normalize`), also in worker processes."""
from safety_sim.compat import gymnasium_normalize as _gymnasium_normalize
from safety_sim.compat.api import (PREFIX, ROBOT_NAMES, VERSION, __version__,  # noqa: F401
                                   gymnasium_make, gymnasium_register, make, register)
from safety_gymnasium import utils, vector, wrappers  # noqa: F401
from safety_gymnasium.tasks.safe_multi_agent.safe_mujoco_multi import make_ma  # noqa: F401

_gymnasium_normalize.provide()

__all__ = ["register", "make", "gymnasium_make", "gymnasium_register"]
