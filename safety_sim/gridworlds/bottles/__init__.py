"""Breakable and unbreakable bottles (rules, env, vector env, oracle)."""
