from safety_sim.compat.wrappers import SafeRescaleAction  # noqa: F401
