// ac/io/dat_objects.cpp: typed objects read through the dat container
// (compressed entries, the provider), and bit flips in a written dat giving
// clean errors.
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
using retroanim::ac::test::hook;
using retroanim::ac::test::kNonCombat;
using retroanim::ac::test::kReady;
using retroanim::ac::test::kTestTableId;
using retroanim::ac::test::kTurn;
using retroanim::ac::test::kWalk;
using namespace retroanim::ac::test;

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
