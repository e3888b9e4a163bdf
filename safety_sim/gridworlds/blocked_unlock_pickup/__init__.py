"""Multi-agent BlockedUnlockPickup (rules, layout, env, oracle)."""
