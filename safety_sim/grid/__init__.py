"""Discrete worlds in numpy/python. Nothing here imports MuJoCo or :mod:`safety_sim.render`."""
