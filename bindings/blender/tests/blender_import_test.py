"""Headless Blender test of the add-on (run by ctest as
`blender -b --factory-startup --python-exit-code 1 --python THIS -- ZIP PYTHONPATH DEMO_NMO DEMO_DAT [MENULEVEL]`).

Installs the add-on from its zip, imports the files and checks, after the
documented coordinate change (convert.vt_matrix), each animated object's
matrix_world at every key frame and at the frames between against
ObjectAnimation.sample / KeyedAnimation.sample, and every curve's Blender
spline against Curve.get_pos (each sampled point lies on the spline)."""
import os
import sys
import time

import bpy

argv = sys.argv[sys.argv.index("--") + 1:]
zip_path, pythonpath, demo_nmo, demo_dat = argv[:4]
menulevel = argv[4] if len(argv) > 4 and os.path.isfile(argv[4]) else None
os.environ["RETROANIM_PYTHONPATH"] = pythonpath
sys.path.insert(0, pythonpath)
import numpy as np  # noqa: E402

import retroanim  # noqa: E402

failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL:", msg)


bpy.ops.preferences.addon_install(filepath=zip_path, overwrite=True)
bpy.ops.preferences.addon_enable(module="retroanim_blender")
from retroanim_blender import convert  # noqa: E402


def close(a, b, tol=1e-5):
    a = np.asarray(a, dtype=np.float64)
    b = np.asarray(b, dtype=np.float64)
    return np.all(np.abs(a - b) <= tol * np.maximum(1.0, np.abs(b)))


def check_animations(scene):
    checked = 0
    bl = bpy.context.scene
    keyed_names = set()
    for keyed in scene.keyed_animations:
        for a in keyed.animations:
            keyed_names.add(a.name)
        frames = list(range(0, int(keyed.length) + 1))
        worlds = keyed.sample(frames=frames)
        for a in keyed.animations:
            obj = bpy.data.objects.get(a.entity.name)
            for i, f in enumerate(frames):
                bl.frame_set(f)
                want = convert.vt_matrix(worlds[a.name][i])
                if not close(obj.matrix_world, want):
                    fail("keyed %s / %s frame %d" % (keyed.name, a.name, f))
                    break
                checked += 1
    for a in scene.object_animations:
        if a.name in keyed_names or a.entity is None:
            continue
        obj = bpy.data.objects.get(a.entity.name)
        keys = a.keys()
        key_frames = sorted({float(t) for c in keys.values() if "time" in c for t in c["time"]})
        between = [(x + y) / 2 for x, y in zip(key_frames, key_frames[1:])]
        frames = sorted({int(round(f)) for f in key_frames + between if 0 <= f <= a.length})
        worlds = a.sample(frames=frames)
        for i, f in enumerate(frames):
            bl.frame_set(f)
            if not close(obj.matrix_world, convert.vt_matrix(worlds[i])):
                fail("object animation %s frame %d: %s vs %s" % (a.name, f, list(obj.matrix_world),
                                                                   convert.vt_matrix(worlds[i])))
                break
            checked += 1
    return checked


def nearest_on_spline(obj, p):
    """The distance from world point p to the object's Bezier spline."""
    mw = obj.matrix_world
    sp = obj.data.splines[0]
    pts = sp.bezier_points
    n = len(pts)
    segs = range(n if sp.use_cyclic_u else n - 1)
    best = 1e30
    for k in segs:
        a, b = pts[k], pts[(k + 1) % n]
        ctrl = [np.array(mw @ v) for v in (a.co, a.handle_right, b.handle_left, b.co)]

        def at(t):
            return np.array(convert.bezier_point(*ctrl, t))
        ts = np.linspace(0, 1, 101)
        d = [np.linalg.norm(at(t) - p) for t in ts]
        i = int(np.argmin(d))
        lo, hi = ts[max(0, i - 1)], ts[min(100, i + 1)]
        for _ in range(60):  # ternary search around the best sample
            m1, m2 = lo + (hi - lo) / 3, hi - (hi - lo) / 3
            if np.linalg.norm(at(m1) - p) < np.linalg.norm(at(m2) - p):
                hi = m2
            else:
                lo = m1
        best = min(best, float(np.linalg.norm(at((lo + hi) / 2) - p)))
    return best


def check_curves(scene):
    checked = 0
    for c in scene.curves:
        if len(c.control_points) < 2:
            continue
        obj = bpy.data.objects.get(c.name)
        steps = np.linspace(0, 1, 41, dtype=np.float32)
        pos, _ = c.get_pos(steps)
        scale = max(1.0, float(np.max(np.abs(pos))))
        for s, p in zip(steps, pos):
            d = nearest_on_spline(obj, np.array(convert.vt_point(p)))
            if d > 1e-5 * scale:
                fail("curve %s step %g: %g from the spline" % (c.name, s, d))
                break
            checked += 1
    return checked


def import_nmo(path):
    t0 = time.time()
    r = bpy.ops.import_scene.retroanim_virtools(filepath=path)
    dt = time.time() - t0
    if r != {"FINISHED"}:
        fail("import %s: %s" % (path, r))
    scene = retroanim.load_scene(path)
    n = check_animations(scene)
    m = check_curves(scene)
    print("checked %s: %d matrices, %d curve points; import took %.2f s" % (os.path.basename(path), n, m, dt))
    return dt


bpy.ops.wm.read_factory_settings(use_empty=True)
bpy.ops.preferences.addon_enable(module="retroanim_blender")
import_nmo(demo_nmo)
if menulevel:
    bpy.ops.wm.read_factory_settings(use_empty=True)
    bpy.ops.preferences.addon_enable(module="retroanim_blender")
    dt = import_nmo(menulevel)
else:
    print("skipped MenuLevel.nmo: the Ballance files are absent")

# AC: a setup's parts parented to the setup, the motion table's animations as actions.
r = bpy.ops.import_scene.retroanim_ac(filepath=demo_dat)
dat = retroanim.Dat(demo_dat)
setup = dat.setup(dat.ids(0x02)[0])
root = bpy.data.objects.get("Setup 0x%08X" % setup.id)
parts = [o for o in bpy.data.objects if o.parent is root]
if r != {"FINISHED"} or len(parts) != setup.num_parts:
    fail("AC import: %s, %d parts" % (r, len(parts)))

# Errors are reports, not tracebacks: bpy.ops raises RuntimeError carrying the report.
bad = os.path.join(bpy.app.tempdir or "/tmp", "truncated.nmo")
with open(demo_nmo, "rb") as f, open(bad, "wb") as g:
    g.write(f.read()[:100])
try:
    bpy.ops.import_scene.retroanim_virtools(filepath=bad)
    fail("a truncated file imported")
except RuntimeError as e:
    if "truncated.nmo" not in str(e):
        fail("the report does not carry the library's message: %s" % e)

if failures:
    print("%d failures" % len(failures))
    sys.exit(1)
print("blender add-on test: ok")
