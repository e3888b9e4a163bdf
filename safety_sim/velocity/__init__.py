"""Safe Velocity: gymnasium's MuJoCo locomotion robots under a speed limit."""
