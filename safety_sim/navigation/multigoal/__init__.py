"""Safety-Gymnasium's two-agent MultiGoal family (docs/spec/sg_head.md §4):
``Safety{Agent}MultiGoal{0,1,2}[Vision|Debug][Gymnasium]-v0``.

:mod:`.layout` (the levels' placements and the reference's layout draw), :mod:`.scene` (the
two-agent world, its reset and observation), :mod:`.world` (one episode in the reference's
calling convention), :mod:`.env` (the registered gymnasium env, keyed by agent) and
:mod:`.parallel` (its PettingZoo ``ParallelEnv``); N worlds: :mod:`.vector` (on ``mujoco.batch``,
each world judged by :mod:`.world`'s code), :mod:`.many` (the rules as array code over the
worlds) and :mod:`.episodes` (resets and goal events on the host) for the GPU form,
:mod:`safety_sim.gpu.multigoal`.
"""
