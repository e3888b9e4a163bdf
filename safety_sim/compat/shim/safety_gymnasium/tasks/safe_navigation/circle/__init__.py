"""``safety_gymnasium.tasks.safe_navigation.circle``: see ``circle_configs``."""
