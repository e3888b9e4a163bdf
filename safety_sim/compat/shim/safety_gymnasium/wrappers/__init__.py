"""``safety_gymnasium.wrappers`` on safety_sim."""
from safety_sim.compat.wrappers import (Gymnasium2SafetyGymnasium,  # noqa: F401
                                        SafeAutoResetWrapper, SafeClipAction,
                                        SafeRescaleAction, SafeTimeLimit, SafeUnsqueeze,
                                        SafetyGymnasium2Gymnasium, with_gymnasium_wrappers)

__all__ = ["SafeAutoResetWrapper", "SafeTimeLimit", "SafeRescaleAction", "SafeUnsqueeze",
           "SafetyGymnasium2Gymnasium", "Gymnasium2SafetyGymnasium", "with_gymnasium_wrappers"]
