"""Start to first frame from source: ``python main.py --smoke-test``, which exits
right after its first flip, timed as a player starts it (see :mod:`tools.bench.game`)."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import Any

from spider import environment

ROOT = Path(__file__).resolve().parent.parent.parent


def measure(runs: int) -> dict[str, Any]:
    """Start to first frame from source: ``python main.py`` exits after its first flip.

    Timed as a player starts it from source after a first run: with the bytecode
    cached (in a temporary pycache prefix, even where the environment turns
    writing bytecode off). The first run, compiling every module, is reported apart.
    """
    import statistics
    import subprocess
    import tempfile

    def once(pycache: str, write_bytecode: bool) -> float:
        with tempfile.TemporaryDirectory(prefix="spider-bench-") as cwd:
            env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                       PYGAME_HIDE_SUPPORT_PROMPT="1",
                       **{environment.DATA_DIR: str(Path(cwd) / "data")},
                       PYTHONPYCACHEPREFIX=pycache)
            env[environment.EXIT_AFTER_FIRST_FRAME] = "1"
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            if not write_bytecode:
                env["PYTHONDONTWRITEBYTECODE"] = "1"
            command = [sys.executable, str(ROOT / "main.py"), "--smoke-test"]
            start = time.perf_counter()
            result = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True,
                                    timeout=300)
            elapsed = time.perf_counter() - start
        if result.returncode != 0:
            raise RuntimeError(f"start-up run failed ({result.returncode}):\n"
                               f"{result.stdout}{result.stderr}")
        return elapsed

    with tempfile.TemporaryDirectory(prefix="spider-bench-pycache-") as pycache:
        cold = once(pycache, write_bytecode=False)
        once(pycache, write_bytecode=True)  # writes the bytecode
        times = [once(pycache, write_bytecode=True) for _ in range(runs)]
    return {"runs": times, "median": statistics.median(times), "cold": cold}
