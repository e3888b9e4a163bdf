"""``safety_gymnasium.tasks`` on safety_sim: the public module paths of the reference's tasks."""
