"""The cameras the tools offer, and ``overview``: a view of a whole navigation level.

The navigation scenes have four cameras of their own (``fixednear``, ``fixedfar``, ``vision``
and ``track``, Safety-Gymnasium's; ``track`` follows the agent from about 1.5 m and sees
about 3 x 3 m, so the goal is often out of the picture). ``overview`` is the tools' own: the
free camera (``camera_id=-1``) looking down at the level's centre from the south at
``ELEVATION`` degrees, its field of view widened until the level's placement rectangle plus
``MARGIN`` fits the frame, so that the agent, its goal and everything that costs are in
every frame. It changes only the model's free-camera settings (``model.vis.global_``:
azimuth, elevation, fovy), which nothing but pictures from camera -1 read. Run levels send
the agent off the level, so their default stays ``track``.
"""
from __future__ import annotations

import math

import numpy as np

from safety_sim import registration
from safety_sim.gridworlds.render.frame import GRID_CAMERAS

OVERVIEW = "overview"
#: degrees below the horizon the overview looks down at, and its compass direction (MuJoCo's
#: azimuth: 90 = looking towards +y, the fixed cameras' direction)
ELEVATION, AZIMUTH = -72.0, 90.0
#: the widest field of view (degrees) the overview uses before it moves the camera back, and
#: the field of view it then takes (MuJoCo's default)
WIDEST, FOVY = 90.0, 45.0
#: metres of floor shown round the level's placement rectangle
MARGIN = 0.25
#: height (m) of the lidar rings over the agent, kept in the picture too
RING_TOP = 0.6


def cameras(row: registration.EnvRow) -> tuple[str, ...]:
    """Camera names of an id, the recorder's default first. Navigation ids: ``overview``
    (``track`` for the Run levels, where the agent leaves the level) then the scene's own;
    MultiGoal: ``overview`` (its env films MuJoCo's free camera only); gridworlds: the grid
    scene's views; Safe Velocity: ``track``."""
    if row.family in registration.NAVIGATION_FAMILIES:
        from safety_sim.navigation.scene import CAMERA_ORDER  # imports mujoco: only when asked

        first = ("track", OVERVIEW) if row.entry_point.endswith(":RunEnv") else (OVERVIEW,
                                                                                  "track")
        return first + tuple(name for name in CAMERA_ORDER if name not in first)
    if row.family == "multigoal":
        return (OVERVIEW,)
    if row.family in ("gridworld", "multiagent"):
        return GRID_CAMERAS
    if row.family == "velocity":
        return ("track",)   # the -v4 models' tracking camera; -1 (free) via camera_id only
    return ()


def _corners(extents) -> np.ndarray:
    x0, y0, x1, y1 = extents
    xs, ys = (x0 - MARGIN, x1 + MARGIN), (y0 - MARGIN, y1 + MARGIN)
    return np.array([(x, y, z) for x in xs for y in ys for z in (0.0, RING_TOP)])


def _frame_axes(azimuth: float, elevation: float):
    """Forward, right and up unit vectors of a MuJoCo free camera (angles in degrees)."""
    az, el = math.radians(azimuth), math.radians(elevation)
    forward = np.array([math.cos(el) * math.cos(az), math.cos(el) * math.sin(az), math.sin(el)])
    right = np.cross(forward, (0.0, 0.0, 1.0))
    right /= np.linalg.norm(right)
    return forward, right, np.cross(right, forward)


def needed_fovy(extents, lookat, distance: float, aspect: float,
                azimuth: float = AZIMUTH, elevation: float = ELEVATION) -> float:
    """The vertical field of view (degrees) with which a free camera at ``distance`` from
    ``lookat`` sees the whole of ``extents`` (x0, y0, x1, y1) plus :data:`MARGIN`, in a frame
    ``aspect`` = width / height."""
    forward, right, up = _frame_axes(azimuth, elevation)
    rel = _corners(extents) - (np.asarray(lookat, float) - distance * forward)
    depth = rel @ forward
    half = max(np.max(np.abs(rel @ up) / depth), np.max(np.abs(rel @ right) / depth) / aspect)
    return math.degrees(2.0 * math.atan(half))


def overview_distance(extents, lookat, fovy: float, aspect: float,
                      azimuth: float = AZIMUTH, elevation: float = ELEVATION) -> float:
    """The distance from ``lookat`` at which a free camera with field of view ``fovy``
    (degrees) sees the whole of ``extents`` plus :data:`MARGIN`."""
    lo, hi = 0.1, 100.0
    for _ in range(60):                 # the needed field of view shrinks with distance
        mid = 0.5 * (lo + hi)
        if needed_fovy(extents, lookat, mid, aspect, azimuth, elevation) > fovy:
            lo = mid
        else:
            hi = mid
    return hi


def use_overview(env, aspect: float) -> None:
    """Set ``env``'s free camera (made with ``camera_id=-1``) to the overview of its level:
    MuJoCo's default free camera looks at ``model.stat.center`` from ``1.5 x
    model.stat.extent``; its azimuth, elevation and field of view come from
    ``model.vis.global_``, set here."""
    base = env.unwrapped
    model = base.model
    distance = 1.5 * float(model.stat.extent)
    vis = model.vis.global_
    vis.azimuth, vis.elevation = AZIMUTH, ELEVATION
    fovy = needed_fovy(base.config.extents, model.stat.center, distance, aspect)
    if fovy > WIDEST:     # a model of small extent (MultiGoal's): move back instead of widening
        model.stat.extent = overview_distance(base.config.extents, model.stat.center, FOVY,
                                              aspect) / 1.5
        fovy = needed_fovy(base.config.extents, model.stat.center, 1.5 * model.stat.extent,
                           aspect)
    vis.fovy = fovy
