"""Packaging: the PyInstaller spec bundles every asset, paths work from anywhere, icons are valid.

The executable itself is built and smoke-tested by ``.ci/run`` (too slow for pytest).
"""

from __future__ import annotations

import ast
import importlib.util
import json
import os
import re
import struct
import subprocess
import sys
import tomllib
import types
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "packaging" / "spider.spec"
ICONS = ROOT / "assets" / "icon"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
APP_EXISTS = (ROOT / "spider" / "app" / "loop.py").is_file()


def spec_text() -> str:
    return SPEC.read_text(encoding="utf-8")


# --- the spec, read as text -------------------------------------------------------------

def test_the_spec_bundles_the_assets_and_the_locales() -> None:
    text = spec_text()
    assert re.search(r'\(str\(ROOT / "assets"\), "assets"\)', text)
    assert re.search(r'\(str\(ROOT / "spider" / "text" / "locales"\), "spider/text/locales"\)',
                     text)
    assert re.search(r'\(str\(ROOT / "pyproject.toml"\), "\."\)', text)
    assert "datas=DATAS" in text


def test_the_spec_builds_a_windowed_onedir_app_with_icon_and_version() -> None:
    text = spec_text()
    assert 'NAME = "Spider"' in text
    assert "console=False" in text
    assert "COLLECT(" in text and "BUNDLE(" in text
    assert '"spider.ico"' in text and '"spider.icns"' in text
    assert "pyproject.toml" in text and "version=version_file" in text
    for unwanted in ("tkinter", "pytest", "hypothesis", "numpy"):
        assert f'"{unwanted}"' in text


# --- the spec, run with stand-ins for PyInstaller's classes -----------------------------

class Recorder:
    """Stands in for Analysis, PYZ, EXE, COLLECT, BUNDLE: keeps the arguments."""

    calls: list[tuple[str, tuple[Any, ...], dict[str, Any]]]

    def __init__(self, calls: list[tuple[str, tuple[Any, ...], dict[str, Any]]]) -> None:
        self.calls = calls

    def __getattr__(self, name: str) -> Any:
        def make(*args: Any, **kwargs: Any) -> types.SimpleNamespace:
            self.calls.append((name, args, kwargs))
            return types.SimpleNamespace(pure=[], scripts=[], binaries=[], datas=[],
                                         kind=name)
        return make


