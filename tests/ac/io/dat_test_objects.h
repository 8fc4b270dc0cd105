// Sample Asheron's Call objects for the ac/io tests (an animation with a hook
// of every type, a setup, a motion table), the comparisons of what a round
// trip gives back, and small byte helpers: shared by test_animation_io,
// test_setup_io, test_motion_table_io, test_dat_objects and test_dat_content.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <unordered_map>
#include <utility>
#include <vector>

#include "retroanim/ac/anim/animation.h"
#include "retroanim/ac/motion/motion_table.h"
#include "retroanim/ac/object/setup.h"
#include "retroanim/io/byte_writer.h"
#include "support/ac_fixtures.h"

namespace retroanim::ac::test {

using retroanim::io::ByteWriter;

inline math::AFrame frame(float x, float y, float z, float w = 1.0f, float qx = 0.0f, float qy = 0.0f, float qz = 0.0f) {
  math::AFrame f;
  f.origin = {x, y, z};
  f.qw = w;
  f.qx = qx;
  f.qy = qy;
  f.qz = qz;
  return f;
}

// One hook of every type the dat can hold (AnimationDone, 4, has no unpack case in the client:
// see HookTypesWithoutAnUnpackCaseAreDropped).
inline std::vector<AnimationHook> all_hooks() {
  using T = AnimationHookType;
  using D = AnimationHookDir;
  std::vector<AnimationHook> v;
  v.push_back(hook(T::kNoOp, D::kBoth, NoHookData{}));
  v.push_back(hook(T::kSound, D::kForward, SoundHookData{0x0A000123}));
  v.push_back(hook(T::kSoundTable, D::kForward, SoundTableHookData{0x11}));
  v.push_back(hook(T::kAttack, D::kBackward, AttackHookData{3, -0.5f, 1.0f, 0.5f, 1.0f, 2.5f, 1.75f}));
  v.push_back(hook(T::kReplaceObject, D::kForward, ReplaceObjectHookData{7, 0x01001234}));   // 2-byte packed id
  v.push_back(hook(T::kReplaceObject, D::kForward, ReplaceObjectHookData{255, 0x01234567}));  // 4-byte packed id
  v.push_back(hook(T::kEthereal, D::kBoth, SwitchHookData{1}));
  v.push_back(hook(T::kTransparentPart, D::kBoth, PartRampHookData{2, 0.0f, 1.0f, 0.5f}));
  v.push_back(hook(T::kLuminous, D::kBoth, RampHookData{0.25f, 0.75f, 2.0f}));
  v.push_back(hook(T::kLuminousPart, D::kBoth, PartRampHookData{4, 0.1f, 0.2f, 0.3f}));
  v.push_back(hook(T::kDiffuse, D::kBoth, RampHookData{1.0f, 0.0f, 1.0f}));
  v.push_back(hook(T::kDiffusePart, D::kBoth, PartRampHookData{5, 1.0f, 0.5f, 4.0f}));
  v.push_back(hook(T::kScale, D::kBoth, ScaleHookData{1.5f, 0.25f}));
  v.push_back(hook(T::kCreateParticle, D::kForward,
                   CreateParticleHookData{0x32000010, 6, frame(0.1f, 0.2f, 0.3f, 0.5f, 0.5f, 0.5f, 0.5f), 9}));
  v.push_back(hook(T::kDestroyParticle, D::kBoth, EmitterHookData{9}));
  v.push_back(hook(T::kStopParticle, D::kBoth, EmitterHookData{10}));
  v.push_back(hook(T::kNoDraw, D::kBoth, SwitchHookData{0}));
  v.push_back(hook(T::kDefaultScript, D::kBoth, NoHookData{}));
  v.push_back(hook(T::kDefaultScriptPart, D::kBoth, PartIndexHookData{8}));
  v.push_back(hook(T::kCallPES, D::kForward, CallPESHookData{0x33000001, 0.5f}));
  v.push_back(hook(T::kTransparent, D::kBoth, RampHookData{0.0f, 0.5f, 1.0f}));
  v.push_back(hook(T::kSoundTweaked, D::kForward, SoundTweakedHookData{0x0A000001, 0.9f, 0.8f, 0.7f}));
  v.push_back(hook(T::kSetOmega, D::kBoth, SetOmegaHookData{{0.0f, 0.0f, 1.5f}}));
  v.push_back(hook(T::kTextureVelocity, D::kBoth, TextureVelocityHookData{0.1f, -0.2f}));
  v.push_back(hook(T::kTextureVelocityPart, D::kBoth, TextureVelocityPartHookData{1, 0.3f, 0.4f}));
  v.push_back(hook(T::kSetLight, D::kBoth, SwitchHookData{1}));
  v.push_back(hook(T::kCreateBlockingParticle, D::kBoth,
                   CreateParticleHookData{0x32000011, 1, frame(1.0f, 2.0f, 3.0f), 4}));
  return v;
}

inline bool same_hook(const AnimationHook& a, const AnimationHook& b) {
  return a.type == b.type && a.direction == b.direction && a.data == b.data;
}

inline bool same_frame(const AnimationFrame& a, const AnimationFrame& b) {
  if (a.parts != b.parts || a.hooks.size() != b.hooks.size()) return false;
  for (size_t i = 0; i < a.hooks.size(); ++i) {
    if (!same_hook(a.hooks[i], b.hooks[i])) return false;
  }
  return true;
}

inline bool same_animation(const Animation& a, const Animation& b) {
  if (a.id != b.id || a.flags != b.flags || a.num_parts != b.num_parts || a.pos_frames != b.pos_frames ||
      a.part_frames.size() != b.part_frames.size()) {
    return false;
  }
  for (size_t i = 0; i < a.part_frames.size(); ++i) {
    if (!same_frame(a.part_frames[i], b.part_frames[i])) return false;
  }
  return true;
}

inline Animation sample_animation(uint32_t id, uint32_t parts, uint32_t frames, bool pos, bool hooks) {
  Animation a;
  a.id = id;
  a.flags = pos ? static_cast<uint32_t>(animation_flag::kHasPosFrames) : 0u;
  a.num_parts = parts;
  auto hk = all_hooks();
  for (uint32_t f = 0; f < frames; ++f) {
    if (pos) a.pos_frames.push_back(frame(0.0f, 0.1f * f, 0.0f));
    AnimationFrame af;
    for (uint32_t p = 0; p < parts; ++p) af.parts.push_back(frame(p * 0.5f, f * 0.25f, 1.0f, 0.6f, 0.8f, 0.0f, 0.0f));
    if (hooks) af.hooks.push_back(hk[f % hk.size()]);
    a.part_frames.push_back(af);
  }
  return a;
}

inline bool same_motion_data(const MotionData& a, const MotionData& b) {
  return a.anims == b.anims && a.bitfield == b.bitfield && a.flags == b.flags && a.velocity == b.velocity &&
         a.omega == b.omega;
}

inline bool same_motion_map(const std::unordered_map<uint32_t, MotionData>& a,
                     const std::unordered_map<uint32_t, MotionData>& b) {
  if (a.size() != b.size()) return false;
  for (const auto& [k, v] : a) {
    auto it = b.find(k);
    if (it == b.end() || !same_motion_data(v, it->second)) return false;
  }
  return true;
}

inline bool same_table(const MotionTable& a, const MotionTable& b) {
  if (a.id != b.id || a.default_style != b.default_style || a.style_defaults != b.style_defaults ||
      !same_motion_map(a.cycles, b.cycles) || !same_motion_map(a.modifiers, b.modifiers) ||
      a.links.size() != b.links.size()) {
    return false;
  }
  for (const auto& [k, inner] : a.links) {
    auto it = b.links.find(k);
    if (it == b.links.end() || !same_motion_map(inner, it->second)) return false;
  }
  return true;
}

inline MotionData motion(std::vector<AnimData> anims, uint8_t bitfield = 0, math::Vec3 vel = {}, math::Vec3 omega = {}) {
  MotionData d;
  d.anims = std::move(anims);
  d.bitfield = bitfield;
  d.velocity = vel;
  d.omega = omega;
  if (!(vel == math::Vec3{})) d.flags |= motion_data_flags::kHasVelocity;
  if (!(omega == math::Vec3{})) d.flags |= motion_data_flags::kHasOmega;
  return d;
}

inline MotionTable sample_table() {
  MotionTable t;
  t.id = kTestTableId;
  t.default_style = kNonCombat;
  t.style_defaults[kNonCombat] = kReady;
  t.cycles[MotionTable::make_key(kNonCombat, kReady)] = motion({{anim_id(1), 0, -1, 30.0f}}, 1);
  t.cycles[MotionTable::make_key(kNonCombat, kWalk)] =
      motion({{anim_id(2), 0, -1, 30.0f}}, 0, {0.0f, 4.0f, 0.0f});
  t.modifiers[MotionTable::make_key(kNonCombat, kTurn)] =
      motion({{anim_id(4), 0, -1, 30.0f}}, 0, {}, {0.0f, 0.0f, 1.5f});
  t.links[MotionTable::make_key(kNonCombat, kReady)][kWalk] =
      motion({{anim_id(3), 2, 5, 30.0f}, {anim_id(1), 0, 1, -15.0f}});
  t.links[MotionTable::make_key(kNonCombat, kReady)][0x10000051] = motion({{anim_id(5), 0, -1, 30.0f}});
  t.links[MotionTable::make_key(kNonCombat, kWalk)][kReady] = motion({{anim_id(3), 0, -1, 30.0f}});
  return t;
}

inline ac::Setup sample_setup() {
  ac::Setup s;
  s.id = 0x02000001;
  s.flags = setup_flag::kHasParent | setup_flag::kHasDefaultScale | setup_flag::kAllowFreeHeading;
  s.part_ids = {0x01000001, 0x01000002, 0x01000003};
  s.parent_index = {0xFFFFFFFFu, 0, 1};
  s.default_scale = {{1, 1, 1}, {1, 2, 1}, {0.5f, 0.5f, 0.5f}};
  LocationType loc;
  loc.part_id = 2;
  loc.frame = frame(0.1f, 0.2f, 0.3f);
  s.holding_locations = {{1, loc}, {2, loc}};
  s.connection_points = {{3, loc}};
  AnimationFrame pf;
  pf.parts = {frame(0, 0, 0), frame(0, 0, 1), frame(0, 0, 2)};
  pf.hooks = {all_hooks()[4]};  // a ReplaceObject: exercises alignment inside a Setup
  s.placement_frames = {{0, pf}, {kPlacementResting, pf}};
  s.cyl_spheres = {CylSphere{{0, 0, 0}, 1.8f, 0.4f}};
  s.spheres = {Sphere{{0, 0, 1}, 0.9f}, Sphere{{0, 0, 0.5f}, 0.5f}};
  s.height = 1.8f;
  s.radius = 0.5f;
  s.step_up_height = 0.6f;
  s.step_down_height = 1.2f;
  s.sorting_sphere = {{0, 0, 0.9f}, 1.0f};
  s.selection_sphere = {{0, 0, 0.9f}, 1.1f};
  LightInfo li;
  li.view_space_location = frame(0, 1, 2);
  li.color = 0xFF80C0FFu;
  li.intensity = 2.0f;
  li.falloff = 5.0f;
  li.cone_angle = 0.5f;
  s.lights = {{0, li}};
  s.default_animation = anim_id(1);
  s.default_script = 0x33000001;
  s.default_motion_table = 0x09000001;
  s.default_sound_table = 0x20000001;
  s.default_script_table = 0x34000001;
  return s;
}

inline std::vector<uint8_t> u32s(std::initializer_list<uint32_t> v) {
  ByteWriter w;
  for (uint32_t x : v) w.u32(x);
  return w.take();
}

}  // namespace retroanim::ac::test
