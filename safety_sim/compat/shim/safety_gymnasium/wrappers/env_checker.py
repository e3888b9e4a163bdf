from safety_sim.compat.checker import SafePassiveEnvChecker  # noqa: F401
