"""The add-on's conversions (convert.py), outside Blender: the coordinate
change and the exact Hermite-to-Bezier conversion, against the module."""
import sys
from pathlib import Path

import numpy as np
import pytest

import retroanim

# convert.py alone (the package's __init__ needs bpy).
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "retroanim_blender"))
import convert  # noqa: E402


def test_coordinate_change_is_the_stated_one():
    # A Virtools translation by (1, 2, 3) moves Blender points by (1, 3, 2).
    m = np.eye(4, dtype=np.float32)
    m[3, :3] = (1, 2, 3)
    b = np.array(convert.vt_matrix(m))
    assert np.array_equal(b[:3, 3], [1, 3, 2])
    # A Virtools point p maps to C p, and p' = p M maps to B (C p): B = C M^T C.
    rng = np.random.default_rng(1)
    M = rng.normal(size=(4, 4))
    M[:, 3] = (0, 0, 0, 1)
    p = rng.normal(size=3)
    moved = np.append(p, 1) @ M
    B = np.array(convert.vt_matrix(M))
    got = B @ np.append(convert.vt_point(p), 1)
    assert np.allclose(got[:3], convert.vt_point(moved[:3]))
    # A rotation stays a rotation (the swap is applied on both sides).
    c, s = np.cos(0.3), np.sin(0.3)
    R = np.array([[c, 0, -s, 0], [0, 1, 0, 0], [s, 0, c, 0], [0, 0, 0, 1]])  # about Virtools y (up)
    BR = np.array(convert.vt_matrix(R))
    assert np.isclose(np.linalg.det(BR[:3, :3]), 1.0)
    assert np.allclose(BR[:, 2], [0, 0, 1, 0])  # about Blender z (up)


def test_hermite_equals_bezier():
    rng = np.random.default_rng(2)
    for _ in range(20):
        p0, t0, p1, t1 = (tuple(rng.normal(size=3) * 10) for _ in range(4))
        b = convert.hermite_to_bezier(p0, t0, p1, t1)
        for s in np.linspace(0, 1, 11):
            assert np.allclose(convert.bezier_point(*b, s), convert.hermite_point(p0, t0, p1, t1, s), atol=1e-9)


def test_curve_get_local_pos_lies_on_the_bezier_segments(demo_nmo):
    scene = retroanim.load_scene(demo_nmo)
    curve = scene.curve("I_MenuLevel_Curve")
    k = curve.knots()
    steps = np.linspace(0, 1, 21, dtype=np.float32)
    pos, _ = curve.get_local_pos(steps)
    segs = convert.curve_segments(k, curve.is_open)
    for p in pos.astype(np.float64):
        best = min(nearest(convert.hermite_to_bezier(k["pos"][a], k["out"][a], k["pos"][b], k["in"][b]), p)
                   for a, b, linear in segs)
        # float32 GetPos against the float64 cubic: within a few float32 steps of the coordinates (~100).
        assert best < 1e-4, best


def nearest(ctrl, p):
    """The distance from p to the Bezier segment (sampling, then a ternary search)."""
    def dist(t):
        return float(np.linalg.norm(np.array(convert.bezier_point(*ctrl, t)) - p))
    ts = np.linspace(0, 1, 201)
    i = int(np.argmin([dist(t) for t in ts]))
    lo, hi = ts[max(0, i - 1)], ts[min(200, i + 1)]
    for _ in range(80):
        m1, m2 = lo + (hi - lo) / 3, hi - (hi - lo) / 3
        if dist(m1) < dist(m2):
            hi = m2
        else:
            lo = m1
    return dist((lo + hi) / 2)


@pytest.fixture(scope="module")
def demo_nmo(tmp_path_factory):
    import os
    import subprocess
    cli = os.environ.get("RETROANIM_CLI")
    if not cli:
        pytest.skip("RETROANIM_CLI is not set (ctest sets it)")
    out = tmp_path_factory.mktemp("demo")
    subprocess.run([cli, "demo", "--out", str(out)], check=True, capture_output=True)
    return out / "ck_play_demo.nmo"
