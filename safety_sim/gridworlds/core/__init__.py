"""What every gridworld shares: the one encoding of discrete state, the world, the view."""
