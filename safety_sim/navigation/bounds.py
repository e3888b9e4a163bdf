"""The ranges a navigation config must keep, and the field checks that apply them.

Every number of a :class:`~safety_sim.navigation.config.NavConfig`, its object kinds and its
reward rule is checked by one of :func:`number`, :func:`integer` or :func:`flag`. They take
Python's ``int``/``float``/``bool`` and numpy's scalar types (stored as the Python value they
equal, :func:`plain`); ``bool`` is refused where a number is wanted, numbers and strings where
a flag is wanted (``cost="no"`` would otherwise cost). ``Decimal`` and ``Fraction`` are
refused: most of their values have no exact float, and a config must not round silently --
convert them with ``float()`` yourself. Each limit below says why it is where it is; the
measurements were made with ``SafetyNavigation-v0`` on one CPU core (MuJoCo 3.x/4).
"""
from __future__ import annotations

import dataclasses
import math
from decimal import Decimal
from fractions import Fraction

import numpy as np

#: Largest floor half side (m): about 6x Run's 17.5 m floor (docs/spec/navigation.md §4), the
#: largest arena of the reference. Every length of an object is bounded by it (an object larger than
#: any floor is no object of these tasks), and positions stay where float64 resolves 1e-14 m.
MAX_FLOOR_SIZE = 100.0
#: Lengths of objects (sizes, keep-outs, gremlin travel, wall length, ...): within the largest
#: floor; a level also checks them against its own ``floor_size``.
MAX_LENGTH = MAX_FLOOR_SIZE
#: Push box half size (m): 5x the largest agent's box (Point, 0.2, docs/spec/push.md §7.1); a box of
#: half size 1 already covers Push0's whole extents (-1, 1)^2. Measured stable up to 2.0
#: (200 random steps x 3 episodes, Point and Car); 1e6 blew up on the second step.
MAX_PUSH_BOX_SIZE = 1.0
#: Push box density (kg/m^3): above every material (osmium 2.26e4); measured stable at 1e6.
MAX_DENSITY = 1e5
#: Objects in one level, all kinds together. Measured (zero keep-outs, so nothing is refused
#: by the sampler): 1000 hazards make in 0.34 s, reset 0.19 s, step 6.7 ms; 2000: reset 1 s;
#: 3000 overflow MuJoCo's default arena in the first ``mj_forward`` (mj_stackAlloc).
MAX_OBJECTS = 1000
#: Colliding bodies in one level (pillars, vases, gremlins, buttons, the push box, the Race
#: track's 9 walls), each colliding kind alone and all of them together. Their cost is their
#: contacts, not their number: crowded together (zero keep-outs in the default 3 m extents,
#: the worst a config allows) every moving body touches every body near it, so a step costs
#: about (moving bodies) x (colliding bodies). Measured (Point, one core of a shared 2-core
#: machine, the mean of 20 steps after ``reset(seed=0)``), per kind at this limit: 100 vases
#: reset 0.02-0.03 s, step 15-39 ms (Doggo 20 ms); 100 gremlins reset 0.01-0.02 s, step
#: 24-34 ms (Doggo 18-49 ms); 100 pillars or 100 buttons step in under 2 ms (Point and Doggo;
#: 999 pillars: Doggo 87 ms, 999 buttons: 11 ms; runs differ by up to 2x). Beyond it the cost
#: climbs steeply: 200 vases 64-189 ms a step, 200 gremlins 260 ms, 100 vases
#: among 100 gremlins 236 ms, 100 vases among 899 pillars 564 ms, 400 vases 1.7 s a reset
#: and 7.2 s a step, and 999 vases did not finish a reset in 10 minutes (issue 35).
#: Hazards (no contacts) keep ``MAX_OBJECTS``.
MAX_COLLIDING = 100
#: Push box half size (m) and density (kg/m^3), lowest: MuJoCo refuses a body whose mass or
#: inertia is below its ``mjMINVAL`` (1e-15); the inertia of the box grows as size^5 x
#: density. Measured: half size 1e-3 at the agents' density (1e-3) and density 1e-12 at
#: half size 0.2 are refused at make; half size 0.01 with density 1e-4 makes and runs 300
#: steps stable (Point, Car). These limits keep 10x from that: every pair within them makes
#: (the agents' own boxes: half size 0.125-0.2, density 5e-4-1e-3).
MIN_PUSH_BOX_SIZE = 0.02
MIN_DENSITY = 1e-4
#: Lidar bins per sensed group: an observation holds bins floats per group, so an N = 4096
#: vector env with 10 groups holds 4096 x 10 x 1024 x 8 B = 320 MiB of observations at this
#: limit (the reference uses 16). 65 536 bins took 5.5 ms a step in one world.
MAX_LIDAR_BINS = 1024
#: Lidar range (m): >= 3x the diagonal of the largest floor (2 sqrt 2 x 100 m); beyond it every
#: reading of the floor is the same to 1e-3.
MAX_LIDAR_DIST = 1000.0
#: Episode length: the step counters of the batched forms are int32.
MAX_EPISODE_STEPS = 2 ** 31 - 1
#: Fading steps: the alpha table of a fading kind holds one float per step (navigation
#: objects.fading); 1e5 steps are 100 episodes of the Fading levels' 1000.
MAX_FADE_STEPS = 100_000
#: Reward coefficients, clips and scales: a term is a coefficient times a distance (<= the
#: largest floor's diagonal, ~283 m); at 1e6 every term stays below 1e9, far from float64
#: overflow and with a resolution of 1e-7 per step.
MAX_REWARD_COEF = 1e6
#: Run's target coordinates (m): the reward is a difference of potentials ``scale * |p -
#: target|``; its float64 resolution is ``scale * |target| * 2.2e-16``, 1.3e-8 at 1e6 m with
#: Run's scale 60 (the reference's target is 1000 m away). At 1e200 the square overflows and
#: every reward is NaN.
MAX_TARGET = 1e6


