// ac/io/setup_io.cpp: Setup unpack and pack: round trip, stable bytes, bad
// input a clean error.
#include <gtest/gtest.h>

#include <random>
#include <thread>
#include <vector>

#include "retroanim/ac/io/animation_io.h"
#include "retroanim/ac/io/dat_content.h"
#include "retroanim/ac/io/dat_objects.h"
#include "retroanim/ac/io/dat_writer.h"
#include "retroanim/ac/io/motion_table_io.h"
#include "retroanim/ac/io/setup_io.h"
#include "retroanim/error.h"
#include "support/ac_fixtures.h"

using namespace retroanim;
using namespace retroanim::ac;
using namespace retroanim::ac::io;
using retroanim::ac::test::anim_id;
using retroanim::ac::test::hook;

namespace {

math::AFrame frame(float x, float y, float z, float w = 1.0f, float qx = 0.0f, float qy = 0.0f, float qz = 0.0f) {
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
std::vector<AnimationHook> all_hooks() {
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

bool same_hook(const AnimationHook& a, const AnimationHook& b) {
  return a.type == b.type && a.direction == b.direction && a.data == b.data;
}

bool same_frame(const AnimationFrame& a, const AnimationFrame& b) {
  if (a.parts != b.parts || a.hooks.size() != b.hooks.size()) return false;
  for (size_t i = 0; i < a.hooks.size(); ++i) {
    if (!same_hook(a.hooks[i], b.hooks[i])) return false;
  }
  return true;
}

ac::Setup sample_setup() {
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

std::vector<uint8_t> u32s(std::initializer_list<uint32_t> v) {
  ByteWriter w;
  for (uint32_t x : v) w.u32(x);
  return w.take();
}

}  // namespace

TEST(DatSetup, RoundTripAndStableBytes) {
  ac::Setup s = sample_setup();
  auto b = pack_setup(s);
  size_t used = 0;
  ac::Setup back = unpack_setup(b, "", "Setup", &used);
  EXPECT_EQ(used, b.size());
  EXPECT_EQ(back.part_ids, s.part_ids);
  EXPECT_EQ(back.parent_index, s.parent_index);
  EXPECT_EQ(back.default_scale, s.default_scale);
  ASSERT_EQ(back.holding_locations.size(), 2u);
  EXPECT_EQ(back.holding_locations[1].first, 2u);
  EXPECT_EQ(back.holding_locations[1].second.frame, s.holding_locations[1].second.frame);
  ASSERT_EQ(back.placement_frames.size(), 2u);
  EXPECT_EQ(back.placement_frames[1].first, kPlacementResting);
  EXPECT_TRUE(same_frame(back.placement_frames[1].second, s.placement_frames[1].second));
  ASSERT_EQ(back.cyl_spheres.size(), 1u);
  EXPECT_EQ(back.cyl_spheres[0].radius, 0.4f);  // dat order: low point, radius, height
  EXPECT_EQ(back.cyl_spheres[0].height, 1.8f);
  EXPECT_EQ(back.spheres.size(), 2u);
  EXPECT_EQ(back.step_down_height, 1.2f);
  EXPECT_EQ(back.selection_sphere.radius, 1.1f);
  ASSERT_EQ(back.lights.size(), 1u);
  EXPECT_EQ(back.lights[0].second.color, 0xFF80C0FFu);
  EXPECT_EQ(back.default_motion_table, 0x09000001u);
  EXPECT_EQ(back.default_script_table, 0x34000001u);
  EXPECT_EQ(pack_setup(back), b);
}

TEST(DatSetup, BadInputIsACleanError) {
  auto b = pack_setup(sample_setup());
  for (size_t len = 0; len < b.size(); ++len) {
    EXPECT_THROW(unpack_setup(std::span<const uint8_t>(b.data(), len)), Error) << len;
  }
  auto neg = u32s({0x02000001, 0, 0, 0xFFFFFFFF});  // negative holding-location count
  EXPECT_THROW(unpack_setup(neg), Error);
}

