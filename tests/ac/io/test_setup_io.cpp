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
#include "ac/io/dat_test_objects.h"
#include "support/ac_fixtures.h"

using namespace retroanim;
using namespace retroanim::ac;
using namespace retroanim::ac::io;
using retroanim::ac::test::anim_id;
using retroanim::ac::test::hook;
using namespace retroanim::ac::test;

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

