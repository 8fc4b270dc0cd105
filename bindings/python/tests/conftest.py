"""Shared fixtures of the Python module's tests (bindings/python/tests).

ctest runs them with PYTHONPATH set to the build's python/ folder, RETROANIM_CLI
to the built CLI (whose --json outputs the tests compare with) and
RETROANIM_SHARED_DIR to ../shared. The Ballance files come from
$RETROANIM_BALLANCE_DIR or ../shared/data/ballance; tests that need them skip,
saying so, when they are absent.
"""
import json
import os
import subprocess
from pathlib import Path

import numpy as np
import pytest

import retroanim


def cli_path():
    p = os.environ.get("RETROANIM_CLI")
    if not p or not Path(p).is_file():
        pytest.skip("RETROANIM_CLI is not set to the built retroanim CLI (ctest sets it)")
    return p


def run_cli(*args, check=True):
    r = subprocess.run([cli_path(), *map(str, args)], capture_output=True, text=True, timeout=600)
    if check and r.returncode != 0:
        raise AssertionError(f"retroanim {' '.join(map(str, args))} failed ({r.returncode}): {r.stderr}")
    return r


def cli_json(*args):
    return json.loads(run_cli(*args).stdout)


def f32(x):
    """JSON numbers (shortest round-trip float32 forms; null = not finite) as float32."""
    a = np.array(x, dtype=object)
    a[a == None] = np.nan  # noqa: E711
    return a.astype(np.float64).astype(np.float32)


def ballance_dir():
    env = os.environ.get("RETROANIM_BALLANCE_DIR")
    if env:
        return Path(env) if Path(env).is_dir() else None
    shared = os.environ.get("RETROANIM_SHARED_DIR", str(Path(__file__).resolve().parents[3].parent / "shared"))
    d = Path(shared) / "data" / "ballance"
    return d if d.is_dir() else None


@pytest.fixture(scope="session")
def ballance():
    d = ballance_dir()
    if d is None or not (d / "MenuLevel.nmo").is_file():
        pytest.skip("the Ballance files are absent (set RETROANIM_BALLANCE_DIR or provide ../shared/data/ballance)")
    return d


@pytest.fixture(scope="session")
def demo(tmp_path_factory):
    """The files `retroanim demo` writes (ck_play_demo.nmo, ac/demo.dat, ...)."""
    out = tmp_path_factory.mktemp("demo")
    run_cli("demo", "--out", out)
    return out
