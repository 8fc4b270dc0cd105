// Demo part: ac. Runs a built-in AC scenario (a link animation into a cycle,
// with hooks, velocity and an omega about a tilted axis) and saves the
// scenario and its trace (JSON Lines) under the demo folder.
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "commands.h"
#include "retroanim/ac/io/animation_io.h"
#include "retroanim/ac/io/gfx_obj_io.h"
#include "retroanim/ac/io/render_surface_io.h"
#include "retroanim/ac/io/dat_objects.h"
#include "retroanim/ac/io/motion_table_io.h"
#include "retroanim/ac/io/setup_io.h"
#include "harness/ac/gfx_samples.h"
#include "harness/ac/scenario.h"
#include "retroanim/error.h"
#include "retroanim/io/file_path.h"

namespace retroanim::cli {

namespace {

// Two animations of two parts: a 3-frame link with a Sound hook and a 4-frame
// cycle with hooks in both directions and position frames.
const char* const kDemoScenario = R"({
  "format": "retroanim.ac.scenario/1",
  "animations": [
    {"id": "0x03000001", "frames": [
      {"parts": [{"origin": [0, 0, 0], "rotation": [1, 0, 0, 0]}, {"origin": [0, 0, 1], "rotation": [1, 0, 0, 0]}],
       "hooks": [{"type": 1, "direction": 1, "sound_id": "0x0A000010"}]},
      {"parts": [{"origin": [0, 0, 0], "rotation": [1, 0, 0, 0]}, {"origin": [0, 0, 1], "rotation": [1, 0, 0, 0]}]},
      {"parts": [{"origin": [0, 0, 0], "rotation": [1, 0, 0, 0]}, {"origin": [0, 0, 1], "rotation": [1, 0, 0, 0]}]}]},
    {"id": "0x03000002",
     "pos_frames": [
      {"origin": [0, 0.1, 0], "rotation": [1, 0, 0, 0]}, {"origin": [0, 0.1, 0], "rotation": [1, 0, 0, 0]},
      {"origin": [0, 0.1, 0], "rotation": [1, 0, 0, 0]}, {"origin": [0, 0.1, 0], "rotation": [1, 0, 0, 0]}],
     "frames": [
      {"parts": [{"origin": [0, 0, 0], "rotation": [1, 0, 0, 0]}, {"origin": [0, 0, 1], "rotation": [1, 0, 0, 0]}],
       "hooks": [{"type": 2, "direction": 0, "sound_type": 5}]},
      {"parts": [{"origin": [0, 0, 0], "rotation": [1, 0, 0, 0]}, {"origin": [0, 0, 1], "rotation": [1, 0, 0, 0]}]},
      {"parts": [{"origin": [0, 0, 0], "rotation": [1, 0, 0, 0]}, {"origin": [0, 0, 1], "rotation": [1, 0, 0, 0]}],
       "hooks": [{"type": 3, "direction": 1, "part_index": 1, "radius": 1.5},
                 {"type": 22, "direction": -1, "axis": [0, 0, 1]}]},
      {"parts": [{"origin": [0, 0, 0], "rotation": [1, 0, 0, 0]}, {"origin": [0, 0, 1], "rotation": [1, 0, 0, 0]}]}]}
  ],
  "initial_frame": {"origin": [10, 20, 0], "rotation": [1, 0, 0, 0]},
  "steps": [
    {"append": {"anim": "0x03000001", "framerate": 30.0}},
    {"append": {"anim": "0x03000002", "framerate": 30.0}},
    {"velocity": [0, 1, 0]},
    {"omega": [0.5, 0, 0.5]},
    {"update": 0.05},
    {"update": 0.05},
    {"update": 0.1},
    {"multiply_cyclic_framerate": 2.0},
    {"update": 0.1},
    {"update": 0.5},
    {"remove_cyclic": true},
    {"update": 0.1}
  ]
}
)";

// ---- the dat part: a small portal.dat built with the writer, read back and driven by motion commands ----

// NonCombat style, Ready and WalkForward substates, TurnRight modifier, an action.
constexpr uint32_t kNonCombat = 0x8000003Du;
constexpr uint32_t kReady = 0x41000003u;
constexpr uint32_t kWalkForward = 0x45000005u;
constexpr uint32_t kTurnRight = 0x6500000Du;
constexpr uint32_t kAction = 0x10000051u;

// An animation of two parts over `frames` frames; part 1 swings about z by `swing` radians per frame.
ac::Animation demo_animation(uint32_t id, int frames, float swing) {
  ac::Animation a;
  a.id = id;
  a.num_parts = 2;
  for (int f = 0; f < frames; ++f) {
    ac::AnimationFrame fr;
    math::AFrame body;
    math::AFrame arm;
    arm.origin = {0.3f, 0.0f, 1.2f};
    const float half = 0.5f * swing * static_cast<float>(f);
    arm.qw = std::cos(half);
    arm.qz = std::sin(half);
    fr.parts = {body, arm};
    a.part_frames.push_back(fr);
  }
  return a;
}

