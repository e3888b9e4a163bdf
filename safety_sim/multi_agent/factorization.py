"""From ``make_ma``'s arguments to a checked factorization: the agents' partitions, the
hyperedges and global nodes, the observation depth and categories (docs/spec/multi_agent.md
docs/spec/multi_agent.md §2, §5, §6). Bad arguments raise TypeError/ValueError naming the
problem."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from safety_sim.multi_agent.graphs import Node, robot_graph
from safety_sim.multi_agent.layout import check_categories
from safety_sim.multi_agent.task import SCENARIOS

WHO = "make_ma"


@dataclass(frozen=True)
class Factorization:
    """The agents of one configuration. ``obsk`` None: one agent that acts with the robot's
    whole action vector and observes the single-robot observation."""

    partitions: tuple[tuple[Node, ...], ...]
    edges: tuple[tuple[Node, ...], ...]
    globals: tuple[Node, ...]
    obsk: int | None
    local_categories: tuple[tuple[str, ...], ...]
    global_categories: tuple[str, ...]


def check_scenario(scenario: Any) -> str:
    if not isinstance(scenario, str):
        raise TypeError(f"{WHO}: scenario must be a str, one of {list(SCENARIOS)}; "
                        f"got {scenario!r}")
    if scenario not in SCENARIOS:
        raise ValueError(f"{WHO}: unknown scenario {scenario!r}; one of {list(SCENARIOS)}")
    return scenario


def factorize(scenario: str, agent_conf: Any, agent_obsk: Any, agent_factorization: Any,
              local_categories: Any, global_categories: Any) -> Factorization:
    """Check the arguments and build the factorization they name."""
    graph = robot_graph(scenario)
    if agent_conf is not None and not isinstance(agent_conf, str):
        raise TypeError(f"{WHO}: agent_conf must be a str or None, got {agent_conf!r}")
    if agent_factorization is None and agent_conf is not None \
            and agent_conf not in graph.partitions:
        raise ValueError(f"{WHO}: unknown agent_conf {agent_conf!r} for {scenario}; one of "
                         f"{sorted(graph.partitions)} or None (one agent)")
    if agent_obsk is not None and (isinstance(agent_obsk, bool) or not isinstance(agent_obsk, int)
                                   or agent_obsk < 0):
        raise ValueError(f"{WHO}: agent_obsk must be an int >= 0 or None, got {agent_obsk!r}")
    if agent_conf is None or agent_obsk is None:
        if agent_factorization is not None:
            raise ValueError(f"{WHO}: agent_factorization needs agent_conf and agent_obsk "
                             "(with either None there is one agent holding the whole robot)")
        return Factorization((), (), (), None, ((),), ())
    if agent_factorization is None:
        parts, edges, globals_ = graph.partitions[agent_conf], graph.edges, graph.globals
    else:
        parts, edges, globals_ = _custom(agent_factorization)
    if local_categories is None:
        defaults = graph.local_categories
        local = tuple(defaults[min(k, len(defaults) - 1)] for k in range(agent_obsk + 1))
    else:
        if isinstance(local_categories, str):
            raise TypeError(f"{WHO}: local_categories must be a list of lists of category "
                            f"names (one per depth), got {local_categories!r}")
        local = tuple(check_categories(c, f"{WHO}: local_categories[{k}]")
                      for k, c in enumerate(local_categories))
        if len(local) < agent_obsk + 1:
            raise ValueError(f"{WHO}: local_categories has {len(local)} depth(s); agent_obsk="
                             f"{agent_obsk} needs {agent_obsk + 1} (depths 0..{agent_obsk})")
    glob = graph.global_categories if global_categories is None else check_categories(
        global_categories, f"{WHO}: global_categories")
    return Factorization(parts, edges, globals_, agent_obsk, local, tuple(glob))


def _custom(factorization: Any):
    """``{"partition": [(Node, ...), ...], "edges": [(Node, ...), ...], "globals": [Node]}``
    (nodes from :mod:`safety_sim.multi_agent.graphs`)."""
    if not isinstance(factorization, Mapping) or \
            set(factorization) != {"partition", "edges", "globals"}:
        raise ValueError(f"{WHO}: agent_factorization must be a dict with exactly the keys "
                         "'partition', 'edges' and 'globals'")
    parts = tuple(tuple(p) for p in factorization["partition"])
    edges = tuple(tuple(e) for e in factorization["edges"])
    globals_ = tuple(factorization["globals"])
    nodes = [n for p in parts for n in p] + [n for e in edges for n in e] + list(globals_)
    for n in nodes:
        if not isinstance(n, Node):
            raise TypeError(f"{WHO}: agent_factorization holds {n!r}, not a "
                            "safety_sim.multi_agent.graphs.Node")
    if not parts or any(not p for p in parts):
        raise ValueError(f"{WHO}: agent_factorization['partition'] needs at least one agent, "
                         "each with at least one node")
    return parts, edges, globals_


def check_partition_actions(partitions, action_size: int) -> None:
    """Every actuator is driven by exactly one agent (docs/spec/multi_agent.md §5)."""
    seen: dict[int, str] = {}
    for agent, part in enumerate(partitions):
        for node in part:
            act = node.act
            if not isinstance(act, int) or not -action_size <= act < action_size:
                raise ValueError(f"{WHO}: node {node.label!r} of agent {agent} drives actuator "
                                 f"{act!r}; the robot has actuators 0..{action_size - 1}")
            act %= action_size
            if act in seen:
                raise ValueError(f"{WHO}: actuator {act} is driven twice ({seen[act]} and "
                                 f"{node.label!r})")
            seen[act] = node.label
    missing = sorted(set(range(action_size)) - set(seen))
    if missing:
        raise ValueError(f"{WHO}: actuator(s) {missing} are driven by no agent")
