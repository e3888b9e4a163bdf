from safety_sim.compat.wrappers import SafeAutoResetWrapper  # noqa: F401
