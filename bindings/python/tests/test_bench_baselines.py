"""The C++ baselines of bindings/python/bench/bench_module.py (retroanim._retroanim._bench):
each returns its timing and does the work of the Python call it stands for."""
import numpy as np

import retroanim
from retroanim import _retroanim

bench = _retroanim._bench


def test_sample_baseline_writes_what_sample_returns(demo):
    scene = retroanim.load_scene(demo / "ck_play_demo.nmo")
    anim = scene.object_animation("Record Anim")
    steps = np.linspace(0, 1, 7, dtype=np.float32)
    seconds, last = bench.sample_seconds(anim, steps)
    assert seconds >= 0
    assert last == anim.sample(steps)[-1, 0, 0]
    seconds, last = bench.sample_seconds(anim, np.empty(0, np.float32))
    assert seconds >= 0 and last == 0


def test_get_pos_baseline_sums_get_pos(demo):
    scene = retroanim.load_scene(demo / "ck_play_demo.nmo")
    curve = scene.curve("I_MenuLevel_Curve")
    seconds, total = bench.get_pos_seconds(curve, 3)
    assert seconds >= 0
    x = np.float32(curve.get_pos(0.5)[0][0])
    assert total == np.float32(x + x + x)


def test_tick_baseline_fills_the_output(demo):
    dat = retroanim.Dat(demo / "ac" / "demo.dat")
    w = retroanim.World(dat, dat.ids(0x02)[0], 4, motion_table=0, threads=1)
    out = np.zeros((w.count, w.num_parts, 7), np.float32)
    assert bench.tick_seconds(w, 1 / 30, 2, out) >= 0
    assert np.array_equal(out, w.part_frames())
