"""Judging only: reward (with named terms), cost terms and labels computed from state."""
