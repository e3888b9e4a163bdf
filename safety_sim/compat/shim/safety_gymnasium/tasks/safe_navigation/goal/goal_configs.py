"""``goal_level0``: the ``config=`` dict with which ``Safety<Agent>GoalBase-v0`` builds
Goal level 0 (Safety-Gymnasium's dict, a fresh copy of
``safety_sim.navigation.sg_config.level0.LEVEL0["Goal"]``)."""
import copy

from safety_sim.navigation.sg_config.level0 import LEVEL0

goal_level0 = copy.deepcopy(LEVEL0["Goal"])
