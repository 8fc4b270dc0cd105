// AC scenarios over a dat written at test time (the project's dat writer):
// a portal.dat whose animations carry a hook of every type that has a dat
// form (payload fields of every kind, in every direction), a motion table,
// and scenario files naming it with "dat". Used by the C API's replay test
// (tests/capi/test_capi_ac_object_scenario_replay.cpp) and, through
// examples/write_dat_scenarios.cpp, by the C# AcScenario.exe tests.
#pragma once

#include <cmath>
#include <cstdint>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "retroanim/ac/anim/animation.h"
#include "retroanim/ac/anim/anim_hook.h"
#include "retroanim/ac/io/dat_objects.h"
#include "retroanim/ac/io/dat_writer.h"
#include "retroanim/ac/motion/motion_table.h"

namespace retroanim::capi_test {

namespace dat_scenarios_detail {

inline ac::AnimationHook hook(ac::AnimationHookType type, ac::AnimationHookDir dir, ac::AnimationHookData data = {}) {
  ac::AnimationHook h;
  h.type = type;
  h.direction = dir;
  h.data = data;
  return h;
}

// `frames` frames of two parts; part 1 swings about z; position frames step along y when `moving`.
inline ac::Animation animation(uint32_t id, int frames, float swing, bool moving) {
  ac::Animation a;
  a.id = id;
  a.num_parts = 2;
  if (moving) a.flags = ac::animation_flag::kHasPosFrames;
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
    if (moving) {
      math::AFrame p;
      p.origin = {0.0f, 0.1f, 0.0f};
      a.pos_frames.push_back(p);
    }
  }
  return a;
}

}  // namespace dat_scenarios_detail

