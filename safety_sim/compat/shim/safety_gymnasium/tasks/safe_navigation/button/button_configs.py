"""``button_level0``: the ``config=`` dict with which ``Safety<Agent>ButtonBase-v0`` builds
Button level 0 (Safety-Gymnasium's dict, a fresh copy of
``safety_sim.navigation.sg_config.level0.LEVEL0["Button"]``)."""
import copy

from safety_sim.navigation.sg_config.level0 import LEVEL0

button_level0 = copy.deepcopy(LEVEL0["Button"])
