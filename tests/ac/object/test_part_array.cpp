// ac/object/part_array.cpp: CPartArray's placement frame and scaled part
// frames, checked against values derived by hand from the client's code.
#include <gtest/gtest.h>

#include <cmath>

#include "retroanim/ac/anim/anim_sequence_node.h"
#include "retroanim/ac/anim/animation_map.h"
#include "retroanim/ac/object/part_array.h"
#include "retroanim/ac/object/physics_obj.h"
#include "retroanim/ac/anim/sequence.h"
#include "retroanim/ac/object/setup.h"
#include "support/ac_anim_store.h"
#include "ac/object/two_part_setup.h"

using namespace retroanim::ac;
using retroanim::math::AFrame;
using retroanim::math::Frame;
using namespace retroanim::ac::test;

TEST(PartArray, PlacementFrameAndScaledPartFrames) {
  retroanim::ac::Setup st = two_part_setup();
  PartArray pa(&st, nullptr);
  EXPECT_EQ(pa.sequence().placement_frame_id(), kPlacementResting);
  Frame obj({10, 0, 0}, std::sqrt(0.5f), 0, 0, std::sqrt(0.5f));  // 90 degrees about z
  pa.set_scale({2, 2, 2});
  pa.set_frame(obj);
  // part 1: (10,0,0) + Rz90 * (0,0,2*2)
  EXPECT_NEAR(pa.part_frame(1).origin.x, 10.0f, 1e-6f);
  EXPECT_NEAR(pa.part_frame(1).origin.z, 4.0f, 1e-6f);
  EXPECT_NEAR(pa.part_frame(1).qz, std::sqrt(0.5f), 1e-6f);
  EXPECT_TRUE(pa.set_placement_frame(0x1234));  // falls back to id 0
  EXPECT_EQ(pa.sequence().placement_frame_id(), 0u);
  pa.set_scale({1, 1, 1});
  pa.set_shadow_parts(true);
  pa.set_frame(Frame{});
  EXPECT_FLOAT_EQ(pa.part_frame(0).origin.x, 5.0f);
  EXPECT_EQ(pa.shadow_frames().get(1), pa.part_frame(1));
}

TEST(PartArray, UpdatePartsUsesTheSmallerPartCount) {
  Anims a;
  a.add(1, 2, 1);  // one part only
  retroanim::ac::Setup st = two_part_setup();
  st.default_animation = 1;
  PartArray pa(&st, &a);
  ASSERT_TRUE(pa.sequence().has_anims());
  pa.set_frame(Frame{});
  EXPECT_FLOAT_EQ(pa.part_frame(0).origin.x, 0.0f);  // frame 0, part 0 at (0,0,0)
  EXPECT_EQ(pa.part_frame(1), Frame{});               // untouched
}

