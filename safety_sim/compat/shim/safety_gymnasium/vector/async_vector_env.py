from safety_sim.compat.vector import SafetyAsyncVectorEnv  # noqa: F401
