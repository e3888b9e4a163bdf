"""Gridworlds drawn as MuJoCo scenes (static tiles merged into few geoms, mocap bodies for
what moves)."""
