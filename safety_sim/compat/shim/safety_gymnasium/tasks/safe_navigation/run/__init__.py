"""``safety_gymnasium.tasks.safe_navigation.run``: see ``run_configs``."""
