"""Safe Navigation: Push, Goal, Button, Circle and Run as one MuJoCo task configured by data.

The level is a value (:class:`~safety_sim.navigation.config.NavConfig`); object kinds
(:mod:`.objects`), agents (:mod:`.agents`) and reward rules (:mod:`.rewards`) are small
classes of their own. Judging (:mod:`.judging`) and sensing (:mod:`.lidar`) read the state;
the single env (:mod:`.env`) and the batched vector env (:mod:`.vector`) run it."""
