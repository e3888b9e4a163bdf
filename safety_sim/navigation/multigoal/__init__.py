"""Groundwork for Safety-Gymnasium's two-agent MultiGoal family (spec sg_head.md §4), not
registered yet: the levels' placement data and the reference's layout draw
(:mod:`.layout`). The scene of two agents, their observations, rewards, costs and the two
APIs (Safety-Gymnasium's dict calling convention, PettingZoo's ``ParallelEnv``) are still to
be written.
"""
