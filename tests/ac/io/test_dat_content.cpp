// ac/io/dat_content.cpp: DatContent serves animations, setups and motion
// tables by id, once, to every thread.
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

