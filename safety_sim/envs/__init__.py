"""Thin gymnasium.Env glue, one module per task family (imported lazily by the registry)."""
