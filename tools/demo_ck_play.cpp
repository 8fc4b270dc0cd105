// Demo part: behaviour scripts and a keyed animation on built-in data, saved
// with the .nmo writer and played from the file. A small composition (the
// menu camera curve, a camera, a stone with a recorded animation, and a
// four-part "UFO" rig with a keyed animation of TCB rotations, like
// PE_Balloon.nmo's UFO) and three scripts (MenuLevel_Init: Bezier
// Progression -> Position On Curve with the game's numbers; Ball_Stone
// Script: Play Animation 3D Entity; UFO Script: Play Global Animation on the
// keyed animation) are saved as ck_play_demo.nmo and loaded back; each script
// runs as saved, as `retroanim ck play FILE --scenario
// '{"script":{"name":...},...}'` runs it. The trajectories are written as JSON
// lines and drawn in one SVG (top view).
#include <cmath>
#include <cstdio>
#include <fstream>
#include <memory>
#include <string>

#include "commands.h"
#include "retroanim/ck/anim/controllers.h"
#include "retroanim/ck/scene/curve.h"
#include "retroanim/ck/behavior/behavior_graph_builder.h"
#include "retroanim/ck/scene/curve_point.h"
#include "retroanim/ck/io/behavior_writer.h"
#include "retroanim/ck/anim/keyed_animation.h"
#include "retroanim/ck/behavior/scene_behaviors.h"
#include "retroanim/ck/io/scene_io.h"
#include "retroanim/ck/anim/object_animation.h"
#include "harness/ck/scenario.h"
#include "retroanim/error.h"
#include "svg_plot.h"
#include "retroanim/io/file_path.h"

