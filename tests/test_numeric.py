"""safety_sim.numeric.sqrt_threshold: the squared-distance form of a sqrt test is exact."""
import math
import random

import numpy as np
import pytest

from safety_sim.numeric import sqrt_threshold

# keep-out sums, hazard sizes and the vase speed limit of the levels, plus awkward values
BOUNDS = [0.2, 0.3, 0.4, 0.25 + 0.15, 0.35 + 0.3, 0.7, 1e-4, 1.5, 2.0 ** -20, 3.0, 1e-300]


@pytest.mark.parametrize("s", BOUNDS)
def test_threshold_is_the_boundary(s):
    t = sqrt_threshold(s)
    assert math.sqrt(t) >= s
    assert math.sqrt(math.nextafter(t, 0.0)) < s


def test_squared_test_agrees_with_sqrt_test_near_and_far():
    rng = random.Random(0)
    for s in BOUNDS + [rng.uniform(0.0, 4.0) for _ in range(200)]:
        t = sqrt_threshold(s)
        qs = [t, math.nextafter(t, 0.0), math.nextafter(t, math.inf), s * s, 0.0, math.inf]
        qs += [s * s * rng.uniform(0.999999, 1.000001) for _ in range(50)]
        for q in qs:
            assert (math.sqrt(q) < s) == (q < t), (s, q)
            assert (float(np.sqrt(q)) >= s) == (q >= t), (s, q)
        assert not (math.nan < t) and not (math.nan >= t)


def test_edge_bounds():
    assert sqrt_threshold(0.0) == 0.0
    assert sqrt_threshold(-1.0) == -math.inf
    with pytest.raises(ValueError, match="finite"):
        sqrt_threshold(math.inf)
    with pytest.raises(ValueError, match="finite"):
        sqrt_threshold(math.nan)
