from safety_sim.compat.wrappers import SafeTimeLimit  # noqa: F401