namespace retroanim::cli {

namespace {

// The UFO rig's names (the entities' object animations carry the same names).
constexpr const char* kUfoBody = "UFO_Body";
constexpr int kUfoArmCount = 3;
constexpr const char* kUfoArms[kUfoArmCount] = {"UFO_Arm_1", "UFO_Arm_2", "UFO_Arm_3"};
constexpr const char* kUfoAnimation = "UFO_Animation";

// The file index of the record named `name` (an error when absent).
ck::FileIndex index_of(const ck::Scene& s, const std::string& name) {
  const ck::ObjectRecord* r = s.find(name);
  if (!r) throw Error("demo: no object named '" + name + "'");
  return r->file_index;
}

// The three scripts, saved into the scene's records with the .nmo writer:
// - MenuLevel_Init (owned by the camera): Start -> Bezier Progression In;
//   Loop Out -> Loop In and Out -> In after 1 frame, Out and Loop Out ->
//   Position On Curve In; Duration 44000 ms, A 0, B 1, the default TCB curve
//   (0,0)-(1,1), Time Based; Position On Curve on the camera along the menu
//   curve, Progression fed by Bezier Progression's Value (the game's numbers,
//   virtools-behaviors.md section 9; in the game Set As Active Camera starts it).
// - Ball_Stone Script (owned by the stone): Start -> Play Animation 3D Entity
//   On; Record Anim, 10 s, a linear progression curve, Loop.
// - UFO Script (owned by the body): Start -> Play Global Animation On;
//   UFO_Animation, 4 s, linear, Loop.
void add_scripts(ck::Scene& s) {
  ck::BehaviorGraphBuilder g = ck::graph_builder_for(s);
  using B = ck::BehaviorGraphBuilder;
  std::vector<ck::Curve2dPoint> line(2);
  line[1].pos = {1.0f, 1.0f};
  line[0].linear = line[1].linear = true;
  const ck::Curve2d linear(line);

  const ck::FileIndex cam_script = g.add_script("MenuLevel_Init", index_of(s, "Cam_MenuLevel"));
  const ck::FileIndex bp = g.add_block(cam_script, *ck::find_prototype("Bezier Progression"));
  const ck::FileIndex poc = g.add_block(cam_script, *ck::find_prototype("Position On Curve"));
  g.set_input(bp, "Duration", B::float_value(44000.0f));
  g.set_input(bp, "A", B::float_value(0.0f));
  g.set_input(bp, "B", B::float_value(1.0f));
  g.set_local(bp, "Time Based", B::int_value(1));
  g.set_target(poc, index_of(s, "Cam_MenuLevel"));
  g.set_input(poc, "Curve", B::object_value(index_of(s, "I_MenuLevel_Curve")));
  g.set_input(poc, "Follow", B::int_value(0));
  g.set_input(poc, "Bank", B::int_value(0));
  g.set_input(poc, "Hierarchy", B::int_value(1));
  g.connect(poc, "Progression", bp, "Value");
  g.add_link(cam_script, g.input(cam_script, "Start"), g.input(bp, "In"), 0);
  g.add_link(cam_script, g.output(bp, "Loop Out"), g.input(bp, "Loop In"), 1);
  g.add_link(cam_script, g.output(bp, "Out"), g.input(bp, "In"), 1);
  g.add_link(cam_script, g.output(bp, "Out"), g.input(poc, "In"), 0);
  g.add_link(cam_script, g.output(bp, "Loop Out"), g.input(poc, "In"), 0);

  const ck::FileIndex stone_script = g.add_script("Ball_Stone Script", index_of(s, "I_Ball_Stone"));
  const ck::FileIndex play = g.add_block(stone_script, *ck::find_prototype("Play Animation 3D Entity"));
  g.set_input(play, "Animation", B::object_value(index_of(s, "Record Anim")));
  g.set_input(play, "Duration", B::float_value(10000.0f));
  g.set_input(play, "Progression Curve", B::curve_value(linear));
  g.set_input(play, "Loop", B::int_value(1));
  g.add_link(stone_script, g.input(stone_script, "Start"), g.input(play, "On"), 0);

  const ck::FileIndex ufo_script = g.add_script("UFO Script", index_of(s, kUfoBody));
  const ck::FileIndex global = g.add_block(ufo_script, *ck::find_prototype("Play Global Animation"));
  g.set_input(global, "Animation", B::object_value(index_of(s, kUfoAnimation)));
  g.set_input(global, "Duration", B::float_value(4000.0f));
  g.set_input(global, "Progression Curve", B::curve_value(linear));
  g.set_input(global, "Loop", B::int_value(1));
  g.add_link(ufo_script, g.input(ufo_script, "Start"), g.input(global, "On"), 0);

  ck::io::save_behavior_graph(s, g.take());
}

// A unit quaternion for `degrees` about the unit axis `axis`.
math::Quat axis_angle(math::Vec3 axis, float degrees) {
  const float half = degrees * 3.14159265f / 360.0f;
  const float sn = std::sin(half);
  return {axis.x * sn, axis.y * sn, axis.z * sn, std::cos(half)};
}

// A TCB rotation key at `frame`: `degrees` about `axis`, with T, C, B.
ck::TcbRotationKey tcb_key(float frame, math::Vec3 axis, float degrees, float t = 0, float c = 0, float b = 0) {
  ck::TcbRotationKey k;
  k.time = frame;
  k.value = axis_angle(axis, degrees);
  k.tension = t;
  k.continuity = c;
  k.bias = b;
  return k;
}

// An object animation of `entity` with TCB rotation keys, 100 frames long.
std::shared_ptr<ck::ObjectAnimation> tcb_animation(ck::Entity3d* entity, std::vector<ck::TcbRotationKey> keys) {
  auto anim = std::make_shared<ck::ObjectAnimation>();
  anim->name = entity->name;
  anim->entity = entity;
  ck::QuatController qc;
  qc.type = ck::controller_type::kTcbRotation;
  qc.keys = std::move(keys);
  anim->keyframes.rotation = qc;
  anim->keyframes.set_length(100.0f);
  return anim;
}

// The demo composition: curve, camera, stone with its recording, the UFO rig
// with its keyed animation, then the three scripts.
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
  s.add_entity(ck::class_id::k3dEntity, "Cam_MenuLevel");
  // The stone and its recording: a bouncing roll around a small loop, one
  // linear key per frame (as Record Anim holds), 300 frames.
  ck::Entity3d* stone_ptr = s.add_entity(ck::class_id::k3dEntity, "I_Ball_Stone");
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

