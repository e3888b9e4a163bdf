from safety_sim.vector import SafetyAsyncVectorEnv  # noqa: F401
