// ac/anim/anim_sequence_node.cpp: AnimSequenceNode (frame ranges, the
// epsilon of starting and ending frames, framerate, bounds-checked lookups),
// checked against values derived by hand from the client's code.
#include <gtest/gtest.h>

#include <cmath>

#include "retroanim/ac/anim/anim_sequence_node.h"
#include "retroanim/ac/anim/animation_map.h"
#include "retroanim/ac/object/part_array.h"
#include "retroanim/ac/object/physics_obj.h"
#include "retroanim/ac/anim/sequence.h"
#include "retroanim/ac/object/setup.h"
#include "support/ac_anim_store.h"

using namespace retroanim::ac;
using retroanim::math::AFrame;
using namespace retroanim::ac::test;

namespace {

constexpr double kEps = 0.00019999999;

AnimSequenceNode node(const Anims& a, uint32_t id, int32_t low, int32_t high, float fr = 30.0f) {
  return AnimSequenceNode(AnimData{id, low, high, fr}, &a);
}

}  // namespace

TEST(AnimSequenceNode, SetAnimationIdClampsLikeTheClient) {
  Anims a;
  a.add(1, 6);
  auto n = node(a, 1, 0, -1);
  EXPECT_EQ(n.low_frame, 0);
  EXPECT_EQ(n.high_frame, 5);  // high -1 = last frame
  n = node(a, 1, -1, -1);      // negative low compared unsigned: huge -> last frame
  EXPECT_EQ(n.low_frame, 5);
  EXPECT_EQ(n.high_frame, 5);
  n = node(a, 1, -1, 2);  // low 5 > high 2 -> high = low
  EXPECT_EQ(n.low_frame, 5);
  EXPECT_EQ(n.high_frame, 5);
  n = node(a, 1, 2, 10);  // high past the end -> last frame
  EXPECT_EQ(n.low_frame, 2);
  EXPECT_EQ(n.high_frame, 5);
  n = node(a, 1, 3, 1);  // high below low -> low
  EXPECT_EQ(n.high_frame, 3);
  n = node(a, 7, 3, 1);  // missing animation: no anim, range untouched
  EXPECT_FALSE(n.has_anim());
  EXPECT_EQ(n.low_frame, 3);
  EXPECT_EQ(n.high_frame, 1);
}

TEST(AnimSequenceNode, StartingAndEndingFramesUseTheEpsilon) {
  Anims a;
  a.add(1, 6);
  auto n = node(a, 1, 1, 3, 30.0f);
  EXPECT_EQ(n.get_starting_frame(), 1.0);
  EXPECT_EQ(n.get_ending_frame(), 4.0 - kEps);
  n.framerate = -30.0f;
  EXPECT_EQ(n.get_starting_frame(), 4.0 - kEps);
  EXPECT_EQ(n.get_ending_frame(), 1.0);
  n.framerate = 0.0f;  // zero counts as forward
  EXPECT_EQ(n.get_starting_frame(), 1.0);
}

TEST(AnimSequenceNode, MultiplyFramerateSwapsOnNegative) {
  Anims a;
  a.add(1, 6);
  auto n = node(a, 1, 1, 3, 30.0f);
  n.multiply_framerate(0.5f);
  EXPECT_EQ(n.framerate, 15.0f);
  EXPECT_EQ(n.low_frame, 1);
  n.multiply_framerate(-2.0f);
  EXPECT_EQ(n.framerate, -30.0f);
  EXPECT_EQ(n.low_frame, 3);
  EXPECT_EQ(n.high_frame, 1);
}

TEST(AnimSequenceNode, FrameLookupsAreBoundsChecked) {
  Anims a;
  Animation& an = a.add(1, 3);
  an.flags = animation_flag::kHasPosFrames;
  an.pos_frames.assign(3, AFrame{});
  an.pos_frames[2].origin = {7, 0, 0};
  auto n = node(a, 1, 0, -1);
  EXPECT_EQ(n.get_part_frame(2), &an.part_frames[2]);
  EXPECT_EQ(n.get_part_frame(3), nullptr);
  EXPECT_EQ(n.get_part_frame(-1), nullptr);
  EXPECT_EQ(n.get_pos_frame(2.999), &an.pos_frames[2]);
  EXPECT_EQ(n.get_pos_frame(-0.5), nullptr);
  EXPECT_EQ(frame_index(-0.5), -1);
  EXPECT_EQ(frame_index(std::nan("")), INT32_MIN);
}

