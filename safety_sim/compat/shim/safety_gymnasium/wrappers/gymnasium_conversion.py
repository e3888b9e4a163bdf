from safety_sim.compat.wrappers import (  # noqa: F401
    Gymnasium2SafetyGymnasium, SafetyGymnasium2Gymnasium)
