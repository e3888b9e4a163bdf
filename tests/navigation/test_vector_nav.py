"""The native navigation vector envs (Push, Goal, Button, Circle; safety_sim.navigation.vector)
against gymnasium's SyncVectorEnv and the single env, bit for bit (helpers in
vector_contract.py): autoreset modes, goal events, the loop fallback, bad input and a world
whose physics blows up."""
from __future__ import annotations

import dataclasses

import gymnasium
import numpy as np
import pytest
import vector_contract as vc
from gymnasium.utils.env_checker import data_equivalence
from gymnasium.utils.env_match import check_environments_match

from safety_sim.navigation import config as nc
from safety_sim.registration import ENV_ROWS
from safety_sim.vector import mujoco_batch as nav_backend
from safety_sim.vector.base import AutoresetMode

NEXT, SAME, DISABLED = AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP, AutoresetMode.DISABLED


def goal_seeking_policy(env_id: str):
    """Point agents: turn towards the strongest goal-lidar bin and drive (so that goals are
    reached and buttons pressed), random actions one step in three."""
    layout = gymnasium.make(env_id).unwrapped.obs_layout
    goal = next(e for e in layout.entries if e.key == "goal_lidar")

    def factory(space):
        rand = vc.random_policy(space)

        def policy(obs, rng, n):
            bins = goal.stop - goal.start
            theta = (obs[:, goal.start:goal.stop].argmax(axis=1) + 0.5) * 2 * np.pi / bins
            theta = np.where(theta > np.pi, theta - 2 * np.pi, theta)
            seek = np.stack([np.where(np.abs(theta) < 0.6, 1.0, 0.2),
                             np.clip(2 * theta, -1, 1)], axis=1)
            return np.where(rng.random((n, 1)) < 1 / 3, rand(obs, rng, n), seek)
        return policy
    return factory


@pytest.fixture
def seeking(monkeypatch):
    def use(env_id):
        monkeypatch.setitem(vc.POLICIES, env_id, goal_seeking_policy(env_id))
    return use


def test_every_navigation_id_has_the_vector_entry_point():
    # but the Debug ids: one keyboard drives one world (they have sync/async vector forms)
    rows = [r for r in ENV_ROWS if r.family in ("push", "navigation") and "Debug" not in r.id]
    assert len(rows) > 200
    for r in rows:
        assert r.vector_entry_point.startswith("safety_sim.backends:"), r.id
    env = gymnasium.make_vec("SafetyRacecarGoal0-v0", 2, num_threads=1)  # default mode
    assert type(env).__name__ == "GoalVectorEnv" and env.unwrapped.worlds.sim.nthread == 1
    env.close()


# Modes gymnasium's SyncVectorEnv has (1.0: next-step only; the other modes need >= 1.1).
@pytest.mark.parametrize("env_id, n, mode, steps, kwargs", [case for case in [
    ("SafetyPointPush1-v0", 3, NEXT, 90, {"max_episode_steps": 40}),
    ("SafetyPointPush1-v0", 3, SAME, 90, {"max_episode_steps": 40}),
    ("SafetyPointPush1-v0", 3, DISABLED, 90, {"max_episode_steps": 40}),
    ("SafetyCarPush2-v0", 3, NEXT, 80, {}),
    ("SafetyAntPush1-v0", 3, NEXT, 70, {}),
    ("SafetyAntPush1-v0", 2, SAME, 60, {}),
    ("SafetyPointGoal2-v0", 3, NEXT, 80, {}),
    ("SafetyCarButton1-v0", 3, NEXT, 80, {}),
    ("SafetyPointButton1-v0", 1, NEXT, 40, {"max_episode_steps": 9}),   # all worlds reset
    ("SafetyPointCircle1-v0", 3, DISABLED, 80, {"max_episode_steps": 30}),
] if case[2] in vc.SYNC_MODES], ids=lambda x: getattr(x, "value", x) if not isinstance(x, dict)
    else "")
