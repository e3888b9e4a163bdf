"""OpenGL for MuJoCo rendering: picking a backend that can load (:mod:`.backend`), probing the
machine (:mod:`.probe`) and the TensorFlow/llvmpipe guards (:mod:`.tensorflow_guard`)."""
