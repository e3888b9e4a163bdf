"""``safety_gymnasium.tasks.safe_navigation.button``: see ``button_configs``."""