  // The UFO rig: a body hovering at (-30, 20, 0) and three arms (children),
  // with TCB rotations over 100 frames: the body turns once about Y, the arms
  // swing about their own radial axes on the balloon UFO's key times (0, 35,
  // 59, 70, 75, 100), one arm with T, C, B not zero.
  ck::Entity3d* body = s.add_entity(ck::class_id::k3dEntity, kUfoBody);
  body->set_position({-30.0f, 20.0f, 0.0f});
  std::vector<ck::Entity3d*> rig{body};
  for (int i = 0; i < kUfoArmCount; ++i) {
    ck::Entity3d* arm = s.add_entity(ck::class_id::k3dEntity, kUfoArms[i]);
    const float a = 6.2831853f * static_cast<float>(i) / kUfoArmCount;
    arm->set_position({-30.0f + 12.0f * std::cos(a), 20.0f, 12.0f * std::sin(a)});
    arm->set_parent(body, true);
    rig.push_back(arm);
  }
  const math::Vec3 up{0, 1, 0};
  std::vector<std::shared_ptr<ck::ObjectAnimation>> rig_anims;
  rig_anims.push_back(tcb_animation(body, {tcb_key(0, up, 0), tcb_key(25, up, 90), tcb_key(50, up, 180),
                                           tcb_key(75, up, 270), tcb_key(100, up, 360)}));
  for (int i = 0; i < kUfoArmCount; ++i) {
    const float a = 6.2831853f * static_cast<float>(i) / kUfoArmCount;
    const math::Vec3 radial{-std::sin(a), 0.0f, std::cos(a)};  // the swing axis, across the arm
    const float t = i == 2 ? 0.5f : 0.0f, c = i == 2 ? -0.3f : 0.0f, b = i == 2 ? 0.25f : 0.0f;
    rig_anims.push_back(tcb_animation(rig[static_cast<size_t>(i) + 1],
                                      {tcb_key(0, radial, 0, t, c, b), tcb_key(35, radial, 40, t, c, b),
                                       tcb_key(59, radial, -25, t, c, b), tcb_key(70, radial, 15, t, c, b),
                                       tcb_key(75, radial, 5, t, c, b), tcb_key(100, radial, 0, t, c, b)}));
  }
  auto keyed = std::make_shared<ck::KeyedAnimation>();
  keyed->name = kUfoAnimation;
  keyed->length = 100.0f;
  keyed->root_entity = body;
  for (auto& a : rig_anims) {
    ck::ObjectRecord& r = add(ck::class_id::kObjectAnimation, a->name);
    s.adopt_object_animation(r, a);
    keyed->animations.push_back(a.get());
  }
  ck::ObjectRecord& krec = add(ck::class_id::kKeyedAnimation, kUfoAnimation);
  s.adopt_keyed_animation(krec, keyed);
  s.reindex();
  add_scripts(s);
  return s;
}

// The three runs: each script as saved, with the entities it moves recorded.
const char* kCameraRun = R"({"script": {"name": "MenuLevel_Init"}, "record": ["Cam_MenuLevel"]})";
const char* kStoneRun = R"({"script": {"name": "Ball_Stone Script"}, "record": ["I_Ball_Stone"]})";
const char* kUfoRun =
    R"({"script": {"name": "UFO Script"}, "record": ["UFO_Body", "UFO_Arm_1", "UFO_Arm_2", "UFO_Arm_3"]})";

// Writes `text` to `path` (an error naming the file when it cannot).
void write_text(const std::string& path, const std::string& text) {
  std::ofstream out(retroanim::io::utf8_path(path), std::ios::binary);
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
  check_written(out, path);
}

// Plays the script run `spec` on `scene` for `frames` frames at 60 Hz, writes
// one JSON line per frame to `jsonl_path`, and returns each recorded entity's
// positions.
std::vector<std::vector<math::Vec3>> play(ck::Scene& scene, const char* spec, const std::string& label, int frames,
                                          const std::string& jsonl_path) {
  auto sc = ck::Scenario::from_json(scene, spec, label);
  std::string lines;
  std::vector<std::vector<math::Vec3>> paths(sc->recorded().size());
  sc->reset();
  for (int i = 0; i < frames; ++i) {
    ck::ScenarioFrame f = sc->step(1000.0f / 60.0f);
    lines += ck::scenario_frame_json(f, sc->recorded());
    lines += '\n';
    for (size_t e = 0; e < paths.size(); ++e) paths[e].push_back(f.worlds[e].row(3));
  }
  write_text(jsonl_path, lines);
  return paths;
}

}  // namespace

