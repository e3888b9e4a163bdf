from safety_sim.compat.wrappers import SafeUnsqueeze  # noqa: F401
