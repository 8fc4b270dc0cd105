// Animation, Setup and MotionTable unpackers and packers: hand-built bytes,
// every hook payload, alignment from the file start, round trips through the
// writer, byte stability, truncation and bit flips.
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
using retroanim::ac::test::kNonCombat;
using retroanim::ac::test::kReady;
using retroanim::ac::test::kTestTableId;
using retroanim::ac::test::kTurn;
using retroanim::ac::test::kWalk;

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

bool same_animation(const Animation& a, const Animation& b) {
  if (a.id != b.id || a.flags != b.flags || a.num_parts != b.num_parts || a.pos_frames != b.pos_frames ||
      a.part_frames.size() != b.part_frames.size()) {
    return false;
  }
  for (size_t i = 0; i < a.part_frames.size(); ++i) {
    if (!same_frame(a.part_frames[i], b.part_frames[i])) return false;
  }
  return true;
}

Animation sample_animation(uint32_t id, uint32_t parts, uint32_t frames, bool pos, bool hooks) {
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

bool same_motion_data(const MotionData& a, const MotionData& b) {
  return a.anims == b.anims && a.bitfield == b.bitfield && a.flags == b.flags && a.velocity == b.velocity &&
         a.omega == b.omega;
}

bool same_motion_map(const std::unordered_map<uint32_t, MotionData>& a,
                     const std::unordered_map<uint32_t, MotionData>& b) {
  if (a.size() != b.size()) return false;
  for (const auto& [k, v] : a) {
    auto it = b.find(k);
    if (it == b.end() || !same_motion_data(v, it->second)) return false;
  }
  return true;
}

bool same_table(const MotionTable& a, const MotionTable& b) {
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

MotionData motion(std::vector<AnimData> anims, uint8_t bitfield = 0, math::Vec3 vel = {}, math::Vec3 omega = {}) {
  MotionData d;
  d.anims = std::move(anims);
  d.bitfield = bitfield;
  d.velocity = vel;
  d.omega = omega;
  if (!(vel == math::Vec3{})) d.flags |= motion_data_flags::kHasVelocity;
  if (!(omega == math::Vec3{})) d.flags |= motion_data_flags::kHasOmega;
  return d;
}

MotionTable sample_table() {
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

TEST(DatAnimation, HandBuiltBytesUnpackFieldForField) {
  // id, flags 0, 1 part, 1 frame; part frame (1,2,3 | 1,0,0,0); one SoundTable hook (forward, type 0x11).
  auto b = u32s({0x03000514, 0, 1, 1, 0x3F800000, 0x40000000, 0x40400000, 0x3F800000, 0, 0, 0, 1, 2, 1, 0x11});
  size_t used = 0;
  Animation a = unpack_animation(b, "x", "Animation", &used);
  EXPECT_EQ(used, b.size());
  EXPECT_EQ(a.id, 0x03000514u);
  EXPECT_EQ(a.num_parts, 1u);
  ASSERT_EQ(a.num_frames(), 1u);
  EXPECT_TRUE(a.pos_frames.empty());
  EXPECT_EQ(a.part_frames[0].parts[0].origin, (math::Vec3{1.0f, 2.0f, 3.0f}));
  EXPECT_EQ(a.part_frames[0].parts[0].qw, 1.0f);
  ASSERT_EQ(a.part_frames[0].hooks.size(), 1u);
  EXPECT_EQ(a.part_frames[0].hooks[0].type, AnimationHookType::kSoundTable);
  EXPECT_EQ(a.part_frames[0].hooks[0].direction, AnimationHookDir::kForward);
  EXPECT_EQ(std::get<SoundTableHookData>(a.part_frames[0].hooks[0].data).sound_type, 0x11u);
}

TEST(DatAnimation, ReplaceObjectIsAByteAndAPackedIdPaddedFromTheFileStart) {
  // Short form: byte 7, then 0x1234 (id 0x01001234), then one pad byte to reach a multiple of 4.
  ByteWriter w;
  pack_hook(w, hook(AnimationHookType::kReplaceObject, AnimationHookDir::kForward, ReplaceObjectHookData{7, 0x01001234}));
  EXPECT_EQ(w.bytes(), (std::vector<uint8_t>{5, 0, 0, 0, 1, 0, 0, 0, 7, 0x34, 0x12, 0}));
  // Long form: 0x8000 | high 14 bits, then the low 16 bits; 5 bytes, padded to 8.
  ByteWriter w2;
  pack_hook(w2, hook(AnimationHookType::kReplaceObject, AnimationHookDir::kBoth, ReplaceObjectHookData{1, 0x01234567}));
  EXPECT_EQ(w2.bytes(), (std::vector<uint8_t>{5, 0, 0, 0, 0, 0, 0, 0, 1, 0x23, 0x80, 0x67, 0x45, 0, 0, 0}));
  ByteReader r(w2.bytes(), "", "hook");
  AnimationHook h = unpack_hook(r).value();
  EXPECT_EQ(r.offset(), 16u);
  EXPECT_EQ(std::get<ReplaceObjectHookData>(h.data).part_id, 0x01234567u);
  // Padding is measured from the start of the data, not of the hook: a hook starting at offset 2
  // ends at 2 + 8 + 3 = 13 and is padded to 16.
  std::vector<uint8_t> shifted = {0xAA, 0xBB};
  shifted.insert(shifted.end(), w.bytes().begin(), w.bytes().end() - 1);  // drop its own pad byte
  shifted.insert(shifted.end(), {0, 0, 0});
  ByteReader r2(shifted, "", "hook");
  (void)r2.u16("lead");
  (void)unpack_hook(r2);
  EXPECT_EQ(r2.offset(), 16u);
}

TEST(DatAnimation, PackedIdsFollowTheClient) {
  ByteWriter w;
  pack_packed_id(w, 0x01003FFF, 0x01000000);  // largest short form
  pack_packed_id(w, 0x01004000, 0x01000000);  // smallest long form
  pack_packed_id(w, 0, 0x01000000);           // id 0 packs as the known type itself
  EXPECT_EQ(w.bytes(), (std::vector<uint8_t>{0xFF, 0x3F, 0x00, 0x80, 0x00, 0x40, 0x00, 0x00}));
  ByteReader r(w.bytes(), "", "ids");
  EXPECT_EQ(unpack_packed_id(r, 0x01000000, "id"), 0x01003FFFu);
  EXPECT_EQ(unpack_packed_id(r, 0x01000000, "id"), 0x01004000u);
  EXPECT_EQ(unpack_packed_id(r, 0x01000000, "id"), 0x01000000u);
  ByteWriter bad;
  EXPECT_THROW(pack_packed_id(bad, 0x00FFFFFF, 0x01000000), Error);  // below the known type: beyond the range
}

TEST(DatAnimation, EveryHookTypeRoundTrips) {
  auto hooks = all_hooks();
  ByteWriter w;
  w.u8(1);  // start the hooks at an odd offset: alignment is from the data start
  w.align4();
  for (const auto& h : hooks) pack_hook(w, h);
  ByteReader r(w.bytes(), "", "hooks");
  (void)r.u32("lead");
  for (const auto& h : hooks) {
    AnimationHook back = unpack_hook(r).value();
    EXPECT_TRUE(same_hook(back, h)) << static_cast<int>(h.type);
    EXPECT_EQ(r.offset() % 4, 0u);
  }
  EXPECT_EQ(r.remaining(), 0u);
}

TEST(DatAnimation, BadCountsAreErrors) {
  auto huge = u32s({0x03000001, 1, 0xFFFFFFFF, 0xFFFFFFFF});
  EXPECT_THROW(unpack_animation(huge), Error);
  auto huge_parts = u32s({0x03000001, 0, 0x40000000, 2});
  EXPECT_THROW(unpack_animation(huge_parts), Error);
}

// CAnimHook::UnPackHook (0x5271D0) has no case for type 4 (AnimationDone) nor for any type above
// 26: it reads the 8-byte header, aligns, and returns NULL, which AnimFrame::UnPack drops.
TEST(DatAnimation, HookTypesWithoutAnUnpackCaseAreDropped) {
  using T = AnimationHookType;
  using D = AnimationHookDir;
  Animation a;
  a.id = 0x03000020;
  a.num_parts = 1;
  AnimationFrame f0;
  f0.parts.push_back(frame(1.0f, 2.0f, 3.0f));
  f0.hooks = {hook(T::kSound, D::kForward, SoundHookData{0x0A000001}), hook(T::kAnimationDone, D::kBoth, NoHookData{}),
              hook(T::kSound, D::kBackward, SoundHookData{0x0A000002})};
  AnimationFrame f1;
  f1.parts.push_back(frame(4.0f, 5.0f, 6.0f));
  f1.hooks = {hook(static_cast<T>(27), D::kBoth, NoHookData{}), hook(T::kEthereal, D::kBoth, SwitchHookData{1})};
  AnimationFrame f2;
  f2.parts.push_back(frame(7.0f, 8.0f, 9.0f));
  f2.hooks = {hook(static_cast<T>(0xFFFFFFFFu), D::kForward, NoHookData{})};  // -1 as the client's int
  a.part_frames = {f0, f1, f2};
  // The writer can store those headers (nothing else: a payload for them has no size a reader knows).
  ByteWriter payload_writer;
  EXPECT_THROW(pack_hook(payload_writer, hook(static_cast<T>(27), D::kBoth, SwitchHookData{1})), Error);
  DatWriter w;
  add_animation(w, a);
  auto db = DatDatabase::from_bytes(w.build(), "hooks.dat");
  Animation back = read_animation(db, 0x03000020);
  ASSERT_EQ(back.part_frames.size(), 3u);
  ASSERT_EQ(back.part_frames[0].hooks.size(), 2u);  // the AnimationDone hook is never fired: it is not there
  EXPECT_TRUE(same_hook(back.part_frames[0].hooks[0], f0.hooks[0]));
  EXPECT_TRUE(same_hook(back.part_frames[0].hooks[1], f0.hooks[2]));
  ASSERT_EQ(back.part_frames[1].hooks.size(), 1u);  // type 27 skipped, the hook after it still read
  EXPECT_TRUE(same_hook(back.part_frames[1].hooks[0], f1.hooks[1]));
  EXPECT_TRUE(back.part_frames[2].hooks.empty());
  EXPECT_EQ(back.part_frames[2].parts[0].origin.z, 9.0f);  // the rest of the animation loads
}

// The client cannot skip a payload it does not know: after an unknown type's header it reads
// on, so any payload bytes are taken as the data that follows (here the next frame's origin).
TEST(DatAnimation, UnknownHookPayloadIsReadAsTheFollowingData) {
  auto b = u32s({0x03000001, 0, 1, 2,                                          // id, flags, 1 part, 2 frames
                 0, 0, 0, 0x3F800000, 0, 0, 0, 1, 27, 0, 0x40200000,          // frame 0: hook 27 + 4-byte payload 2.5
                 0x3F800000, 0x40000000, 0x40400000, 0x3F800000, 0, 0, 0, 0});  // frame 1 (1, 2, 3), no hooks
  size_t used = 0;
  Animation a = unpack_animation(b, "f.dat", "Animation 0x03000001", &used);
  ASSERT_EQ(a.part_frames.size(), 2u);
  EXPECT_TRUE(a.part_frames[0].hooks.empty());
  EXPECT_EQ(a.part_frames[1].parts[0].origin.x, 2.5f);  // the payload
  EXPECT_EQ(a.part_frames[1].parts[0].origin.y, 1.0f);  // frame 1's x, shifted
  EXPECT_EQ(a.part_frames[1].parts[0].qx, 1.0f);        // frame 1's w, shifted
  EXPECT_TRUE(a.part_frames[1].hooks.empty());          // frame 1's last rotation word (0) read as its hook count
  EXPECT_EQ(used, b.size() - 4);                        // and its real hook count left unread
  // When the shift runs past the end, the error names the file, the object and the offset.
  std::vector<uint8_t> short_b(b.begin(), b.end() - 8);
  EXPECT_THROW(unpack_animation(short_b, "f.dat", "Animation 0x03000001"), Error);
}

TEST(DatAnimation, RoundTripAndStableBytes) {
  for (bool pos : {false, true}) {
    Animation a = sample_animation(0x03000010, 4, 60, pos, true);
    auto b1 = pack_animation(a);
    size_t used = 0;
    Animation back = unpack_animation(b1, "", "Animation", &used);
    EXPECT_EQ(used, b1.size());
    EXPECT_TRUE(same_animation(a, back));
    EXPECT_EQ(pack_animation(back), b1);
  }
  Animation bad = sample_animation(0x03000010, 2, 3, false, false);
  bad.part_frames[1].parts.pop_back();
  EXPECT_THROW(pack_animation(bad), Error);
}

TEST(DatAnimation, EveryPrefixOfAnAnimationIsACleanError) {
  auto b = pack_animation(sample_animation(0x03000010, 3, 30, true, true));
  for (size_t len = 0; len < b.size(); ++len) {
    EXPECT_THROW(unpack_animation(std::span<const uint8_t>(b.data(), len)), Error) << len;
  }
}

TEST(DatMotionTable, RoundTripStableBytesAndPadding) {
  MotionTable t = sample_table();
  auto b = pack_motion_table(t);
  size_t used = 0;
  MotionTable back = unpack_motion_table(b, "", "MotionTable", &used);
  EXPECT_EQ(used, b.size());
  EXPECT_TRUE(same_table(t, back));
  EXPECT_EQ(pack_motion_table(back), b);
  // First cycle: id, default style, style-default count, 1 style default (8 bytes), cycle count ->
  // the cycle starts at 24; key (4) + 3 header bytes end at 31, padded to 32 where the AnimData begins.
  ByteReader r(b, "", "t");
  for (int i = 0; i < 6; ++i) (void)r.u32("head");
  uint32_t key = 0;
  MotionData first = unpack_motion_data(r, key);
  EXPECT_EQ(key, MotionTable::make_key(0x8000003D, 0x41000003));
  EXPECT_EQ(b[31], 0);
  EXPECT_EQ(b[32] | (b[33] << 8), 0x0001);  // anim id 0x03000001 begins at 32
  EXPECT_EQ(b[35], 0x03);
  EXPECT_EQ(first.bitfield, 1);
}

TEST(DatMotionTable, VelocityAndOmegaFollowTheFlags) {
  MotionTable t = sample_table();
  auto back = unpack_motion_table(pack_motion_table(t));
  const MotionData* walk = back.find_cycle(MotionTable::make_key(0x8000003D, 0x45000005));
  ASSERT_NE(walk, nullptr);
  EXPECT_EQ(walk->flags, motion_data_flags::kHasVelocity);
  EXPECT_EQ(walk->velocity, (math::Vec3{0.0f, 4.0f, 0.0f}));
  const MotionData* turn = back.find_modifier(MotionTable::make_key(0x8000003D, 0x6500000D));
  ASSERT_NE(turn, nullptr);
  EXPECT_EQ(turn->flags, motion_data_flags::kHasOmega);
  EXPECT_EQ(turn->omega, (math::Vec3{0.0f, 0.0f, 1.5f}));
}

TEST(DatMotionTable, DuplicateKeysKeepTheLaterEntry) {
  ByteWriter w;
  w.u32(0x09000001);
  w.u32(0x8000003D);
  w.u32(0);
  w.u32(2);  // two cycles under the same key
  pack_motion_data(w, 0x003D0003, motion({{0x03000001, 0, -1, 30.0f}}));
  pack_motion_data(w, 0x003D0003, motion({{0x03000002, 0, -1, 30.0f}}));
  w.u32(0);
  w.u32(0);
  MotionTable t = unpack_motion_table(w.bytes());
  ASSERT_EQ(t.cycles.size(), 1u);
  EXPECT_EQ(t.cycles.at(0x003D0003).anims[0].anim_id, 0x03000002u);
}

TEST(DatMotionTable, EveryPrefixIsACleanError) {
  auto b = pack_motion_table(sample_table());
  for (size_t len = 0; len < b.size(); ++len) {
    EXPECT_THROW(unpack_motion_table(std::span<const uint8_t>(b.data(), len)), Error) << len;
  }
}

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

TEST(DatObjects, ThroughTheContainerWithCompression) {
  DatWriter w;
  Animation a1 = sample_animation(0x03000001, 17, 44, false, true);
  Animation a2 = sample_animation(0x03000002, 2, 300, true, true);  // many blocks
  add_animation(w, a1, {true});
  add_animation(w, a2);
  add_setup(w, sample_setup(), {true});
  add_motion_table(w, sample_table());
  auto bytes = w.build();
  auto db = DatDatabase::from_bytes(bytes, "x.dat");
  EXPECT_TRUE(db.find(0x03000001)->compressed());
  EXPECT_TRUE(same_animation(read_animation(db, 0x03000001), a1));
  EXPECT_TRUE(same_animation(read_animation(db, 0x03000002), a2));
  EXPECT_EQ(read_setup(db, 0x02000001).part_ids, sample_setup().part_ids);
  EXPECT_TRUE(same_table(read_motion_table(db, 0x09000001), sample_table()));
  EXPECT_THROW(read_animation(db, 0x09000001), Error);  // wrong type byte
  EXPECT_THROW(read_animation(db, 0x03000003), Error);  // missing
  DatAnimationProvider provider(db);
  const Animation* p = provider.get_animation(0x03000002);
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(p, provider.get_animation(0x03000002));  // cached
  EXPECT_EQ(provider.get_animation(0x03000003), nullptr);
  EXPECT_EQ(provider.get_animation(0x09000001), nullptr);
}

// DatContent serves every kind by id, once: the same object on every call and
// from every thread, nullptr for a missing id or one of another type, and the
// reader's one-line error for a malformed object or a missing table asked for
// by value.
TEST(DatContent, ServesAnimationsSetupsAndMotionTablesOnce) {
  DatWriter w;
  add_animation(w, sample_animation(0x03000001, 17, 44, false, true));
  add_setup(w, sample_setup(), {true});
  add_motion_table(w, sample_table());
  w.add(0x02000002, std::vector<uint8_t>{0x02, 0x00, 0x00});  // a truncated Setup
  const DatContent content(DatDatabase::from_bytes(w.build(), "content.dat"));
  const ac::Setup* s = content.get_setup(0x02000001);
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->part_ids, sample_setup().part_ids);
  EXPECT_EQ(content.get_setup(0x02000001), s);
  EXPECT_EQ(content.get_setup(0x02000003), nullptr);  // missing
  EXPECT_EQ(content.get_setup(0x03000001), nullptr);  // an Animation's id
  try {
    content.get_setup(0x02000002);
    ADD_FAILURE() << "a truncated Setup was served";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("content.dat"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("0x02000002"), std::string::npos) << e.what();
  }
  EXPECT_THROW(content.get_setup(0x02000002), Error);  // not cached as served
  const MotionTable* t = content.find_motion_table(0x09000001);
  ASSERT_NE(t, nullptr);
  EXPECT_TRUE(same_table(*t, sample_table()));
  EXPECT_EQ(content.find_motion_table(0x09000001), t);
  EXPECT_EQ(content.find_motion_table(0x09000002), nullptr);
  EXPECT_TRUE(same_table(content.get_motion_table(0x09000001), sample_table()));
  EXPECT_THROW(content.get_motion_table(0x09000002), Error);
  ASSERT_NE(content.get_animation(0x03000001), nullptr);
  EXPECT_EQ(content.get_animation(0x02000001), nullptr);

  // Four threads asking for the same uncached objects get one copy each.
  const DatContent shared(content.dat());
  std::vector<const ac::Setup*> setups(4);
  std::vector<const Animation*> anims(4);
  {
    std::vector<std::thread> threads;
    for (int i = 0; i < 4; ++i)
      threads.emplace_back([&, i] {
        setups[i] = shared.get_setup(0x02000001);
        anims[i] = shared.get_animation(0x03000001);
      });
    for (auto& th : threads) th.join();
  }
  for (int i = 1; i < 4; ++i) {
    EXPECT_EQ(setups[i], setups[0]);
    EXPECT_EQ(anims[i], anims[0]);
  }
  EXPECT_NE(setups[0], s);  // another content, another cache
}

TEST(DatObjects, BitFlipsInAWrittenDatGiveCleanErrors) {
  DatWriterOptions opt;
  opt.block_size = 256;
  DatWriter w(opt);
  add_animation(w, sample_animation(0x03000001, 3, 10, true, true), {true});
  add_animation(w, sample_animation(0x03000002, 2, 12, false, true));
  add_setup(w, sample_setup());
  add_motion_table(w, sample_table());
  const auto bytes = w.build();
  std::mt19937 rng(7);
  int errors = 0;
  for (int trial = 0; trial < 400; ++trial) {
    auto t = bytes;
    t[0x140 + rng() % (t.size() - 0x140)] ^= static_cast<uint8_t>(1u << (rng() % 8));
    try {
      auto db = DatDatabase::from_bytes(t, "t.dat");
      for (uint32_t id : db.ids_of_type(0x03)) (void)read_animation(db, id);
      for (uint32_t id : db.ids_of_type(0x02)) (void)read_setup(db, id);
      for (uint32_t id : db.ids_of_type(0x09)) (void)read_motion_table(db, id);
    } catch (const Error& e) {
      ++errors;
      EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos);
    }
  }
  EXPECT_GT(errors, 0);
}
