"""The benchmarks (speed figures, not tests), one module per part:

* :mod:`.command` -- ``safety-sim bench``: every registered id beside its physics limit;
  ``--vector`` the native vector envs (:mod:`.vector`, :mod:`.vector_report`,
  :mod:`.vector_command`, the work around the physics in :mod:`.outside`); ``--vector --device``
  the GPU form (:mod:`.gpu`); ``--multi-agent`` ``make_ma`` beside the ``-v4`` envs
  (:mod:`.multi_agent`). The single envs' measurements per family are in :mod:`.single`, the
  timing loops in :mod:`.runners`, the tables in :mod:`.report`.
* :mod:`.gpu_agreement` -- how closely the GPU form follows the CPU envs
  (``python -m safety_sim.tools.bench.gpu_agreement ID...``; ``docs/gpu.md``).
* :mod:`.gpu_vision_contract` -- the GPU form's Vision frames against the CPU env's
  (segmentation and colour agreement); :mod:`.gpu_vision_speed` -- Vision steps per second
  of the CPU vector env (OpenGL) against the GPU form (MuJoCo Warp's renderer).
"""
