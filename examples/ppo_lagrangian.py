"""PPO-Lagrangian in one file: a small, readable safe-RL trainer (PyTorch, CPU).

PPO with GAE and the clipped objective, a reward critic and a cost critic, observation
normalisation, and a Lagrange multiplier on the episode cost (gradient ascent with Adam on
``lambda * (J_c - cost_limit)``, kept >= 0); the policy follows ``(A_r - lambda A_c) / (1 +
lambda)``. It is written against Safety-Gymnasium's calling convention (``safety_gymnasium.make``,
6-tuple steps), so the same file runs on the reference and on safety_sim:

    pip install -e '.[train]'
    python -m safety_sim.compat examples/ppo_lagrangian.py --env SafetyPointGoal1-v0   # safety_sim
    python examples/ppo_lagrangian.py --env SafetyPointGoal1-v0      # real Safety-Gymnasium
    python examples/ppo_lagrangian.py --backend native --num-envs 4   # safety_sim's batched env
    python examples/ppo_lagrangian.py --backend gpu --num-envs 4096 --num-steps 131072  # a GPU

Backends: ``single`` (default) is one ``safety_gymnasium.make`` env with a manual reset at the
end of each episode (the common ground of both packages: no vector-env autoreset semantics);
``native`` is ``gymnasium.make_vec(id, N, vectorization_mode="vector_entry_point")`` with
same-step autoreset (safety_sim only; ``sync`` vectorisation where an id has no batched form);
``gpu`` is safety_sim's GPU form (``safety_sim.gpu.make_vec(id, N, device=--device)``, the
``[gpu]`` extra; ``--device cpu``: Warp's CPU device) with the rollout, the advantages, the
observation normalisation and the updates on the device as torch tensors: per step nothing is
read back to the host but what the env itself reads (its flags); per rollout one read of the
ended episodes' returns and costs for the log and the multiplier.
``--out DIR`` appends one JSON line per rollout to ``DIR/log.jsonl`` and saves ``DIR/ckpt.pt``
every ``--save-every`` rollouts; rerunning with the same ``--out`` resumes from it. One line
per rollout is printed as it ends (step, mean episode return and cost, multiplier, wall time);
``safety-sim plot DIR`` draws the run's curves to ``DIR/curves.png``.
"""
from __future__ import annotations

import argparse
import json
import os
import time

import numpy as np
import torch
from torch import nn


# Hyperparameters: CleanRL-like PPO defaults plus the Lagrangian's (cost limit 25). ``lr`` is
# annealed linearly to 0; ``num-steps`` counts the env steps of one rollout over all envs.
FLOATS = {"lr": 3e-4, "gamma": 0.99, "gae-lambda": 0.95, "clip": 0.2, "vf-coef": 0.5,
          "ent-coef": 0.0, "max-grad-norm": 0.5, "cost-limit": 25.0, "lagrange-lr": 0.035,
          "lagrange-init": 0.0}
INTS = {"seed": 0, "total-steps": 1_000_000, "num-steps": 2048, "epochs": 10, "minibatch": 64,
        "hidden": 64, "threads": 1, "num-envs": 1, "save-every": 10}


