from safety_sim.compat.wrappers import Gymnasium2SafetyGymnasium, SafetyGymnasium2Gymnasium  # noqa: F401
