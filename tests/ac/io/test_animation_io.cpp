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
#include "ac/io/dat_test_objects.h"
#include "support/ac_fixtures.h"

using namespace retroanim;
using namespace retroanim::ac;
using namespace retroanim::ac::io;
using retroanim::ac::test::hook;
using namespace retroanim::ac::test;

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

