"""Python vs C++ in one process (issue 30's targets; docs/PERFORMANCE.md):
ObjectAnimation.sample over 1,000,000 steps, the AC batch tick of 10,000
objects, and the per-call cost of Curve.get_pos(0.5). The C++ baselines are
the module's _bench functions (the same loops, without Python in them).
Each round runs the Python call and its baseline one after the other
(alternated), so that both see the same machine; the figures are the medians
over the rounds and the ratio's range over them.

  PYTHONPATH=build/release/python /usr/bin/python3 bindings/python/bench/bench_module.py NMO DAT [--repeat R]

NMO: a file with "Record Anim" and I_MenuLevel_Curve (the demo's
ck_play_demo.nmo or MenuLevel.nmo); DAT: the demo's ac/demo.dat."""
import argparse
import statistics
import time

import numpy as np

import retroanim
from retroanim import _retroanim

bench = _retroanim._bench


def alternated(py, cpp, repeat):
    """Runs py() and cpp() alternately `repeat` times (after one warm-up round
    each): (median py, median cpp, min ratio, max ratio)."""
    py()
    cpp()
    a, b = [], []
    for _ in range(repeat):
        a.append(py())
        b.append(cpp())
    ratios = [x / y for x, y in zip(a, b)]
    return statistics.median(a), statistics.median(b), min(ratios), max(ratios)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("nmo")
    ap.add_argument("dat")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--steps", type=int, default=1_000_000)
    ap.add_argument("--objects", type=int, default=10_000)
    ap.add_argument("--ticks", type=int, default=30)
    a = ap.parse_args()

    scene = retroanim.load_scene(a.nmo)
    anim = scene.object_animation("Record Anim")
    steps = np.linspace(0, 1, a.steps, dtype=np.float32)

    def py_sample():
        t0 = time.perf_counter()
        anim.sample(steps)
        return time.perf_counter() - t0
    py, cpp, lo, hi = alternated(py_sample, lambda: bench.sample_seconds(anim, steps)[0], a.repeat)
    print(f"sample {a.steps} steps: python {py * 1e3:.1f} ms, C++ {cpp * 1e3:.1f} ms, "
          f"ratio {py / cpp:.3f} (rounds {lo:.3f}-{hi:.3f})")

    dat = retroanim.Dat(a.dat)
    setup = dat.ids(0x02)[0]
    w = retroanim.World(dat, setup, a.objects, motion_table=0, threads=1)
    out = np.empty((w.count, w.num_parts, 7), np.float32)

    def py_tick():
        t0 = time.perf_counter()
        for _ in range(a.ticks):
            w.tick(1 / 30, out)
        return time.perf_counter() - t0
    py, cpp, lo, hi = alternated(py_tick, lambda: bench.tick_seconds(w, 1 / 30, a.ticks, out), a.repeat)
    print(f"tick {a.objects} objects x {a.ticks}: python {py / a.ticks * 1e3:.2f} ms/tick, "
          f"C++ {cpp / a.ticks * 1e3:.2f} ms/tick, ratio {py / cpp:.3f} (rounds {lo:.3f}-{hi:.3f})")

    curve = scene.curve("I_MenuLevel_Curve")
    n = 200_000

    def py_get_pos():
        g = curve.get_pos
        t0 = time.perf_counter()
        for _ in range(n):
            g(0.5)
        return time.perf_counter() - t0
    py, cpp, lo, hi = alternated(py_get_pos, lambda: bench.get_pos_seconds(curve, n)[0], a.repeat)
    print(f"Curve.get_pos(0.5): python {py / n * 1e9:.0f} ns/call, C++ GetPos {cpp / n * 1e9:.0f} ns/call, "
          f"overhead {(py - cpp) / n * 1e9:.0f} ns/call")

if __name__ == "__main__":
    main()
