// Demo part: both behaviour scenarios on built-in data written with the .nmo
// writer. A small composition (the menu camera curve, a camera, a stone with
// a recorded animation) is saved as ck_play_demo.nmo and loaded back; the two
// scenario specs (the game's numbers: MenuLevel_Init's Bezier Progression ->
// Position On Curve, Ball_Stone Script's Play Animation 3D Entity) are saved
// beside it and played on the loaded file, as `retroanim ck play FILE
// --scenario SPEC` would. The writer does not store behaviours, so the graphs
// come from the specs. The trajectories are written as JSON lines and drawn in
// one SVG (top view).
#include <cmath>
#include <cstdio>
#include <fstream>
#include <memory>
#include <string>

#include "commands.h"
#include "retroanim/ck/controllers.h"
#include "retroanim/ck/curve.h"
#include "retroanim/ck/curve_point.h"
#include "retroanim/ck/io/scene_io.h"
#include "retroanim/ck/object_animation.h"
#include "retroanim/ck/scenario.h"
#include "retroanim/error.h"
#include "svg_plot.h"
#include "retroanim/io/file_path.h"

namespace retroanim::cli {

namespace {

// The demo composition: curve, camera and stone with its recording.
ck::Scene build_demo_scene() {
  ck::Scene s;
  auto add = [&s](uint32_t cls, const std::string& name) -> ck::ObjectRecord& {
    ck::ObjectRecord r;
    r.class_id = cls;
    r.name = name;
    return s.add_record(r);
  };
  // The menu camera curve (spec 3.3): curve-local points, tension -0.6, closed, at y = 40.
  ck::ObjectRecord& crec = add(ck::class_id::kCurve, "I_MenuLevel_Curve");
  auto curve_owned = std::make_unique<ck::Curve>();
  ck::Curve* curve = curve_owned.get();
  curve->name = "I_MenuLevel_Curve";
  s.adopt_entity(crec, std::move(curve_owned));
  s.objects().back().curve = curve;
  const math::Vec3 local[4] = {{94.98f, 0, 0.48f}, {-0.95f, 0, 95.46f}, {-95.46f, 0, -0.95f}, {1.43f, 0, -94.98f}};
  for (int i = 0; i < 4; ++i) {
    ck::ObjectRecord& prec = add(ck::class_id::kCurvePoint, "I_MenuLevel_Curve_Point" + std::to_string(i));
    auto pt_owned = std::make_unique<ck::CurvePoint>();
    ck::CurvePoint* pt = pt_owned.get();
    pt->set_position(local[i] + math::Vec3{0, 40, 0});
    pt->set_tension(-0.6f);
    s.adopt_entity(prec, std::move(pt_owned));
    s.objects().back().curve_point = pt;
    s.objects()[0].curve->add_control_point(pt);
  }
  s.objects()[0].curve->close();
  // The camera.
  ck::ObjectRecord& cam = add(ck::class_id::k3dEntity, "Cam_MenuLevel");
  auto cam_e = std::make_unique<ck::Entity3d>();
  cam_e->name = "Cam_MenuLevel";
  s.adopt_entity(cam, std::move(cam_e));
  // The stone and its recording: a bouncing roll around a small loop, one
  // linear key per frame (as Record Anim holds), 300 frames.
  ck::ObjectRecord& stone = add(ck::class_id::k3dEntity, "I_Ball_Stone");
  auto stone_e = std::make_unique<ck::Entity3d>();
  stone_e->name = "I_Ball_Stone";
  ck::Entity3d* stone_ptr = s.adopt_entity(stone, std::move(stone_e));
  auto anim = std::make_shared<ck::ObjectAnimation>();
  anim->name = "Record Anim";
  anim->entity = stone_ptr;
  std::vector<ck::PositionKey> pos;
  std::vector<ck::RotationKey> rot;
  const int frames = 300;
  for (int k = 0; k < frames; ++k) {
    float a = 6.2831853f * static_cast<float>(k) / frames;
    ck::PositionKey pk;
    pk.time = static_cast<float>(k);
    pk.value = {30.0f + 20.0f * std::cos(a), 2.0f + 6.0f * std::fabs(std::sin(3.0f * a)), 20.0f * std::sin(a)};
    pos.push_back(pk);
    ck::RotationKey rk;
    rk.time = static_cast<float>(k);
    rk.value = {0.0f, std::sin(a), 0.0f, std::cos(a)};
    rot.push_back(rk);
  }
  ck::VectorController pc;
  pc.keys = pos;
  anim->keyframes.position = pc;
  ck::QuatController qc;
  qc.keys = rot;
  anim->keyframes.rotation = qc;
  anim->keyframes.set_length(static_cast<float>(frames));
  ck::ObjectRecord& arec = add(ck::class_id::kObjectAnimation, "Record Anim");
  s.adopt_object_animation(arec, anim);
  s.reindex();
  return s;
}

// The two scenarios as specs: the game's numbers (44 s loop, Follow 0, Bank 0,
// Hierarchy 1; a linear progression curve, Loop) on the demo composition.
const char* kMenuCameraSpec = R"({
  "behaviors": [
    {"name": "Bezier Progression", "type": "Bezier Progression",
     "inputs": {"Duration": 44000, "A": 0, "B": 1}, "settings": {"Time Based": true}},
    {"name": "Position On Curve", "type": "Position On Curve", "target": "Cam_MenuLevel",
     "inputs": {"Curve": "I_MenuLevel_Curve", "Progression": {"from": "Bezier Progression.Value"},
                "Follow": false, "Bank": false, "Hierarchy": true}}],
  "links": [
    {"from": "Bezier Progression.Loop Out", "to": "Bezier Progression.Loop In", "delay": 1},
    {"from": "Bezier Progression.Out", "to": "Bezier Progression.In", "delay": 1},
    {"from": "Bezier Progression.Out", "to": "Position On Curve.In", "delay": 0},
    {"from": "Bezier Progression.Loop Out", "to": "Position On Curve.In", "delay": 0}],
  "start": ["Bezier Progression.In"],
  "record": ["Cam_MenuLevel"]})";

