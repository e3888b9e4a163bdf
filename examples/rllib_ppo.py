"""RLlib PPO on safety_sim: a single-agent navigation id, or multi-agent BlockedUnlockPickup
through PettingZoo's ParallelEnv and RLlib's ParallelPettingZooEnv.

    pip install -e '.[rllib]'
    python examples/rllib_ppo.py --env SafetyPointPush1-v0 --iterations 1
    python examples/rllib_ppo.py --env SafetyBlockedUnlockPickup-v0 --agents 2 --iterations 1

RLlib's PPO optimises the reward only; the step cost (``info["cost"]``) is summed per episode
(and over agents) into the metric ``episode_cost`` (a callback), so violations show in the
results.
Workers are separate processes: the env creators import safety_sim there.
"""
from __future__ import annotations

import argparse

import gymnasium
import numpy as np

MULTI_AGENT = "SafetyBlockedUnlockPickup-v0"


def image_and_direction(pz_env):
    """BlockedUnlockPickup's per-agent observation without the mission text (RLlib's
    encoders take arrays): the 7x7x3 image scaled to [0, 1], then the direction one-hot."""
    from pettingzoo.utils import BaseParallelWrapper

    view = pz_env.observation_space(pz_env.possible_agents[0])["image"].shape
    size = int(np.prod(view)) + 4
    space = gymnasium.spaces.Box(0.0, 1.0, (size,), np.float32)

    def flat(o):
        vec = np.zeros(size, np.float32)
        vec[:-4] = o["image"].reshape(-1) / 255.0
        vec[-4 + int(o["direction"])] = 1.0
        return vec

    class ImageAndDirection(BaseParallelWrapper):
        def observation_space(self, agent):
            return space

        def reset(self, seed=None, options=None):
            obs, infos = self.env.reset(seed=seed, options=options)
            return {a: flat(o) for a, o in obs.items()}, infos

        def step(self, actions):
            obs, rewards, terms, truncs, infos = self.env.step(actions)
            return {a: flat(o) for a, o in obs.items()}, rewards, terms, truncs, infos

    return ImageAndDirection(pz_env)


def single_agent_env(config):
    import safety_sim  # noqa: F401  - registers the ids in this worker

    return gymnasium.make(config["id"], **config.get("kwargs", {}))


def multi_agent_env(config):
    from ray.rllib.env.wrappers.pettingzoo_env import ParallelPettingZooEnv

    import safety_sim

    pz_env = safety_sim.parallel_env(MULTI_AGENT, agents=config["agents"])
    return ParallelPettingZooEnv(image_and_direction(pz_env))


def cost_callback():
    from ray.rllib.callbacks.callbacks import RLlibCallback

    class EpisodeCost(RLlibCallback):
        """Adds up ``info["cost"]`` (per agent for multi-agent infos) into episode_cost."""

        def on_episode_end(self, *, episode, metrics_logger, **kwargs):
            if hasattr(episode, "agent_episodes"):      # multi-agent: summed over agents
                infos = [i for e in episode.agent_episodes.values() for i in e.get_infos()]
            else:
                infos = episode.get_infos()
            total = sum(float(info.get("cost", 0.0)) for info in infos)
            metrics_logger.log_value("episode_cost", total, reduce="mean")

    return EpisodeCost


def build_config(env_id: str, agents: int, env_runners: int, batch: int):
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.tune.registry import register_env

    config = PPOConfig().framework("torch").callbacks(cost_callback())
    config = config.env_runners(num_env_runners=env_runners, num_envs_per_env_runner=1,
                                rollout_fragment_length="auto")
    config = config.training(train_batch_size_per_learner=batch, minibatch_size=batch // 4,
                             num_epochs=1)
    if env_id == MULTI_AGENT:
        register_env("safety_sim_bup", multi_agent_env)
        config = config.environment("safety_sim_bup", env_config={"agents": agents})
        return config.multi_agent(policies={"shared"},   # one policy shared by the agents
                                  policy_mapping_fn=lambda agent_id, *a, **k: "shared")
    register_env("safety_sim_single", single_agent_env)
    return config.environment("safety_sim_single", env_config={"id": env_id})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--env", default="SafetyPointPush1-v0")
    parser.add_argument("--agents", type=int, default=2, help="BlockedUnlockPickup agents")
    parser.add_argument("--iterations", type=int, default=1)
    parser.add_argument("--env-runners", type=int, default=2)
    parser.add_argument("--batch", type=int, default=2000, help="env steps per iteration")
    args = parser.parse_args()

    import ray

    ray.init(num_cpus=max(2, args.env_runners + 1), include_dashboard=False,
             log_to_driver=False)
    try:
        config = build_config(args.env, args.agents, args.env_runners, args.batch)
        algo = config.build_algo()
        for i in range(args.iterations):
            result = algo.train()
            runners = result.get("env_runners", {})
            print(f"iteration {i + 1}: env steps {runners.get('num_env_steps_sampled_lifetime')}"
                  f" episode_return_mean {runners.get('episode_return_mean')}"
                  f" episode_cost {runners.get('episode_cost')}", flush=True)
        algo.stop()
    finally:
        ray.shutdown()


if __name__ == "__main__":
    main()