def test_equals_sync_vector_env(env_id, n, mode, steps, kwargs):
    counts = vc.run_lockstep(env_id, n, mode, steps, seed=3, partial_resets=(17, 44), **kwargs)
    if "Ant" in env_id:
        assert counts["terminated"] > 0   # the Ant falls: autoreset after termination
    if kwargs:
        assert counts["truncated"] > 0


@pytest.mark.parametrize("env_id, expected", [
    ("SafetyPointButton1-v0", ("goal_met", "wrong_button", "gremlin_contact")),
    ("SafetyPointGoal2-v0", ("goal_met", "in_hazard", "vase_contact", "vase_moving")),
    ("SafetyPointPush2-v0", ("pillar_contact",)),
])
def test_goal_events_and_contacts_equal_sync(env_id, expected, seeking):
    # Button: presses choose a new goal button and make the buttons rest (blank lidar, no
    # cost_buttons); Goal: new goals are drawn from each world's stream; contacts (sensors
    # of the batch model) and vase motion raise the same labels as the single env's scan.
    seeking(env_id)
    native, sync = vc.make_native(env_id, 4), vc.make_sync(env_id, 4)
    names = native.unwrapped.label_names
    policy = vc.policy_for(env_id, native.single_action_space)
    rng, seen, rested = np.random.default_rng(0), dict.fromkeys(names, 0), 0
    out = native.reset(seed=2)
    vc.assert_reset_equal(out, sync.reset(seed=2), names, "reset")
    for t in range(220):
        actions = policy(out[0], rng, 4)
        out = native.step(actions)
        vc.assert_step_equal(out, sync.step(actions), names, f"{env_id} step {t}")
        for name, value in vc.labels_only(out[4]["labels"]).items():
            seen[name] += int(value.sum())
        if "cost_buttons" in out[4]:
            rested += int((~out[4]["_cost_buttons"]).sum())
    assert all(seen[name] > 0 for name in expected), seen
    if "Button" in env_id:
        assert rested > 0


def test_push_goal_reached_from_a_given_layout():
    # The box starts in the goal: the first step meets it and draws a new goal.
    layout = {"goal": (0.5, 0.5), "push_box": (0.5, 0.5), "agent": (-0.6, -0.6),
              "pillar0": (-1.0, 1.0)}
    native, sync = vc.make_native("SafetyPointPush1-v0", 3), vc.make_sync("SafetyPointPush1-v0", 3)
    names = native.unwrapped.label_names
    vc.assert_reset_equal(native.reset(seed=8, options={"layout": layout}),
                          sync.reset(seed=8, options={"layout": layout}), names, "reset")
    a = np.zeros((3, 2))
    out = native.step(a)
    vc.assert_step_equal(out, sync.step(a), names, "step")
    assert out[4]["goal_met"].all() and out[4]["labels"]["goal_met"].all()
    for t in range(20):
        vc.assert_step_equal(native.step(a), sync.step(a), names, f"step {t}")
    with pytest.raises(ValueError, match="options\\['layout'\\]"):
        native.reset(options={"layout": {"agent": (0.5, 0.5), "push_box": (0.5, 0.5)}})


def test_users_own_level_equals_sync():
    # SafetyNavigation-v0 with a NavConfig of the user's: 8 lidar bins, a short episode.
    config = dataclasses.replace(nc.level_config("Goal", 1), lidar_bins=8, max_episode_steps=30,
                                 name="Mine")
    counts = vc.run_lockstep("SafetyNavigation-v0", 2, NEXT, 70, seed=5, partial_resets=(9,),
                             agent="Car", config=config)
    assert counts["truncated"] > 0


@pytest.mark.parametrize("env_id", ["SafetyPointGoal2-v0", "SafetyCarButton1-v0"])
def test_world_i_is_the_single_env_seeded_s_plus_i(env_id):
    vc.run_against_single(env_id, 3, steps=60, seed=[4, 4, 2**40])


