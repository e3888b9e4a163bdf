"""OmniSafe's PPO-Lagrangian on a safety_sim id, through the ``safety_gymnasium`` drop-in.

OmniSafe imports ``safety_gymnasium``; ``safety_sim.compat.install()`` makes that import give
safety_sim (or run an unmodified OmniSafe script as ``python -m safety_sim.compat script.py``).
OmniSafe 0.5 pins safety-gymnasium (gymnasium 0.28) and pandas 2.0.3, so it does not install
next to gymnasium 1.x; install it without its pins:

    pip install -e . torch && pip install --no-deps omnisafe==0.5.0
    pip install tensorboard pyyaml moviepy typer rich seaborn pandas matplotlib gdown wandb
    python examples/omnisafe_ppolag.py --env SafetyPointPush1-v0 --steps 2000

OmniSafe 0.5.0 only takes the ids of its hard-coded list ``SafetyGymnasiumEnv._support_envs``
(Safety-Gymnasium's Goal, Button, Push, Circle, Run and Velocity ids); any other id (Race,
FadingEasy, FadingHard, the Debug ids, the ``...Gymnasium-v0`` aliases, your own registered
ones) fails with "... doesn't exist. Please choose from [...]". The workaround needs no edit
to OmniSafe: append the id to that list before ``omnisafe.Agent(...)`` (done below, and
described in docs/guides/omnisafe.md), e.g. ``--env SafetyPointRace1-v0 --steps 1000``.
OmniSafe's adapters take Box observations only, so the Vision ids (Dict observations) stay
out of reach whatever the list says.

``--benchmark`` keeps OmniSafe's own configuration of the algorithm (its default
``steps_per_epoch``, ``update_iters``, cost limit 25, ...) and sets only the total steps, seed,
device and logging: how OmniSafe's on-policy benchmark was run (docs/learning_parity.md), e.g.
``--benchmark --algo PPOLag --env SafetyPointGoal1-v0 --steps 10000000 --seed 0``.
"""
from __future__ import annotations

import argparse
import tempfile


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--env", default="SafetyPointPush1-v0")
    parser.add_argument("--algo", default="PPOLag")
    parser.add_argument("--steps", type=int, default=2000, help="total env steps (1 epoch)")
    parser.add_argument("--envs", type=int, default=1, help="vector_env_nums")
    parser.add_argument("--log-dir", default=None)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--device", default="cpu", help="e.g. cuda:0")
    parser.add_argument("--threads", type=int, default=1, help="torch_threads")
    parser.add_argument("--benchmark", action="store_true",
                        help="OmniSafe's default algorithm config; only --steps is the total")
    args = parser.parse_args()

    import safety_sim.compat
    safety_sim.compat.install()
    import omnisafe  # noqa: E402  - imports safety_gymnasium, now ours
    from omnisafe.envs.safety_gymnasium_env import SafetyGymnasiumEnv

    # OmniSafe 0.5.0 refuses ids outside this hard-coded list (no Race, Fading, Debug id):
    # its registry holds this very list object, so appending the id is enough
    if args.env not in SafetyGymnasiumEnv._support_envs:
        SafetyGymnasiumEnv._support_envs.append(args.env)

    cfgs = {
        "seed": args.seed,
        "train_cfgs": {"total_steps": args.steps, "vector_env_nums": args.envs,
                       "parallel": 1, "device": args.device, "torch_threads": args.threads},
        "algo_cfgs": {"steps_per_epoch": args.steps, "update_iters": 1},
        "logger_cfgs": {"use_wandb": False, "use_tensorboard": False,
                        "log_dir": args.log_dir or tempfile.mkdtemp(prefix="omnisafe-")},
    }
    if args.benchmark:
        del cfgs["algo_cfgs"]
    agent = omnisafe.Agent(args.algo, args.env, custom_cfgs=cfgs)
    ep_ret, ep_cost, ep_len = agent.learn()
    print(f"{args.algo} on {args.env}: EpRet={ep_ret:.3f} EpCost={ep_cost:.3f} EpLen={ep_len:.0f}")


if __name__ == "__main__":
    main()