ac::AnimationHook demo_hook(ac::AnimationHookType type, ac::AnimationHookDir dir, ac::AnimationHookData data) {
  ac::AnimationHook h;
  h.type = type;
  h.direction = dir;
  h.data = data;
  return h;
}

ac::MotionData demo_motion(uint32_t anim, float framerate, math::Vec3 velocity = {}, math::Vec3 omega = {}) {
  ac::MotionData d;
  d.anims.push_back(ac::AnimData{anim, 0, -1, framerate});
  d.velocity = velocity;
  d.omega = omega;
  return d;
}

// Builds demo.dat (a setup, five animations with hooks, a motion table with
// cycles, links, an action and a modifier), checks that every object reads back
// to the same bytes, runs a scenario of motion commands on it and saves the trace.
int demo_ac_dat(const std::filesystem::path& dir) {
  using ac::AnimationHookDir;
  using ac::AnimationHookType;
  ac::Animation ready = demo_animation(0x03000010, 4, 0.05f);
  ac::Animation walk = demo_animation(0x03000011, 8, 0.2f);
  walk.part_frames[0].hooks.push_back(
      demo_hook(AnimationHookType::kSoundTable, AnimationHookDir::kForward, ac::SoundTableHookData{0x11}));
  walk.part_frames[4].hooks.push_back(
      demo_hook(AnimationHookType::kSoundTable, AnimationHookDir::kForward, ac::SoundTableHookData{0x12}));
  ac::Animation link = demo_animation(0x03000012, 3, 0.1f);
  link.part_frames[1].hooks.push_back(
      demo_hook(AnimationHookType::kSound, AnimationHookDir::kBoth, ac::SoundHookData{0x0A000010}));
  ac::Animation action = demo_animation(0x03000013, 6, 0.4f);
  action.part_frames[3].hooks.push_back(demo_hook(AnimationHookType::kAttack, AnimationHookDir::kForward,
                                                  ac::AttackHookData{1, -0.5f, 1.0f, 0.5f, 1.0f, 2.0f, 1.5f}));
  action.part_frames[5].hooks.push_back(demo_hook(AnimationHookType::kReplaceObject, AnimationHookDir::kForward,
                                                  ac::ReplaceObjectHookData{1, 0x01000ABC}));
  ac::Animation turn = demo_animation(0x03000014, 4, 0.0f);

  ac::MotionTable table;
  table.id = 0x09000001;
  table.default_style = kNonCombat;
  table.style_defaults[kNonCombat] = kReady;
  table.cycles[ac::MotionTable::make_key(kNonCombat, kReady)] = demo_motion(ready.id, 30.0f);
  table.cycles[ac::MotionTable::make_key(kNonCombat, kWalkForward)] =
      demo_motion(walk.id, 30.0f, {0.0f, 3.12f, 0.0f});
  table.modifiers[ac::MotionTable::make_key(kNonCombat, kTurnRight)] =
      demo_motion(turn.id, 30.0f, {}, {0.0f, 0.0f, -1.5f});
  table.links[ac::MotionTable::make_key(kNonCombat, kReady)][kWalkForward] = demo_motion(link.id, 30.0f);
  table.links[ac::MotionTable::make_key(kNonCombat, kWalkForward)][kReady] = demo_motion(link.id, -30.0f);
  table.links[ac::MotionTable::make_key(kNonCombat, kReady)][kAction] = demo_motion(action.id, 30.0f);

  ac::Setup setup;
  setup.id = 0x02000001;
  setup.flags = ac::setup_flag::kHasParent;
  setup.part_ids = {0x01000001, 0x01000002};
  setup.parent_index = {0xFFFFFFFFu, 0};
  ac::AnimationFrame rest;
  rest.parts = ready.part_frames[0].parts;
  setup.placement_frames = {{ac::kPlacementResting, rest}};
  setup.height = 1.8f;
  setup.radius = 0.4f;
  setup.default_motion_table = table.id;
  setup.default_animation = ready.id;

  ac::io::DatWriter writer;
  for (const ac::Animation* a : {&ready, &walk, &link, &action, &turn}) {
    ac::io::add_animation(writer, *a, {a == &walk});  // one compressed entry
  }
  ac::io::add_motion_table(writer, table);
  ac::io::add_setup(writer, setup);
  // The parts' meshes: a body box standing on the origin and an arm box
  // hanging from the shoulder, textured through each pixel format (harness/ac/gfx_samples.h).
  const ac::samples::GfxSet gfx =
      ac::samples::demo_gfx(setup.part_ids, {{0.0f, 0.0f, 0.75f}, {0.12f, 0.0f, -0.3f}},
                            {{0.25f, 0.15f, 0.75f}, {0.08f, 0.08f, 0.3f}});
  ac::samples::add_gfx_set(writer, gfx);
  const std::filesystem::path dat_path = dir / "demo.dat";
  writer.write_file(retroanim::io::utf8_string(dat_path));

  // Read everything back: each object must pack to the bytes it was written from.
  const auto dat = ac::io::DatDatabase::open(retroanim::io::utf8_string(dat_path));
  for (const ac::Animation* a : {&ready, &walk, &link, &action, &turn}) {
    if (ac::io::pack_animation(ac::io::read_animation(dat, a->id)) != ac::io::pack_animation(*a)) {
      throw Error("demo: animation " + ac::io::format_dat_id(a->id) + " did not read back from demo.dat");
    }
  }
  if (ac::io::pack_motion_table(ac::io::read_motion_table(dat, table.id)) != ac::io::pack_motion_table(table) ||
      ac::io::pack_setup(ac::io::read_setup(dat, setup.id)) != ac::io::pack_setup(setup)) {
    throw Error("demo: motion table or setup did not read back from demo.dat");
  }
  for (const ac::GfxObj& g : gfx.objects) {
    if (ac::io::pack_gfx_obj(ac::io::read_gfx_obj(dat, g.id)) != ac::io::pack_gfx_obj(g)) {
      throw Error("demo: GfxObj " + ac::io::format_dat_id(g.id) + " did not read back from demo.dat");
    }
  }
  for (const ac::RenderSurface& r : gfx.images) {
    if (ac::io::pack_render_surface(ac::io::read_render_surface(dat, r.id)) != ac::io::pack_render_surface(r)) {
      throw Error("demo: RenderSurface " + ac::io::format_dat_id(r.id) + " did not read back from demo.dat");
    }
  }

  const std::string scenario_text = R"({
  "format": "retroanim.ac.scenario/1",
  "dat": "demo.dat",
  "motion_table": "0x09000001",
  "steps": [
    {"set_default_state": true},
    {"update": 0.1},
    {"perform": {"motion": "0x45000005", "speed": 1.0}},
    {"update": 0.1},
    {"update": 0.1},
    {"perform": {"motion": "0x6500000D", "speed": 1.0}},
    {"update": 0.1},
    {"stop": {"motion": "0x6500000D", "speed": 1.0}},
    {"update": 0.2},
    {"stop": {"motion": "0x45000005", "speed": 1.0}},
    {"update": 0.2},
    {"perform": {"motion": "0x10000051", "speed": 1.0}},
    {"update": 0.1},
    {"update": 0.2},
    {"stop_completely": true},
    {"update": 0.1}
  ]
}
)";
  const std::filesystem::path scenario = dir / "demo_dat_scenario.json";
  {
    std::ofstream os(scenario, std::ios::binary);
    os << scenario_text;
    check_written(os, scenario.string());
  }
  std::ostringstream trace;
  ac::run_scenario(scenario_text, retroanim::io::utf8_string(scenario), retroanim::io::utf8_string(dir), trace);
  const std::filesystem::path trace_file = dir / "demo_dat_trace.jsonl";
  std::ofstream os(trace_file, std::ios::binary);
  os << trace.str();
  check_written(os, trace_file.string());
  size_t lines = 0;
  for (char c : trace.str()) lines += c == '\n';
  std::printf("ac: %s (%zu entries, %llu bytes) -> scenario %s -> %zu trace lines in %s\n",
              retroanim::io::utf8_string(dat_path).c_str(), dat.entries().size(), static_cast<unsigned long long>(dat.file_size()),
              retroanim::io::utf8_string(scenario).c_str(), lines, retroanim::io::utf8_string(trace_file).c_str());
  return os ? 0 : 1;
}

}  // namespace

int demo_ac(const std::string& out_dir) {
  namespace fs = std::filesystem;
  const fs::path dir = retroanim::io::utf8_path(out_dir) / "ac";
  fs::create_directories(dir);
  const fs::path scenario = dir / "demo_scenario.json";
  {
    std::ofstream os(scenario, std::ios::binary);
    os << kDemoScenario;
    check_written(os, scenario.string());
  }
  std::ostringstream trace;
  ac::run_scenario(kDemoScenario, retroanim::io::utf8_string(scenario), retroanim::io::utf8_string(dir), trace);
  const fs::path trace_file = dir / "demo_trace.jsonl";
  std::ofstream os(trace_file, std::ios::binary);
  os << trace.str();
  check_written(os, trace_file.string());
  size_t lines = 0;
  for (char c : trace.str()) lines += c == '\n';
  std::printf("ac: scenario %s -> %zu trace lines in %s\n", retroanim::io::utf8_string(scenario).c_str(), lines,
              retroanim::io::utf8_string(trace_file).c_str());
  const int dat_rc = demo_ac_dat(dir);
  return (os ? 0 : 1) | dat_rc;
}

}  // namespace retroanim::cli
