"""``safety_gymnasium.tasks.safe_navigation`` on safety_sim: the ``<task>.<task>_configs``
modules of the config-built ``...Base`` ids (``safety_sim.navigation.sg_config``)."""
