"""Breakable and unbreakable bottles: the rules and the judging written once (rules, judge),
compiled to the step table both envs index (table), the env, the vector env, the oracle."""
