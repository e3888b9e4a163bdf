from safety_sim.compat.vector import SafetySyncVectorEnv  # noqa: F401