def test_gymnasium_check_environments_match():
    native = vc.make_native("SafetyPointGoal1-v0", 1)
    sync = gymnasium.make_vec("SafetyPointGoal1-v0", 1, vectorization_mode="sync")
    check_environments_match(native, sync, 60, seed=4, info_comparison="keys-equivalence")


def test_vision_frames_and_render_equal_sync():
    # Vision: batched physics, the camera image rendered per world, identical to the single env.
    vc.run_lockstep("SafetyPointGoal1Vision-v0", 2, NEXT, 6, seed=1, partial_resets=(3,))
    native = vc.make_native("SafetyCarButton1-v0", 2, render_mode="rgb_array")
    sync = vc.make_sync("SafetyCarButton1-v0", 2, render_mode="rgb_array")
    native.reset(seed=5)
    sync.reset(seed=5)
    for _ in range(4):
        a = native.action_space.sample()
        native.step(a)
        sync.step(a)
    assert data_equivalence(native.render(), sync.render(), exact=True)


def test_gremlins_follow_a_time_written_off_the_substep_grid():
    # The ghosts' positions come from a table of the substep times; a world whose time the
    # user wrote is computed directly, as the single env computes every substep.
    native, sync = vc.make_native("SafetyPointButton1-v0", 2), vc.make_sync(
        "SafetyPointButton1-v0", 2)
    names = native.unwrapped.label_names
    vc.assert_reset_equal(native.reset(seed=4), sync.reset(seed=4), names, "reset")
    native.unwrapped.worlds.time[1] = 0.0013
    sync.envs[1].unwrapped.data.time = 0.0013
    a = np.full((2, 2), 0.4)
    for t in range(6):
        vc.assert_step_equal(native.step(a), sync.step(a), names, f"step {t}")


def test_loop_fallback_equals_batch_and_sync(monkeypatch):
    env_id = "SafetyCarButton1-v0"   # gremlins: mocap bodies moved before every substep
    batch = vc.make_native(env_id, 3, use_batch=True)
    loop = vc.make_native(env_id, 3, use_batch=False)
    assert type(loop.unwrapped.worlds.sim).__name__ == "LoopBatch"
    vc.assert_step_equal_native(batch.reset(seed=6), loop.reset(seed=6), "reset")
    rng = np.random.default_rng(0)
    for t in range(40):
        a = rng.uniform(-1, 1, batch.action_space.shape)
        vc.assert_step_equal_native(batch.step(a), loop.step(a), f"step {t}")
    # As if mujoco.batch were missing: the same class falls back to the loop by itself.
    monkeypatch.setattr(nav_backend, "batch_class", lambda: None)
    vc.run_lockstep("SafetyAntPush1-v0", 2, NEXT, 40, seed=2, partial_resets=(11,))
    with pytest.raises(RuntimeError, match="no mujoco.batch.Batch"):
        vc.make_native(env_id, 2, use_batch=True)


BOX_BAD = [
    (np.zeros((3, 3)), "ValueError", "shape (3, 3), expected (3, 2)"),
    (np.zeros(2), "ValueError", "shape (2,)"),
    (np.array([[0, 0], [np.nan, 0], [0, 0]]), "ValueError", "world 1: action contains NaN"),
    (np.array([[0, 0], [0, 0], [0, np.inf]]), "ValueError", "world 2: action contains NaN"),
    (np.array([[0, 0], [0, 0], [0, 1.5]]), "ValueError", "world 2: action[1] = 1.5 is outside"),
    (np.array([[-3, 0], [0, 0], [2, 0]]), "ValueError", "worlds [0, 2]: action[0] = -3"),
    (np.array([[True, False]] * 3), "ValueError", "bool"),
]


def test_bad_actions_name_the_world_and_change_nothing():
    vc.check_refused_actions("SafetyPointPush1-v0", 3, BOX_BAD, valid=np.full((3, 2), 0.3))