def run_spec(platform: str, workpath: Path, monkeypatch: pytest.MonkeyPatch,
             *options: str) -> dict[str, dict[str, Any]]:
    import PyInstaller.utils.hooks as hooks

    monkeypatch.setattr(hooks, "collect_submodules", lambda name: [f"{name}.app.main"])
    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.setattr(sys, "argv", ["pyinstaller", *options])
    calls: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = []
    stand_in = Recorder(calls)
    namespace = {name: getattr(stand_in, name)
                 for name in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")}
    namespace.update(SPECPATH=str(SPEC.parent), workpath=str(workpath), __name__="__spec__")
    exec(compile(spec_text(), str(SPEC), "exec"), namespace)
    made = {name: kwargs | {"args": args} for name, args, kwargs in calls}
    made["namespace"] = namespace
    return made


def test_the_spec_collects_assets_locales_and_excludes(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    made = run_spec("linux", tmp_path, monkeypatch)
    analysis = made["Analysis"]
    assert analysis["args"][0] == [str(ROOT / "main.py")]
    datas = {Path(source).relative_to(ROOT).as_posix(): target
             for source, target in analysis["datas"]}
    assert datas == {"assets": "assets", "spider/text/locales": "spider/text/locales",
                     "pyproject.toml": "."}
    for source, _ in analysis["datas"]:
        assert Path(source).exists(), source
    assert {"tkinter", "pytest", "_pytest", "hypothesis", "numpy"} <= set(analysis["excludes"])
    assert made["EXE"]["name"] == "Spider" and made["EXE"]["console"] is False
    assert made["EXE"]["exclude_binaries"] is True
    assert made["COLLECT"]["name"] == "Spider"
    assert "BUNDLE" not in made


def test_windows_gets_the_ico_and_a_version_resource(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    made = run_spec("win32", tmp_path, monkeypatch)
    exe = made["EXE"]
    assert exe["icon"] == str(ICONS / "spider.ico")
    text = Path(exe["version"]).read_text(encoding="utf-8")
    tree = ast.parse(text, mode="eval")
    assert isinstance(tree.body, ast.Call) and tree.body.func.id == "VSVersionInfo"
    numbers = tuple(int(n) for n in (VERSION.split(".") + ["0"] * 4)[:4])
    assert f"filevers={numbers}" in text
    assert f"StringStruct('ProductVersion', '{VERSION}')" in text
    assert "StringStruct('OriginalFilename', 'Spider.exe')" in text


def test_macos_gets_an_app_bundle_with_the_icns(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    made = run_spec("darwin", tmp_path, monkeypatch)
    bundle = made["BUNDLE"]
    assert bundle["name"] == "Spider.app"
    assert bundle["icon"] == str(ICONS / "spider.icns")
    assert bundle["version"] == VERSION
    assert bundle["args"][0].kind == "COLLECT"
    assert made["EXE"]["version"] is None


def test_the_onefile_variant_puts_everything_in_one_executable(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    made = run_spec("linux", tmp_path, monkeypatch, "--onefile")
    assert "COLLECT" not in made
    assert made["EXE"]["name"] == "Spider" and "exclude_binaries" not in made["EXE"]


# --- paths from any working directory ---------------------------------------------------

def test_assets_and_locales_resolve_from_another_working_directory(tmp_path: Path) -> None:
    script = (
        "import json, spider.app.assets as a, spider.text.i18n as i\n"
        "print(json.dumps([str(a.ASSETS), str(a.CARDS / 'As.svg'), str(a.SOUNDS),"
        " str(a.FONTS), str(i.LOCALES), i.tr('__no_such_key__')]))\n"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    result = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, env=env,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assets, ace, sounds, fonts, locales, _ = json.loads(result.stdout)
    assert Path(assets) == ROOT / "assets"
    assert Path(ace).is_file()
    assert any(Path(sounds).glob("*.wav")) and any(Path(fonts).glob("*.[ot]tf"))
    assert Path(locales) == ROOT / "spider" / "text" / "locales"
    assert (Path(locales) / "en.json").is_file()


# --- icons --------------------------------------------------------------------------------

def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == PNG_SIGNATURE
    assert data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def test_the_png_icon_is_a_256_pixel_png() -> None:
    assert png_size((ICONS / "spider.png").read_bytes()) == (256, 256)


def test_the_ico_holds_pngs_from_16_to_256_pixels() -> None:
    data = (ICONS / "spider.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind) == (0, 1) and count >= 4
    sizes = []
    for n in range(count):
        w, h, _, _, planes, bits, length, offset = struct.unpack(
            "<BBBBHHII", data[6 + 16 * n: 22 + 16 * n])
        side = w or 256
        assert (w, planes, bits) == (h, 1, 32)
        assert png_size(data[offset: offset + length]) == (side, side)
        sizes.append(side)
    assert {16, 32, 48, 256} <= set(sizes)


def test_the_icns_holds_png_elements() -> None:
    data = (ICONS / "spider.icns").read_bytes()
    assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data)
    at, kinds = 8, {}
    while at < len(data):
        kind, length = data[at: at + 4], struct.unpack(">I", data[at + 4: at + 8])[0]
        kinds[kind] = png_size(data[at + 8: at + length])
        at += length
    assert at == len(data)
    assert kinds[b"ic07"] == (128, 128) and kinds[b"ic08"] == (256, 256)
    assert kinds[b"ic09"] == (512, 512)


def test_the_icon_script_makes_valid_files(tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, str(ROOT / "tools" / "make_icon.py"),
                             str(tmp_path)], cwd=tmp_path, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stderr
    assert png_size((tmp_path / "spider.png").read_bytes()) == (256, 256)
    assert (tmp_path / "spider.ico").read_bytes()[:4] == b"\0\0\1\0"
    assert (tmp_path / "spider.icns").read_bytes()[:4] == b"icns"
    assert "<svg" in (tmp_path / "spider.svg").read_text(encoding="utf-8")


# --- the build command and the smoke test -------------------------------------------------

def test_the_build_script_knows_where_the_executable_goes() -> None:
    spec = importlib.util.spec_from_file_location("spider_build", ROOT / "packaging" / "build.py")
    assert spec is not None and spec.loader is not None
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    dist = Path("dist")
    program = build.executable(dist=dist)
    if sys.platform == "darwin":
        assert program == dist / "Spider.app" / "Contents" / "MacOS" / "Spider"
    elif sys.platform == "win32":
        assert program == dist / "Spider" / "Spider.exe"
    else:
        assert program == dist / "Spider" / "Spider"
        assert build.executable(onefile=True, dist=dist) == dist / "onefile" / "Spider"


def test_the_readme_documents_the_build() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "## Build the executable" in readme
    assert "packaging/build.py" in readme


@pytest.mark.skipif(not APP_EXISTS, reason="the desktop App (spider/app/loop.py) is not there yet")
def test_the_smoke_test_passes_from_source(tmp_path: Path) -> None:
    env = dict(os.environ, SPIDER_DATA_DIR=str(tmp_path / "data"))
    env.pop("SDL_VIDEODRIVER", None)  # the smoke test chooses the dummy drivers itself
    env.pop("SDL_AUDIODRIVER", None)
    result = subprocess.run([sys.executable, str(ROOT / "main.py"), "--smoke-test"],
                            cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "smoke test passed" in result.stdout