def plain(value):
    """A numpy scalar as the Python ``bool``/``int``/``float`` it equals; anything else as
    it is (tuples element by element, one level deep)."""
    if isinstance(value, np.bool_):
        return bool(value)
    if isinstance(value, np.integer):
        return int(value)
    if isinstance(value, np.floating):
        return float(value)
    if isinstance(value, tuple):
        return tuple(plain(v) if not isinstance(v, tuple) else tuple(map(plain, v))
                     for v in value)
    return value


def make_plain(obj) -> None:
    """Store every field of the frozen dataclass ``obj`` as :func:`plain` makes it."""
    for f in dataclasses.fields(obj):
        value = getattr(obj, f.name)
        new = plain(value)
        if new is not value:
            object.__setattr__(obj, f.name, new)


def _interval(low, high, low_open: bool) -> str:
    return f"{'(' if low_open else '['}{low}, {high}]"


def is_real(value) -> bool:
    """A Python or numpy real number, not a bool."""
    return (not isinstance(value, (bool, np.bool_))
            and isinstance(value, (int, float, np.integer, np.floating)))


def number(value, name: str, low: float, high: float, low_open: bool = False) -> list[str]:
    """Problems of a real number that must lie in [low, high] ((low, high] with ``low_open``),
    as ``"name: message"``."""
    where = _interval(low, high, low_open)
    if not is_real(value):
        why = " (Decimal and Fraction are refused: convert with float())" if isinstance(
            value, (Decimal, Fraction)) else ""
        return [f"{name}: must be a number (int or float) in {where}, got {value!r}{why}"]
    try:
        v = float(value)
    except OverflowError:           # an int beyond float's range
        v = math.inf
    if not math.isfinite(v) or v < low or v > high or (low_open and v == low):
        return [f"{name}: must be in {where}, got {value!r}"]
    return []


def integer(value, name: str, low: int, high: int) -> list[str]:
    """Problems of an int (Python or numpy, not a bool) that must lie in [low, high]."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)) \
            or not low <= value <= high:
        return [f"{name}: must be an int in [{low}, {high}], got {value!r}"]
    return []


def one_of(value, name: str, choices: tuple) -> list[str]:
    """Problems of a value that must be one of ``choices``, matched by type and value: the
    float ``2.0``, ``True``, ``Decimal(2)`` or an array is not the int ``2`` (``in`` would
    compare with ``==`` and take them, or fail on an array); a str choice takes any str
    (``numpy.str_`` too)."""
    if any((type(value) is type(c) or isinstance(c, str) and isinstance(value, str))
           and value == c for c in choices):
        return []
    words = ", ".join(map(repr, choices[:-1])) + " or " if len(choices) > 1 else ""
    return [f"{name}: must be {words}{choices[-1]!r}, got {value!r}"]


def flag(value, name: str) -> list[str]:
    """Problems of a flag: a ``bool`` (or numpy ``bool_``), nothing read by truthiness."""
    if isinstance(value, (bool, np.bool_)):
        return []
    return [f"{name}: must be a bool (True or False), got {value!r}"]


def floor_problems(cfg) -> list[str]:
    """Lengths, fixed locations and areas of the objects that reach beyond the floor (a
    gremlin circling wider than the floor's half side, a hazard larger than the floor)."""
    out: list[str] = []
    fl = cfg.floor_size
    for i, obj in enumerate(cfg.objects):
        where = f"objects[{i}] ({type(obj).__name__})"
        for name in obj.FLOOR_BOUND:
            v = getattr(obj, name, None)
            if isinstance(v, (int, float)) and v > fl:
                out.append(f"{where}.{name}: {v!r} reaches beyond the floor (floor_size {fl})")
        points = [getattr(obj, "location", None)] + list(getattr(obj, "areas", None) or ())
        if any(p is not None and max(map(abs, p)) > fl for p in points):
            out.append(f"{where}: location or areas reach beyond the floor (floor_size {fl})")
    return out