// Writes DIR/capi_hooks.dat and the scenarios over it; returns the scenarios' paths.
inline std::vector<std::string> write_dat_scenarios(const std::string& dir) {
  using namespace dat_scenarios_detail;
  using ac::AnimationHookDir;
  using T = ac::AnimationHookType;
  constexpr AnimationHookDir kFwd = AnimationHookDir::kForward, kBack = AnimationHookDir::kBackward,
                             kBoth = AnimationHookDir::kBoth;

  // 0x03000100: 9 frames, moving, every hook type but AnimationDone (which has no dat form).
  ac::Animation hooks = animation(0x03000100, 9, 0.15f, true);
  auto at = [&hooks](int frame, ac::AnimationHook h) { hooks.part_frames[static_cast<size_t>(frame)].hooks.push_back(h); };
  at(0, hook(T::kNoOp, kBoth));
  at(0, hook(T::kSound, kFwd, ac::SoundHookData{0x0A000010}));
  at(1, hook(T::kSoundTable, kBack, ac::SoundTableHookData{0x11}));
  at(1, hook(T::kAttack, kBoth, ac::AttackHookData{1, -0.5f, 1.25f, 0.5f, 1.0f, 2.0f, 1.5f}));
  at(2, hook(T::kReplaceObject, kFwd, ac::ReplaceObjectHookData{1, 0x01000ABC}));
  at(2, hook(T::kEthereal, kBoth, ac::SwitchHookData{1}));
  at(2, hook(T::kTransparentPart, kBoth, ac::PartRampHookData{1, 0.0f, 0.75f, 0.3f}));
  at(3, hook(T::kLuminous, kFwd, ac::RampHookData{0.1f, 0.9f, 0.25f}));
  at(3, hook(T::kLuminousPart, kBack, ac::PartRampHookData{0, 1.0f, 0.5f, 0.125f}));
  at(3, hook(T::kDiffuse, kBoth, ac::RampHookData{0.2f, 0.4f, 2.0f}));
  at(4, hook(T::kDiffusePart, kBoth, ac::PartRampHookData{1, 0.3f, 0.6f, 0.7f}));
  at(4, hook(T::kScale, kFwd, ac::ScaleHookData{1.5f, 0.33f}));
  {
    ac::CreateParticleHookData p;
    p.emitter_info_id = 0x32000042;
    p.part_index = 1;
    p.offset.origin = {0.25f, -0.125f, 1.75f};
    p.offset.qw = 0.70710677f;
    p.offset.qz = 0.70710677f;
    p.emitter_id = 7;
    at(4, hook(T::kCreateParticle, kBoth, p));
    p.emitter_id = 8;
    p.offset.origin.x = -3.0f;
    at(5, hook(T::kCreateBlockingParticle, kFwd, p));
  }
  at(5, hook(T::kDestroyParticle, kBoth, ac::EmitterHookData{7}));
  at(5, hook(T::kStopParticle, kBack, ac::EmitterHookData{8}));
  at(6, hook(T::kNoDraw, kBoth, ac::SwitchHookData{0}));
  at(6, hook(T::kDefaultScript, kFwd));
  at(6, hook(T::kDefaultScriptPart, kBoth, ac::PartIndexHookData{1}));
  at(6, hook(T::kCallPES, kBoth, ac::CallPESHookData{0x33000005, 0.4f}));
  at(7, hook(T::kTransparent, kFwd, ac::RampHookData{0.0f, 1.0f, 0.6f}));
  at(7, hook(T::kSoundTweaked, kBoth, ac::SoundTweakedHookData{0x0A000011, 0.8f, 0.3f, 0.95f}));
  at(7, hook(T::kSetOmega, kBack, ac::SetOmegaHookData{math::Vec3{0.0f, 0.5f, -1.0f}}));
  at(3, hook(T::kTextureVelocity, kBoth, ac::TextureVelocityHookData{0.05f, -0.02f}));
  at(5, hook(T::kTextureVelocityPart, kBoth, ac::TextureVelocityPartHookData{1, 0.1f, 0.2f}));
  at(6, hook(T::kSetLight, kFwd, ac::SwitchHookData{-1}));

  // A motion table: Ready and WalkForward cycles, links with hooks both ways, an action, a modifier.
  constexpr uint32_t kNonCombat = 0x8000003Du, kReady = 0x41000003u, kWalk = 0x45000005u, kTurnRight = 0x6500000Du,
                     kAction = 0x10000051u;
  ac::Animation ready = animation(0x03000101, 4, 0.05f, false);
  ac::Animation walk = animation(0x03000102, 8, 0.2f, true);
  walk.part_frames[0].hooks.push_back(hook(T::kSoundTable, kFwd, ac::SoundTableHookData{0x12}));
  walk.part_frames[5].hooks.push_back(hook(T::kSound, kBoth, ac::SoundHookData{0x0A000012}));
  ac::Animation link = animation(0x03000103, 3, 0.1f, false);
  link.part_frames[1].hooks.push_back(hook(T::kAttack, kBoth, ac::AttackHookData{0, 0.5f, 0.5f, -0.5f, 0.5f, 3.0f, 2.0f}));
  ac::Animation turn = animation(0x03000104, 4, 0.0f, false);
  ac::MotionTable table;
  table.id = 0x09000100;
  table.default_style = kNonCombat;
  table.style_defaults[kNonCombat] = kReady;
  auto motion = [](uint32_t anim, float framerate, math::Vec3 velocity = {}, math::Vec3 omega = {}) {
    ac::MotionData d;
    d.anims.push_back(ac::AnimData{anim, 0, -1, framerate});
    d.velocity = velocity;
    d.omega = omega;
    return d;
  };
  table.cycles[ac::MotionTable::make_key(kNonCombat, kReady)] = motion(ready.id, 30.0f);
  table.cycles[ac::MotionTable::make_key(kNonCombat, kWalk)] = motion(walk.id, 30.0f, {0.0f, 3.12f, 0.0f});
  table.modifiers[ac::MotionTable::make_key(kNonCombat, kTurnRight)] = motion(turn.id, 30.0f, {}, {0.0f, 0.0f, -1.5f});
  table.links[ac::MotionTable::make_key(kNonCombat, kReady)][kWalk] = motion(link.id, 30.0f);
  table.links[ac::MotionTable::make_key(kNonCombat, kWalk)][kReady] = motion(link.id, -30.0f);
  table.links[ac::MotionTable::make_key(kNonCombat, kReady)][kAction] = motion(hooks.id, 30.0f);

  ac::io::DatWriter writer;
  for (const ac::Animation* a : {&hooks, &ready, &walk, &link, &turn}) ac::io::add_animation(writer, *a, {a == &walk});
  ac::io::add_motion_table(writer, table);
  writer.write_file(dir + "/capi_hooks.dat");

  std::vector<std::string> paths;
  auto save = [&](const std::string& name, const char* text) {
    const std::string path = dir + "/" + name;
    std::ofstream os(path, std::ios::binary);
    os << text;
    if (!os) throw std::runtime_error(path + ": cannot write");
    paths.push_back(path);
  };
  // Raw sequence steps over the dat's hook animation, forward and backward,
  // beside an inline animation whose hook has scenario JSON (a tag).
  save("dat_hooks.json", R"({
  "format": "retroanim.ac.scenario/1",
  "dat": "capi_hooks.dat",
  "animations": [
    {"id": "0x03000200", "frames": [
      {"parts": [{"origin": [0, 0, 0], "rotation": [1, 0, 0, 0]}, {"origin": [0, 0, 1], "rotation": [1, 0, 0, 0]}],
       "hooks": [{"type": 1, "direction": 0, "sound_id": "0x0A000099"}]},
      {"parts": [{"origin": [0, 0, 0], "rotation": [1, 0, 0, 0]}, {"origin": [0, 0, 1], "rotation": [1, 0, 0, 0]}]}]}
  ],
  "initial_frame": {"origin": [10, 20, 0], "rotation": [1, 0, 0, 0]},
  "steps": [
    {"append": {"anim": "0x03000200", "framerate": 30.0}},
    {"append": {"anim": "0x03000100", "framerate": 30.0}},
    {"omega": [0, 0, 0.5]},
    {"update": 0.05},
    {"update": 0.1},
    {"update": 0.1},
    {"update": 0.2},
    {"multiply_cyclic_framerate": -1.0},
    {"update": 0.1},
    {"update": 0.25},
    {"clear": true},
    {"append": {"anim": "0x03000100", "framerate": -20.0, "low": 2, "high": 7}},
    {"velocity": [0, 1, 0]},
    {"update": 0.2},
    {"update": 0.3},
    {"remove_cyclic": true},
    {"update": 0.1}
  ]
}
)");
  // Motion commands on the dat's motion table (links with hooks, an action of the hook animation).
  save("dat_motion.json", R"({
  "format": "retroanim.ac.scenario/1",
  "dat": "capi_hooks.dat",
  "motion_table": "0x09000100",
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
    {"perform": {"motion": "0x10000051", "speed": 1.5}},
    {"update": 0.1},
    {"update": 0.3},
    {"stop_completely": true},
    {"update": 0.1}
  ]
}
)");
  return paths;
}

}  // namespace retroanim::capi_test