const char* kStoneSpec = R"({
  "behaviors": [
    {"name": "Play Animation 3D Entity", "type": "Play Animation 3D Entity",
     "inputs": {"Animation": "Record Anim", "Duration": 10000, "Progression Curve": "linear", "Loop": true}}],
  "start": ["Play Animation 3D Entity.On"],
  "record": ["I_Ball_Stone"]})";

// Writes `text` to `path` (an error naming the file when it cannot).
void write_text(const std::string& path, const std::string& text) {
  std::ofstream out(retroanim::io::utf8_path(path), std::ios::binary);
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
  check_written(out, path);
}

// Plays the scenario spec file `spec_path` on `scene` for `frames` frames at
// 60 Hz, writes one JSON line per frame to `jsonl_path`, and returns the first
// recorded entity's positions.
std::vector<math::Vec3> play(ck::Scene& scene, const std::string& spec_path, int frames,
                             const std::string& jsonl_path) {
  auto sc = ck::Scenario::create(scene, spec_path);
  std::string lines;
  std::vector<math::Vec3> path;
  sc->reset();
  for (int i = 0; i < frames; ++i) {
    ck::ScenarioFrame f = sc->step(1000.0f / 60.0f);
    lines += ck::scenario_frame_json(f, sc->recorded());
    lines += '\n';
    path.push_back(f.worlds[0].row(3));
  }
  write_text(jsonl_path, lines);
  return path;
}

}  // namespace

int demo_ck_play(const std::string& out_dir) {
  const int frames = 60 * 50;  // 50 s at 60 Hz: one camera loop (44 s) and five stone loops
  const std::string nmo = out_dir + "/ck_play_demo.nmo";
  const std::string cam_spec = out_dir + "/ck_play_menu_camera_scenario.json";
  const std::string stone_spec = out_dir + "/ck_play_stone_scenario.json";
  const std::string cam_path = out_dir + "/ck_play_menu_camera.jsonl";
  const std::string stone_path = out_dir + "/ck_play_stone.jsonl";
  const std::string svg = out_dir + "/ck_play.svg";
  {
    const ck::Scene built = build_demo_scene();
    const std::vector<uint8_t> bytes = ck::io::save_scene(built);
    write_text(nmo, std::string(bytes.begin(), bytes.end()));
  }
  write_text(cam_spec, kMenuCameraSpec);
  write_text(stone_spec, kStoneSpec);
  ck::Scene scene = ck::io::load_scene_file(nmo);
  auto cam = play(scene, cam_spec, frames, cam_path);
  auto stone = play(scene, stone_spec, frames, stone_path);
  SvgPlot plot("ck play: menu camera (44 s loop) and stone (10 s loop), top view");
  plot.polyline(cam, "#2471a3", 2.0f);
  plot.marker(cam.front(), "#2471a3", "Cam_MenuLevel");
  plot.polyline(stone, "#c0392b", 2.0f);
  plot.marker(stone.front(), "#c0392b", "I_Ball_Stone");
  plot.save(svg);
  math::Vec3 c = cam.back(), s = stone.back();
  std::printf("ck play: built-in composition saved as %s (%zu objects) and loaded back; menu camera and stone "
              "scenarios, %d frames at 60 Hz\n",
              nmo.c_str(), scene.objects().size(), frames);
  std::printf("  camera at t=50 s: (%.3f, %.3f, %.3f); stone: (%.3f, %.3f, %.3f)\n", c.x, c.y, c.z, s.x, s.y, s.z);
  std::printf("  wrote %s, %s, %s, %s, %s\n", cam_spec.c_str(), stone_spec.c_str(), cam_path.c_str(),
              stone_path.c_str(), svg.c_str());
  return 0;
}

}  // namespace retroanim::cli
