"""Groundwork for Safety-Gymnasium's two-agent MultiGoal family (spec sg_head.md §4), not
registered yet: the levels' placement data and the reference's layout draw (:mod:`.layout`),
the two-agent world, its reset and observation (:mod:`.scene`), and one episode in the
reference's calling convention (:mod:`.world`). The gymnasium/PettingZoo forms and the
registration are still to be written.
"""