def parse_args(argv=None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--env", default="SafetyPointGoal1-v0")
    p.add_argument("--backend", choices=("single", "native", "gpu"), default="single")
    p.add_argument("--device", default="cuda", help="gpu backend: cuda, cuda:<i> or cpu")
    p.add_argument("--max-episode-steps", type=int, default=None, help="default: the id's")
    p.add_argument("--out", default=None, help="run directory: log.jsonl, ckpt.pt; resumes")
    for kind, table in ((float, FLOATS), (int, INTS)):
        for name, default in table.items():
            p.add_argument(f"--{name}", type=kind, default=default, help=f"default {default}")
    return p.parse_args(argv)


# ---------------------------------------------------------------- environments
class SingleEnv:
    """One ``safety_gymnasium.make`` env as a batch of 1; reset by hand after each episode."""

    def __init__(self, env_id, max_episode_steps=None):
        import safety_gymnasium
        kwargs = {} if max_episode_steps is None else {"max_episode_steps": max_episode_steps}
        self.env = safety_gymnasium.make(env_id, **kwargs)
        self.num_envs, self.action_space = 1, self.env.action_space
        self.obs_dim = int(np.prod(self.env.observation_space.shape))

    def reset(self, seed):
        return np.asarray(self.env.reset(seed=seed)[0], np.float64).reshape(1, -1)

    def step(self, actions):
        """-> next obs, reward, cost, terminated, truncated, {env index: final obs}"""
        obs, reward, cost, term, trunc, _ = self.env.step(actions[0])
        final = {}
        if term or trunc:
            final[0] = np.asarray(obs, np.float64).ravel()
            obs, _ = self.env.reset()
        return (np.asarray(obs, np.float64).reshape(1, -1), np.array([reward], np.float64),
                np.array([cost], np.float64), np.array([term]), np.array([trunc]), final)


class NativeEnv:
    """safety_sim's batched vector env (gymnasium 1.x 5-tuple, cost in ``info["cost"]``)."""

    def __init__(self, env_id, num_envs, max_episode_steps=None):
        import gymnasium
        import safety_sim  # noqa: F401  - registers the ids (only this backend needs safety_sim)
        from gymnasium.vector import AutoresetMode
        mode = "vector_entry_point" if gymnasium.spec(env_id).vector_entry_point else "sync"
        if mode == "sync":
            print(f"{env_id} has no batched backend: using gymnasium's sync vector env")
        kwargs = {} if max_episode_steps is None else {"max_episode_steps": max_episode_steps}
        same_step = {"autoreset_mode": AutoresetMode.SAME_STEP}
        if mode == "sync":
            kwargs["vector_kwargs"] = same_step
        else:
            kwargs.update(same_step)
        self.env = gymnasium.make_vec(env_id, num_envs=num_envs, vectorization_mode=mode, **kwargs)
        self.num_envs, self.action_space = num_envs, self.env.single_action_space
        self.obs_dim = int(np.prod(self.env.single_observation_space.shape))

    def reset(self, seed):
        return np.asarray(self.env.reset(seed=seed)[0], np.float64).reshape(self.num_envs, -1)

    def step(self, actions):
        obs, reward, term, trunc, info = self.env.step(actions)
        done = np.flatnonzero(np.logical_or(term, trunc))
        final = {int(i): np.asarray(info["final_obs"][i], np.float64).ravel() for i in done}
        return (np.asarray(obs, np.float64).reshape(self.num_envs, -1), np.asarray(reward, float),
                np.asarray(info["cost"], float), np.asarray(term), np.asarray(trunc), final)


class GpuEnv:
    """safety_sim's GPU form: torch tensors on ``device`` in and out, same-step autoreset."""

    def __init__(self, env_id, num_envs, device, max_episode_steps=None):
        import safety_sim.gpu
        from gymnasium.vector import AutoresetMode
        kwargs = {} if max_episode_steps is None else {"max_episode_steps": max_episode_steps}
        # the trainer clips its actions into the box: no per-step check (a read back) needed
        self.env = safety_sim.gpu.make_vec(env_id, num_envs, device=device, dtype="float32",
                                           autoreset_mode=AutoresetMode.SAME_STEP, check_actions=False,
                                           **kwargs)
        self.num_envs, self.action_space = num_envs, self.env.single_action_space
        self.obs_dim = int(np.prod(self.env.single_observation_space.shape))
        self.device = self.env.torch_device
        self.low, self.high = (torch.as_tensor(b, dtype=torch.float32, device=self.device)
                               for b in (self.action_space.low, self.action_space.high))

    def reset(self, seed):
        return self.env.reset(seed=seed)[0]

    def step(self, actions):
        """-> next obs, reward, cost, terminated, truncated (tensors), final obs (tensor: the
        ended worlds' last observations in their rows, the next obs elsewhere)"""
        obs, reward, term, trunc, info = self.env.step(actions.clamp(self.low, self.high))
        final = obs
        ended = np.flatnonzero(info.get("_final_obs", ()))     # host mask the env keeps
        if ended.size:
            final = obs.clone()
            final[torch.as_tensor(ended, device=self.device)] = torch.stack(
                [info["final_obs"][i] for i in ended])
        return obs, reward, info["cost"].to(torch.float32), term, trunc, final


def make_env(args):
    if args.backend == "gpu":
        return GpuEnv(args.env, args.num_envs, args.device, args.max_episode_steps)
    if args.backend == "native":
        return NativeEnv(args.env, args.num_envs, args.max_episode_steps)
    return SingleEnv(args.env, args.max_episode_steps)


# ---------------------------------------------------------------- model
class RunningNorm:
    """Running mean and variance of the observations; ``(x - mean) / std`` clipped to +-10."""

    def __init__(self, dim):
        self.mean, self.var, self.count = np.zeros(dim), np.ones(dim), 1e-4

    def update(self, x):
        m, v, n = x.mean(0), x.var(0), len(x)
        delta, total = m - self.mean, self.count + n
        self.mean = self.mean + delta * n / total
        self.var = (self.var * self.count + v * n + delta ** 2 * self.count * n / total) / total
        self.count = total

    def __call__(self, x):
        return np.clip((x - self.mean) / np.sqrt(self.var + 1e-8), -10, 10).astype(np.float32)


class DeviceNorm:
    """:class:`RunningNorm` on torch tensors of the GPU form (float64 statistics)."""

    def __init__(self, dim, device):
        self.mean, self.var = (torch.zeros(dim, dtype=torch.float64, device=device),
                               torch.ones(dim, dtype=torch.float64, device=device))
        self.count = 1e-4

    def update(self, x):
        x = x.to(torch.float64)
        m, v, n = x.mean(0), x.var(0, unbiased=False), len(x)
        delta, total = m - self.mean, self.count + n
        self.mean = self.mean + delta * n / total
        self.var = (self.var * self.count + v * n + delta ** 2 * self.count * n / total) / total
        self.count = total

    def __call__(self, x):
        return ((x - self.mean) / torch.sqrt(self.var + 1e-8)).clamp(-10, 10).to(torch.float32)


def mlp(n_in, n_out, hidden, out_gain):
    layers = [nn.Linear(n_in, hidden), nn.Tanh(), nn.Linear(hidden, hidden), nn.Tanh(),
              nn.Linear(hidden, n_out)]
    for layer, gain in zip(layers[::2], (np.sqrt(2), np.sqrt(2), out_gain)):
        nn.init.orthogonal_(layer.weight, gain)
        nn.init.zeros_(layer.bias)
    return nn.Sequential(*layers)


class Agent(nn.Module):
    """A Gaussian policy (state-independent log std) and two critics, all separate MLPs."""

    def __init__(self, obs_dim, act_dim, hidden):
        super().__init__()
        self.mean = mlp(obs_dim, act_dim, hidden, 0.01)
        self.log_std = nn.Parameter(torch.zeros(act_dim))
        self.reward_v = mlp(obs_dim, 1, hidden, 1.0)
        self.cost_v = mlp(obs_dim, 1, hidden, 1.0)

    def dist(self, obs):
        return torch.distributions.Normal(self.mean(obs), self.log_std.exp())

    def values(self, obs):
        return self.reward_v(obs).squeeze(-1), self.cost_v(obs).squeeze(-1)


class Lagrange:
    """The multiplier: Adam ascent on ``lambda * (J_c - limit)``, projected onto lambda >= 0."""

    def __init__(self, limit, lr, init):
        self.limit, self.param = limit, torch.tensor(float(init), requires_grad=True)
        self.opt = torch.optim.Adam([self.param], lr=lr)

    @property
    def value(self):
        return float(self.param.detach().clamp(min=0.0))

    def update(self, episode_cost):
        self.opt.zero_grad()
        (-self.param * (episode_cost - self.limit)).backward()
        self.opt.step()
        with torch.no_grad():
            self.param.clamp_(min=0.0)


def gae(rewards, values, next_values, dones, gamma, lam):
    """Advantages of one (T, N) rollout; ``next_values`` is V(s_{t+1}), 0 after an episode end
    (a truncated step's bootstrap is already in its reward)."""
    adv, last = rewards * 0, 0.0          # numpy arrays, or tensors on the device (gpu)
    for t in reversed(range(len(rewards))):
        delta = rewards[t] + gamma * next_values[t] * (1 - dones[t]) - values[t]
        last = delta + gamma * lam * (1 - dones[t]) * last
        adv[t] = last
    return adv


# ---------------------------------------------------------------- training
def rollout_device(agent, env, norm, obs, episode, steps, args):
    """:func:`rollout` with every buffer a tensor on the GPU form's device; the ended
    episodes' returns and costs are read back once, at the end."""
    n, dev, f32 = env.num_envs, env.device, torch.float32
    buf = {k: torch.zeros((steps, n), device=dev) for k in
           ("r", "c", "v", "vc", "nv", "nvc", "done", "logp", "ep_r", "ep_c")}
    buf["obs"] = torch.zeros((steps, n, env.obs_dim), dtype=f32, device=dev)
    buf["act"] = torch.zeros((steps, n, env.action_space.shape[0]), dtype=f32, device=dev)
    for t in range(steps):
        x = norm(obs)
        with torch.no_grad():
            dist = agent.dist(x)
            action = dist.sample()
            buf["logp"][t] = dist.log_prob(action).sum(-1)
            buf["v"][t], buf["vc"][t] = agent.values(x)
        buf["obs"][t], buf["act"][t] = x, action
        obs, reward, cost, term, trunc, final = env.step(action)
        norm.update(obs)
        episode += torch.stack([reward, cost])
        done = term | trunc
        buf["ep_r"][t], buf["ep_c"][t] = episode[0], episode[1]
        episode *= ~done
        with torch.no_grad():
            nv, nvc = agent.values(norm(final))
        cut = (trunc & ~term).to(f32)
        buf["r"][t], buf["c"][t] = reward + args.gamma * nv * cut, cost + args.gamma * nvc * cut
        buf["nv"][t], buf["nvc"][t], buf["done"][t] = nv, nvc, done.to(f32)
    ended = buf["done"] > 0
    returns, costs = buf["ep_r"][ended].tolist(), buf["ep_c"][ended].tolist()   # one read
    return buf, obs, returns, costs


def rollout(agent, env, norm, obs, episode, steps, args):
    """``steps`` steps of each env. Returns the (T, N) buffers, the next observation and the
    returns and costs of the episodes that ended (``episode``: the running sums, updated)."""
    n, low, high = env.num_envs, env.action_space.low, env.action_space.high
    buf = {k: np.zeros((steps, n)) for k in ("r", "c", "v", "vc", "nv", "nvc", "done", "logp")}
    buf["obs"] = np.zeros((steps, n, env.obs_dim), np.float32)
    buf["act"] = np.zeros((steps, n, env.action_space.shape[0]), np.float32)
    returns, costs = [], []
    for t in range(steps):
        x = torch.as_tensor(norm(obs))
        with torch.no_grad():
            dist = agent.dist(x)
            action = dist.sample()
            buf["logp"][t] = dist.log_prob(action).sum(-1).numpy()
            buf["v"][t], buf["vc"][t] = (v.numpy() for v in agent.values(x))
        buf["obs"][t], buf["act"][t] = x.numpy(), action.numpy()
        obs, reward, cost, term, trunc, final = env.step(np.clip(action.numpy(), low, high))
        norm.update(obs)
        episode += np.stack([reward, cost])
        next_obs = obs.copy()
        for i, last in final.items():
            next_obs[i] = last
            returns.append(float(episode[0, i]))
            costs.append(float(episode[1, i]))
            episode[:, i] = 0.0
        with torch.no_grad():
            nv, nvc = (v.numpy() for v in agent.values(torch.as_tensor(norm(next_obs))))
        # a time-limit end is not a real end: bootstrap from the final observation
        cut = trunc & ~term
        buf["r"][t], buf["c"][t] = reward + args.gamma * nv * cut, cost + args.gamma * nvc * cut
        buf["nv"][t], buf["nvc"][t], buf["done"][t] = nv, nvc, term | trunc
    return buf, obs, returns, costs


def train(args) -> list[dict]:
    """Train; returns the per-rollout log (also appended to ``args.out``/log.jsonl)."""
    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    env = make_env(args)
    steps = args.num_steps // env.num_envs
    batch = steps * env.num_envs
    updates = max(1, -(-args.total_steps // batch))   # at least total_steps
    device = getattr(env, "device", None)       # the GPU form's torch device (gpu backend)
    agent = Agent(env.obs_dim, env.action_space.shape[0], args.hidden).to(device or "cpu")
    opt = torch.optim.Adam(agent.parameters(), lr=args.lr, eps=1e-5)
    lagrange = Lagrange(args.cost_limit, args.lagrange_lr, args.lagrange_init)
    norm = RunningNorm(env.obs_dim) if device is None else DeviceNorm(env.obs_dim, device)
    run = {"update": 0, "wall": 0.0, "history": []}
    ckpt, log = (os.path.join(args.out, name) if args.out else None
                 for name in ("ckpt.pt", "log.jsonl"))
    if ckpt and os.path.exists(ckpt):
        state = torch.load(ckpt, weights_only=False)
        agent.load_state_dict(state["agent"])
        opt.load_state_dict(state["opt"])
        lagrange.param.data.fill_(state["lambda"])
        lagrange.opt.load_state_dict(state["lagrange_opt"])
        norm.__dict__.update(state["norm"])
        torch.set_rng_state(state["torch_rng"])
        run = {k: state[k] for k in run}
        print(f"resuming {args.out} at update {run['update']} ({run['update'] * batch} steps)")
    if log:
        os.makedirs(args.out, exist_ok=True)
        with open(log, "w") as f:   # the rows the checkpoint has
            f.writelines(json.dumps(row) + "\n" for row in run["history"])
    obs = env.reset(seed=args.seed + run["update"])
    norm.update(obs)
    # running return and cost of each env's episode
    episode = np.zeros((2, env.num_envs)) if device is None else torch.zeros(
        (2, env.num_envs), device=device)
    collect = rollout if device is None else rollout_device
    for update in range(run["update"], updates):
        t0 = time.perf_counter()
        buf, obs, returns, costs = collect(agent, env, norm, obs, episode, steps, args)
        if costs:
            lagrange.update(float(np.mean(costs)))
        lam = lagrange.value
        adv_r = gae(buf["r"], buf["v"], buf["nv"], buf["done"], args.gamma, args.gae_lambda)
        adv_c = gae(buf["c"], buf["vc"], buf["nvc"], buf["done"], args.gamma, args.gae_lambda)
        data = {"obs": buf["obs"].reshape(batch, -1), "act": buf["act"].reshape(batch, -1),
                "logp": buf["logp"].ravel(), "adv": ((adv_r - lam * adv_c) / (1 + lam)).ravel(),
                "ret_r": (adv_r + buf["v"]).ravel(), "ret_c": (adv_c + buf["vc"]).ravel()}
        for group in opt.param_groups:
            group["lr"] = args.lr * (1 - update / updates)
        stats = ppo_update(agent, opt, {k: torch.as_tensor(v, dtype=torch.float32)
                                        for k, v in data.items()}, args)
        run["wall"] += time.perf_counter() - t0
        row = {"step": (update + 1) * batch, "ep_return": float(np.mean(returns)) if returns
               else None, "ep_cost": float(np.mean(costs)) if costs else None,
               "wall": run["wall"], "returns": returns, "costs": costs, "lambda": lam, **stats}
        run["history"].append(row)
        run["update"] = update + 1
        print(progress_line(row, run["update"], updates), flush=True)
        if log:
            with open(log, "a") as f:
                f.write(json.dumps(row) + "\n")
            if run["update"] % args.save_every == 0 or run["update"] == updates:
                torch.save({"agent": agent.state_dict(), "opt": opt.state_dict(),
                            "lambda": lagrange.param.item(),
                            "lagrange_opt": lagrange.opt.state_dict(), "norm": dict(norm.__dict__),
                            "torch_rng": torch.get_rng_state(), **run}, ckpt + ".tmp")
                os.replace(ckpt + ".tmp", ckpt)
    return run["history"]


def progress_line(row: dict, update: int, updates: int) -> str:
    """One line per rollout: where the run is, its episodes' mean return and cost (``-``
    when no episode ended in the rollout), the multiplier and the time spent."""
    def num(v):
        return "-" if v is None else f"{v:.4g}"

    return (f"rollout {update}/{updates}  step {row['step']}  return {num(row['ep_return'])}  "
            f"cost {num(row['ep_cost'])}  lambda {row['lambda']:.3f}  wall {row['wall']:.0f}s")


def ppo_update(agent, opt, data, args) -> dict:
    """``args.epochs`` passes of clipped-surrogate PPO over shuffled minibatches."""
    size, sums, count = len(data["adv"]), {}, 0
    for _ in range(args.epochs):
        for idx in torch.randperm(size, device=data["adv"].device).split(args.minibatch):
            dist = agent.dist(data["obs"][idx])
            logp = dist.log_prob(data["act"][idx]).sum(-1)
            ratio = (logp - data["logp"][idx]).exp()
            adv = data["adv"][idx]
            adv = (adv - adv.mean()) / (adv.std() + 1e-8)
            pg_loss = -torch.min(ratio * adv, ratio.clamp(1 - args.clip, 1 + args.clip) * adv).mean()
            v, vc = agent.values(data["obs"][idx])
            v_loss = ((v - data["ret_r"][idx]) ** 2).mean()
            c_loss = ((vc - data["ret_c"][idx]) ** 2).mean()
            entropy = dist.entropy().sum(-1).mean()
            loss = pg_loss + args.vf_coef * (v_loss + c_loss) - args.ent_coef * entropy
            opt.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(agent.parameters(), args.max_grad_norm)
            opt.step()
            with torch.no_grad():
                kl = ((ratio - 1) - (logp - data["logp"][idx])).mean()
            for k, val in (("pg_loss", pg_loss), ("v_loss", v_loss), ("c_loss", c_loss),
                           ("entropy", entropy), ("approx_kl", kl)):
                sums[k] = sums.get(k, 0.0) + val.detach().double()   # read once, below
            count += 1
    return {k: val.item() / count for k, val in sums.items()}


def main(argv=None) -> list[dict]:
    args = parse_args(argv)
    history = train(args)
    if args.out:
        print(f"log: {os.path.join(args.out, 'log.jsonl')}; plot it: safety-sim plot {args.out}")
    return history


if __name__ == "__main__":
    main()
