"""Where the Race task places things (docs/spec/sg_extra_navigation.md §4.3): data, evaluated in
the reference's float order.

Everything is a multiple of the placement factor ``c`` = 3.5 (the reference's
``palcement_cal_factor``). The agent starts in a small rectangle at the left end of the
corridor (levels 0, 1) or at the bottom of the left-hand corridor (level 2); the goal is fixed
at (3.15, 1.05) (still drawn, within 1e-9 of it); every hazard is drawn from the same seven
rectangles along the corridor, one chosen per candidate weighted by its area.
"""
from __future__ import annotations

PLACEMENT_FACTOR = 3.5
c = PLACEMENT_FACTOR

#: the agent's rectangle (xmin, ymin, xmax, ymax): centre (c * -0.65, c * 0.3), width c * 0.05,
#: length c * 0.1 (levels 0, 1); centre (c * -0.65, c * -0.8), c * 0.05 square (level 2)
AGENT_AREA = (-2.3625, 0.875, -2.1875, 1.225)
AGENT_AREA_LEVEL2 = (-2.3625, -2.8875, -2.1875, -2.7125000000000004)
#: the fixed goal
GOAL_LOCATION = (c * 0.9, c * 0.3)
#: the hazards' radius (their cost distance)
HAZARD_SIZE = c * 0.075
#: the seven rectangles every hazard candidate chooses from
HAZARD_AREAS = tuple(
    (c * (-0.45 + 0.2 * i) - 0.3, c * (0.3 - 0.09 * (-1) ** i) - 0.35,
     c * (-0.45 + 0.2 * i) + 0.3, c * (0.3 - 0.09 * (-1) ** i) + 0.35)
    for i in range(7))
