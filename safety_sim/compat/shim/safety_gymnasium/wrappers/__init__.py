"""``safety_gymnasium.wrappers`` on safety_sim."""
from safety_sim.compat.checker import SafePassiveEnvChecker
from safety_sim.compat.normalize import (SafeNormalizeCost,
                                         SafeNormalizeObservation, SafeNormalizeReward)
from safety_sim.compat.wrappers import (Gymnasium2SafetyGymnasium,  # noqa: F401
                                        SafeAutoResetWrapper, SafeClipAction,
                                        SafeRescaleAction, SafeTimeLimit, SafeUnsqueeze,
                                        SafetyGymnasium2Gymnasium, with_gymnasium_wrappers)

__all__ = ["SafeAutoResetWrapper", "SafePassiveEnvChecker", "SafeTimeLimit",
           "SafetyGymnasium2Gymnasium", "Gymnasium2SafetyGymnasium", "with_gymnasium_wrappers",
           "SafeNormalizeObservation", "SafeNormalizeCost", "SafeNormalizeReward",
           "SafeUnsqueeze", "SafeRescaleAction"]
