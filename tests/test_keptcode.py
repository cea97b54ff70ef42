"""The code a start kept: later starts take each unchanged module from it, a changed
or damaged one is imported as usual, and the file is kept again only then."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from spider.keptcode import packed, read_kept

ROOT = Path(__file__).resolve().parents[1]

#: A start's imports through the kept code at ``argv[1]``; then what was loaded how,
#: and whether the code was kept again.
START = """
import json, sys
from spider import keptcode
keptcode.install(__import__("pathlib").Path(sys.argv[1]))
import spider.app.loop
loaders = {name: type(module.__spec__.loader).__name__ for name, module in sys.modules.items()
           if name.startswith("spider.") and name != "spider.keptcode"}
files = {name: module.__file__ for name, module in sys.modules.items()
         if name.startswith("spider.")}
damaged = [name for name, module in sys.modules.items() if name.startswith("spider.")
           and getattr(module.__spec__.loader, "intact", True) is False]
print(json.dumps({"loaders": loaders, "files": files, "damaged": damaged,
                  "kept": keptcode.keep()}))
"""


def start(kept: Path) -> dict[str, Any]:
    env = {name: value for name, value in os.environ.items()
           if name != "PYTHONDONTWRITEBYTECODE"}
    done = subprocess.run([sys.executable, "-c", START, str(kept)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    result: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    return result


def test_a_start_takes_the_modules_the_last_one_kept(tmp_path: Path) -> None:
    kept = tmp_path / "start.code"
    first = start(kept)
    assert first["kept"] is True and kept.is_file()
    assert set(first["loaders"].values()) == {"SourceFileLoader"}
    second = start(kept)
    assert set(second["loaders"].values()) == {"_KeptLoader"}
    assert second["files"] == first["files"]  # each module's file is its source
    assert second["kept"] is False  # nothing changed: not written again


def test_a_changed_module_is_imported_as_usual_and_the_code_kept_again(tmp_path: Path) -> None:
    kept = tmp_path / "start.code"
    start(kept)
    modules, code = read_kept(kept)
    source, size, modified, begin, end = modules["spider.app.clock"]
    modules["spider.app.clock"] = (source, size + 1, modified, begin, end)  # as if edited
    kept.write_bytes(packed(modules, bytes(code)))
    changed = start(kept)
    loaders = changed["loaders"]
    assert isinstance(loaders, dict) and loaders.pop("spider.app.clock") == "SourceFileLoader"
    assert set(loaders.values()) == {"_KeptLoader"}
    assert changed["kept"] is True
    assert set(start(kept)["loaders"].values()) == {"_KeptLoader"}


def test_a_damaged_file_is_read_as_no_file(tmp_path: Path) -> None:
    kept = tmp_path / "start.code"
    start(kept)
    data = kept.read_bytes()
    for damaged in (data[:len(data) // 2], data[:40], b"not kept code",
                    data[:20] + b"\xff" * 20):
        kept.write_bytes(damaged)
        result = start(kept)
        assert set(result["loaders"].values()) == {"SourceFileLoader"}
        assert result["kept"] is True
    modules, code = read_kept(kept)
    kept.write_bytes(packed(modules, b"\xff" * len(code)))
    result = start(kept)  # each module's code damaged: from its source, kept again
    assert result["damaged"] and result["kept"] is True
    again = start(kept)
    assert set(again["loaders"].values()) == {"_KeptLoader"}
    assert again["damaged"] == [] and again["kept"] is False
