"""Virtools: scenes, curves, object and keyed animations, play(), saving and
glTF, each compared exactly (float32 bit for bit) with the CLI's --json output
on the same file."""
import json

import numpy as np
import pytest

import retroanim
from conftest import cli_json, f32, run_cli

STEPS = [0.0, 0.1, 0.25, 0.3333, 0.5, 0.77, 0.999, 1.0]


def check_curve(path, name):
    scene = retroanim.load_scene(path)
    curve = scene.curve(name)
    j = cli_json("ck", "curve", path, "--name", name, "--at", ",".join(map(str, STEPS)), "--json")
    pos, d = curve.get_pos(np.array(STEPS, dtype=np.float32))
    assert pos.dtype == np.float32 and pos.shape == (len(STEPS), 3) and d.shape == (len(STEPS), 3)
    assert np.array_equal(pos, f32([s["pos"] for s in j["samples"]]))
    assert np.array_equal(d, f32([s["dir"] for s in j["samples"]]))
    assert np.float32(curve.length) == f32(j["length"])
    assert np.array_equal(curve.knots()["length"], f32(j["point_lengths"]))
    # A number gives (3,) arrays, the same values.
    p1, d1 = curve.get_pos(0.25)
    assert p1.shape == (3,) and np.array_equal(p1, pos[2])
    return scene, curve


def check_object_animation(path, name):
    scene = retroanim.load_scene(path)
    anim = scene.object_animation(name)
    j = cli_json("ck", "anim", path, "--name", name, "--at", ",".join(map(str, STEPS)), "--json")
    m = anim.sample(np.array(STEPS, dtype=np.float32))
    assert m.dtype == np.float32 and m.shape == (len(STEPS), 4, 4)
    assert np.array_equal(m, f32([s["world"] for s in j["samples"]]))
    assert anim.entity.name == j["entity"]
    frames = [0, 1.5, anim.length / 2]
    jf = cli_json("ck", "anim", path, "--name", name, "--frames", ",".join(map(str, frames)), "--json")
    assert np.array_equal(anim.sample(frames=frames), f32([s["world"] for s in jf["samples"]]))
    return scene, anim


def test_demo_curve(demo):
    scene, curve = check_curve(demo / "ck_play_demo.nmo", "I_MenuLevel_Curve")
    assert [p.name for p in curve.control_points][0] == "I_MenuLevel_Curve_Point0"
    k = curve.knots()
    assert k["pos"].shape == (len(curve.control_points), 3) and k["linear"].dtype == np.bool_


def test_demo_object_animation_and_keys(demo):
    scene, anim = check_object_animation(demo / "ck_play_demo.nmo", "Record Anim")
    keys = anim.keys()
    assert keys["position"]["interpolation"] == "linear"
    assert keys["position"]["time"].shape == (300,) and keys["position"]["value"].shape == (300, 3)
    assert keys["rotation"]["value"].shape == (300, 4)
    ufo = scene.object_animation("UFO_Arm_1").keys()["rotation"]
    assert ufo["interpolation"] == "tcb" and ufo["tcb"].shape == (6, 5)


def test_demo_keyed_animation(demo):
    path = demo / "ck_play_demo.nmo"
    scene = retroanim.load_scene(path)
    keyed = scene.keyed_animation("UFO_Animation")
    assert keyed.root.name == "UFO_Body" and keyed.length == 100
    j = cli_json("ck", "anim", path, "--keyed", "UFO_Animation", "--at", ",".join(map(str, STEPS)), "--json")
    got = keyed.sample(STEPS)
    for k, sample in enumerate(j["samples"]):
        for e in sample["entities"]:
            assert np.array_equal(got[e["animation"]][k], f32(e["world"])), (sample["step"], e["animation"])
    assert set(got) == {e["animation"] for e in j["samples"][0]["entities"]}


def test_demo_play(demo):
    path = demo / "ck_play_demo.nmo"
    spec = '{"script": {"name": "UFO Script"}, "record": ["UFO_Arm_1"]}'
    lines = run_cli("ck", "play", path, "--scenario", spec, "--seconds", "2", "--json").stdout.splitlines()
    r = retroanim.play(retroanim.load_scene(path), "UFO Script", seconds=2, record=["UFO_Arm_1"])
    w = r["worlds"]["UFO_Arm_1"]
    assert w.shape == (len(lines), 4, 4) and r["t_ms"].shape == (len(lines),)
    for i, line in enumerate(lines):
        d = json.loads(line)
        assert np.float32(r["t_ms"][i]) == np.float32(d["t_ms"])
        assert np.array_equal(w[i], f32(d["entities"]["UFO_Arm_1"]["world"])), i


