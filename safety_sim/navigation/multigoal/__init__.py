"""Groundwork for Safety-Gymnasium's two-agent MultiGoal family (docs/spec/sg_head.md §4), not
registered yet: the levels' placement data and the reference's layout draw (:mod:`.layout`),
the two-agent world, its reset and the observation both agents receive (:mod:`.scene`). The
step (rewards, costs, goal events), the two APIs (Safety-Gymnasium's dict calling convention,
PettingZoo's ``ParallelEnv``) and the registration are still to be written.
"""
