"""``circle_level0``: the ``config=`` dict with which ``Safety<Agent>CircleBase-v0`` builds
Circle level 0 (Safety-Gymnasium's dict, a fresh copy of
``safety_sim.navigation.sg_config.level0.LEVEL0["Circle"]``)."""
import copy

from safety_sim.navigation.sg_config.level0 import LEVEL0

circle_level0 = copy.deepcopy(LEVEL0["Circle"])