int demo_ck_play(const std::string& out_dir) {
  const int frames = 60 * 50;  // 50 s at 60 Hz: one camera loop (44 s), five stone loops
  const std::string nmo = out_dir + "/ck_play_demo.nmo";
  const std::string cam_path = out_dir + "/ck_play_menu_camera.jsonl";
  const std::string stone_path = out_dir + "/ck_play_stone.jsonl";
  const std::string ufo_path = out_dir + "/ck_play_ufo.jsonl";
  const std::string svg = out_dir + "/ck_play.svg";
  {
    const ck::Scene built = build_demo_scene();
    const std::vector<uint8_t> bytes = ck::io::save_scene(built);
    write_text(nmo, std::string(bytes.begin(), bytes.end()));
  }
  ck::Scene scene = ck::io::load_scene_file(nmo);
  auto cam = play(scene, kCameraRun, "MenuLevel_Init", frames, cam_path)[0];
  auto stone = play(scene, kStoneRun, "Ball_Stone Script", frames, stone_path)[0];
  auto ufo = play(scene, kUfoRun, "UFO Script", 60 * 4, ufo_path);  // one loop of the UFO (4 s)
  SvgPlot plot("ck play: Cam_MenuLevel on I_MenuLevel_Curve (44 s loop), I_Ball_Stone (10 s loop), UFO arms (4 s loop)");
  plot.subtitle(nmo + "; each script as saved, 60 Hz (the UFO: one 4 s loop)");
  plot.path(cam, "#2471a3", "Cam_MenuLevel (MenuLevel_Init)");
  plot.marker(cam.front(), "#2471a3", "Cam_MenuLevel t=0");
  plot.path(stone, "#c0392b", "I_Ball_Stone (Ball_Stone Script)");
  plot.marker(stone.front(), "#c0392b", "I_Ball_Stone t=0");
  for (size_t i = 1; i < ufo.size(); ++i) plot.path(ufo[i], "#27ae60", i == 1 ? "UFO arms (UFO Script)" : "", 1.5f);
  plot.marker(ufo[0].front(), "#27ae60", kUfoBody);
  plot.save(svg);
  math::Vec3 c = cam.back(), st = stone.back(), arm = ufo[1].back();
  std::printf("ck play: built-in composition with 3 scripts and a keyed animation saved as %s (%zu objects) and "
              "loaded back; each script runs as saved, %d frames at 60 Hz\n",
              nmo.c_str(), scene.objects().size(), frames);
  std::printf("  camera at t=50 s: (%.3f, %.3f, %.3f); stone: (%.3f, %.3f, %.3f); %s at t=4 s: (%.3f, %.3f, %.3f)\n",
              c.x, c.y, c.z, st.x, st.y, st.z, kUfoArms[0], arm.x, arm.y, arm.z);
  std::printf("  wrote %s, %s, %s, %s\n", cam_path.c_str(), stone_path.c_str(), ufo_path.c_str(), svg.c_str());
  std::printf("  keyed: retroanim ck anim %s --keyed %s --frames 0,50\n", nmo.c_str(), kUfoAnimation);
  return 0;
}

}  // namespace retroanim::cli
