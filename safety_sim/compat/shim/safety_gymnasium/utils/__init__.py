"""``safety_gymnasium.utils`` on safety_sim (registration only)."""
