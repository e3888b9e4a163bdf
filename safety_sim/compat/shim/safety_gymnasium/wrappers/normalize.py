from safety_sim.compat.normalize import (  # noqa: F401
    SafeNormalizeCost, SafeNormalizeObservation, SafeNormalizeReward)
