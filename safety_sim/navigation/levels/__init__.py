"""Level data of the navigation tasks that place things by rules of their own (data only:
:mod:`safety_sim.navigation.config` builds the levels from it)."""
