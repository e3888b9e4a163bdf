from safety_sim.compat.api import make, register, safe_registry  # noqa: F401
