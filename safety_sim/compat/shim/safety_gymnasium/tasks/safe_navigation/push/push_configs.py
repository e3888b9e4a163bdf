"""``push_level0``: the ``config=`` dict with which ``Safety<Agent>PushBase-v0`` builds
Push level 0 (Safety-Gymnasium's dict, a fresh copy of
``safety_sim.navigation.sg_config.level0.LEVEL0["Push"]``)."""
import copy

from safety_sim.navigation.sg_config.level0 import LEVEL0

push_level0 = copy.deepcopy(LEVEL0["Push"])
