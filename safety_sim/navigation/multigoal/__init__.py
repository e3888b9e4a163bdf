"""Safety-Gymnasium's two-agent MultiGoal family (docs/spec/sg_head.md §4):
``Safety{Agent}MultiGoal{0,1,2}[Vision|Debug][Gymnasium]-v0``.

:mod:`.layout` (the levels' placements and the reference's layout draw), :mod:`.scene` (the
two-agent world, its reset and observation), :mod:`.world` (one episode in the reference's
calling convention), :mod:`.env` (the registered gymnasium env, keyed by agent) and
:mod:`.parallel` (its PettingZoo ``ParallelEnv``). No native vector form and no GPU form.
"""