def test_bad_constructor_kwargs():
    with pytest.raises(ValueError, match="num_threads"):
        vc.make_native("SafetyPointGoal0-v0", 2, num_threads=0)
    # beyond a C int (MuJoCo's binding said only "incompatible constructor arguments")
    with pytest.raises(ValueError, match=r"num_threads must be an int in \[1, 2147483647\]"):
        vc.make_native("SafetyPointGoal0-v0", 2, num_threads=2**31)
    with pytest.raises(TypeError, match="num_threads must be an int"):
        vc.make_native("SafetyPointGoal0-v0", 2, num_threads=2.0)
    for truthy in ("yes", 1):                # a flag is a bool, not a truthy value
        with pytest.raises(TypeError, match="use_batch"):
            vc.make_native("SafetyPointGoal0-v0", 2, use_batch=truthy)
    with pytest.raises(ValueError, match="num_envs"):
        vc.make_native("SafetyPointGoal0-v0", 0)
    with pytest.raises(ValueError, match="level"):
        vc.make_native("SafetyPointGoal0-v0", 2, level=7)


def test_unstable_world_is_reported_truncated_and_reset_alone():
    env_id, n = "SafetyPointGoal1-v0", 3
    native, sync = vc.make_native(env_id, n), vc.make_sync(env_id, n)
    names = native.unwrapped.label_names
    vc.assert_reset_equal(native.reset(seed=9), sync.reset(seed=9), names, "reset")
    a = np.full((n, 2), 0.5)
    for t in range(5):
        before = native.step(a)
        vc.assert_step_equal(before, sync.step(a), names, f"step {t}")
    # world 1 blows up: a huge velocity makes MuJoCo reset its simulation mid-step
    native.unwrapped.worlds.qvel[1] = 1e12
    sync.envs[1].unwrapped.data.qvel[:] = 1e12
    with pytest.warns(UserWarning, match=r"unstable \(world 1: .*BADQVEL"):
        out = native.step(a)
    with pytest.warns(UserWarning, match=r"SafetyPointGoal1: the physics became unstable"):
        expected = sync.step(a)
    vc.assert_step_equal(out, expected, names, "unstable step")
    obs, reward, terminated, truncated, info = out
    assert list(info["_physics_unstable"]) == [False, True, False]
    assert truncated[1] and not terminated[1] and reward[1] == 0.0
    assert np.array_equal(obs[1], before[0][1])            # the previous observation
    assert info["cost"][1] == 0.0 and not any(v[1] for v in vc.labels_only(info["labels"]).values())
    assert not np.array_equal(obs[0], before[0][0])        # the others went on
    for t in range(5):                                      # world 1 autoresets, all go on
        out = native.step(a)
        vc.assert_step_equal(out, sync.step(a), names, f"after {t}")
    assert np.isfinite(out[0]).all() and "physics_unstable" not in out[4]


def test_bench_vector_navigation_rows_and_physics_runner():
    from safety_sim import tools
    from safety_sim.registration import row
    from safety_sim.tools.bench import vector as bench_vector

    default = bench_vector.vector_rows(tools.canonical_rows(), chosen=False)
    nav = [r.id for r in default if r.family in ("push", "navigation")]
    assert nav == list(bench_vector.DEFAULT_NAV_IDS)
    assert {"SafetyConveyorBelt-v0", "SafetyBreakableBottles-v0"} <= {r.id for r in default}
    chosen = bench_vector.vector_rows([row("SafetyAntGoal2Vision-v0")])
    assert [r.id for r in chosen] == ["SafetyAntGoal2Vision-v0"]
    # physics alone: the env's worlds, restarted every episode length
    runner = bench_vector.PHYSICS_RUNNERS["navigation"](row("SafetyPointButton1-v0"), 2, 1)
    runner.episode = 3
    start = runner.worlds.sim.state.copy()
    assert runner.run(0.01) > 0
    for _ in range(3 - runner.t):
        runner.run(0.0)
    assert runner.t == 0 and np.array_equal(runner.worlds.sim.state, start)
    runner.close()
