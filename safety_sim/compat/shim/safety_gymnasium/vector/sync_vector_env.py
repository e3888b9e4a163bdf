from safety_sim.vector import SafetySyncVectorEnv  # noqa: F401