def test_scene_objects_and_entities(demo):
    scene = retroanim.load_scene(demo / "ck_play_demo.nmo")
    j = cli_json("ck", "info", demo / "ck_play_demo.nmo", "--json")
    objs = scene.objects
    assert len(objs) == len(j["objects"])
    for o, jo in zip(objs, j["objects"]):
        assert (o.name, o.class_id, o.class_name, o.id, o.file_index) == (
            jo["name"], jo["class"], jo["class_name"], int(jo["id"], 16), jo["file_index"])
    stone = scene.entity("I_Ball_Stone")
    assert stone.world.shape == (4, 4) and stone.local.dtype == np.float32
    if stone.parent is None:
        assert np.array_equal(stone.world, stone.local)
    names = {c.name for c in scene.curves}
    assert "I_MenuLevel_Curve" in names
    assert {a.name for a in scene.object_animations} >= {"Record Anim", "UFO_Body"}
    assert [k.name for k in scene.keyed_animations] == ["UFO_Animation"]


def test_save_round_trip(demo, tmp_path):
    scene = retroanim.load_scene(demo / "ck_play_demo.nmo")
    b = scene.to_bytes()
    assert b == scene.to_bytes()
    scene.save(tmp_path / "again.nmo")
    assert (tmp_path / "again.nmo").read_bytes() == b
    again = retroanim.load_scene(b)
    p0, _ = scene.curve("I_MenuLevel_Curve").get_pos(STEPS)
    p1, _ = again.curve("I_MenuLevel_Curve").get_pos(STEPS)
    assert np.array_equal(p0, p1)
    with pytest.raises(retroanim.InputError, match="cannot write"):
        scene.save(tmp_path / "no" / "such" / "dir.nmo")


@pytest.mark.skipif(not retroanim.HAVE_GLTF, reason="built without glTF export (RETROANIM_GLTF=OFF)")
def test_export_gltf(demo, tmp_path):
    scene = retroanim.load_scene(demo / "ck_play_demo.nmo")
    notes = scene.export_gltf(tmp_path / "a.glb")
    assert isinstance(notes, list)
    run_cli("export", demo / "ck_play_demo.nmo", "--out", tmp_path / "b.glb")
    assert (tmp_path / "a.glb").read_bytes() == (tmp_path / "b.glb").read_bytes()
    with pytest.raises(retroanim.InputError):
        scene.export_gltf(tmp_path / "c.glb", names=["Nope"])


def test_lookups_and_refusals(demo):
    scene = retroanim.load_scene(demo / "ck_play_demo.nmo")
    with pytest.raises(retroanim.NotFoundError, match="no curve named 'Nope'"):
        scene.curve("Nope")
    with pytest.raises(retroanim.InvalidParameterError, match="at step nan"):
        scene.curve("I_MenuLevel_Curve").get_pos([0.5, float("nan")])
    with pytest.raises(ValueError):
        scene.object_animation("Record Anim").sample()
    with pytest.raises(ValueError):
        retroanim.load_scene(demo / "ck_play_demo.nmo", encoding="klingon")
    with pytest.raises(retroanim.InputError):
        retroanim.play(scene, "No Such Script", seconds=1, record=["I_Ball_Stone"])
    with pytest.raises(retroanim.InvalidParameterError):
        retroanim.play(scene, "UFO Script", seconds=-1, record=["UFO_Arm_1"])


def test_objects_keep_their_scene_alive(demo):
    curve = retroanim.load_scene(demo / "ck_play_demo.nmo").curve("I_MenuLevel_Curve")
    import gc
    gc.collect()
    assert curve.get_pos(0.5)[0].shape == (3,)


# ---- the real Ballance files ----

def test_menulevel_curve(ballance):
    scene, curve = check_curve(ballance / "MenuLevel.nmo", "I_MenuLevel_Curve")
    assert not curve.is_open


def test_menulevel_record_anim(ballance):
    check_object_animation(ballance / "MenuLevel.nmo", "Record Anim")


def test_menulevel_every_curve_and_animation(ballance):
    path = ballance / "MenuLevel.nmo"
    scene = retroanim.load_scene(path)
    for curve in scene.curves:
        if len(curve.control_points) >= 2:
            check_curve(path, curve.name)
    for anim in scene.object_animations[:4]:
        if anim.entity is not None:
            check_object_animation(path, anim.name)


def test_menulevel_play_menu_camera(ballance):
    path = ballance / "MenuLevel.nmo"
    lines = run_cli("ck", "play", path, "--scenario", "menu-camera", "--seconds", "1", "--json").stdout.splitlines()
    r = retroanim.play(retroanim.load_scene(path), "MenuLevel_Init", seconds=1, record=["Cam_MenuLevel"])
    assert len(lines) == 60 and r["worlds"]["Cam_MenuLevel"].shape == (60, 4, 4)
    for i, line in enumerate(lines):
        d = json.loads(line)
        assert np.array_equal(r["worlds"]["Cam_MenuLevel"][i], f32(d["entities"]["Cam_MenuLevel"]["world"])), i
    assert any("base.cmo" in n for n in r["notes"])
