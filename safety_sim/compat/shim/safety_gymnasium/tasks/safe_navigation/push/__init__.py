"""``safety_gymnasium.tasks.safe_navigation.push``: see ``push_configs``."""
