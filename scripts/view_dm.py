"""Open dm_control's viewer on a safety_sim env through the dm_env adapter.

    python scripts/view_dm.py --env SafetyPointPush1-v0                  # random policy
    python scripts/view_dm.py --env SafetyConveyorBelt-v0 --policy oracle

Needs the [dm] extra with dm_control (Python < 3.13) and a display (Xvfb works). Space
pauses/resumes, Backspace restarts the episode; see dm_control's viewer help (F1).
"""
from __future__ import annotations

import argparse
import sys

from safety_sim.tools.dm_view import POLICIES, launch_viewer, use_window_gl

use_window_gl()     # before dm_control is imported: the viewer draws through GLFW


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description="dm_control viewer on a safety_sim env")
    p.add_argument("--env", default="SafetyPointPush1-v0", metavar="ID")
    p.add_argument("--policy", choices=POLICIES, default="random")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--max-steps", type=int, default=None,
                   help="close the window after this many policy steps")
    args = p.parse_args(argv)
    steps = launch_viewer(args.env, args.policy, args.seed, args.max_steps)
    print(f"viewer closed after {steps} policy steps")
    return 0


if __name__ == "__main__":
    sys.exit(main())
