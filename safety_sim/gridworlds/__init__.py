"""The safety gridworlds: discrete rules free of MuJoCo, drawn as MuJoCo scenes.

:mod:`.core` holds the shared encoding and world, :mod:`.render` the MuJoCo scene of a grid;
each task has its own folder (rules, env, vector env, oracle)."""
