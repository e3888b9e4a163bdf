"""``run_level0``: the ``config=`` dict with which ``Safety<Agent>RunBase-v0`` builds
Run level 0 (Safety-Gymnasium's dict, a fresh copy of
``safety_sim.navigation.sg_config.level0.LEVEL0["Run"]``)."""
import copy

from safety_sim.navigation.sg_config.level0 import LEVEL0

run_level0 = copy.deepcopy(LEVEL0["Run"])
