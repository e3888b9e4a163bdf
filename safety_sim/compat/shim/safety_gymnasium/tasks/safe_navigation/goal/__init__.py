"""``safety_gymnasium.tasks.safe_navigation.goal``: see ``goal_configs``."""
