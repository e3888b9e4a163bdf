"""MASA's PPO-Lagrangian on a safety_sim id, through MASA's own ``make_env``.

MASA (``pip install masa-safe-rl``; JAX + TensorFlow) builds envs from its ENV_REGISTRY and
reads ``label_fn``/``cost_fn`` off the env it built; safety_sim.adapters.masa gives every id
that form (labels from the env's ``info["labels"]``).

    python examples/masa_ppo_lagrangian.py --env SafetyPointPush1-v0 --frames 2048
"""
from __future__ import annotations

import argparse


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--env", default="SafetyPointPush1-v0")
    parser.add_argument("--frames", type=int, default=2048, help="env steps to train")
    parser.add_argument("--n-steps", type=int, default=1024, help="rollout length")
    parser.add_argument("--max-episode-steps", type=int, default=1000)
    parser.add_argument("--budget", type=float, default=25.0, help="CMDP cost budget")
    args = parser.parse_args()

    from masa.algorithms.on_policy.ppo_lag import PPOLag
    from masa.common import registry
    from masa.common.utils import make_env

    import safety_sim  # noqa: F401  - registers the ids with gymnasium
    from safety_sim.adapters.masa import register_masa_env

    name = register_masa_env(args.env, registry.ENV_REGISTRY)
    env = make_env(name, "CMDP", args.max_episode_steps,
                   constraint_kwargs={"budget": args.budget})
    algo = PPOLag(env, n_steps=args.n_steps, batch_size=64, n_epochs=1, seed=0,
                  cost_limit=args.budget)
    algo.train(num_frames=args.frames)
    obs, info = env.reset(seed=0)
    print(f"PPOLag on {args.env}: trained {args.frames} frames; labels at reset "
          f"{sorted(info['labels'])}, constraint keys {sorted(k for k in info if 'constraint' in k)}")


if __name__ == "__main__":
    main()
