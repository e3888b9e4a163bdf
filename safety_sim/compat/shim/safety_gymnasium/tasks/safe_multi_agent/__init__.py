"""``safety_gymnasium.tasks.safe_multi_agent`` on safety_sim (see ``safe_mujoco_multi``)."""
