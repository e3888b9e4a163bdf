"""The only code that creates MuJoCo model elements (through ``mujoco.MjSpec``)."""
