// ac/io/motion_table_io.cpp: MotionTable unpack and pack: round trips through
// the writer, byte stability and padding, velocity and omega by their flags,
// duplicate keys, every prefix a clean error.
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
using retroanim::ac::test::anim_id;
using retroanim::ac::test::kNonCombat;
using retroanim::ac::test::kReady;
using retroanim::ac::test::kTestTableId;
using retroanim::ac::test::kTurn;
using retroanim::ac::test::kWalk;
using namespace retroanim::ac::test;

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

