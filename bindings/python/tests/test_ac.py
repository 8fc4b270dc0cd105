"""Asheron's Call: the demo's dat (retroanim demo writes it), compared exactly
with `retroanim ac info --json`; physics objects and the batch World."""
import threading

import numpy as np
import pytest

import retroanim
from conftest import cli_json, f32


@pytest.fixture(scope="module")
def dat_path(demo):
    return demo / "ac" / "demo.dat"


def test_ids(dat_path):
    dat = retroanim.Dat(dat_path)
    assert dat.ids(0x03) == [0x03000010, 0x03000011, 0x03000012, 0x03000013, 0x03000014]
    assert dat.ids(0x02) == [0x02000001] and dat.ids(0x09) == [0x09000001]


def test_animation_frames_equal_ac_info(dat_path):
    dat = retroanim.Dat(dat_path)
    for aid in dat.ids(0x03):
        a = dat.animation(aid)
        j = cli_json("ac", "info", dat_path, "--id", hex(aid), "--json")["animation"]
        assert (a.num_parts, a.num_frames, a.flags) == (j["part_count"], j["frame_count"], j["flags"])
        fr = a.frames
        assert fr.dtype == np.float32 and fr.shape == (a.num_frames, a.num_parts, 7)
        want = f32([[p["origin"] + p["rotation"] for p in f["parts"]] for f in j["frames"]])
        assert np.array_equal(fr, want.reshape(fr.shape)), hex(aid)
        assert len(a.hooks) == sum(len(f["hooks"]) for f in j["frames"])
        if a.pos_frames is not None:
            assert a.pos_frames.shape == (a.num_frames, 7)


def test_setup_and_motion_table(dat_path):
    dat = retroanim.Dat(dat_path)
    s = dat.setup(0x02000001)
    j = cli_json("ac", "info", dat_path, "--id", "0x02000001", "--json")["setup"]
    assert s.num_parts == len(s.part_ids) and s.part_ids.dtype == np.uint32
    assert [f"0x{p:08X}" for p in s.part_ids] == j["part_ids"] if "part_ids" in j else True
    assert all(v.shape == (s.num_parts, 7) for v in s.placement_frames.values())
    t = dat.motion_table(0x09000001)
    assert t.default_style in t.style_defaults
    assert all(isinstance(a[0], int) for anims in t.cycles.values() for a in anims)


def test_lookups_raise(dat_path):
    dat = retroanim.Dat(dat_path)
    with pytest.raises(retroanim.NotFoundError):
        dat.animation(0x03000001)
    with pytest.raises(retroanim.InputError):
        retroanim.Dat(dat_path.parent / "missing.dat")
    with pytest.raises(retroanim.NotFoundError, match="no setup 0x03000010"):
        dat.setup(0x03000010)  # an id of another type: the dat has no setup of that id


def test_physics_object_and_sequence(dat_path):
    dat = retroanim.Dat(dat_path)
    o = retroanim.PhysicsObject(dat, 0x02000001, motion_table=0)
    assert o.motion_state["style"] != 0
    assert o.part_frames.shape == (dat.setup(0x02000001).num_parts, 7)
    before = o.sequence["frame_number"]
    for _ in range(10):
        o.update_object_internal(1 / 30)
    assert o.sequence["frame_number"] != before
    assert isinstance(o.take_events(), list)
    o.frame = np.array([1, 2, 3, 1, 0, 0, 0], dtype=np.float32)
    assert np.array_equal(o.frame[:3], np.array([1, 2, 3], dtype=np.float32))
    with pytest.raises(retroanim.InvalidParameterError):
        o.update_object_internal(float("nan"))
    with pytest.raises(ValueError):
        o.frame = np.zeros(3, dtype=np.float32)


def test_world_tick_matches_single_objects(dat_path):
    dat = retroanim.Dat(dat_path)
    n = 16
    w = retroanim.World(dat, 0x02000001, n, motion_table=0, threads=2)
    singles = [retroanim.PhysicsObject(dat, 0x02000001, motion_table=0) for _ in range(n)]
    frames = np.zeros((n, 7), dtype=np.float32)
    frames[:, 0] = np.arange(n)
    frames[:, 3] = 1
    w.set_frames(frames)
    for o, f in zip(singles, frames):
        o.frame = f
    out = np.empty((n, w.num_parts, 7), dtype=np.float32)
    for _ in range(45):
        w.tick(1 / 30, out)
        for o in singles:
            o.update_object_internal(1 / 30)
    assert np.array_equal(out, np.stack([o.part_frames for o in singles]))
    assert np.array_equal(w.frames(), np.stack([o.frame for o in singles]))
    assert np.array_equal(w.part_frames(), out)
    with pytest.raises(ValueError):
        w.tick(1 / 30, np.empty((n, w.num_parts, 6), dtype=np.float32))
    with pytest.raises(retroanim.InvalidParameterError):
        w.tick(0)


def test_world_tick_releases_the_gil(dat_path):
    dat = retroanim.Dat(dat_path)
    worlds = [retroanim.World(dat, 0x02000001, 2000) for _ in range(2)]
    errors = []

    def run(w):
        try:
            for _ in range(20):
                w.tick(1 / 30)
        except Exception as e:  # pragma: no cover
            errors.append(e)

    ts = [threading.Thread(target=run, args=(w,)) for w in worlds]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert not errors
    assert np.array_equal(worlds[0].part_frames(), worlds[1].part_frames())


@pytest.mark.skipif(not retroanim.HAVE_GLTF, reason="built without glTF export (RETROANIM_GLTF=OFF)")
def test_dat_export_gltf(dat_path, tmp_path):
    from conftest import run_cli
    dat = retroanim.Dat(dat_path)
    dat.export_gltf(tmp_path / "a.glb", setup=0x02000001, motion_table=0x09000001)
    run_cli("export", dat_path, "--setup", "0x02000001", "--motion-table", "0x09000001", "--out", tmp_path / "b.glb")
    assert (tmp_path / "a.glb").read_bytes() == (tmp_path / "b.glb").read_bytes()
