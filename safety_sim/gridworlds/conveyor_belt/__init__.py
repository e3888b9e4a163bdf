"""The conveyor-belt vase task (rules, env, vector env, oracle)."""
